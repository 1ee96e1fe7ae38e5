"""Joining arrays: concatenate, stack, hstack, vstack, dstack, column_stack and append, as
NumPy has them. The result is allocated once and each input is copied into its slice (one copy
kernel per input, casting as NumPy's `casting` rule allows)."""

import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array


def _device_arrays(arrays, what):
    if isinstance(arrays, _native.ndarray):
        arrays = list(arrays)  # NumPy iterates over the first axis
    try:
        arrays = list(arrays)
    except TypeError:
        raise TypeError(f"{what}: expected a sequence of arrays") from None
    for a in arrays:
        device_array(a, what)
    return arrays


def _result_dtype(arrays, dtype, casting):
    if dtype is None:
        return numpy.result_type(*(a.dtype for a in arrays))
    dtype = numpy.dtype(dtype)
    for a in arrays:
        if not numpy.can_cast(a.dtype, dtype, casting):
            raise TypeError(f"Cannot cast array data from {a.dtype!r} to {dtype!r} according "
                            f"to the rule '{casting}'")
    return dtype


def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays along an existing axis (see numpy.concatenate); axis=None joins the
    flattened arrays. NumPy's ValueErrors for mismatched shapes and 0-d inputs."""
    if axis is not None:  # NumPy parses its arguments before it looks at the arrays
        axis = operator.index(axis)
    arrays = _device_arrays(arrays, "concatenate")
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both "
                        "were provided.")
    if axis is None:
        arrays = [a.ravel() for a in arrays]
        axis = 0
    first = arrays[0]
    if first.ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis_index(axis, first.ndim)
    shape = list(first.shape)
    for i, a in enumerate(arrays[1:], start=1):
        if a.ndim != first.ndim:
            raise ValueError("all the input arrays must have same number of dimensions, but the "
                             f"array at index 0 has {first.ndim} dimension(s) and the array at "
                             f"index {i} has {a.ndim} dimension(s)")
        for d in range(first.ndim):
            if d != axis and a.shape[d] != first.shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation "
                                 f"axis must match exactly, but along dimension {d}, the array "
                                 f"at index 0 has size {first.shape[d]} and the array at index "
                                 f"{i} has size {a.shape[d]}")
        shape[axis] += a.shape[axis]
    if out is not None:
        if not isinstance(out, _native.ndarray):
            raise TypeError("out must be a cupylike.ndarray")
        if out.shape != tuple(shape):
            raise ValueError("Output array is the wrong shape")
        _result_dtype(arrays, out.dtype, casting)
        result = out
    else:
        result = _native.empty(tuple(shape), _result_dtype(arrays, dtype, casting))
    start = 0
    lead = (slice(None),) * axis
    for a in arrays:
        n = a.shape[axis]
        result[lead + (slice(start, start + n),)] = a
        start += n
    return result


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    """Join arrays of one shape along a new axis (see numpy.stack)."""
    arrays = _device_arrays(arrays, "stack")
    if not arrays:
        raise ValueError("need at least one array to stack")
    if any(a.shape != arrays[0].shape for a in arrays):
        raise ValueError("all input arrays must have the same shape")
    axis = normalize_axis_index(operator.index(axis), arrays[0].ndim + 1)
    expanded = [_native.expand_dims(a, axis) for a in arrays]
    return concatenate(expanded, axis=axis, out=out, dtype=dtype, casting=casting)


def atleast_1d(*arys):
    """Arrays with at least one dimension (0-d ones become shape (1,))."""
    result = [a if a.ndim >= 1 else a.reshape(1) for a in _device_arrays(arys, "atleast_1d")]
    return result[0] if len(result) == 1 else tuple(result)


def atleast_2d(*arys):
    """Arrays with at least two dimensions: (N,) becomes (1, N)."""
    result = [a if a.ndim >= 2 else a.reshape((1,) * (2 - a.ndim) + a.shape)
              for a in _device_arrays(arys, "atleast_2d")]
    return result[0] if len(result) == 1 else tuple(result)


def atleast_3d(*arys):
    """Arrays with at least three dimensions: (N,) becomes (1, N, 1), (M, N) becomes
    (M, N, 1)."""
    result = []
    for a in _device_arrays(arys, "atleast_3d"):
        if a.ndim == 0:
            a = a.reshape(1, 1, 1)
        elif a.ndim == 1:
            a = a.reshape(1, a.shape[0], 1)
        elif a.ndim == 2:
            a = a.reshape(a.shape + (1,))
        result.append(a)
    return result[0] if len(result) == 1 else tuple(result)


def vstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays vertically (row-wise): concatenate along the first axis after
    atleast_2d."""
    arrays = [atleast_2d(a) for a in _device_arrays(tup, "vstack")]
    return concatenate(arrays, axis=0, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays horizontally: along the second axis, or the first for 1-d arrays."""
    arrays = [atleast_1d(a) for a in _device_arrays(tup, "hstack")]
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return concatenate(arrays, axis=axis, dtype=dtype, casting=casting)


def dstack(tup):
    """Stack arrays along the third axis after atleast_3d."""
    arrays = [atleast_3d(a) for a in _device_arrays(tup, "dstack")]
    return concatenate(arrays, axis=2)


def column_stack(tup):
    """Stack 1-d arrays as columns of a 2-d array (2-d arrays as they are)."""
    arrays = [a.reshape(a.size, 1) if a.ndim < 2 else a
              for a in _device_arrays(tup, "column_stack")]
    return concatenate(arrays, axis=1)


def append(arr, values, axis=None):
    """`values` appended to the end of `arr` (both flattened when axis is None)."""
    arr, values = _device_arrays((arr, values), "append")
    if axis is None:
        return concatenate((arr.ravel(), values.ravel()), axis=0)
    return concatenate((arr, values), axis=axis)
