"""NumPy's reductions (sum, prod, ...) on the reduction objects of cupylike/_reductions.py,
and the ndarray methods of the same names.

Each takes NumPy's keywords. A reduction to a single value returns a 0-d cupylike array (NumPy
returns a NumPy scalar; the value stays on the device, as in CuPy).
"""

import numpy

from cupylike._reductions import REDUCTIONS

_NoValue = numpy._NoValue
_add = REDUCTIONS["add"]
_multiply = REDUCTIONS["multiply"]


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):  # noqa: A001
    """Sum of array elements over the given axes (see numpy.sum): integers and bool accumulate
    in int64 (uint64 for unsigned) unless `dtype` says otherwise, float16 in float32; floating
    sums are pairwise."""
    return _add(a, axis, dtype, out, keepdims, initial, where)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product of array elements over the given axes (see numpy.prod); accumulators as sum's."""
    return _multiply(a, axis, dtype, out, keepdims, initial, where)


def _method(function):
    def method(self, *args, **kwargs):
        return function(self, *args, **kwargs)

    method.__name__ = function.__name__
    method.__doc__ = function.__doc__
    return method


def add_ndarray_methods(cls):
    """ndarray.sum, .prod, ... as NumPy's methods (the functions with the array first)."""
    for function in (sum, prod):
        setattr(cls, function.__name__, _method(function))
