"""numpy.lib.stride_tricks: views with chosen shapes and strides over an array's memory."""

import inspect
import operator

import numpy

from cupylike._core import _native, _numpy_version
from cupylike._core._device_arrays import device_array

__all__ = ["as_strided", "sliding_window_view"]


def as_strided(x, shape=None, strides=None, subok=False, writeable=True, *, check_bounds=None):
    """A view of `x` with the given shape and byte strides (numpy.lib.stride_tricks.as_strided).

    `check_bounds` (NumPy 2.5; a TypeError under an older NumPy, as there) asks NumPy to
    refuse views that could reach outside `x`'s memory (ValueError). cupylike always does:
    True, False and None alike give that check.

    Notes
    -----
    Unlike NumPy, a view whose elements would reach outside `x`'s memory block raises
    ValueError whatever `check_bounds` says: on a GPU such a read faults the whole context.
    Overlapping views are allowed; writing through them has NumPy's caveats (the order of the
    writes is not defined).
    """
    if check_bounds is not None and _numpy_version.NUMPY_VERSION < (2, 5):
        raise TypeError("as_strided() got an unexpected keyword argument 'check_bounds'")
    x = device_array(x, "as_strided")
    shape = x.shape if shape is None else tuple(operator.index(s) for s in shape)
    strides = x.strides if strides is None else tuple(operator.index(s) for s in strides)
    return _native._as_strided(x, shape, strides, bool(writeable) and x.flags.writeable)


_AS_STRIDED = inspect.signature(as_strided)


def _as_strided_signature(version):
    """as_strided's signature as NumPy `version` (major, minor) has it: check_bounds from 2.5."""
    if version >= (2, 5):
        return _AS_STRIDED
    return _AS_STRIDED.replace(parameters=[p for p in _AS_STRIDED.parameters.values()
                                           if p.name != "check_bounds"])


as_strided.__signature__ = _as_strided_signature(_numpy_version.NUMPY_VERSION)


def _axes(axis, ndim, count):
    if axis is None:
        return tuple(range(ndim))
    axes = tuple(axis) if numpy.iterable(axis) else (axis,)
    if len(axes) != count:
        raise ValueError("Must provide matching length window_shape and axis; got "
                         f"{count} window_shape elements and {len(axes)} axes elements.")
    return tuple(numpy.lib.array_utils.normalize_axis_index(operator.index(a), ndim)
                 for a in axes)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Every window of `window_shape` over `x` as a view, the window's axes last
    (numpy.lib.stride_tricks.sliding_window_view); read-only unless writeable=True."""
    x = device_array(x, "sliding_window_view")
    window = (tuple(operator.index(w) for w in window_shape) if numpy.iterable(window_shape)
              else (operator.index(window_shape),))
    if any(w < 0 for w in window):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None and len(window) != x.ndim:
        raise ValueError(f"Since axis is `None`, must provide window_shape for all dimensions "
                         f"of `x`; got {len(window)} window_shape elements and `x.ndim` is "
                         f"{x.ndim}.")
    axes = _axes(axis, x.ndim, len(window))
    shape = list(x.shape)
    for ax, w in zip(axes, window, strict=True):
        if shape[ax] < w:
            raise ValueError("window shape cannot be larger than input array shape")
        shape[ax] -= w - 1
    strides = x.strides + tuple(x.strides[ax] for ax in axes)
    return as_strided(x, tuple(shape) + window, strides, writeable=writeable)
