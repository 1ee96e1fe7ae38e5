"""nanmedian, nanquantile and nanpercentile: median and quantile with the NaNs left out.

Each slice holds its own number of non-NaN values, so the order statistics are not at the
same positions in every slice: the slices are sorted (NaNs last, the library's sort), the
non-NaN values counted, and each slice's positions and fractions computed on the device by
the same plan quantile uses on the host (_quantiles._plan), then gathered. Integer and bool
data hold no NaN and take median/quantile, as NumPy's do; an empty array gives nanmean's
answer with its warning, as NumPy's.
"""

import warnings

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import sum as _sum
from cupylike._sorting._sort import sort_rows
from cupylike._statistics._nanfunctions import nanmean
from cupylike._statistics._quantiles import (
    _PICKING,
    _as_array,
    _check_method,
    _finish,
    _lerp,
    _mean_dtypes,
    _plan,
    _q_array,
    _quantile,
    _work_copy,
    median,
)

_add = UFUNCS["add"]
_true_divide = UFUNCS["true_divide"]


class _DeviceOps:
    """_plan's operations on device arrays: q (nq, 1) and the slices' lengths n (1, slices)."""

    floor, ceil, rint, where, mod = (UFUNCS["floor"], UFUNCS["ceil"], UFUNCS["rint"],
                                     UFUNCS["_where"], UFUNCS["remainder"])

    @staticmethod
    def positions(x, n):
        return UFUNCS["minimum"](UFUNCS["maximum"](x, 0), n - 1).astype(numpy.int64)


def _sorted_and_counts(work):
    """The rows of `work` sorted (NaNs last) and each row's count of non-NaN values, with
    NumPy's warning when a row has none."""
    counts = _sum(UFUNCS["logical_not"](UFUNCS["isnan"](work)), axis=-1)
    values, _ = sort_rows(work)
    if counts.size and bool((counts == 0).any()):
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=4)
    return values, counts


def _gather(values, positions):
    """values[s, positions[j, s]] as an array (nq, slices)."""
    slices, n = values.shape
    rows = _native.arange(slices, dtype=numpy.int64) * n
    return values.reshape(-1)[_add(positions, rows)]


def _nanquantile(a, q, axis, out, overwrite_input, method, keepdims, weights, percent):
    _check_method(method, weights)
    keepdims = False if keepdims is numpy._NoValue else keepdims
    a = _as_array(a)
    if a.dtype.kind not in "fc":
        return _quantile(a, q, axis, out, overwrite_input, method, keepdims, weights, percent)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    q_array, operand = _q_array(q, percent)
    if a.size == 0:
        return nanmean(a, axis, out=out, keepdims=keepdims)
    work, kept_shape, keep_shape = _work_copy(a, axis, overwrite_input)
    values, counts = _sorted_and_counts(work)
    # An all-NaN slice plans as one value: position 0, which holds a NaN.
    n = UFUNCS["maximum"](counts, 1).astype(q_array.dtype).reshape(1, -1)
    q_column = _native.asarray(q_array.reshape(-1, 1))
    lo, hi, g = _plan(method, q_column, n, _DeviceOps)
    dtype = a.dtype if method in _PICKING else numpy.result_type(a.dtype, operand)
    if method in _PICKING:
        result = _gather(values, lo).astype(dtype)
    else:
        result = _lerp(_gather(values, lo), _gather(values, hi), g, dtype)
    return _finish(result, q_array.shape, kept_shape, keep_shape, keepdims, out)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=numpy._NoValue, *, weights=None):
    """The q-th quantiles of the data along the given axes, NaNs left out (see
    numpy.nanquantile): quantile of each slice's non-NaN values, NaN with a RuntimeWarning
    for a slice of NaNs only; every method of quantile. `weights` raises NotImplementedError,
    as quantile's."""
    return _nanquantile(a, q, axis, out, overwrite_input, method, keepdims, weights, False)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=numpy._NoValue, *, weights=None):
    """The q-th percentiles, NaNs left out (see numpy.nanpercentile): nanquantile with
    q / 100; q in [0, 100]."""
    return _nanquantile(a, q, axis, out, overwrite_input, method, keepdims, weights, True)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=numpy._NoValue):
    """Median along the given axes, NaNs left out (see numpy.nanmedian): the mean of the one
    or two middle non-NaN values of each slice; NaN with a RuntimeWarning for a slice of NaNs
    only."""
    keepdims = False if keepdims is numpy._NoValue else keepdims
    a = _as_array(a)
    if a.dtype.kind not in "fc":
        return median(a, axis, out, overwrite_input, keepdims)
    if a.size == 0:
        return nanmean(a, axis, out=out, keepdims=keepdims)
    work, kept_shape, keep_shape = _work_copy(a, axis, overwrite_input)
    values, counts = _sorted_and_counts(work)
    n = UFUNCS["maximum"](counts, 1).reshape(1, -1)
    accumulate, result_dtype = _mean_dtypes(a.dtype)
    low = _gather(values, UFUNCS["floor_divide"](n - 1, 2))
    high = _gather(values, UFUNCS["floor_divide"](n, 2))
    total = _add(low, high, dtype=accumulate)
    result = _true_divide(total, 2).astype(result_dtype)
    return _finish(result[0], (), kept_shape, keep_shape, keepdims, out)
