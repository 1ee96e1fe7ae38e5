"""CUDA modules and launches on the emulated GPU (csrc/emulator/modules.cpp, launches.cpp):
images from NVRTC load, functions and globals are found by name, kernel attributes and
parameter sizes are reported from the image, and launches are checked, recorded and run, so the
marshalling of kernel arguments is tested by its results as well as by the bytes recorded.
"""

import textwrap

import pytest
from helpers.cpp_build import build_dir
from helpers.emulated_gpu import run_on_emulator

pytestmark = pytest.mark.any_device(reason="runs its own processes on the emulated GPU")

# Run after emulated_gpu.PRELUDE: compiled images, and the emulator's launch records.
MODULES = """
import json, struct
from cupylike._core import _native
from cupylike.cuda import CUDADriverError


_emu.cupylikeEmulatorLaunch.restype = ctypes.c_char_p
_emu.cupylikeEmulatorLaunch.argtypes = [ctypes.c_longlong]
_emu.cupylikeEmulatorSetParamSizes.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_longlong),
                                               ctypes.c_int]
_emu.cupylikeEmulatorSetFunctionAttribute.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int]

SOURCE = r'''
struct Triple { double a, b, c; };
extern "C" __global__ void my_add(const float* x1, const float* x2, float* y, unsigned int n) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
extern "C" __global__ void mixed(const float* a, int n, double d, char c, Triple t, short h,
                                 float* out) {
    if (n) out[0] = a[0] + d + c + t.a + t.c + h;
}
extern "C" __global__ void no_params() {}
template<typename T> __global__ void my_sqrt(T* x, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] = sqrt(x[i]);
}
__device__ int counter[10];
__constant__ float coef[4];
'''
EXPRESSIONS = ["my_sqrt<float>", "my_sqrt<double>"]

def image(ptx=False):
    data, is_cubin, lowered, log = _native._nvrtc_compile(SOURCE, "module.cu", [], EXPRESSIONS,
                                                        90, ptx)
    return data, lowered

def module(device=0, ptx=False):
    # SOURCE loaded with its source, so that its kernels run.
    data, lowered = image(ptx)
    return _native._CudaModule(device, data, source=SOURCE, name="module.cu", options=[],
                             name_expressions=EXPRESSIONS, lowered_names=lowered)

def launch(index=-1):
    text = _emu.cupylikeEmulatorLaunch(index)
    return None if text is None else json.loads(text)

def set_param_sizes(name, sizes):
    array = (ctypes.c_longlong * max(len(sizes), 1))(*sizes)
    _emu.cupylikeEmulatorSetParamSizes(name.encode(), array, len(sizes))

def ptr_bytes(p):
    return struct.pack("<Q", p)

MAX_THREADS_PER_BLOCK = 0  # CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
"""


def run_modules(code, **env):
    return run_on_emulator(MODULES + textwrap.dedent(code), **env)


def test_cubin_and_ptx_images_load_and_report_parameter_sizes():
    run_modules("""
        for ptx in (False, True):
            data, (sqrt_float, sqrt_double) = image(ptx)
            for load in (lambda: _native._CudaModule(0, data), lambda: module(ptx=ptx)):
                m = load()
                add = m.function("my_add")
                assert add != 0 and m.function("my_add") == add  # looked up once
                assert _native._cuda_param_sizes(0, add) == [8, 8, 8, 4]
                # Image-only modules read these from NVRTC's images, so this also pins down
                # that reading; modules with source from the host build.
                assert _native._cuda_param_sizes(0, m.function("mixed")) == [8, 4, 8, 1, 24, 2, 8]
                assert _native._cuda_param_sizes(0, m.function("no_params")) == []
                assert _native._cuda_param_sizes(0, m.function(sqrt_double)) == [8, 4]
                assert stat("modules_live") == 1
                del m
                assert stat("modules_live") == 0
    """)


def test_missing_names_and_bad_images_are_driver_errors_naming_them():
    run_modules("""
        m = module()
        msg = raises(CUDADriverError, m.function, "my_sqrt")  # not a lowered name
        assert msg.startswith('cuModuleGetFunction("my_sqrt") failed: CUDA_ERROR_NOT_FOUND'), msg
        msg = raises(CUDADriverError, m.get_global, "missing")
        assert 'cuModuleGetGlobal("missing")' in msg and "NOT_FOUND" in msg, msg
        msg = raises(CUDADriverError, _native._CudaModule, 0, b"not an image")
        assert msg.startswith("cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE"), msg
        assert stat("modules_live") == 1
    """)


def test_a_source_the_host_compiler_rejects_is_a_driver_error_with_its_log():
    run_modules("""
        data, lowered = image()
        bad = SOURCE + "\\n#ifdef __CUDA_ARCH__\\nnot C++ on the host\\n#endif\\n"
        msg = raises(CUDADriverError, _native._CudaModule, 0, data, source=bad, name="bad.cu",
                     options=[], name_expressions=[], lowered_names=[])
        assert msg.startswith("cupylikeEmulatorModuleLoad failed: CUDA_ERROR_INVALID_SOURCE"), msg
        assert "host compiler rejected what NVRTC compiled" in msg and "bad.cu" in msg, msg
        assert "not C++ on the host" in msg  # the numbered source
    """)


