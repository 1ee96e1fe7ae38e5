"""The integer and bool matrix product kernel (kernels/cupylike/int_matmul.cuh): an
instantiation per dtype, each compiled on first use."""

import numpy

from cupylike._core._statistics_kernels import C_TYPES, function, launch

DTYPES = tuple(numpy.dtype(t) for t in (
    numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
    numpy.uint32, numpy.uint64))
_HEADER = "cupylike/int_matmul.cuh"


def _name(dtype):
    return f"cupylike::int_matmul_kernel<{C_TYPES[dtype]}>"


def kernel_names():
    """Every instantiation of the module (the NVRTC test compiles exactly this list)."""
    return [_name(d) for d in DTYPES]


def run(a, a_strides, b, b_strides, c):
    """c[s] = a[s] @ b[s] over the stack s of c (C-contiguous, batch * m * n elements, k > 0):
    a and b are read at their data pointers through (batch, row, column) element strides."""
    m, n = c.shape[-2:]
    k = a.shape[-1]
    batch = c.size // (m * n)
    kernel = function(_HEADER, _name(c.dtype))
    tiles = batch * -(-m // 4) * -(-n // 4)  # at least the kernel's tiles, which size the grid
    # Data pointers: the kernel walks the operands' strides itself, whatever their layout.
    launch(kernel, tiles, (a.data, b.data, c, batch, m, n, k, *a_strides, *b_strides),
           work=batch * m * n * k)
