"""CUDA modules and launches on the mock driver (tests/mock_cuda/mock_modules.cpp): images from
NVRTC load, functions and globals are found by name, kernel attributes and parameter sizes are
reported, and launches are checked and recorded (the mock runs no kernel), so the marshalling of
kernel arguments is tested without a GPU.
"""

import textwrap

import pytest
from cpp_build import build_dir
from test_cuda_mock import run_on_mock

# Run after test_cuda_mock's PRELUDE: compiled images, and the mock's launch records.
MODULES = """
import json, struct
from cupylike import _core
from cupylike.cuda import CUDADriverError

_mock.mock_cuda_launch.restype = ctypes.c_char_p
_mock.mock_cuda_launch.argtypes = [ctypes.c_longlong]
_mock.mock_cuda_set_param_sizes.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_longlong),
                                            ctypes.c_int]
_mock.mock_cuda_set_function_attribute.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int]

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
    data, is_cubin, lowered, log = _core._nvrtc_compile(SOURCE, "module.cu", [], EXPRESSIONS,
                                                        90, ptx)
    return data, lowered

def launch(index=-1):
    text = _mock.mock_cuda_launch(index)
    return None if text is None else json.loads(text)

def set_param_sizes(name, sizes):
    array = (ctypes.c_longlong * max(len(sizes), 1))(*sizes)
    _mock.mock_cuda_set_param_sizes(name.encode(), array, len(sizes))

def ptr_bytes(p):
    return struct.pack("<Q", p)

MAX_THREADS_PER_BLOCK = 0  # CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
"""


@pytest.fixture(scope="module")
def mock_path():
    return str(build_dir() / "libcupylike_mock_cuda.so")


def run_modules(mock_path, code, **env):
    return run_on_mock(mock_path, MODULES + textwrap.dedent(code), **env)


def test_cubin_and_ptx_images_load_and_report_parameter_sizes(mock_path):
    run_modules(mock_path, """
        for ptx in (False, True):
            data, (sqrt_float, sqrt_double) = image(ptx)
            module = _core._CudaModule(0, data)
            add = module.function("my_add")
            assert add != 0 and module.function("my_add") == add  # looked up once
            assert _core._cuda_param_sizes(0, add) == [8, 8, 8, 4]
            # The mock reads these from NVRTC's images, so this also pins down that reading.
            assert _core._cuda_param_sizes(0, module.function("mixed")) == [8, 4, 8, 1, 24, 2, 8]
            assert _core._cuda_param_sizes(0, module.function("no_params")) == []
            assert _core._cuda_param_sizes(0, module.function(sqrt_double)) == [8, 4]
            assert stat("modules_live") == 1
            del module
            assert stat("modules_live") == 0
    """)


def test_missing_names_and_bad_images_are_driver_errors_naming_them(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        msg = raises(CUDADriverError, module.function, "my_sqrt")  # not a lowered name
        assert msg.startswith('cuModuleGetFunction("my_sqrt") failed: CUDA_ERROR_NOT_FOUND'), msg
        msg = raises(CUDADriverError, module.get_global, "missing")
        assert 'cuModuleGetGlobal("missing")' in msg and "NOT_FOUND" in msg, msg
        msg = raises(CUDADriverError, _core._CudaModule, 0, b"not an image")
        assert msg.startswith("cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE"), msg
        assert stat("modules_live") == 1
    """)


def test_globals_are_device_memory_of_their_size(mock_path):
    run_modules(mock_path, """
        for ptx in (False, True):
            module = _core._CudaModule(1, image(ptx)[0])
            live = stat("allocations_live", 1)
            ptr, size = module.get_global("counter")
            assert size == 40 and ptr >= FAKE_BASE + (1 << 44)  # in device 1's addresses
            assert module.get_global("counter") == (ptr, size)
            assert module.get_global("coef")[1] == 16
            assert stat("allocations_live", 1) == live + 2
            del module  # unloading frees the globals
            assert stat("allocations_live", 1) == live
    """)


def test_attributes_come_from_the_driver(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        attrs = _core._cuda_kernel_attributes(0, add)
        assert attrs["max_threads_per_block"] == 1024 and attrs["num_regs"] == 32
        assert attrs["binary_version"] == 90 and attrs["shared_size_bytes"] == 0
        assert attrs["max_dynamic_shared_size_bytes"] == 48 << 10
        assert set(attrs) >= {"const_size_bytes", "local_size_bytes", "ptx_version",
                              "cache_mode_ca", "preferred_shared_memory_carveout"}
        _mock.mock_cuda_set_function_attribute(b"my_add", MAX_THREADS_PER_BLOCK, 256)
        assert _core._cuda_kernel_attributes(0, add)["max_threads_per_block"] == 256
    """)


