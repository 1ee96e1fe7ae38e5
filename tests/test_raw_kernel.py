"""RawKernel and RawModule: CUDA C++ kernels from source, run on the default device and
compared with NumPy. Every source here also compiles with NVRTC for sm_80 and sm_90, so the
kernels that pass on cpu are valid CUDA."""

import os
import re
import subprocess
import sys

import numpy
import pytest
from helpers.nvrtc_check import compile_check

import cupylike as cp
from cupylike._core import _native
from cupylike.testing import assert_array_equal

ADD = r"""
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
"""

# CuPy's RawModule example: templates through name expressions, a C++-linkage kernel.
TEMPLATES = r"""
template<typename T>
__global__ void my_sqrt(T* input, int N) {
    unsigned int x = blockDim.x * blockIdx.x + threadIdx.x;
    if (x < N) input[x] = sqrt(input[x]);
}

extern "C" __global__ void my_func(double* input, int N) {
    unsigned int x = blockDim.x * blockIdx.x + threadIdx.x;
    if (x < N) input[x] = input[x] * input[x];
}

__device__ int counter[10];
__constant__ float scale = 2.5f;
"""

TILED_MATMUL = r"""
#define TILE 16
extern "C" __global__ void matmul(const float* A, const float* B, float* C, int n) {
    __shared__ float a[TILE][TILE];
    __shared__ float b[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0;
    for (int t = 0; t < (n + TILE - 1) / TILE; ++t) {
        int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
        a[threadIdx.y][threadIdx.x] = row < n && ac < n ? A[row * n + ac] : 0.0f;
        b[threadIdx.y][threadIdx.x] = br < n && col < n ? B[br * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) acc += a[threadIdx.y][k] * b[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n) C[row * n + col] = acc;
}
"""

HISTOGRAM = r"""
extern "C" __global__ void histogram(const unsigned char* data, unsigned int* bins, int n) {
    __shared__ unsigned int local[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}
"""

WARP_SUM = r"""
extern "C" __global__ void warp_sum(const double* x, double* out, int n) {
    double v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += x[i];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    __shared__ double partial[32];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {  // only warp 0 runs the second stage
        v = lane < (blockDim.x + 31) / 32 ? partial[lane] : 0;
        for (int offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffff, v, offset);
        if (lane == 0) atomicAdd(out, v);
    }
}
"""

GRID_3D = r"""
extern "C" __global__ void coords(int* out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz) out[(z * ny + y) * nx + x] = x + 100 * y + 10000 * z;
}
"""

DYNAMIC_SHARED = r"""
extern "C" __global__ void reverse(const int* in, int* out, int n) {
    extern __shared__ int buffer[];
    int t = threadIdx.x;
    if (t < n) buffer[t] = in[t];
    __syncthreads();
    if (t < n) out[t] = buffer[n - 1 - t];
}
"""

HALF_AND_COMPLEX = r"""
#include <cuda_fp16.h>
#include <cuda/std/complex>
extern "C" __global__ void half_scale(const __half* x, __half a, __half* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hmul(a, x[i]);
}
extern "C" __global__ void complex_mul(const cuda::std::complex<double>* x,
                                       cuda::std::complex<double> a,
                                       cuda::std::complex<double>* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i];
}
"""

TRAP = r"""
extern "C" __global__ void checks(const int* x, int mode) {
    if (mode == 0 && threadIdx.x == 3) __trap();
    if (mode == 1) assert(x[threadIdx.x] < 5);
    // Odd lanes wait at the block barrier, even ones at a warp sync naming the odd ones.
    if (mode == 2) { if (threadIdx.x % 2) __syncthreads(); else __syncwarp(); }
}
"""

# Names the cpu device's generated glue uses itself (its parameters a, s, p, c; its helpers and
# their template parameters) or the runtime ABI's structures hold; any name C++ allows must be
# a kernel's name (issue 14, finding 6).
GLUE_NAMES = ["a", "s", "p", "c", "n", "k", "g", "K", "P", "I", "call", "call_sig", "thread",
              "sequence", "params", "kind", "all", "tid", "bid", "bdim", "gdim", "promoted",
              "trap", "syncthreads", "vote", "shfl", "index_sequence", "decay_t", "glue"]
NAMED_KERNELS = "".join(
    f'extern "C" __global__ void {name}(int* out) {{ out[threadIdx.x] = {i} + threadIdx.x; }}\n'
    for i, name in enumerate(GLUE_NAMES))

