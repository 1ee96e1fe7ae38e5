"""NumPy's reductions (sum, prod, max, argmax, all, mean, var, nan*, ...) on the reduction
objects of cupylike/_reductions.py, and the ndarray methods of the same names.

Each takes NumPy's keywords. A reduction to a single value returns a 0-d cupylike array (NumPy
returns a NumPy scalar; the value stays on the device, as in CuPy).
"""

import builtins
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._nanfunctions import (
    nanargmax,
    nanargmin,
    nanmax,
    nanmean,
    nanmin,
    nanprod,
    nanstd,
    nansum,
    nanvar,
)
from cupylike._statistics import mean, std, var
from cupylike._ufunc_reduce import check_array, reduce_by
from cupylike._ufuncs import UFUNCS

__all__ = [
    "all", "amax", "amin", "any", "argmax", "argmin", "count_nonzero", "max", "mean", "min",
    "nanargmax", "nanargmin", "nanmax", "nanmean", "nanmin", "nanprod", "nanstd", "nansum",
    "nanvar", "prod", "ptp", "std", "sum", "var",
]

_NoValue = numpy._NoValue


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Sum of array elements over the given axes (see numpy.sum): integers and bool accumulate
    in int64 (uint64 for unsigned) unless `dtype` says otherwise, float16 in float32; floating
    sums are pairwise."""
    return reduce_by("add", a, axis, dtype, out, keepdims, initial, where, what="sum")


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of array elements over the given axes (see numpy.prod); accumulators as sum's."""
    return reduce_by("multiply", a, axis, dtype, out, keepdims, initial, where, what="prod")


def max(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Maximum along the given axes (see numpy.max): NaN propagates, complex values compare
    lexicographically; an empty slice needs `initial`."""
    return reduce_by("maximum", a, axis, None, out, keepdims, initial, where, what="max")


def min(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Minimum along the given axes (see numpy.min); as max."""
    return reduce_by("minimum", a, axis, None, out, keepdims, initial, where, what="min")


amax, amin = max, min


def _arg(name, a, axis, out, keepdims):
    check_array(a, name)
    if axis is not None:
        axis = operator.index(axis)
    # NumPy takes `out` as an intp array it writes back to, so its dtype must cast safely to
    # int64 (the narrower integers and bool do; uint64 and floats do not); after the axis.
    if axis is not None:
        axis = normalize_axis_index(axis, builtins.max(a.ndim, 1))
    # An empty slice is NumPy's first error, before out's.
    if (a.size if axis is None or a.ndim == 0 else a.shape[axis]) == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    dtype = getattr(out, "dtype", None)
    if dtype is not None and not numpy.can_cast(dtype, numpy.int64, "safe"):
        raise TypeError(f"Cannot cast scalar from {dtype!r} to dtype('int64') according to the "
                        "rule 'safe'")
    # dtype= the input's: the loop reads the values as they are whatever out's dtype is.
    return reduce_by(name, a, axis, a.dtype, out, keepdims)


def argmax(a, axis=None, out=None, *, keepdims=False):
    """Indices of the maximum values along an axis (see numpy.argmax): the first occurrence;
    a NaN is the maximum."""
    return _arg("argmax", a, axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the minimum values along an axis (see numpy.argmin): the first occurrence;
    a NaN is the minimum."""
    return _arg("argmin", a, axis, out, keepdims)


def all(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether all elements along the given axes are true (see numpy.all)."""
    return reduce_by("logical_and", a, axis, numpy.bool_, out, keepdims, _NoValue, where,
                     what="all")


def any(a, axis=None, out=None, keepdims=False, *, where=True):  # noqa: A001
    """Whether any element along the given axes is true (see numpy.any)."""
    return reduce_by("logical_or", a, axis, numpy.bool_, out, keepdims, _NoValue, where,
                     what="any")


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of non-zero values along the given axes (see numpy.count_nonzero), as int64 (a
    0-d array where NumPy returns a Python int)."""
    return reduce_by("count_nonzero", a, axis, None, None, keepdims, what="count_nonzero")


def ptp(a, axis=None, out=None, keepdims=False):
    """Range of values (maximum - minimum) along the given axes (see numpy.ptp)."""
    high = max(a, axis, None, keepdims)
    return UFUNCS["subtract"](high, min(a, axis, None, keepdims), out=out)


def _method(function):
    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = function.__name__
    method.__doc__ = function.__doc__
    return method


def add_ndarray_methods(cls):
    """ndarray.sum, .prod, .max, ... as NumPy's methods (the functions with the array first)."""
    for function in (sum, prod, max, min, argmax, argmin, all, any, mean, var, std):
        setattr(cls, function.__name__, _method(function))
