"""insert, delete and trim_zeros, as NumPy has them. Which positions to insert or delete is
worked out on the host (NumPy's rules, from `obj`, which is small); the elements move on the
device. trim_zeros reads the bounds of the nonzero elements back from the device."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import compress, nonzero

_not_equal = UFUNCS["not_equal"]


def _host(obj):
    return obj.get() if isinstance(obj, _native.ndarray) else obj


def _flat_or_axis(arr, axis):
    if axis is None:
        return arr.ravel(), 0
    return arr, normalize_axis_index(operator.index(axis), arr.ndim)


def delete(arr, obj, axis=None):
    """A copy of `arr` without the sub-arrays at `obj` (ints, a slice, or a boolean mask)
    along `axis` (the flattened array when None); see numpy.delete."""
    arr = device_array(arr, "delete")
    arr, axis = _flat_or_axis(arr, axis)
    n = arr.shape[axis]
    keep = numpy.ones(n, bool)
    obj = _host(obj)
    if isinstance(obj, slice):
        keep[obj] = False
    else:
        o = numpy.asarray(obj)
        if o.dtype == bool:
            if o.shape != (n,):
                raise ValueError("boolean array argument obj to delete must be one dimensional "
                                 f"and match the axis length of {n}")
            keep = ~o
        else:
            if o.size == 0 and o.dtype.kind == "f":
                o = o.astype(numpy.intp)
            if o.dtype.kind not in "iu":
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
            if ((o < -n) | (o >= n)).any():
                bad = o[(o < -n) | (o >= n)].ravel()[0]
                raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {n}")
            keep[o] = False
    return compress(_native.asarray(keep), arr, axis=axis)


def _insert_values(values, dtype, ndim):
    """numpy.array(values, ndmin=ndim, dtype=dtype) on the device."""
    if isinstance(values, _native.ndarray):
        v = values.astype(dtype, copy=False)
        return v.reshape((1,) * (ndim - v.ndim) + v.shape) if v.ndim < ndim else v
    return _native.asarray(numpy.array(values, ndmin=ndim, dtype=dtype))


def insert(arr, obj, values, axis=None):
    """A copy of `arr` with `values` inserted before the positions `obj` along `axis` (the
    flattened array when None); see numpy.insert."""
    arr = device_array(arr, "insert")
    arr, axis = _flat_or_axis(arr, axis)
    n = arr.shape[axis]
    obj = _host(obj)
    if isinstance(obj, slice):
        indices = numpy.arange(*obj.indices(n), dtype=numpy.intp)
    else:
        indices = numpy.asarray(obj)
        if indices.dtype == bool:
            raise IndexError("boolean array argument obj to insert is not supported")
        if indices.size == 0 and indices.dtype.kind == "f":
            indices = indices.astype(numpy.intp)
        if indices.dtype.kind not in "iu":
            raise IndexError("index array argument obj to insert must be one dimensional or "
                             "scalar")
        if indices.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or "
                             "scalar")
    lead = (slice(None),) * axis
    if indices.size == 1:  # NumPy inserts a block at one position (moved to `axis` if 0-d)
        index = int(indices.ravel()[0])
        if index < -n or index > n:
            raise IndexError(f"index {index} is out of bounds for axis {axis} with size {n}")
        index += n if index < 0 else 0
        v = _insert_values(values, arr.dtype, arr.ndim)
        if indices.ndim == 0:
            v = _native.moveaxis(v, 0, axis)
        count = v.shape[axis]
        shape = list(arr.shape)
        shape[axis] += count
        new = _native.empty(tuple(shape), arr.dtype)
        new[lead + (slice(None, index),)] = arr[lead + (slice(None, index),)]
        new[lead + (slice(index, index + count),)] = v
        new[lead + (slice(index + count, None),)] = arr[lead + (slice(index, None),)]
        return new
    indices = indices.astype(numpy.intp)
    if ((indices < -n) | (indices > n)).any():
        bad = indices[(indices < -n) | (indices > n)][0]
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {n}")
    indices[indices < 0] += n
    count = indices.size
    order = indices.argsort(kind="stable")
    indices[order] += numpy.arange(count)
    shape = list(arr.shape)
    shape[axis] += count
    old = numpy.ones(shape[axis], bool)
    old[indices] = False
    new = _native.empty(tuple(shape), arr.dtype)
    new[lead + (_native.asarray(indices),)] = values if isinstance(
        values, _native.ndarray) else _native.asarray(numpy.asarray(values, dtype=arr.dtype))
    new[lead + (_native.asarray(old),)] = arr
    return new


def trim_zeros(filt, trim="fb", axis=None):
    """`filt` without its leading and/or trailing zeros ('f', 'b' or 'fb'), along `axis` or
    along every axis (the bounding box of the nonzero elements); see numpy.trim_zeros."""
    filt = device_array(filt, "trim_zeros")
    trim = trim.lower()
    if not set(trim) <= {"f", "b"} or not trim:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = range(filt.ndim) if axis is None else (normalize_axis_index(operator.index(axis),
                                                                       filt.ndim),)
    coords = nonzero(_not_equal(filt, 0)) if filt.ndim else ()
    key = [slice(None)] * filt.ndim
    for d in axes:
        c = coords[d]
        if c.size == 0:
            key[d] = slice(0, 0)
            continue
        start = int(c.min()) if "f" in trim else 0
        stop = int(c.max()) + 1 if "b" in trim else filt.shape[d]
        key[d] = slice(start, stop)
    return filt[tuple(key)]