NOT_KERNELS = r"""
__device__ float helper(float x) { return 2 * x; }
__device__ void device_void(float* x) { x[0] = helper(x[0]); }
extern "C" __device__ void device_c(float* x) { x[0] = 1; }
__global__ void cpp_linkage(float* x) { device_void(x); }
__device__ int counter;
extern "C" __global__ void real(float* x) { device_c(x); }
"""

SOURCES = {
    "add": (ADD, []),
    "templates": (TEMPLATES, ["my_sqrt<float>", "my_sqrt<double>", "&counter"]),
    "matmul": (TILED_MATMUL, []),
    "histogram": (HISTOGRAM, []),
    "warp_sum": (WARP_SUM, []),
    "grid_3d": (GRID_3D, []),
    "dynamic_shared": (DYNAMIC_SHARED, []),
    "half_complex": (HALF_AND_COMPLEX, []),
    "trap": (TRAP, []),
    "glue_names": (NAMED_KERNELS, []),
    "not_kernels": (NOT_KERNELS, []),
}


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
@pytest.mark.parametrize("name", list(SOURCES))
def test_every_test_kernel_also_compiles_with_nvrtc(name, arch):
    source, expressions = SOURCES[name]
    image, is_cubin, lowered, _log = _native._nvrtc_compile(source, name + ".cu", [], expressions,
                                                           arch, False)
    assert is_cubin and image[:4] == b"\x7fELF" and len(lowered) == len(expressions)


def test_cupy_documentation_raw_kernel_example():
    add_kernel = cp.RawKernel(ADD, "my_add")
    x1 = cp.asarray(numpy.arange(25, dtype=numpy.float32).reshape(5, 5))
    x2 = cp.asarray(numpy.arange(25, dtype=numpy.float32).reshape(5, 5))
    y = cp.zeros((5, 5), dtype=cp.float32)
    add_kernel((5,), (5,), (x1, x2, y))
    assert_array_equal(y, numpy.arange(25, dtype=numpy.float32).reshape(5, 5) * 2)
    assert add_kernel.name == "my_add" and add_kernel.code == ADD
    assert add_kernel.max_threads_per_block >= 256
    assert isinstance(add_kernel.attributes, dict)


def test_attribute_properties_hold_what_they_read_under_the_debug_allocator(tmp_path):
    # PYTHONMALLOC=debug overwrites freed memory, so reading a freed object fails here for sure
    # rather than now and then.
    code = ("import cupylike as cp\n"
            f"k = cp.RawKernel({ADD!r}, 'my_add')\n"
            "a = k.attributes\n"
            "print(k.max_threads_per_block == a['max_threads_per_block'],"
            " k.num_regs == a['num_regs'])\n")
    env = dict(os.environ, PYTHONMALLOC="debug")
    # Run outside the checkout, whose cupylike/ (without the built extension) would shadow the
    # installed package.
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "True"]


def test_cupy_documentation_raw_module_example_with_templates_and_globals():
    module = cp.RawModule(code=TEMPLATES, name_expressions=("my_sqrt<float>", "my_sqrt<double>"))
    x = cp.asarray(numpy.arange(10, dtype=numpy.float32))
    module.get_function("my_sqrt<float>")((1,), (16,), (x, numpy.int32(10)))
    assert_array_equal(x, numpy.sqrt(numpy.arange(10, dtype=numpy.float32)))
    d = cp.asarray(numpy.arange(10, dtype=numpy.float64))
    module.get_function("my_sqrt<double>")((2,), (8,), (d, 10))
    assert_array_equal(d, numpy.sqrt(numpy.arange(10.0)))
    module.get_function("my_func")((1,), (10,), (d, 10))
    assert_array_equal(d, numpy.sqrt(numpy.arange(10.0)) ** 2)
    counter = module.get_global("counter")
    view = cp.ndarray((10,), cp.int32, counter)
    view.set(numpy.arange(10, dtype=numpy.int32))
    assert_array_equal(cp.ndarray((10,), cp.int32, module.get_global("counter")),
                       numpy.arange(10, dtype=numpy.int32))
    scale = cp.ndarray((1,), cp.float32, module.get_global("scale"))
    assert float(scale[0]) == 2.5
    with pytest.raises(ValueError):
        module.get_function("missing_kernel")
    with pytest.raises(ValueError):
        module.get_global("missing_global")


