"""searchsorted and digitize: binary searches in NumPy's sort order (NaNs last, complex values
by real then imaginary part), one device thread per searched value (kernels/cupylike/sort.cuh,
on every device)."""

import numpy

from cupylike import _core, _sort_kernels
from cupylike._reduction_api import all as _all
from cupylike._reduction_api import max as _max
from cupylike._reduction_api import min as _min


def _as_array(a):
    return a if isinstance(a, _core.ndarray) else _core.asarray(a)


def _dtype_operand(x):
    return x.dtype if isinstance(x, (_core.ndarray, numpy.ndarray)) else x


def _contiguous(x):
    return x if x.flags.c_contiguous else x.copy()


def _checked_sorter(sorter, n):
    sorter = _as_array(sorter)
    if sorter.dtype.kind not in "iub":
        raise TypeError("sorter must only contain integers")
    if sorter.ndim != 1 or sorter.size != n:
        raise ValueError("sorter.size must equal a.size")
    sorter = _contiguous(sorter.astype(numpy.int64, copy=False))
    if n and (int(_min(sorter)) < 0 or int(_max(sorter)) >= n):  # one synchronisation
        raise ValueError("Sorter index out of range.")
    return sorter


def searchsorted(a, v, side="left", sorter=None):
    """Indices (int64, v's shape) where the values `v` would be inserted into the sorted 1-d
    `a` (through `sorter`, indices that sort it) to keep it sorted: before equal values
    (side 'left') or after them ('right'). See numpy.searchsorted."""
    if side not in ("left", "right"):
        raise ValueError(f"search side must be 'left' or 'right' (got {side!r})")
    a = _as_array(a)
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    dtype = numpy.result_type(a.dtype, _dtype_operand(v))
    if dtype.kind not in "biufc":
        raise TypeError(f"searchsorted does not support the dtype {dtype}")
    if sorter is not None:
        sorter = _checked_sorter(sorter, a.size)
    v = _as_array(v) if isinstance(v, (_core.ndarray, numpy.ndarray, list, tuple)) else (
        _core.asarray(numpy.asarray(v, dtype=dtype)))
    a = _contiguous(a.astype(dtype, copy=False))
    values = _contiguous(v.astype(dtype, copy=False))
    return _sort_kernels.search(a, values, side == "right", sorter)


def _monotonicity(bins):
    """1 if `bins` never decreases, -1 if it never increases (and is not constant), else 0."""
    if bins.size < 2:
        return 1
    ahead, behind = bins[1:], bins[:-1]
    if bool(_all(ahead >= behind)):
        return 1
    if bool(_all(ahead <= behind)):
        return -1
    return 0


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


def add_ndarray_methods(cls):
    cls.searchsorted = lambda self, v, side="left", sorter=None: searchsorted(self, v, side,
                                                                              sorter)
