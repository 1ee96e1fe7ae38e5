"""Truth value testing: all and any, the logical_and / logical_or reductions of
cupylike/_core/_reductions.py with NumPy's keywords."""

import numpy

from cupylike._core._ufunc_reduce import reduce_by

_NoValue = numpy._NoValue


def all(a, axis=None, out=None, keepdims=_NoValue, *, where=_NoValue):  # noqa: A001
    """Whether all elements along the given axes are true (see numpy.all)."""
    return reduce_by("logical_and", a, axis, numpy.bool_, out, keepdims, _NoValue, where,
                     what="all")


def any(a, axis=None, out=None, keepdims=_NoValue, *, where=_NoValue):  # noqa: A001
    """Whether any element along the given axes is true (see numpy.any)."""
    return reduce_by("logical_or", a, axis, numpy.bool_, out, keepdims, _NoValue, where,
                     what="any")
