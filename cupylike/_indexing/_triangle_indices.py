"""Index arrays of a matrix's parts: diag_indices(_from), tril_indices(_from),
triu_indices(_from) and mask_indices (see NumPy's indexing section). Each is the nonzero
positions of a mask made on the device (tri, or the caller's function of a matrix of ones)."""

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._creation._matrices import tri
from cupylike._indexing._indexing import nonzero

_logical_not = UFUNCS["logical_not"]
_not_equal = UFUNCS["not_equal"]


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an n x ... x n array of `ndim` axes: one int64
    array of 0, ..., n-1 per axis (see numpy.diag_indices)."""
    idx = _native.arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    """diag_indices for the shape of `arr`, which must have at least 2 axes of one length (see
    numpy.diag_indices_from)."""
    arr = device_array(arr, "diag_indices_from")
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def tril_indices(n, k=0, m=None):
    """Row and column indices of the lower triangle of an n x m matrix, on and below the k-th
    diagonal, in row order (see numpy.tril_indices)."""
    return nonzero(tri(n, m, k=k, dtype=numpy.bool_))


def triu_indices(n, k=0, m=None):
    """Row and column indices of the upper triangle of an n x m matrix, on and above the k-th
    diagonal, in row order (see numpy.triu_indices)."""
    return nonzero(_logical_not(tri(n, m, k=k - 1, dtype=numpy.bool_)))


def _matrix(arr, function):
    arr = device_array(arr, function)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return arr


def tril_indices_from(arr, k=0):
    """tril_indices for the shape of the 2-d array `arr` (see numpy.tril_indices_from)."""
    arr = _matrix(arr, "tril_indices_from")
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    """triu_indices for the shape of the 2-d array `arr` (see numpy.triu_indices_from)."""
    arr = _matrix(arr, "triu_indices_from")
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def mask_indices(n, mask_func, k=0):
    """The indices where ``mask_func(ones((n, n)), k)`` is nonzero, such as triu or tril (see
    numpy.mask_indices)."""
    return nonzero(_not_equal(mask_func(_native.ones((n, n), numpy.int64), k), 0))
