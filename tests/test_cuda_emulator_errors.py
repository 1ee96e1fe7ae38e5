"""Errors on the emulated GPU (csrc/emulator/): a failing or sticky driver call, a driver that
fails to initialise or is missing, what the emulator itself catches (device pointers the host
dereferences, pinned memory rewritten before its copy ran, calls without a context), faults in
kernels (traps, failed asserts, deadlocks) and pointers outside live allocations in checked
mode. Devices, streams, memory and kernels that run are in test_cuda_emulator.py.

The driver is loaded once per process, so each test runs a short program in a fresh interpreter
(tests/helpers/emulated_gpu.py).
"""

import signal

import pytest
from helpers.emulated_gpu import check_exit, run, run_on_emulator, system_driver_loads

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")


def test_a_failing_driver_call_is_a_cuda_driver_error_naming_the_call():
    out = run_on_emulator("""
        s = Stream()
        start, end = s.record(), Event()
        with s:
            cupylike.zeros(1000)
        end.record(s)  # not synchronised: the driver cannot time it yet
        print(raises(cupylike.cuda.CUDADriverError, cupylike.cuda.get_elapsed_time, start, end))
    """)
    assert out.strip() == ("cuEventElapsedTime failed: CUDA_ERROR_NOT_READY: device not ready")


def test_a_sticky_driver_error_raises_and_cleanup_does_not_abort():
    out = run_on_emulator("""
        import gc
        s, e = Stream(), Event()
        e.record(s)
        x = cupylike.zeros(10)
        private = cupylike.cuda.MemoryPool()
        private.malloc(4096)  # freed at once: the pool caches a segment
        _emu.cupylikeEmulatorSetStickyError(700)  # as after a kernel's illegal memory access
        print(raises(cupylike.cuda.CUDADriverError, x.get))
        print(raises(cupylike.cuda.CUDADriverError, s.synchronize))
        del s, e, private  # their destructors' driver calls fail too: no abort
        gc.collect()
        print("still running")
    """)
    reason = ("CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered (emulated "
              "GPU: set by cupylikeEmulatorSetStickyError)")
    assert out.splitlines() == [f"cuMemcpyDtoHAsync failed: {reason}",
                                f"cuStreamSynchronize failed: {reason}", "still running"]


@pytest.mark.parametrize("code, reason", [
    (100, "the CUDA driver found no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)"),
    (999, "the CUDA driver failed to initialise (cuInit: CUDA_ERROR_UNKNOWN)"),
    (46, "the CUDA driver failed to initialise (cuInit: CUDA_ERROR_DEVICE_UNAVAILABLE)"),
])
def test_a_failing_driver_initialisation_names_the_reason(code, reason):
    out = run_on_emulator("""
        assert cupylike.Device() == cupylike.Device("cpu") and not cupylike.cuda.is_available()
        print(raises(CUDAUnavailableError, cupylike.zeros, 2, device="cuda"))
    """, CUPYLIKE_CUDA_EMULATOR_INIT_ERROR=code)
    assert out.strip() == reason
    out = run_on_emulator("print(raises(CUDAUnavailableError, cupylike.zeros, 2))",
                      CUPYLIKE_CUDA_EMULATOR_INIT_ERROR=code, CUPYLIKE_DEVICE="cuda")
    assert out.strip() == "CUPYLIKE_DEVICE=cuda cannot be used: " + reason


def test_a_missing_driver_library_is_a_clear_error_not_a_crash(tmp_path):
    missing = str(tmp_path / "libcuda.so.1")
    out = check_exit(run("""
        import cupylike
        try:
            cupylike.zeros(2)
        except cupylike.cuda.CUDAUnavailableError as e:
            print(e)
    """, CUPYLIKE_LIBCUDA=missing, CUPYLIKE_DEVICE="cuda"))
    assert out.startswith("CUPYLIKE_DEVICE=cuda cannot be used: no CUDA driver: cannot load "
                          + missing), out
    proc = run("import cupylike; cupylike.zeros(2)", CUPYLIKE_LIBCUDA=missing,
                CUPYLIKE_DEVICE="cuda")
    assert proc.returncode == 1, proc.stderr  # an exception, not a signal
    assert "CUDAUnavailableError" in proc.stderr and missing in proc.stderr


