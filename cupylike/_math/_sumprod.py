"""Sums, products and extrema (sum, prod, max, min, ptp) on the reduction objects of
cupylike/_core/_reductions.py.

Each takes NumPy's keywords. A reduction to a single value returns a 0-d cupylike array (NumPy
returns a NumPy scalar; the value stays on the device, as in CuPy).
"""

import numpy

from cupylike._core._ufunc_reduce import reduce_by
from cupylike._core._ufuncs import UFUNCS

__all__ = ["amax", "amin", "max", "min", "prod", "ptp", "sum"]

_NoValue = numpy._NoValue


def sum(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue,
        where=_NoValue):  # noqa: A001
    """Sum of array elements over the given axes (see numpy.sum): integers and bool accumulate
    in int64 (uint64 for unsigned) unless `dtype` says otherwise, float16 in float32; floating
    sums are pairwise."""
    return reduce_by("add", a, axis, dtype, out, keepdims, initial, where, what="sum")


def prod(a, axis=None, dtype=None, out=None, keepdims=_NoValue, initial=_NoValue,
         where=_NoValue):
    """Product of array elements over the given axes (see numpy.prod); accumulators as sum's."""
    return reduce_by("multiply", a, axis, dtype, out, keepdims, initial, where, what="prod")


def max(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):  # noqa: A001
    """Maximum along the given axes (see numpy.max): NaN propagates, complex values compare
    lexicographically; an empty slice needs `initial`."""
    return reduce_by("maximum", a, axis, None, out, keepdims, initial, where, what="max")


def min(a, axis=None, out=None, keepdims=_NoValue, initial=_NoValue, where=_NoValue):  # noqa: A001
    """Minimum along the given axes (see numpy.min); as max."""
    return reduce_by("minimum", a, axis, None, out, keepdims, initial, where, what="min")


amax, amin = max, min


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values (maximum - minimum) along the given axes (see numpy.ptp)."""
    high = max(a, axis, None, keepdims)
    return UFUNCS["subtract"](high, min(a, axis, None, keepdims), out=out)