def test_launches_pass_each_argument_and_the_stream(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        x, y, out = (cupylike.zeros(300, dtype=numpy.float32) for _ in range(3))
        args = [ptr_bytes(x.data.ptr), ptr_bytes(y.data.ptr), ptr_bytes(out.data.ptr),
                struct.pack("<I", 300)]
        _core._cuda_launch(0, add, [3], [128], 0, 0, args)
        assert stat("launches") == 1
        record = launch()
        assert record == {"function": "my_add", "device": 0, "grid": [3, 1, 1],
                          "block": [128, 1, 1], "shared_bytes": 0, "stream": 0,
                          "args": [a.hex() for a in args]}, record

        s = Stream(non_blocking=True)
        assert s.done
        _core._cuda_launch(0, add, [1, 2, 3], [4, 5, 6], 1024, s.ptr, args)
        assert launch()["stream"] == s.ptr and launch()["grid"] == [1, 2, 3]
        assert launch()["block"] == [4, 5, 6] and launch()["shared_bytes"] == 1024
        assert not s.done  # the launch is queued work on its stream
        s.synchronize()
        assert launch(0)["grid"] == [3, 1, 1] and launch(2) is None

        mixed = module.function("mixed")
        values = [ptr_bytes(x.data.ptr), struct.pack("<i", -7), struct.pack("<d", 2.5), b"c",
                  struct.pack("<3d", 1, 2, 3), struct.pack("<h", -2), ptr_bytes(out.data.ptr)]
        _core._cuda_launch(0, mixed, [1], [1], 0, 0, values)
        assert launch()["args"] == [v.hex() for v in values]
    """)


def test_launch_limits_raise_value_error_before_launching(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        def bad(grid, block, shared=0):
            return raises(ValueError, _core._cuda_launch, 0, add, grid, block, shared, 0, args)
        assert "block (1025, 1, 1) is over cuda:0's limit of 1024 in dimension x" in \\
            bad([1], [1025])
        assert "block (32, 32, 2) has 2048 threads; this kernel runs at most 1024" in \\
            bad([1], [32, 32, 2])
        assert "grid (0, 1, 1) is empty" in bad([0], [1])
        msg = bad([1], [1, 1, 65])
        assert "block (1, 1, 65) is over cuda:0's limit of 64 in dimension z" in msg
        assert "grid (1, 65536, 1) is over" in bad([1, 65536], [1])
        assert "shared_mem=300000 bytes" in bad([1], [1], 300000)
        _mock.mock_cuda_set_function_attribute(b"my_add", MAX_THREADS_PER_BLOCK, 256)
        assert "runs at most 256 per block on cuda:0" in bad([1], [512])
        assert stat("launches") == 0
        _core._cuda_launch(0, add, [1], [256], 0, 0, args)
        assert stat("launches") == 1
    """)


def test_dynamic_shared_memory_over_48_kib_is_opted_in(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        _core._cuda_launch(0, add, [1], [32], 100_000, 0, args)
        assert launch()["shared_bytes"] == 100_000
        attrs = _core._cuda_kernel_attributes(0, add)
        assert attrs["max_dynamic_shared_size_bytes"] == 100_000
        _core._cuda_launch(0, add, [1], [32], 60_000, 0, args)  # below the opt-in: kept
        assert _core._cuda_kernel_attributes(0, add)["max_dynamic_shared_size_bytes"] == 100_000
    """)


def test_a_kernel_of_another_device_does_not_launch(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(1, image()[0])
        add = module.function("my_add")
        args = [ptr_bytes(0)] * 3 + [struct.pack("<I", 0)]
        msg = raises(CUDADriverError, _core._cuda_launch, 0, add, [1], [1], 0, 0, args)
        assert msg.startswith("cuLaunchKernel failed: CUDA_ERROR_INVALID_HANDLE"), msg
        _core._cuda_launch(1, add, [1], [1], 0, 0, args)
        assert launch()["device"] == 1
    """)


def test_tests_may_set_parameter_sizes_the_image_does_not_give(mock_path):
    run_modules(mock_path, """
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        set_param_sizes("my_add", [8, 4])
        assert _core._cuda_param_sizes(0, add) == [8, 4]
        _core._cuda_launch(0, add, [1], [1], 0, 0, [ptr_bytes(5), struct.pack("<i", 9)])
        assert launch()["args"] == [ptr_bytes(5).hex(), struct.pack("<i", 9).hex()]
        _mock.mock_cuda_set_param_sizes(b"my_add", None, -1)
        assert _core._cuda_param_sizes(0, add) == [8, 8, 8, 4]
    """)


def test_drivers_without_cufuncgetparaminfo_still_load_and_launch():
    old = str(build_dir() / "libcupylike_mock_cuda_old.so")
    run_modules(old, """
        assert not hasattr(_mock, "cuFuncGetParamInfo")
        module = _core._CudaModule(0, image()[0])
        add = module.function("my_add")
        assert _core._cuda_param_sizes(0, add) is None  # unknown: the caller skips its checks
        args = [ptr_bytes(1), ptr_bytes(2), ptr_bytes(3), struct.pack("<I", 4)]
        _core._cuda_launch(0, add, [1], [1], 0, 0, args)
        assert launch()["args"] == [a.hex() for a in args]
        x = cupylike.asarray(numpy.arange(3.0))  # the rest of the driver works as before
        assert_array_equal(x, numpy.arange(3.0))
    """)
