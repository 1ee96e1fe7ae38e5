"""A kernel's fault on the emulated GPU becomes CUDA's sticky error, as a GPU gives, instead of
killing the process; a runaway kernel past CUPYLIKE_KERNEL_TIMEOUT is CUDA_ERROR_LAUNCH_TIMEOUT;
Ctrl-C while the host waits on a kernel raises KeyboardInterrupt and leaves the device usable."""

import tempfile
import textwrap

import pytest
from helpers.emulated_gpu import DEFAULTS, PRELUDE, environment, run_on_emulator
from helpers.python_subprocess import interrupt_when_ready, start_interruptible_python

pytestmark = pytest.mark.any_device("runs its own emulated-GPU processes")

FAULTS = r'''
extern "C" __global__ void far_write(float* y, long long offset) { y[offset] = 1.0f; }
extern "C" __global__ void divide(int* out, int a, int b) { out[threadIdx.x] = a / b; }
extern "C" __global__ void spin(int* out) { out[threadIdx.x] = 1; while (1); }
'''


@pytest.mark.parametrize("kernel, args, code, message", [
    ("far_write", "numpy.int64((0x1000 - y.data.ptr) // 4)", "CUDA_ERROR_ILLEGAL_ADDRESS",
     "invalid write at 0x1000 (SIGSEGV), "),
    ("divide", "numpy.int32(1), numpy.int32(0)", "CUDA_ERROR_LAUNCH_FAILED",
     "integer division by zero"),
])
def test_a_kernel_fault_is_a_sticky_cuda_error(kernel, args, code, message):
    out = run_on_emulator(f"""
        m = cupylike.RawModule(code={FAULTS!r})
        y = cupylike.zeros(4, dtype=numpy.int32)
        m.get_function({kernel!r})((1,), (1,), (y, {args}))  # queued: the launch succeeds
        print(raises(cupylike.cuda.CUDADriverError, y.get))
        print(raises(cupylike.cuda.CUDADriverError, cupylike.zeros, 3))
    """)
    first, second = out.splitlines()
    assert code in first and f"kernel '{kernel}' failed on cuda:0" in first, first
    assert "block (0, 0, 0), thread (0, 0, 0)" in first and message in first, first
    assert code in second, second


def test_a_runaway_kernel_is_a_launch_timeout():
    out = run_on_emulator(f"""
        k = cupylike.RawModule(code={FAULTS!r}).get_function("spin")
        y = cupylike.zeros(4, dtype=numpy.int32)
        k((1,), (4,), (y,))
        print(raises(cupylike.cuda.CUDADriverError, y.get))
    """, CUPYLIKE_KERNEL_TIMEOUT="0.5")
    assert "CUDA_ERROR_LAUNCH_TIMEOUT" in out and "CUPYLIKE_KERNEL_TIMEOUT=0.5 s" in out, out


def test_ctrl_c_while_the_host_waits_on_a_kernel():
    """The emulator cuts the kernel short (no sticky error: the device did nothing wrong) and
    the wait raises KeyboardInterrupt; the device then computes as before."""
    code = PRELUDE + textwrap.dedent(f"""
        k = cupylike.RawModule(code={FAULTS!r}).get_function("spin")
        y = cupylike.zeros(4, dtype=numpy.int32)
        assert int((y + 1).sum()) == 4  # the emulated GPU has run kernels
        print("ready", flush=True)
        k((1,), (4,), (y,))
        try:
            y.get()
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        x = numpy.arange(1000, dtype=numpy.float64)
        assert (cupylike.asnumpy(cupylike.asarray(x) * 2) == x * 2).all()
        assert stat("kernels_interrupted") == 1
        print("still works", flush=True)
    """)
    child = start_interruptible_python(code, tempfile.mkdtemp(),
                                       environment(**DEFAULTS, CUPYLIKE_DEVICE="cuda"))
    line, latency, rest, errors = interrupt_when_ready(child)
    assert line == "interrupted", errors
    assert latency < 1.0, latency
    assert rest.strip() == "still works", errors


SLOW = r'''
extern "C" __global__ void slow(float* out, long long n) {
    float s = 0;
    for (long long i = 0; i < n; ++i) s = s * 0.5f + 1.0f;
    out[threadIdx.x] = s;
}
'''


def test_ctrl_c_with_the_cpu_device_and_the_emulated_gpu_in_one_process():
    """The extension and the emulated GPU each carry the kernel runtime, with signal handlers
    that chain to the one in front before them. Kernels long enough for both watchdogs to put
    their handlers back in front must not make the two chain to each other for ever: Ctrl-C
    during a cpu-device kernel still raises KeyboardInterrupt."""
    code = PRELUDE + textwrap.dedent(f"""
        slow = cupylike.RawKernel({SLOW!r}, "slow")
        out = cupylike.zeros(1, dtype=numpy.float32)
        for device in ("cpu", "cuda:0", "cpu", "cuda:0"):
            with cupylike.Device(device):
                o = cupylike.zeros(1, dtype=numpy.float32)
                slow((1,), (1,), (o, numpy.int64(300_000_000)))
                assert float(o[0]) == 2.0
        with cupylike.Device("cpu"):
            spin = cupylike.RawModule(code={FAULTS!r}).get_function("spin")
            y = cupylike.zeros(4, dtype=numpy.int32)
            print("ready", flush=True)
            try:
                spin((1,), (4,), (y,))
            except KeyboardInterrupt:
                print("interrupted", flush=True)
            assert int((cupylike.arange(4) * 2).sum()) == 12
        print("still works", flush=True)
    """)
    child = start_interruptible_python(code, tempfile.mkdtemp(),
                                       environment(**DEFAULTS, CUPYLIKE_DEVICE="cuda"))
    line, _, rest, errors = interrupt_when_ready(child)
    assert line == "interrupted", errors
    assert rest.strip() == "still works", errors
