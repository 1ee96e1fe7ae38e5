"""Reading and writing through computed indices: take_along_axis, put_along_axis, put, place,
putmask, choose and select, as NumPy has them, on top of advanced indexing. Functions whose
NumPy errors depend on the data (choose's index range, place's empty values) read one flag
back from the device."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._index_grids import unravel_coordinates
from cupylike._indexing._indexing import flatnonzero, index_array

_where = UFUNCS["_where"]
_remainder = UFUNCS["remainder"]
_clip = UFUNCS["_clip"]
_logical_or = UFUNCS["logical_or"]
_less = UFUNCS["less"]
_greater_equal = UFUNCS["greater_equal"]
_add = UFUNCS["add"]


def _as_indices(indices):
    if isinstance(indices, _native.ndarray):
        return indices
    return _native.asarray(numpy.asarray(indices))


def _along_axis_key(arr, indices, axis):
    """The advanced key that pairs `indices` with the positions along every other axis."""
    if indices.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        return arr.ravel(), (indices,)
    axis = normalize_axis_index(operator.index(axis), arr.ndim)
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    key = []
    for d in range(arr.ndim):
        if d == axis:
            key.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[d] = arr.shape[d]
            key.append(_native.arange(arr.shape[d]).reshape(tuple(shape)))
    return arr, tuple(key)


def take_along_axis(arr, indices, axis=-1):
    """Values of `arr` at `indices` along `axis`, the other axes broadcast (see
    numpy.take_along_axis)."""
    arr = device_array(arr, "take_along_axis")
    base, key = _along_axis_key(arr, _as_indices(indices), axis)
    return base[key]


def put_along_axis(arr, indices, values, axis):
    """Writes `values` into `arr` at `indices` along `axis` (see numpy.put_along_axis)."""
    arr = device_array(arr, "put_along_axis")
    if axis is None and not arr.flags.c_contiguous:
        # NumPy writes through arr's flattened view; a copy would drop the values.
        raise ValueError("assignment destination is read-only")
    base, key = _along_axis_key(arr, _as_indices(indices), axis)
    base[key] = values


def _flat_positions(a, ind, mode):
    ind = index_array(ind).ravel()
    n = a.size
    if mode == "wrap":
        return _remainder(ind, max(n, 1))
    if mode == "clip":
        return _clip(ind, 0, max(n - 1, 0))
    if mode != "raise":
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    return ind


def cycled(values, count):
    """`values` flattened and repeated to `count` elements, as NumPy's put, place and
    fill_diagonal use them."""
    v = values if isinstance(values, _native.ndarray) else _native.asarray(numpy.asarray(values))
    v = v.ravel()
    if v.size == count:
        return v
    return v[_native.asarray(numpy.arange(count) % max(v.size, 1))]


def put(a, ind, v, mode="raise"):
    """a.flat[ind] = v, with v repeated as needed (see numpy.put)."""
    a = device_array(a, "put")
    positions = _flat_positions(a, ind, mode)
    values = v if isinstance(v, _native.ndarray) else _native.asarray(numpy.asarray(v))
    if positions.size == 0 or values.size == 0:  # NumPy: nothing to write, nothing checked
        return
    n = a.size
    if n == 0:
        raise IndexError("cannot replace elements of an empty array")
    if mode == "raise":
        outside = _logical_or(_less(positions, -n), _greater_equal(positions, n))
        if bool(outside.any()):
            bad = int(positions[outside][0])
            raise IndexError(f"index {bad} is out of bounds for axis 0 with size {n}")
        positions = _where(_less(positions, 0), _add(positions, n), positions)
    target = a[None] if a.ndim == 0 else a  # a 0-d array's one element, as a 1-d view
    target[unravel_coordinates(positions, target.shape)] = cycled(values, positions.size)


def place(arr, mask, vals):
    """Writes `vals` (repeated as needed) into the elements of `arr` where `mask` is true,
    in order (see numpy.place)."""
    arr = device_array(arr, "place")
    mask = device_array(mask, "place")
    if mask.size != arr.size:
        raise ValueError("place: mask and data must be the same size")
    positions = flatnonzero(mask)
    if positions.size == 0:
        return
    v = vals if isinstance(vals, _native.ndarray) else _native.asarray(numpy.asarray(vals))
    if v.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    arr[unravel_coordinates(positions, arr.shape)] = cycled(v, positions.size)


def putmask(a, mask, values):
    """a[mask] = values, where value k of the flattened `values` (repeated) goes to the k-th
    flat position of `a`, true or not (see numpy.putmask)."""
    a = device_array(a, "putmask")
    mask = device_array(mask, "putmask")
    if mask.shape != a.shape:
        raise ValueError("putmask: mask and data must be the same size")
    positions = flatnonzero(mask)
    if positions.size == 0:
        return
    v = values if isinstance(values, _native.ndarray) else _native.asarray(numpy.asarray(values))
    if v.size == 0:
        return
    flat_values = v.ravel()[_remainder(positions, v.size)]
    a[mask] = flat_values


def choose(a, choices, out=None, mode="raise"):
    """Each element taken from the choice array `a` names, all broadcast together (see
    numpy.choose)."""
    a = device_array(a, "choose")
    choices = [device_array(c, "choose") for c in choices]
    n = len(choices)
    if n == 0:
        raise ValueError("0-length sequence.")
    if a.dtype.kind not in "iu":
        raise TypeError(f"Cannot cast array data from {a.dtype!r} to dtype('int64') "
                        "according to the rule 'safe'")
    shape = numpy.broadcast_shapes(a.shape, *(c.shape for c in choices))
    if mode == "raise":
        bad = _logical_or(_less(a, 0), _greater_equal(a, n)).any()
        if bool(bad):
            raise ValueError("invalid entry in choice array")
        index = a
    elif mode == "wrap":
        index = _remainder(a, n)
    elif mode == "clip":
        index = _clip(a, 0, n - 1)
    else:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    dtype = numpy.result_type(*(c.dtype for c in choices))
    stacked = _native.empty((n,) + shape, dtype)
    for k, c in enumerate(choices):
        stacked[k] = c
    index = _native.broadcast_to(index, shape).reshape((1,) + shape)
    key = [index] + [
        _native.arange(s).reshape(tuple(s if j == d else 1 for j in range(len(shape))))
        for d, s in enumerate(shape)]
    result = stacked[tuple(key)][0] if shape else stacked[tuple(key)].reshape(())
    if out is None:
        return result
    out[...] = result
    return out


def select(condlist, choicelist, default=0):
    """Elements from `choicelist` where the first true condition of `condlist` points, else
    `default` (see numpy.select)."""
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if len(choicelist) == 0:
        raise ValueError("select with an empty condition list is not possible")
    conds = [device_array(c, "select") for c in condlist]
    for i, c in enumerate(conds):
        if c.dtype != numpy.bool_:
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    operands = [c.dtype if isinstance(c, _native.ndarray) else c for c in choicelist]
    dtype = numpy.result_type(*operands, default if not isinstance(default, _native.ndarray)
                              else default.dtype)
    result = default
    for cond, choice in zip(reversed(conds), reversed(list(choicelist)), strict=True):
        result = _where(cond, choice, result, dtype=dtype)
    if not isinstance(result, _native.ndarray):
        result = _native.asarray(numpy.asarray(result, dtype))
    shape = numpy.broadcast_shapes(*(c.shape for c in conds),
                                   *(numpy.shape(c) for c in choicelist))
    return result if result.shape == shape else _native.broadcast_to(result, shape).copy()