def test_image_only_globals_are_zeroed_device_memory_of_their_size():
    run_modules("""
        for ptx in (False, True):
            m = _native._CudaModule(1, image(ptx)[0])
            live = stat("bytes_live", 1)
            ptr, size = m.get_global("counter")
            assert size == 40 and is_device_address(ptr)
            assert m.get_global("counter") == (ptr, size)
            assert m.get_global("coef")[1] == 16
            del m  # unloading frees the globals
            assert stat("bytes_live", 1) == live
    """)


def test_globals_of_a_module_with_source_are_its_variables():
    run_modules("""
        from ctypes import c_size_t, c_uint64, c_void_p
        _emu.cuMemcpyHtoDAsync_v2.argtypes = [c_uint64, c_void_p, c_size_t, c_void_p]
        _emu.cuMemcpyDtoHAsync_v2.argtypes = [c_void_p, c_uint64, c_size_t, c_void_p]
        m = module(1)
        ptr, size = m.get_global("counter")
        assert size == 40 and not is_device_address(ptr)  # the host build's variable
        values = numpy.arange(10, dtype=numpy.int32)
        back = numpy.zeros(10, dtype=numpy.int32)
        with GPU1:
            assert _emu.cuMemcpyHtoDAsync_v2(ptr, values.ctypes.data, size, None) == 0
            assert _emu.cuMemcpyDtoHAsync_v2(back.ctypes.data, ptr, size, None) == 0
        assert_array_equal(back, values)
        assert module(1).get_global("counter")[0] != ptr  # each load has its own variables
    """)


def test_attributes_come_from_the_image():
    run_modules("""
        m = module()
        add = m.function("my_add")
        attrs = _native._cuda_kernel_attributes(0, add)
        assert attrs["max_threads_per_block"] == 1024 and 0 < attrs["num_regs"] <= 64
        assert attrs["binary_version"] == 90 and attrs["shared_size_bytes"] == 0
        assert attrs["max_dynamic_shared_size_bytes"] == 48 << 10
        assert set(attrs) >= {"const_size_bytes", "local_size_bytes", "ptx_version",
                              "cache_mode_ca", "preferred_shared_memory_carveout"}
        _emu.cupylikeEmulatorSetFunctionAttribute(b"my_add", MAX_THREADS_PER_BLOCK, 256)
        assert _native._cuda_kernel_attributes(0, add)["max_threads_per_block"] == 256
    """)


def test_launches_pass_each_argument_and_the_stream_and_run():
    run_modules("""
        m = module()
        add = m.function("my_add")
        x = cupylike.asarray(numpy.arange(300, dtype=numpy.float32))
        y = cupylike.asarray(numpy.full(300, 0.5, dtype=numpy.float32))
        out = cupylike.zeros(300, dtype=numpy.float32)
        args = [ptr_bytes(x.data.ptr), ptr_bytes(y.data.ptr), ptr_bytes(out.data.ptr),
                struct.pack("<I", 300)]
        _native._cuda_launch(0, add, [3], [128], 0, 0, args)
        assert stat("launches") == 1
        record = launch()
        assert record == {"function": "my_add", "device": 0, "grid": [3, 1, 1],
                          "block": [128, 1, 1], "shared_bytes": 0, "stream": 0,
                          "args": [a.hex() for a in args]}, record
        assert_array_equal(out, numpy.arange(300, dtype=numpy.float32) + 0.5)
        assert stat("kernels_run") == 1

        s = Stream(non_blocking=True)
        assert s.done
        out.fill(0)
        GPU0.synchronize()  # s does not wait for the null stream's fill
        _native._cuda_launch(0, add, [1, 2, 3], [4, 5, 6], 1024, s.ptr, args)
        assert launch()["stream"] == s.ptr and launch()["grid"] == [1, 2, 3]
        assert launch()["block"] == [4, 5, 6] and launch()["shared_bytes"] == 1024
        assert not s.done  # the launch is queued work on its stream
        s.synchronize()
        assert launch(0)["grid"] == [3, 1, 1] and launch(stat("launches")) is None
        # every block computes from threadIdx.x and blockIdx.x only: elements 0-3
        assert_array_equal(out[:5], numpy.float32([0.5, 1.5, 2.5, 3.5, 0]))

        mixed = m.function("mixed")
        values = [ptr_bytes(x.data.ptr), struct.pack("<i", -7), struct.pack("<d", 2.5), b"c",
                  struct.pack("<3d", 1, 2, 3), struct.pack("<h", -2), ptr_bytes(out.data.ptr)]
        _native._cuda_launch(0, mixed, [1], [1], 0, 0, values)
        assert launch()["args"] == [v.hex() for v in values]
        assert float(out[0]) == 0 + 2.5 + ord("c") + 1 + 3 - 2  # a[0] + d + c + t.a + t.c + h
    """)


