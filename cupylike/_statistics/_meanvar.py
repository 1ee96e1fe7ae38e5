"""mean, var and std as NumPy composes them (numpy/_core/_methods.py), so results and dtypes
match: the sum of the elements (pairwise, in the dtype NumPy picks: float64 for integers,
float32 for float16) divided by the count; var subtracts the mean (kept dimensions), sums the
squared magnitudes of the deviations (one pass of the abs2_add reduction) and divides by
max(count - ddof, 0). With where=, the count is the mask's per slice. NumPy's RuntimeWarnings
for empty slices and ddof >= count are raised the same way (with a mask, that check reads a
value back from the device).
"""

import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufunc_reduce import check_array, reduce_by
from cupylike._core._ufuncs import UFUNCS

_NoValue = numpy._NoValue
_true_divide = UFUNCS["true_divide"]


def _given(keepdims, where):
    """keepdims and where with NumPy's defaults (its signatures say _NoValue: not given)."""
    return (False if keepdims is _NoValue else keepdims), (True if where is _NoValue else where)


def _mask(where):
    """where= as True (no mask) or a device array; a NumPy or Python bool is broadcast. Only
    Python's True means no mask, as in NumPy (`where is True`): a NumPy True counts through
    the mask, which lets axis=0 reduce a 0-d array as ufunc.reduce does."""
    if where is True:
        return True
    if isinstance(where, (bool, numpy.bool_)):
        return _native.asarray(numpy.bool_(where))
    if isinstance(where, _native.ndarray) and where.dtype != numpy.bool_:
        raise TypeError(f"Cannot cast array data from dtype('{where.dtype}') to dtype('bool') "
                        "according to the rule 'safe'")
    return where


def count(a, axis, keepdims, where):
    """Elements per output slice: a NumPy intp without a mask, else an int64 device array."""
    if where is True:
        # NumPy's count checks each axis, not their repeats: the reduction after it does.
        axes = range(a.ndim) if axis is None else axis if isinstance(axis, tuple) else (axis,)
        n = 1
        for ax in axes:
            n *= a.shape[normalize_axis_index(ax, a.ndim)]
        return numpy.intp(n)
    return reduce_by("add", _native.broadcast_to(where, a.shape), axis, numpy.intp, None,
                     keepdims)


def any_true(flags):
    """A Python bool: NumPy bool as it is, a device array read back."""
    return bool(flags) if not isinstance(flags, _native.ndarray) else bool(
        reduce_by("logical_or", flags, None, numpy.bool_))


def mean(a, axis=None, dtype=None, out=None, keepdims=_NoValue, *, where=_NoValue):
    """Arithmetic mean along the given axes (see numpy.mean): integers in float64, float16
    summed in float32 and returned as float16."""
    check_array(a, "mean")
    keepdims, where = _given(keepdims, where)
    where = _mask(where)
    n = count(a, axis, keepdims, where)
    if any_true(n == 0):
        warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
    half = False
    if dtype is None:
        if a.dtype.kind in "biu":
            dtype = numpy.float64
        elif a.dtype == numpy.float16:
            dtype, half = numpy.float32, True
    total = reduce_by("add", a, axis, dtype, out, keepdims, _NoValue, where)
    total = _true_divide(total, n, out=total, casting="unsafe")
    if half and out is None:
        total = total.astype(numpy.float16)
    return total


def _ddof(ddof, correction):
    if correction is _NoValue:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided simultaneously.")
    return correction


def var_and_count(a, axis, dtype, out, ddof, keepdims, where, mean, dof_warning):
    """var's result and its per-slice count (nanvar needs both)."""
    where = _mask(where)
    n = count(a, axis, keepdims, where)
    if dof_warning and any_true(n <= ddof):
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=3)
    if dtype is None and a.dtype.kind in "biu":
        dtype = numpy.float64
    if mean is _NoValue:
        mean = reduce_by("add", a, axis, dtype, None, True, _NoValue, where)
        div = n if not isinstance(n, _native.ndarray) else n.reshape(mean.shape)
        mean = _true_divide(mean, div, out=mean, casting="unsafe")
    x = UFUNCS["subtract"](a, mean)
    if x.dtype.kind == "c" and (dtype is None or numpy.dtype(dtype) == x.real.dtype):
        ret = reduce_by("abs2_add", x, axis, None, out, keepdims, _NoValue, where)
    elif x.dtype.kind == "c":
        # NumPy squares the parts in their own precision, adds them, and sums those in dtype=
        # (each cast to an integer dtype before it is summed).
        parts = UFUNCS["add"](UFUNCS["multiply"](x.real, x.real),
                              UFUNCS["multiply"](x.imag, x.imag))
        ret = reduce_by("add", parts, axis, dtype, out, keepdims, _NoValue, where)
    elif x.dtype.kind == "f" and (dtype is None or numpy.dtype(dtype).kind in "fc"):
        ret = reduce_by("abs2_add", x, axis, dtype, out, keepdims, _NoValue, where)
    else:  # NumPy squares in x's dtype and sums in dtype= (an integer one keeps its type)
        x = UFUNCS["multiply"](x, x, out=x)
        ret = reduce_by("add", x, axis, dtype, out, keepdims, _NoValue, where)
    if isinstance(n, _native.ndarray):
        dof = UFUNCS["maximum"](UFUNCS["subtract"](n, ddof), 0)
    else:
        dof = numpy.maximum(n - ddof, 0)
    return _true_divide(ret, dof, out=ret, casting="unsafe"), n


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
        mean=_NoValue, correction=_NoValue):
    """Variance along the given axes (see numpy.var): the mean of |x - x.mean()|**2 with
    max(count - ddof, 0) as divisor; complex inputs give real results. `mean=` passes a mean
    computed with keepdims=True; `correction` is the Array API's name for ddof."""
    check_array(a, "var")
    keepdims, where = _given(keepdims, where)
    ddof = _ddof(ddof, correction)
    return var_and_count(a, axis, dtype, out, ddof, keepdims, where, mean, True)[0]


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NoValue, *, where=_NoValue,
        mean=_NoValue, correction=_NoValue):
    """Standard deviation along the given axes (see numpy.std): the square root of var."""
    check_array(a, "std")
    keepdims, where = _given(keepdims, where)
    ddof = _ddof(ddof, correction)
    ret = var_and_count(a, axis, dtype, out, ddof, keepdims, where, mean, True)[0]
    return root_of_var(ret, out)


def root_of_var(ret, out):
    """std from var's result as NumPy takes it: a scalar result (no out=, 0-d) converts the
    root to its own type, so dtype=int32 stays int32; an array is rooted in place, which
    same_kind casting forbids for integers (TypeError, as in NumPy)."""
    if out is None and ret.ndim == 0:
        return UFUNCS["sqrt"](ret).astype(ret.dtype, copy=False)
    return UFUNCS["sqrt"](ret, out=ret)