def test_a_library_that_is_not_a_cuda_driver_is_a_clear_error():
    out = check_exit(run("""
        import cupylike
        try:
            cupylike.zeros(2, device="cuda")
        except cupylike.cuda.CUDAUnavailableError as e:
            print(e)
    """, CUPYLIKE_LIBCUDA="libm.so.6"))
    assert out.startswith("the CUDA driver lacks cuInit, cuDriverGetVersion, "), out
    assert "update the driver" in out


@pytest.mark.skipif(system_driver_loads(), reason="this machine has a CUDA driver")
def test_without_a_driver_or_settings_the_default_device_is_cpu():
    out = check_exit(run("import cupylike; print(cupylike.Device(), cupylike.zeros(2).device)"))
    assert out.split() == ["cpu", "cpu"]


def test_the_emulator_catches_what_it_is_meant_to():
    """The emulator itself: device pointers are not host memory, queued copies read pinned
    memory late (and count rewrites), queries report pending work once, calls need a
    context."""
    run_on_emulator("""
        from ctypes import POINTER, byref, c_char_p, c_int, c_size_t, c_uint, c_uint64, c_void_p
        cu = _emu
        signatures = {
            "cuInit": [c_uint], "cuDevicePrimaryCtxRetain": [POINTER(c_void_p), c_int],
            "cuCtxSetCurrent": [c_void_p], "cuMemAlloc_v2": [POINTER(c_uint64), c_size_t],
            "cuMemHostAlloc": [POINTER(c_void_p), c_size_t, c_uint],
            "cuStreamCreateWithPriority": [POINTER(c_void_p), c_uint, c_int],
            "cuMemcpyHtoDAsync_v2": [c_uint64, c_void_p, c_size_t, c_void_p],
            "cuMemcpyDtoHAsync_v2": [c_void_p, c_uint64, c_size_t, c_void_p],
            "cuMemsetD8Async": [c_uint64, ctypes.c_ubyte, c_size_t, c_void_p],
            "cuStreamQuery": [c_void_p], "cuStreamDestroy_v2": [c_void_p],
            "cuMemFree_v2": [c_uint64], "cuMemFreeHost": [c_void_p],
            "cuGetErrorName": [c_int, POINTER(c_char_p)],
        }
        for fn, args in signatures.items():
            getattr(cu, fn).argtypes = args
        assert cu.cuInit(0) == 0
        ctx, dev_ptr, host, stream = c_void_p(), c_uint64(), c_void_p(), c_void_p()
        assert cu.cuMemAlloc_v2(byref(dev_ptr), 64) == 201  # CUDA_ERROR_INVALID_CONTEXT
        assert cu.cuDevicePrimaryCtxRetain(byref(ctx), 0) == 0
        assert cu.cuCtxSetCurrent(ctx) == 0
        assert cu.cuMemAlloc_v2(byref(dev_ptr), 64) == 0 and is_device_address(dev_ptr.value)
        assert cu.cuMemHostAlloc(byref(host), 64, 0) == 0
        assert cu.cuStreamCreateWithPriority(byref(stream), 0, 0) == 0
        ctypes.memset(host, 1, 64)
        assert cu.cuMemcpyHtoDAsync_v2(dev_ptr.value, host, 64, stream) == 0
        ctypes.memset(host, 2, 64)  # too early: the copy has not run
        assert cu.cuStreamQuery(stream) == 600  # CUDA_ERROR_NOT_READY, once
        assert cu.cuStreamQuery(stream) == 0 and stat("staging_violations") == 1
        back = (ctypes.c_uint8 * 64)()
        assert cu.cuMemcpyDtoHAsync_v2(ctypes.addressof(back), dev_ptr.value, 64, stream) == 0
        assert list(back) == [2] * 64  # the copy read the host bytes when it ran
        assert cu.cuMemcpyHtoDAsync_v2(dev_ptr.value + 32, host, 64, stream) == 1  # overruns
        assert cu.cuMemsetD8Async(dev_ptr.value - 1, 0, 1, stream) == 1
        assert cu.cuMemcpyHtoDAsync_v2(dev_ptr.value, dev_ptr.value, 8, stream) == 1
        with GPU1:
            other = cupylike.empty(8, dtype=numpy.uint8)
        assert cu.cuCtxSetCurrent(ctx) == 0  # cupylike made device 1's context current
        assert cu.cuMemsetD8Async(other.data.ptr, 0, 8, stream) == 1  # not this device's
        name = c_char_p()
        assert cu.cuGetErrorName(600, byref(name)) == 0 and name.value == b"CUDA_ERROR_NOT_READY"
        assert cu.cuStreamDestroy_v2(stream) == 0 and cu.cuMemFree_v2(dev_ptr.value) == 0
        assert cu.cuMemFreeHost(host) == 0 and stat("pinned_live") == 0
    """)


