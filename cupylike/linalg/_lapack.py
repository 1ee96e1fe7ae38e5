"""What every linalg function shares: NumPy's input checks and dtype rules, the column-major
work copies LAPACK overwrites, and the call into the SOLVER facade (csrc/libs/solver.hpp:
LAPACK on the cpu device, cuSOLVER on a GPU) with its info codes turned into LinAlgError.

Layouts. A C-contiguous stack of (r, c) matrices is, to LAPACK, a stack of column-major c x r
matrices: the transposes. Functions that can use the transpose identities (solve, inv, det,
cholesky, eigvalsh, the SVD of wide matrices) take a plain copy; the others take a copy whose
last two axes are stored column-major (`fortran_copy`). Either copy also casts to the dtype
LAPACK computes in.
"""

import math

import numpy
from numpy.linalg import LinAlgError

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike.linalg._kernels import ABS_MAX, real_part
from cupylike.linalg._products import _set_host_blas

__all__ = ["LinAlgError"]


def linalg_array(a, function):
    """`a` as a cupylike array (TypeError for anything else)."""
    return device_array(a, function)


def result_dtype(*dtypes):
    """The dtype NumPy's linalg computes in: float32 or complex64 when every input is one of
    those, float64 or complex128 otherwise (ints and bools count as float64); float16 and
    non-numeric types raise TypeError."""
    double = False
    cplx = False
    for d in dtypes:
        d = numpy.dtype(d)
        if d.kind in "fc":
            cplx |= d.kind == "c"
            double |= d in (numpy.float64, numpy.complex128)
            if d not in (numpy.float32, numpy.float64, numpy.complex64, numpy.complex128):
                raise TypeError(f"array type {d} is unsupported in linalg")
        elif d.kind in "biu":
            double = True
        else:
            raise TypeError(f"array type {d} is unsupported in linalg")
    if cplx:
        return numpy.dtype(numpy.complex128 if double else numpy.complex64)
    return numpy.dtype(numpy.float64 if double else numpy.float32)


def real_dtype(dtype):
    """float32 for float32/complex64, float64 for float64/complex128."""
    return numpy.dtype(numpy.float32 if dtype in (numpy.float32, numpy.complex64)
                       else numpy.float64)


def complex_dtype(dtype):
    return numpy.dtype(numpy.complex64 if real_dtype(dtype) == numpy.float32
                       else numpy.complex128)


def assert_stacked_2d(*arrays):
    for a in arrays:
        if a.ndim < 2:
            raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least "
                              "two-dimensional")


def assert_stacked_square(*arrays):
    for a in arrays:
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError("Last 2 dimensions of the array must be square")


def batch_count(shape):
    """Matrices in a stack of the given shape (its axes but the last two)."""
    return math.prod(shape[:-2])


def plain_copy(a, dtype):
    """A C-contiguous copy of `a` in `dtype`: to LAPACK, the stack of a's transposes."""
    out = _native.empty(a.shape, dtype, device=a.device)
    out[...] = a
    return out


def fortran_copy(a, dtype):
    """A copy of `a` in `dtype` whose matrices are column-major (the batch axes C-ordered):
    returned as the view with a's shape. LAPACK sees a's matrices themselves."""
    out = _native.empty(a.shape[:-2] + (a.shape[-1], a.shape[-2]), dtype, device=a.device)
    out[...] = a.swapaxes(-1, -2)
    return out.swapaxes(-1, -2)


def fortran_empty(shape, dtype, device):
    """An uninitialised stack whose matrices are column-major (see fortran_copy)."""
    shape = tuple(shape)
    return _native.empty(shape[:-2] + (shape[-1], shape[-2]), dtype, device=device).swapaxes(-1, -2)


def identity_stack(batch_shape, n, dtype, device, fortran=False):
    """A stack of n x n identity matrices, its own memory (LAPACK may overwrite it)."""
    out = _native.empty(tuple(batch_shape) + (n, n), dtype, device=device)
    out[...] = _native.eye(n, dtype=dtype, device=device)
    return out.swapaxes(-1, -2) if fortran else out


def base_of(x):
    """The C-contiguous array behind a fortran_copy/fortran_empty view: its matrices are the
    view's, stored column-major (flags cannot tell: empty or 1 x 1 matrices are both)."""
    return x.swapaxes(-1, -2)


def call(routine, a, *, b=None, c=None, v=None, **desc):
    """Runs `routine` through the SOLVER facade on base arrays (each C-contiguous; their
    matrices are LAPACK's column-major ones) and returns the info codes."""
    _set_host_blas(a.device)
    return _native._solver(routine, a, b, c, v, **desc)


def matrix_magnitudes(work):
    """The largest magnitude in each matrix of a stack of LAPACK's dtypes, flattened over the
    batch, on the host: NaN for a matrix holding a NaN, else inf for one holding an infinity
    (LAPACK's xLANGE('M'), with which gesdd decides). One reduction and one small transfer:
    vendor routines differ on non-finite input, so the rule cannot be left to them."""
    return _native.asnumpy(real_part(ABS_MAX(work, axis=(-2, -1)))).reshape(-1)


def raise_on_info(infos, message):
    """LinAlgError(message) when a routine reported a numerical failure for any matrix."""
    if any(i > 0 for i in infos):
        raise LinAlgError(message)


def as_square_stack(a, function):
    """(a, dtype) for functions of square matrices: the checks NumPy makes, in its order."""
    a = linalg_array(a, function)
    assert_stacked_2d(a)
    assert_stacked_square(a)
    return a, result_dtype(a.dtype)


def lu_factor(a, dtype):
    """(lu, pivots, infos): getrf on a plain copy of `a`, i.e. the LU factors of the stack of
    a's transposes (det(A^T) = det(A); solves use getrs with trans 'T')."""
    n = a.shape[-1]
    lu = plain_copy(a, dtype)
    piv = _native.empty(a.shape[:-1], numpy.int32, device=a.device)
    infos = call("getrf", lu, v=piv, m=n, n=n, lda=max(n, 1), batch=batch_count(a.shape),
                 stride_a=n * n, stride_v=n)
    return lu, piv, infos
