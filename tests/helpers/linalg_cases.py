"""Inputs and comparisons shared by the tests/test_linalg_*.py files: random matrices of the
four LAPACK dtypes (and ints), well-conditioned and Hermitian positive-definite ones, the same
values in non-contiguous layouts on both sides, and tolerances by dtype."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_allclose

DTYPES = [numpy.dtype(t) for t in (numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128)]
DTYPE_IDS = [d.name for d in DTYPES]
# Relative accuracy of a well-conditioned factorisation of a small matrix, by dtype.
TOL = {numpy.dtype(numpy.float32): 2e-4, numpy.dtype(numpy.complex64): 2e-4,
       numpy.dtype(numpy.float64): 1e-10, numpy.dtype(numpy.complex128): 1e-10}
LAYOUTS = ["transposed", "reversed", "sliced"]


def for_dtypes(fn):
    return pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)(fn)


def values(shape, dtype, seed=0):
    """Standard normal values (complex parts too), or small integers for integer dtypes."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind in "iub":
        return rng.integers(-4, 5, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def well_conditioned(shape, dtype, seed=0):
    """Square matrices with a dominant diagonal (condition numbers of a few units)."""
    x = values(shape, dtype, seed)
    return (x + 3 * shape[-1] ** 0.5 * numpy.eye(shape[-1], dtype=dtype)).astype(dtype)


def hermitian_pd(shape, dtype, seed=0):
    """Hermitian positive-definite matrices."""
    x = values(shape, dtype, seed)
    h = x @ x.conj().swapaxes(-1, -2) + shape[-1] * numpy.eye(shape[-1])
    return h.astype(dtype)


def layout(host, name):
    """(host view, device view) of the same values in a non-contiguous layout: the matrices
    transposed in memory, rows reversed (negative strides), or every other row and column of a
    larger array."""
    if name == "transposed":
        base = numpy.ascontiguousarray(host.swapaxes(-1, -2))
        return host, cupylike.asarray(base).swapaxes(-1, -2)
    if name == "reversed":
        base = numpy.ascontiguousarray(host[..., ::-1, :])
        return host, cupylike.asarray(base)[..., ::-1, :]
    rows, cols = host.shape[-2:]
    base = numpy.zeros(host.shape[:-2] + (2 * rows, 2 * cols + 1), host.dtype)
    base[..., ::2, 1::2] = host
    return host, cupylike.asarray(base)[..., ::2, 1::2]


def host(x):
    return cupylike.asnumpy(x) if isinstance(x, cupylike.ndarray) else numpy.asarray(x)


def close(actual, expected, dtype=None, scale=1.0):
    """actual (a device array) equals expected within the dtype's tolerance times `scale`, with
    the same dtype and shape."""
    tol = TOL[numpy.dtype(dtype or numpy.asarray(expected).dtype)] * scale
    assert_allclose(actual, expected, rtol=tol, atol=tol)


def adjoint(x):
    return x.conj().swapaxes(-1, -2)


def assert_orthonormal_columns(q, dtype):
    q = host(q)
    k = q.shape[-1]
    close(adjoint(q) @ q, numpy.broadcast_to(numpy.eye(k, dtype=q.dtype), q.shape[:-2] + (k, k)),
          dtype)
