"""average: the (weighted) mean along axes, as numpy.average computes it."""

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._logic._truth import any as _any
from cupylike._math._sumprod import sum as _sum
from cupylike._statistics._meanvar import mean as _mean

_multiply = UFUNCS["multiply"]
_true_divide = UFUNCS["true_divide"]
_equal = UFUNCS["equal"]


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _weights_along(a, weights, axis):
    """The weights broadcastable against a: as they are when shaped like a, else a 1-D (or
    N-D) array along `axis`, reshaped to put its axes where a has them."""
    if weights.shape == a.shape:
        return weights
    if axis is None:
        raise TypeError("Axis must be specified when shapes of a and weights differ.")
    if weights.shape != tuple(a.shape[d] for d in axis):
        raise ValueError("Shape of weights must be consistent with shape of a along specified "
                         "axis.")
    # NumPy orders weight axes as given in `axis`; move them into a's axis order.
    order = sorted(range(len(axis)), key=lambda i: axis[i])
    weights = weights.transpose(order)
    shape = [a.shape[d] if d in axis else 1 for d in range(a.ndim)]
    return weights.reshape(shape)


def average(a, axis=None, weights=None, returned=False, *, keepdims=numpy._NoValue):
    """Weighted average along the given axes (see numpy.average):
    ``sum(a * weights) / sum(weights)``, or the mean without weights.

    `weights` has a's shape or, with `axis`, the shape of a along those axes. The result's dtype
    is ``result_type(a, weights)``, float64 for integer or bool `a`. With `returned`, also
    returns the sum of the weights (the element count without weights), broadcast to the
    result's shape. Weights summing to zero raise ZeroDivisionError (a device-to-host read).
    A result of one value is a 0-d array.
    """
    a = _as_array(a)
    keepdims = False if keepdims is numpy._NoValue else keepdims
    if axis is not None:
        axis = normalize_axis_tuple(axis, a.ndim)
    if weights is None:
        avg = _mean(a, axis=axis, keepdims=keepdims)
        if avg.size == 0:  # NumPy divides a.size by the result's size, also for no result
            raise ZeroDivisionError("division by zero")
        scale = _native.full(avg.shape, a.size // avg.size, avg.dtype)
    else:
        weights = _as_array(weights)
        if a.dtype.kind in "biu":
            dtype = numpy.result_type(a.dtype, weights.dtype, "f8")
        else:
            dtype = numpy.result_type(a.dtype, weights.dtype)
        weights = _weights_along(a, weights, axis)
        scale = _sum(weights, axis=axis, dtype=dtype, keepdims=keepdims)
        if bool(_any(_equal(scale, 0))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        total = _sum(_multiply(a, weights, dtype=dtype), axis=axis, keepdims=keepdims)
        avg = _true_divide(total, scale)
    if not returned:
        return avg
    if scale.shape != avg.shape:
        scale = _native.broadcast_to(scale, avg.shape).copy()
    return avg, scale
