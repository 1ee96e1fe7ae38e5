"""apply_along_axis and apply_over_axes, as NumPy has them: the user's function runs once per
1-d slice (or once per axis) on device arrays, and each result is written into one
preallocated device array."""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array


def _as_result(value):
    """A function's result as a device array (scalars and device arrays; NumPy takes any
    array-like here, cupylike.asarray decides what moves to the device)."""
    return value if isinstance(value, _native.ndarray) else _native.asarray(value)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d applied to the 1-d slices of `arr` along `axis` (see numpy.apply_along_axis).
    The result's dtype is that of the first slice's result, as NumPy's; its dimensions
    replace `axis` with the dimensions of func1d's result."""
    arr = device_array(arr, "apply_along_axis")
    nd = arr.ndim
    axis = normalize_axis_index(axis, nd)
    # The slices are the last axis of this view, which NumPy's index order walks too.
    dims = list(range(nd))
    view = arr.transpose(dims[:axis] + dims[axis + 1:] + [axis])
    indices = (index + (Ellipsis,) for index in numpy.ndindex(view.shape[:-1]))
    try:
        first = next(indices)
    except StopIteration:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0") from None
    result = _as_result(func1d(view[first], *args, **kwargs))
    buffer = _native.empty(view.shape[:-1] + result.shape, result.dtype)
    buffer[first] = result
    for index in indices:
        buffer[index] = _as_result(func1d(view[index], *args, **kwargs))
    # Back to the input's order: the result's dimensions where `axis` was.
    out_dims = list(range(buffer.ndim))
    lead = buffer.ndim - result.ndim
    return buffer.transpose(out_dims[:axis] + out_dims[lead:] + out_dims[axis:lead])


def apply_over_axes(func, a, axes):
    """func(a, axis) applied over each of `axes` in turn, keeping the dimensions (see
    numpy.apply_over_axes): a result with one dimension fewer gets it back."""
    value = device_array(a, "apply_over_axes")
    n = value.ndim
    if numpy.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = n + axis
        result = func(value, axis)
        if result.ndim != value.ndim:
            result = _native.expand_dims(result, axis)
            if result.ndim != value.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        value = result
    return value
