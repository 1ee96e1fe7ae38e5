"""NumPy's nan* reductions: NaNs left out. Types that cannot hold a NaN take the plain
reduction, as in NumPy.

nansum/nanprod count a NaN as the identity in the kernel; nanmax/nanmin are fmax/fmin.reduce;
nanargmax/nanargmin search with NaNs left out; nanmean/nanvar/nanstd are mean/var with the
non-NaN elements as the where= mask. NumPy's all-NaN RuntimeWarnings and ValueErrors need a
value read back from the device (one bool), as NumPy's own checks do.
"""

import operator
import warnings

import numpy

from cupylike._core import _native
from cupylike._core._ufunc_reduce import check_array, reduce_by
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._selection import where as where_
from cupylike._sorting._search import argmax, argmin
from cupylike._statistics._meanvar import (
    _ddof,
    _mask,
    any_true,
    count,
    mean,
    root_of_var,
    var,
    var_and_count,
)

_NoValue = numpy._NoValue


def _inexact(a):
    return a.dtype.kind in "fc"


def _nan_fill(name, plain, a, axis, dtype, out, keepdims, initial, where):
    check_array(a, plain)
    if not _inexact(a):
        return reduce_by(plain, a, axis, dtype, out, keepdims, initial, where)
    if dtype is not None and numpy.dtype(dtype).kind not in "fc":
        # An integer dtype= reads the values as it: replace the NaNs first, as NumPy does.
        neutral = 0 if plain == "add" else 1
        a = where_(UFUNCS["isnan"](a), neutral, a)
        return reduce_by(plain, a, axis, dtype, out, keepdims, initial, where)
    return reduce_by(name, a, axis, dtype, out, keepdims, initial, where)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Sum treating NaNs as zero (see numpy.nansum)."""
    return _nan_fill("nan_add", "add", a, axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Product treating NaNs as one (see numpy.nanprod)."""
    return _nan_fill("nan_multiply", "multiply", a, axis, dtype, out, keepdims, initial, where)


def _nan_extreme(name, a, axis, out, keepdims, initial, where):
    res = reduce_by(name, a, axis, None, out, keepdims, initial, where,
                    what="nanmax" if name == "fmax" else "nanmin")
    if _inexact(res) and res.size and any_true(UFUNCS["isnan"](res)):
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
    return res


def nanmax(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Maximum ignoring NaNs (see numpy.nanmax); an all-NaN slice gives NaN and a
    RuntimeWarning."""
    return _nan_extreme("fmax", a, axis, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=_NoValue, where=True):
    """Minimum ignoring NaNs (see numpy.nanmin); as nanmax."""
    return _nan_extreme("fmin", a, axis, out, keepdims, initial, where)


def _nan_arg(name, plain, a, axis, out, keepdims):
    check_array(a, name)
    if not _inexact(a):
        return (argmax if plain == "argmax" else argmin)(a, axis, out, keepdims=keepdims)
    if axis is not None:
        axis = operator.index(axis)
    res = reduce_by(name, a, axis, a.dtype, None, keepdims)
    if res.size and any_true(res < 0):  # the kernel's mark of an all-NaN slice
        raise ValueError("All-NaN slice encountered")
    if out is None:
        return res
    out[...] = res
    return out


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """Indices of the maximum values ignoring NaNs (see numpy.nanargmax); an all-NaN slice is
    a ValueError."""
    return _nan_arg("nanargmax", "argmax", a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """Indices of the minimum values ignoring NaNs (see numpy.nanargmin); as nanargmax."""
    return _nan_arg("nanargmin", "argmin", a, axis, out, keepdims)


def _valid(a, where):
    """The non-NaN elements, within where= when given."""
    valid = UFUNCS["logical_not"](UFUNCS["isnan"](a))
    where = _mask(where)
    return valid if where is True else UFUNCS["logical_and"](valid, where)


def _check_inexact(dtype, out):
    if dtype is not None and numpy.dtype(dtype).kind not in "fc":
        raise TypeError("If a is inexact, then dtype must be inexact")
    if out is not None and out.dtype.kind not in "fc":
        raise TypeError("If a is inexact, then out must be inexact")


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    """Mean ignoring NaNs (see numpy.nanmean); an all-NaN slice gives NaN and a
    RuntimeWarning."""
    check_array(a, "nanmean")
    if not _inexact(a):
        return mean(a, axis, dtype, out, keepdims, where=where)
    _check_inexact(dtype, out)
    valid = _valid(a, where)
    n = count(a, axis, keepdims, valid)
    total = reduce_by("add", a, axis, dtype, out, keepdims, _NoValue, valid)
    total = UFUNCS["true_divide"](total, n, out=total, casting="unsafe")
    if any_true(n == 0):
        warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
    return total


def _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction, name):
    check_array(a, name)
    if not _inexact(a):
        return var(a, axis, dtype, out, ddof, keepdims, where=where, mean=mean,
                   correction=correction)
    _check_inexact(dtype, out)
    ddof = _ddof(ddof, correction)
    ret, n = var_and_count(a, axis, dtype, out, ddof, keepdims, _valid(a, where), mean, False)
    bad = UFUNCS["less_equal"](n, ddof) if isinstance(n, _native.ndarray) else bool(n <= ddof)
    if any_true(bad):
        warnings.warn("Degrees of freedom <= 0 for slice.", RuntimeWarning, stacklevel=3)
        UFUNCS["add"](ret, numpy.nan, out=ret, where=bad)  # NumPy's NaN for those slices
    return ret


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=_NoValue, correction=_NoValue):
    """Variance ignoring NaNs (see numpy.nanvar); a slice with count <= ddof gives NaN and a
    RuntimeWarning."""
    return _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction, "nanvar")


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
           mean=_NoValue, correction=_NoValue):
    """Standard deviation ignoring NaNs (see numpy.nanstd)."""
    ret = _nanvar(a, axis, dtype, out, ddof, keepdims, where, mean, correction, "nanstd")
    return root_of_var(ret, out)
