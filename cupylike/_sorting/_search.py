"""Searching and counting: argmax, argmin and count_nonzero (reductions of
cupylike/_core/_reductions.py), and searchsorted and digitize: binary searches in NumPy's sort
order (NaNs last, complex values by real then imaginary part), one device thread per searched
value (kernels/cupylike/sort.cuh, on every device)."""

import builtins
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufunc_reduce import check_array, reduce_by
from cupylike._math._sumprod import max as _max
from cupylike._math._sumprod import min as _min
from cupylike._sorting import _kernels as _sort_kernels


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _contiguous(x):
    return x if x.flags.c_contiguous else x.copy()


def _checked_sorter(sorter, n):
    sorter = _as_array(sorter)
    if sorter.dtype.kind not in "iu":
        raise TypeError("sorter must only contain integers")
    if sorter.ndim != 1:
        raise TypeError("could not parse sorter argument")
    if sorter.dtype == numpy.uint64:  # not safely an intp
        raise ValueError("could not parse sorter argument")
    if sorter.size != n:
        raise ValueError("sorter.size must equal a.size")
    sorter = _contiguous(sorter.astype(numpy.int64, copy=False))
    if n and (int(_min(sorter)) < 0 or int(_max(sorter)) >= n):  # one synchronisation
        raise ValueError("Sorter index out of range.")
    return sorter


def searchsorted(a, v, side="left", sorter=None):
    """Indices (int64, v's shape) where the values `v` would be inserted into the sorted 1-d
    `a` (through `sorter`, indices that sort it) to keep it sorted: before equal values
    (side 'left') or after them ('right'). See numpy.searchsorted."""
    if not isinstance(side, str):
        raise TypeError(f"search side must be str, not {type(side).__name__}")
    if side not in ("left", "right"):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    a = _as_array(a)
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    # NumPy compares in a dtype that holds both a's dtype and v's as an array (Python scalars
    # are not weak here: 0.1 against float32 compares in float64, 1000 against int8 in int64).
    v = v if isinstance(v, _native.ndarray) else _native.asarray(numpy.asarray(v))
    dtype = numpy.promote_types(a.dtype, v.dtype)
    if dtype.kind not in "biufc":
        raise TypeError(f"searchsorted does not support the dtype {dtype}")
    if sorter is not None:
        sorter = _checked_sorter(sorter, a.size)
    a = _contiguous(a.astype(dtype, copy=False))
    values = _contiguous(v.astype(dtype, copy=False))
    return _sort_kernels.search(a, values, side == "right", sorter)


def _monotonicity(bins):
    """NumPy's check of digitize's bins, on a float64 host copy as NumPy makes it: 1 if they
    never decrease (or are all equal), -1 if they never increase, 0 otherwise. NaNs compare
    false, so most go unnoticed, as in NumPy."""
    if bins.dtype.kind == "c":
        raise TypeError(f"Cannot cast array data from dtype('{bins.dtype}') to "
                        "dtype('float64') according to the rule 'safe'")
    b = bins.astype(numpy.float64).get()
    changes = numpy.flatnonzero(b[1:] != b[0]) + 1 if b.size else ()
    if len(changes) == 0:
        return 1
    i = changes[0]
    if b[0] < b[i]:
        return 0 if numpy.any(b[i:-1] > b[i + 1:]) else 1
    # NumPy takes anything else (a NaN at the first change too) as decreasing.
    return 0 if numpy.any(b[i:-1] < b[i + 1:]) else -1


def digitize(x, bins, right=False):
    """The index of the bin each value of `x` falls in (see numpy.digitize): bins[i-1] <= x <
    bins[i] for increasing bins (with right=True, bins[i-1] < x <= bins[i]), mirrored for
    decreasing ones."""
    x = _as_array(x)
    bins = _as_array(bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    if bins.ndim > 1:
        raise ValueError("object too deep for desired array")
    if bins.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    mono = _monotonicity(bins)
    if mono == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if mono == -1:
        return bins.size - searchsorted(bins[::-1], x, side=side)
    return searchsorted(bins, x, side=side)


def _arg(name, a, axis, out, keepdims):
    check_array(a, name)
    keepdims = False if keepdims is numpy._NoValue else keepdims  # NumPy's default
    if isinstance(axis, bool):  # NumPy's PyArray_PyIntAsInt refuses bools
        raise TypeError("an integer is required for the axis")
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


def argmax(a, axis=None, out=None, *, keepdims=numpy._NoValue):
    """Indices of the maximum values along an axis (see numpy.argmax): the first occurrence;
    a NaN is the maximum."""
    return _arg("argmax", a, axis, out, keepdims)


def argmin(a, axis=None, out=None, *, keepdims=numpy._NoValue):
    """Indices of the minimum values along an axis (see numpy.argmin): the first occurrence;
    a NaN is the minimum."""
    return _arg("argmin", a, axis, out, keepdims)


def count_nonzero(a, axis=None, *, keepdims=False):
    """Number of non-zero values along the given axes (see numpy.count_nonzero), as int64 (a
    0-d array where NumPy returns a Python int)."""
    return reduce_by("count_nonzero", a, axis, None, None, keepdims, what="count_nonzero")
