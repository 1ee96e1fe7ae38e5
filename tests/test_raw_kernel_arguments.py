"""RawKernel arguments checked against the kernel's parameter types (issue 14, finding 2): a
pointer parameter takes a device array, x.data, ctypes.c_void_p or None, a number parameter a
number; anything else is a TypeError naming the kernel, the parameter and its type, on every
device (the cpu device reads the types from the compiled module, a CUDA device from the
source, since its driver tells sizes only)."""

import ctypes

import numpy
import pytest
from helpers.nvrtc_check import compile_check
from helpers.python_subprocess import run_python

import cupylike as cp
from cupylike._core import _native
from cupylike.testing import assert_array_equal

SCALE = r"""
extern "C" __global__ void scale(float* x, int n, float f, const double* __restrict__ d) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * f + (d ? float(d[i]) : 0.0f);
}
template <class T>
__global__ void fill(T* out, T value, unsigned long long n) {
    for (unsigned long long i = threadIdx.x; i < n; i += blockDim.x) out[i] = value;
}
"""


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_the_kernels_here_are_valid_cuda(arch):
    _, is_cubin, lowered, _ = _native._nvrtc_compile(SCALE, "scale.cu", [], ["fill<float>"], arch,
                                                   False)
    assert is_cubin and len(lowered) == 1


@pytest.fixture
def scale():
    return cp.RawKernel(SCALE, "scale")


def test_pointers_take_arrays_their_data_and_explicit_addresses(scale):
    x = cp.asarray(numpy.arange(4, dtype=numpy.float32))
    d = cp.asarray(numpy.full(4, 0.5))
    scale((1,), (4,), (x, 4, 2.0, d))
    scale((1,), (4,), (x.data, numpy.int32(4), numpy.float32(2), ctypes.c_void_p(d.data.ptr)))
    scale((1,), (4,), (x, 4, 1, None))  # None: a null pointer; a Python int for a float
    scale((1,), (4,), (x, True, 1.0, ctypes.c_void_p(None)))
    expect = (numpy.arange(4, dtype=numpy.float32) * 2 + 0.5) * 2 + 0.5  # the last two: * 1
    assert_array_equal(x, expect)


@pytest.mark.parametrize("position, value, what", [
    (0, 1.5, "a Python float"),
    (0, 12345, "a Python int"),
    (0, True, "a bool"),
    (0, numpy.uint64(12345), "a NumPy uint64 value"),
    (0, 1 + 2j, "a Python complex"),
    (1, "array", "an array"),
    (1, None, "None"),
    (1, 4.0, "a Python float"),
    (1, numpy.float32(4), "a NumPy float32 value"),
    (1, "pointer", "a MemoryPointer"),
    (2, "array", "an array"),
    (2, numpy.int32(2), "a NumPy int32 value"),
    (2, ctypes.c_void_p(16), "a ctypes.c_void_p"),
    (3, 0.5, "a Python float"),
])
def test_a_value_of_the_wrong_kind_is_a_type_error_naming_the_parameter(scale, position, value,
                                                                        what):
    x = cp.zeros(4, dtype=cp.float32)
    d = cp.zeros(4, dtype=cp.float64)
    if isinstance(value, str):
        value = x if value == "array" else x.data
    args = [x, 4, 2.0, d]
    args[position] = value
    kind = ["a pointer", "a 4-byte integer", "a 4-byte floating-point number", "a pointer"]
    with pytest.raises(TypeError) as info:
        scale((1,), (4,), tuple(args))
    message = str(info.value)
    assert f"argument {position} of kernel 'scale' is {what}" in message, message
    assert f"parameter {position} is {kind[position]}" in message, message
    assert_array_equal(x, numpy.zeros(4, numpy.float32))  # nothing ran


def test_template_kernels_check_what_their_declaration_shows():
    module = cp.RawModule(code=SCALE, name_expressions=["fill<float>"])
    fill = module.get_function("fill<float>")
    out = cp.zeros(5, dtype=cp.float32)
    fill((1,), (8,), (out, 2.5, 5))
    assert_array_equal(out, numpy.full(5, 2.5, numpy.float32))
    with pytest.raises(TypeError, match="argument 0 of kernel 'fill<float>' is a Python float"):
        fill((1,), (8,), (2.5, 2.5, 5))
    with pytest.raises(TypeError, match="argument 2 of kernel 'fill<float>' is an array"):
        fill((1,), (8,), (out, 2.5, out))


CRASH = r"""
import numpy, cupylike
k = cupylike.RawKernel('''
extern "C" __global__ void store(float* x, int n) { if (threadIdx.x < n) x[threadIdx.x] = 1; }
''', 'store')
for bad in (1.5, 4096, numpy.int64(4096)):
    try:
        k((1,), (1,), (bad, 1))
    except TypeError as e:
        print("TypeError:", e)
x = cupylike.zeros(1, dtype=numpy.float32)
k((1,), (1,), (x, 1))
print(float(x.get()[0]))
"""


def test_numbers_for_pointers_no_longer_kill_the_interpreter():
    # Before, the kernel stored through address 1.5's bits, or 4096: SIGSEGV, the process gone.
    done = run_python(CRASH, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 4 and lines[-1] == "1.0", done.stdout + done.stderr[-3000:]
    assert all(line.startswith("TypeError: argument 0 of kernel 'store'") for line in lines[:3])