def test_the_emulator_refuses_what_a_gpu_refuses():
    """The driver's own checks, reached directly (the library checks first, so its users see
    its messages): CUDA's codes, and the reason in cupylikeEmulatorLastError."""
    run_modules("""
        from ctypes import POINTER, byref, c_int, c_uint, c_void_p
        cu = _emu
        cu.cuLaunchKernel.argtypes = [c_void_p] + [c_uint] * 7 + [c_void_p, POINTER(c_void_p),
                                                                  c_void_p]
        cu.cupylikeEmulatorLastError.restype = ctypes.c_char_p
        m = module()
        add = m.function("my_add")
        zero, n = ctypes.c_uint64(0), ctypes.c_uint(0)
        params = (c_void_p * 4)(*[ctypes.cast(byref(v), c_void_p) for v in (zero, zero, zero, n)])
        def code(grid, block, shared=0):
            return cu.cuLaunchKernel(add, *grid, *block, shared, None, params, None)
        assert code((1, 1, 1), (1025, 1, 1)) == 1  # CUDA_ERROR_INVALID_VALUE
        assert b"block (1025, 1, 1) is over the limit" in cu.cupylikeEmulatorLastError()
        assert code((1, 1, 1), (32, 33, 1)) == 1
        assert b"1056 threads; at most 1024" in cu.cupylikeEmulatorLastError()
        assert code((1, 2**31, 1), (1, 1, 1)) == 1 and b"grid" in cu.cupylikeEmulatorLastError()
        assert code((1, 1, 1), (32, 1, 1), 64 << 10) == 1
        assert b"MAX_DYNAMIC_SHARED_SIZE_BYTES of 49152" in cu.cupylikeEmulatorLastError()
        _emu.cupylikeEmulatorSetFunctionAttribute(b"my_add", MAX_THREADS_PER_BLOCK, 256)
        assert code((1, 1, 1), (512, 1, 1)) == 701  # CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
        assert code((1, 1, 1), (256, 1, 1)) == 0 and cu.cupylikeEmulatorLastError() == b""
        assert stat("launches") == 1
    """)


def test_dynamic_shared_memory_over_48_kib_needs_the_attribute():
    run_modules("""
        m = module()
        add = m.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        msg = raises(CUDADriverError, _native._cuda_launch, 0, add, [1], [32], 100_000, 0, args)
        assert "CUDA_ERROR_INVALID_VALUE" in msg and "MAX_DYNAMIC_SHARED_SIZE_BYTES" in msg, msg
        _emu.cuFuncSetAttribute.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
        MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        assert _emu.cuFuncSetAttribute(add, MAX_DYNAMIC_SHARED, 232449) == 1  # over the opt-in
        assert _emu.cuFuncSetAttribute(add, MAX_DYNAMIC_SHARED, 100_000) == 0
        assert _native._cuda_kernel_attributes(0, add)["max_dynamic_shared_size_bytes"] == 100_000
        _native._cuda_launch(0, add, [1], [32], 100_000, 0, args)
        assert launch()["shared_bytes"] == 100_000
    """)


def test_a_kernel_of_another_device_does_not_launch():
    run_modules("""
        m = module(1)
        add = m.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        msg = raises(CUDADriverError, _native._cuda_launch, 0, add, [1], [1], 0, 0, args)
        assert msg.startswith("cuLaunchKernel failed: CUDA_ERROR_INVALID_HANDLE"), msg
        _native._cuda_launch(1, add, [1], [1], 0, 0, args)
        assert launch()["device"] == 1
    """)


def test_kernels_of_image_only_modules_cannot_run():
    run_modules("""
        m = _native._CudaModule(0, image()[0])
        add = m.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        msg = raises(CUDADriverError, _native._cuda_launch, 0, add, [1], [1], 0, 0, args)
        assert msg.startswith("cuLaunchKernel failed: CUDA_ERROR_NOT_SUPPORTED"), msg
        assert "loaded from a compiled image" in msg, msg
        assert stat("launches") == 0
    """)


def test_tests_may_set_parameter_sizes_the_image_does_not_give():
    run_modules("""
        m = _native._CudaModule(0, image()[0])
        add = m.function("my_add")
        set_param_sizes("my_add", [8, 4])
        assert _native._cuda_param_sizes(0, add) == [8, 4]
        _emu.cupylikeEmulatorSetParamSizes(b"my_add", None, -1)
        assert _native._cuda_param_sizes(0, add) == [8, 8, 8, 4]
    """)


def test_drivers_without_cufuncgetparaminfo_still_load_and_launch():
    old = str(build_dir() / "libcupylike_cuda_emulator_old.so")
    run_modules("""
        assert not hasattr(_emu, "cuFuncGetParamInfo")
        m = module()
        add = m.function("my_add")
        assert _native._cuda_param_sizes(0, add) is None  # unknown: the caller skips its checks
        x = cupylike.asarray(numpy.arange(3.0, dtype=numpy.float32))
        args = [ptr_bytes(x.data.ptr)] * 3 + [struct.pack("<I", 3)]
        _native._cuda_launch(0, add, [1], [32], 0, 0, args)
        assert_array_equal(x, 2 * numpy.arange(3.0, dtype=numpy.float32))
    """, CUPYLIKE_LIBCUDA=old)
