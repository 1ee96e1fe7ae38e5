"""Diagonals and triangles: eye, diagonal (a read-only view, as NumPy's), diag, diagflat, trace,
tri, tril, triu and fill_diagonal, as NumPy has them."""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._placement import cycled
from cupylike._math._cumulative import cumprod as _cumprod
from cupylike._math._sumprod import sum as _sum

_where = UFUNCS["_where"]
_greater_equal = UFUNCS["greater_equal"]
_less_equal = UFUNCS["less_equal"]

diagonal = _native.diagonal


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):  # noqa: N803
    """A 2-d array with ones on the k-th diagonal and zeros elsewhere (see numpy.eye), on
    `device` (the current one by default). The core's eye, with NumPy's signature (its
    default dtype is the type float, which a C-level function cannot show)."""
    return _native.eye(N, M, k, dtype, order, device=device, like=like)


def diag(v, k=0):
    """The k-th diagonal of a 2-d array (a copy), or a 2-d array with a 1-d `v` on its k-th
    diagonal (see numpy.diag)."""
    v = device_array(v, "diag")
    k = operator.index(k)
    if v.ndim == 1:
        n = v.size + abs(k)
        out = _native.zeros((n, n), v.dtype)
        rows = _native.arange(v.size) + (0 if k >= 0 else -k)
        cols = _native.arange(v.size) + (k if k >= 0 else 0)
        out[rows, cols] = v
        return out
    if v.ndim == 2:
        return _native.diagonal(v, k).copy()
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    """A 2-d array with the flattened `v` on its k-th diagonal."""
    return diag(device_array(v, "diagflat").ravel(), k)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sums along diagonals (see numpy.trace): diagonal(a, offset, axis1, axis2) summed over its
    last axis, with sum's dtypes (integers in int64 or uint64)."""
    a = device_array(a, "trace")
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    return _sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def tri(N, M=None, k=0, dtype=float):
    """An N x M array with ones at and below the k-th diagonal, zeros elsewhere."""
    M = N if M is None else M
    N, M, k = operator.index(N), operator.index(M), operator.index(k)
    rows = _native.arange(N).reshape(N, 1)
    cols = _native.arange(-k, M - k).reshape(1, M)
    return _greater_equal(rows, cols).astype(dtype)


def _triangle(m, k, lower, what):
    m = device_array(m, what)
    if m.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    n, c = m.shape[-2:]
    k = operator.index(k)
    # Element (i, j) lies on diagonal j - i: tril keeps i >= j - k, triu keeps i <= j - k.
    rows = _native.arange(n).reshape(n, 1)
    shifted = _native.arange(-k, c - k).reshape(1, c)
    keep = _greater_equal(rows, shifted) if lower else _less_equal(rows, shifted)
    return _where(keep, m, numpy.zeros((), m.dtype))


def tril(m, k=0):
    """A copy of `m` with the elements above the k-th diagonal zeroed (last two axes)."""
    return _triangle(m, k, True, "tril")


def triu(m, k=0):
    """A copy of `m` with the elements below the k-th diagonal zeroed (last two axes)."""
    return _triangle(m, k, False, "triu")


def fill_diagonal(a, val, wrap=False):
    """Writes `val` (repeated as needed) onto the main diagonal of `a` in place; for a tall
    2-d array with wrap=True the diagonal restarts below (see numpy.fill_diagonal)."""
    a = device_array(a, "fill_diagonal")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim > 2 and any(s != a.shape[0] for s in a.shape):
        raise ValueError("All dimensions of input must be of equal length")
    if a.ndim == 2:
        rows, cols = a.shape
        step = cols + 1
        end = a.size if wrap else min(rows, cols) * cols
        positions = numpy.arange(0, end, step)
        key = (positions // cols, positions % cols)
    else:
        n = a.shape[0]
        key = (numpy.arange(n),) * a.ndim
    count = key[0].size
    if count == 0:
        return
    values = val if isinstance(val, _native.ndarray) else _native.asarray(numpy.asarray(val))
    if values.size == 0:
        return
    a[tuple(_native.asarray(k) for k in key)] = cycled(values, count)


def vander(x, N=None, increasing=False):  # noqa: N803 (NumPy's name)
    """The Vandermonde matrix of a 1-d `x` (see numpy.vander): column j is x**(N - 1 - j), or
    x**j when `increasing`; N defaults to len(x). Powers are running products along the rows,
    as NumPy's, so integers are exact (and wrap) and the dtype is x's promoted with int."""
    x = device_array(x, "vander")
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    N = x.shape[0] if N is None else operator.index(N)  # noqa: N806
    v = _native.empty((x.shape[0], N), numpy.promote_types(x.dtype, int))
    powers = v if increasing else v[:, ::-1]
    if N > 0:
        powers[:, 0] = 1
    if N > 1:
        powers[:, 1:] = _native.expand_dims(x, 1)
        powers[:, 1:] = _cumprod(powers[:, 1:], axis=1)
    return v