def test_tiled_matmul_with_shared_memory_and_barriers():
    n = 70  # not a multiple of the tile: edge blocks have idle threads that still sync
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal((n, n)).astype(numpy.float32)
    b = rng.standard_normal((n, n)).astype(numpy.float32)
    c = cp.zeros((n, n), dtype=cp.float32)
    kernel = cp.RawKernel(TILED_MATMUL, "matmul")
    kernel(((n + 15) // 16, (n + 15) // 16), (16, 16), (cp.asarray(a), cp.asarray(b), c, n))
    numpy.testing.assert_allclose(c.get(), a.astype(numpy.float64) @ b, rtol=1e-4, atol=1e-4)


def test_atomic_histogram_totals_are_exact():
    data = numpy.random.default_rng(1).integers(0, 256, 1_000_003, dtype=numpy.uint8)
    bins = cp.zeros(256, dtype=cp.uint32)
    cp.RawKernel(HISTOGRAM, "histogram")((64,), (128,), (cp.asarray(data), bins, data.size))
    assert_array_equal(bins, numpy.bincount(data, minlength=256).astype(numpy.uint32))


@pytest.mark.parametrize("threads", [32, 96, 256, 1024])
def test_warp_shuffle_reduction_where_only_warp_zero_runs_stage_two(threads):
    x = numpy.random.default_rng(2).standard_normal(100_001)
    out = cp.zeros(1, dtype=cp.float64)
    cp.RawKernel(WARP_SUM, "warp_sum")((7,), (threads,), (cp.asarray(x), out, x.size))
    numpy.testing.assert_allclose(out.get()[0], x.sum(), rtol=1e-10)


@pytest.mark.parametrize("block", [(4, 4, 2), (8, 2, 1), (1, 1, 16)], ids=str)
def test_3d_grids_and_blocks_cover_every_element(block):
    nx, ny, nz = 13, 7, 5
    out = cp.zeros((nz, ny, nx), dtype=cp.int32)
    grid = tuple((n + b - 1) // b for n, b in zip((nx, ny, nz), block, strict=True))
    cp.RawKernel(GRID_3D, "coords")(grid, block, (out, nx, ny, nz))
    z, y, x = numpy.meshgrid(range(nz), range(ny), range(nx), indexing="ij")
    assert_array_equal(out, (x + 100 * y + 10000 * z).astype(numpy.int32))


def test_dynamic_shared_memory():
    n = 200
    host = numpy.arange(n, dtype=numpy.int32)
    out = cp.zeros(n, dtype=cp.int32)
    cp.RawKernel(DYNAMIC_SHARED, "reverse")((1,), (256,), (cp.asarray(host), out, n),
                                            shared_mem=n * 4)
    assert_array_equal(out, host[::-1])


STATIC_SHARED = r"""
extern "C" __global__ void big(float* x) {
    __shared__ float buf[12289];  // 49156 bytes: over a GPU's 48 KiB of static shared memory
    buf[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = buf[12288 - threadIdx.x];
}"""


def test_launches_over_a_gpus_limits_raise_its_cuda_errors_naming_the_kernel():
    # The same on every device: what runs on the cpu device or the emulated GPU must not fail
    # on a real one for a reason they could have caught.
    kernel = cp.RawKernel(ADD, "my_add")
    x = cp.zeros(4, dtype=cp.float32)
    cases = [((1,), (1025,), {}, "CUDA_ERROR_INVALID_VALUE: block (1025, 1, 1) is over"),
             ((1,), (32, 33), {}, "CUDA_ERROR_INVALID_VALUE: block (32, 33, 1) has 1056 threads"),
             ((1, 2**31), (1,), {}, "CUDA_ERROR_INVALID_VALUE: grid (1, 2147483648, 1) is over"),
             ((0,), (4,), {}, "CUDA_ERROR_INVALID_VALUE: grid (0, 1, 1) and block"),
             ((1,), (4,), {"shared_mem": 64 << 10},
              "CUDA_ERROR_INVALID_VALUE: shared_mem=65536 bytes is over the kernel's "
              "max_dynamic_shared_size_bytes of 49152")]
    for grid, block, options, message in cases:
        with pytest.raises(cp.cuda.LaunchError, match=re.escape(message)) as error:
            kernel(grid, block, (x, x, x), **options)
        assert f"kernel 'my_add' on {cp.Device()}" in str(error.value)
        assert isinstance(error.value, cp.cuda.CUDADriverError)
        assert isinstance(error.value, ValueError)
    assert_array_equal(x, numpy.zeros(4, numpy.float32))  # nothing ran


REVERSE_LONG = r"""
extern "C" __global__ void reverse_long(const int* in, int* out, int n) {
    extern __shared__ int buffer[];
    for (int t = threadIdx.x; t < n; t += blockDim.x) buffer[t] = in[t];
    __syncthreads();
    for (int t = threadIdx.x; t < n; t += blockDim.x) out[t] = buffer[n - 1 - t];
}
"""


def test_dynamic_shared_memory_over_48_kib_needs_the_opt_in():
    n = 16384  # 64 KiB of int32
    host = numpy.arange(n, dtype=numpy.int32)
    out = cp.zeros(n, dtype=cp.int32)
    reverse = cp.RawKernel(REVERSE_LONG, "reverse_long")
    assert reverse.max_dynamic_shared_size_bytes == 48 << 10
    with pytest.raises(cp.cuda.LaunchError, match="max_dynamic_shared_size_bytes"):
        reverse((1,), (1024,), (cp.asarray(host), out, n), shared_mem=n * 4)
    reverse.max_dynamic_shared_size_bytes = n * 4
    assert reverse.attributes["max_dynamic_shared_size_bytes"] == n * 4
    reverse((1,), (1024,), (cp.asarray(host), out, n), shared_mem=n * 4)
    assert_array_equal(out, host[::-1])
    with pytest.raises(cp.cuda.LaunchError, match="between 0 and 232448"):
        reverse.max_dynamic_shared_size_bytes = 232449


def test_static_shared_memory_over_48_kib_does_not_compile():
    kernel = cp.RawKernel(STATIC_SHARED, "big")
    with pytest.raises(cp.CompileError, match="uses too much shared data"):
        kernel((1,), (32,), (cp.zeros(64, dtype=cp.float32),))


def test_kernels_named_like_c_library_functions_run_themselves():
    code = ("extern \"C\" __global__ void write(float* out, int n) {"
            "    if (threadIdx.x < n) out[0] = 1; }")
    x = cp.zeros(2, dtype=cp.float32)
    cp.RawKernel(code, "write")((1,), (1,), (x, 1))
    assert_array_equal(x, numpy.float32([1, 0]))


def test_kernels_may_have_the_names_the_generated_glue_uses():
    module = cp.RawModule(code=NAMED_KERNELS)
    for i, name in enumerate(GLUE_NAMES):
        out = cp.zeros(4, dtype=cp.int32)
        module.get_function(name)((1,), (4,), (out,))
        assert_array_equal(out, numpy.arange(4, dtype=numpy.int32) + i)
    out = cp.zeros(2, dtype=cp.int32)
    cp.RawKernel(NAMED_KERNELS, "a")((1,), (2,), (out,))  # a module of one kernel too
    assert_array_equal(out, numpy.int32([0, 1]))


@pytest.mark.parametrize("name", ["helper", "device_void", "device_c", "cpp_linkage", "counter",
                                  "absent"])
def test_a_name_that_is_no_kernel_raises_what_a_missing_kernel_raises(name):
    # CUDA's cuModuleGetFunction answers CUDA_ERROR_NOT_FOUND for each (a C++-linkage kernel
    # has a mangled name); before, the cpu device compiled the glue for it and failed with a
    # CompileError, or ran a __device__ function as if it were a kernel.
    x = cp.zeros(1, dtype=cp.float32)
    with pytest.raises(ValueError, match=f"no kernel named '{name}'"):
        cp.RawKernel(NOT_KERNELS, name)((1,), (1,), (x,))
    with pytest.raises(ValueError, match=f"no kernel named '{name}'"):
        cp.RawModule(code=NOT_KERNELS).get_function(name)
    module = cp.RawModule(code=NOT_KERNELS)
    with pytest.raises(ValueError, match=f"no kernel named '{name}'"):
        module.get_function(name)
    module.get_function("real")((1,), (1,), (x,))  # the module's kernels still work
    assert_array_equal(x, numpy.float32([1]))


def test_half_and_complex_arguments():
    module = cp.RawModule(code=HALF_AND_COMPLEX)
    x = numpy.linspace(-3, 3, 50).astype(numpy.float16)
    y = cp.zeros(50, dtype=cp.float16)
    module.get_function("half_scale")((1,), (64,), (cp.asarray(x), numpy.float16(1.5), y, 50))
    assert_array_equal(y, x * numpy.float16(1.5))
    z = numpy.arange(20) * (1 - 2j)
    w = cp.zeros(20, dtype=cp.complex128)
    module.get_function("complex_mul")((1,), (32,), (cp.asarray(z), 0.5 + 2j, w, 20))
    assert_array_equal(w, (0.5 + 2j) * z)


def test_python_scalars_take_their_parameter_size():
    code = r"""
    extern "C" __global__ void k(float* out, float f, double d, int i, long long l,
                                 unsigned char b, bool flag) {
        out[0] = f; out[1] = d; out[2] = i; out[3] = l; out[4] = b; out[5] = flag;
    }"""
    out = cp.zeros(6, dtype=cp.float32)
    cp.RawKernel(code, "k")((1,), (1,), (out, 1.5, 2.5, -3, 2**40, 200, True))
    assert_array_equal(out, numpy.array([1.5, 2.5, -3, 2.0**40, 200, 1], dtype=numpy.float32))


def test_argument_mistakes_raise_before_launch():
    kernel = cp.RawKernel(ADD, "my_add")
    x = cp.zeros(4, dtype=cp.float32)
    with pytest.raises(TypeError, match="takes 3 arguments"):
        kernel((1,), (4,), (x, x))
    with pytest.raises(TypeError, match="argument 2"):
        kernel((1,), (4,), (x, x, numpy.float32(1)))
    with pytest.raises(TypeError):
        kernel((1,), (4,), (x, x, "y"))
    with pytest.raises(ValueError, match="non-contiguous"):
        kernel((1,), (2,), (x[::2], x[::2], x[::2]))
    with pytest.raises(ValueError, match="1024"):
        kernel((1,), (2048,), (x, x, x))
    with pytest.raises(ValueError):
        kernel((0,), (4,), (x, x, x))
    with pytest.raises(ValueError):
        kernel((1,), (4, 0), (x, x, x))
    with pytest.raises(ValueError):
        kernel((1,), (4,), (x, x, x), shared_mem=1 << 30)
    with pytest.raises(TypeError):
        kernel((1,), (4,), 42)
    small = cp.RawKernel("extern \"C\" __global__ void k(unsigned char v) {}", "k")
    with pytest.raises(ValueError):
        small((1,), (1,), (300,))
    assert_array_equal(x, numpy.zeros(4, numpy.float32))  # nothing ran


@pytest.mark.cpu_device(reason="a kernel's fault leaves a GPU's context unusable for the rest "
                         "of the process; test_cuda_emulator_errors.py checks the GPU's errors "
                         "in a process of its own")
def test_trap_assert_and_deadlock_are_errors_not_crashes_or_hangs():
    module = cp.RawModule(code=TRAP)
    checks = module.get_function("checks")
    x = cp.asarray(numpy.arange(32, dtype=numpy.int32))
    with pytest.raises(cp.cuda.KernelError, match="__trap"):
        checks((2,), (32,), (x, 0))
    with pytest.raises(cp.cuda.KernelError, match="Assertion"):
        checks((1,), (32,), (x, 1))
    with pytest.raises(cp.cuda.KernelError, match="deadlock"):
        checks((1,), (32,), (x, 2))
    checks((1,), (4,), (x, 1))  # the module still works afterwards


def test_syntax_error_is_a_compile_error_with_log_and_numbered_source():
    bad = 'extern "C" __global__ void broken(float* x) {\n    x[0] = undefined_name;\n}\n'
    kernel = cp.RawKernel(bad, "broken")
    with pytest.raises(cp.CompileError) as info:
        kernel((1,), (1,), (cp.zeros(1, dtype=cp.float32),))
    err = info.value
    assert "undefined_name" in err.log and err.source == bad and err.name
    assert "  2 |     x[0] = undefined_name;" in str(err)
    assert cp.CompileException is cp.CompileError


def test_unsupported_constructor_options_say_so():
    with pytest.raises(NotImplementedError):
        cp.RawKernel(ADD, "my_add", jitify=True)
    with pytest.raises(ValueError):
        cp.RawKernel(ADD, "my_add", backend="clang")
    with pytest.raises(TypeError):
        cp.RawModule(code=ADD, path="x.cubin")
