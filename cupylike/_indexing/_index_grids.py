"""Index arithmetic and index grids: unravel_index, ravel_multi_index, indices and ix_, as
NumPy has them, computed on the device with the integer ufuncs. Range checks that NumPy makes
on the values read one flag back from the device."""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS

_floor_divide = UFUNCS["floor_divide"]
_remainder = UFUNCS["remainder"]
_add = UFUNCS["add"]
_multiply = UFUNCS["multiply"]
_less = UFUNCS["less"]
_greater_equal = UFUNCS["greater_equal"]
_logical_or = UFUNCS["logical_or"]
_clip = UFUNCS["_clip"]


def _int_array(x, what):
    a = x if isinstance(x, _native.ndarray) else _native.asarray(numpy.asarray(x))
    if a.dtype.kind not in "iu" and not (a.size == 0 and a.dtype.kind == "f"):
        raise TypeError(f"only int indices permitted ({what})")
    return a.astype(numpy.int64, copy=False)


def _shape(shape):
    return tuple(operator.index(s) for s in numpy.atleast_1d(shape))


def _any_outside(a, low, high):
    """Whether any element of `a` is outside [low, high): one read from the device."""
    return a.size > 0 and bool(_logical_or(_less(a, low), _greater_equal(a, high)).any())


def unravel_coordinates(flat, shape, order="C"):
    """The coordinates in `shape` of in-range flat positions (no checks)."""
    coords = []
    axes = range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    rest = flat
    for d in axes:
        coords.append(_remainder(rest, max(shape[d], 1)))
        rest = _floor_divide(rest, max(shape[d], 1))
    if order == "C":
        coords.reverse()
    return tuple(coords)


def unravel_index(indices, shape, order="C"):
    """The coordinates of flat `indices` in an array of `shape`, one int64 array per axis
    (see numpy.unravel_index); ValueError for an index outside the array."""
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    flat = _int_array(indices, "unravel_index")
    shape = _shape(shape)
    size = int(numpy.prod(shape, dtype=numpy.int64))
    if _any_outside(flat, 0, size):
        bad = flat[_logical_or(_less(flat, 0), _greater_equal(flat, size))].ravel()[0]
        raise ValueError(f"index {int(bad)} is out of bounds for array with size {size}")
    return unravel_coordinates(flat, shape, order)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Flat positions of coordinate arrays in an array of shape `dims` (see
    numpy.ravel_multi_index); `mode` 'raise', 'wrap' or 'clip', one per axis or for all."""
    dims = _shape(dims)
    coords = [_int_array(c, "ravel_multi_index") for c in multi_index]
    if len(coords) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = [mode] * len(dims) if isinstance(mode, str) else list(mode)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    shape = numpy.broadcast_shapes(*(c.shape for c in coords))
    total = _native.zeros(shape, numpy.int64)
    stride = 1
    axes = range(len(dims) - 1, -1, -1) if order == "C" else range(len(dims))
    for d in axes:
        c, n = coords[d], dims[d]
        if modes[d] == "raise":
            if _any_outside(c, 0, n):
                raise ValueError("invalid entry in coordinates array")
        elif modes[d] == "wrap":
            c = _remainder(c, max(n, 1))
        elif modes[d] == "clip":
            c = _clip(c, 0, max(n - 1, 0))
        else:
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got "
                             f"{modes[d]!r})")
        total = _add(total, _multiply(c, stride))
        stride *= n
    return total


def indices(dimensions, dtype=int, sparse=False):
    """Arrays of the coordinates of a grid of shape `dimensions` (see numpy.indices): one
    array of shape (N,) + dimensions, or N broadcastable arrays when sparse."""
    dimensions = tuple(operator.index(d) for d in dimensions)
    n = len(dimensions)
    # The result first, as NumPy makes it: a shape too big fails before any grid is allocated.
    result = None if sparse else _native.empty((n,) + dimensions, dtype)
    grids = []
    for d, size in enumerate(dimensions):
        shape = tuple(size if j == d else 1 for j in range(n))
        grids.append(_native.arange(size, dtype=dtype).reshape(shape))
    if sparse:
        return tuple(grids)
    for d, g in enumerate(grids):
        result[d] = g
    return result


def ix_(*args):
    """Open-mesh index arrays from 1-d sequences (booleans become their nonzero positions); see
    numpy.ix_."""
    out = []
    n = len(args)
    for k, seq in enumerate(args):
        a = seq if isinstance(seq, _native.ndarray) else _native.asarray(numpy.asarray(seq))
        if a.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if a.dtype == numpy.bool_:
            a = _native._nonzero(a)[0]
        elif a.size == 0 and a.dtype.kind == "f":
            a = a.astype(numpy.int64)
        out.append(a.reshape((1,) * k + (a.size,) + (1,) * (n - k - 1)))
    return tuple(out)
