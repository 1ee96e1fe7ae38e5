"""numpy.trapezoid: integration along an axis by the trapezoidal rule, on the ufuncs and the
sum reduction."""

from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._cumulative import diff


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of `y` along `axis` by the trapezoidal rule (see numpy.trapezoid):
    sum(d * (y[1:] + y[:-1]) / 2) with d the spacing `dx` or the differences of the sample
    points `x` (1-d along `axis`, or y's shape)."""
    y = device_array(y, "trapezoid")
    axis = normalize_axis_index(axis, y.ndim)
    if x is None:
        d = dx
    else:
        x = device_array(x, "trapezoid")
        if x.ndim == 1:
            d = diff(x)
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = _native.reshape(d, tuple(shape))
        else:
            d = diff(x, axis=axis)
    later = [slice(None)] * y.ndim
    earlier = [slice(None)] * y.ndim
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    halves = UFUNCS["true_divide"](
        UFUNCS["multiply"](d, UFUNCS["add"](y[tuple(later)], y[tuple(earlier)])), 2.0)
    return UFUNCS["add"].reduce(halves, axis)