FAULTS = r"""
extern "C" __global__ void checks(const int* x, int mode) {
    if (mode == 0 && blockIdx.x == 1 && threadIdx.x == 3) __trap();
    if (mode == 1) assert(x[threadIdx.x] < 5);
    if (mode == 2) { if (threadIdx.x % 2) __syncthreads(); else __syncwarp(); }
}
"""


@pytest.mark.parametrize("mode, code, message", [
    (0, "CUDA_ERROR_LAUNCH_FAILED", "__trap() was called in a kernel (in block (1, 0, 0))"),
    (1, "CUDA_ERROR_ASSERT", "Assertion `x[threadIdx.x] < 5' failed"),
    (2, "CUDA_ERROR_LAUNCH_FAILED", "deadlock"),
])
def test_a_kernel_fault_is_sticky_as_on_a_gpu(mode, code, message):
    """A trap, a failed assert or a deadlock (where a GPU would hang) fails the next call that
    waits for the kernel, naming it, and every call after it, as a GPU's fault does."""
    out = run_on_emulator(f"""
        checks = cupylike.RawKernel({FAULTS!r}, "checks")
        x = cupylike.asarray(numpy.arange(32, dtype=numpy.int32))
        checks((2,), (32,), (x, {mode}))  # queued: the launch itself succeeds
        print(raises(cupylike.cuda.CUDADriverError, x.get))
        print(raises(cupylike.cuda.CUDADriverError, cupylike.zeros, 3))
    """)
    first, second = out.splitlines()
    assert first.startswith(f"cuMemcpyDtoHAsync failed: {code}"), first
    assert "kernel 'checks' failed on cuda:0" in first and message in first, first
    assert code in second, second


def test_the_host_cannot_dereference_device_memory():
    """Device memory is mapped for kernels only, so a library bug that reads a device pointer
    on the host crashes here as it would with a GPU, instead of passing in CI."""
    proc = run("""
        import ctypes, cupylike
        x = cupylike.ones(4)
        ctypes.string_at(x.data.ptr, 8)
    """, CUPYLIKE_CUDA_EMULATOR=1, CUPYLIKE_DEVICE="cuda")
    assert proc.returncode == -signal.SIGSEGV, proc.stdout + proc.stderr


def test_checked_mode_refuses_pointers_outside_live_allocations():
    out = run_on_emulator("""
        import ctypes
        k = cupylike.RawKernel(r'''
        extern "C" __global__ void fill_first(float* out, int n) {
            if (threadIdx.x < n) out[0] = 1;
        }
        ''', "fill_first")
        x = cupylike.zeros(4, dtype=numpy.float32)
        k((1,), (1,), (x, 1))  # inside an allocation: runs
        assert float(x[0]) == 1
        k((1,), (1,), (None, 0))  # a null pointer is allowed
        # An address outside every allocation, given explicitly as one (a Python int for a
        # pointer is a TypeError: test_raw_kernel_arguments.py).
        far = ctypes.c_void_p(x.data.ptr + (1 << 40))
        print(raises(cupylike.cuda.CUDADriverError, k, (1,), (1,), (far, 1)))
    """, CUPYLIKE_CHECKED=1)
    assert "CUDA_ERROR_INVALID_VALUE" in out and "argument 0 points at 0x" in out, out
    assert "lies in no live allocation of cuda:0 (CUPYLIKE_CHECKED=1)" in out, out
