"""CuPy's scatter_add, scatter_max and scatter_min (cupyx's functions and ndarray methods):
an in-place update of a at slices where every repeated index takes part, as ufunc.at's.

They are add.at, maximum.at and minimum.at (cupylike/_math/_ufunc_at.py) with CuPy's
argument rule on top: value is broadcast to a[slices] and converted to a's dtype first, so
the arithmetic runs in a's dtype (float32 data with a Python float adds in float32), as
CuPy's kernels do.
"""

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS


def _scatter(name, a, slices, value):
    if not isinstance(a, _native.ndarray):
        raise TypeError(f"scatter_{name}() expects a cupylike.ndarray, got "
                        f"{type(a).__module__}.{type(a).__name__}")
    value = value if isinstance(value, _native.ndarray) else _native.asarray(value,
                                                                           device=a.device)
    UFUNCS[name].at(a, slices, value.astype(a.dtype, copy=False))


def scatter_add(a, slices, value):
    """Adds `value` to ``a[slices]`` in place, every element of a repeated index adding
    (CuPy's cupyx.scatter_add; NumPy's ``numpy.add.at(a, slices, value)``)."""
    _scatter("add", a, slices, value)


def scatter_max(a, slices, value):
    """Stores ``maximum(a[slices], value)`` in place, a repeated index keeping the largest
    (CuPy's cupyx.scatter_max; NumPy's ``numpy.maximum.at``): NaN wins, as maximum's."""
    _scatter("maximum", a, slices, value)


def scatter_min(a, slices, value):
    """Stores ``minimum(a[slices], value)`` in place, a repeated index keeping the smallest
    (CuPy's cupyx.scatter_min; NumPy's ``numpy.minimum.at``)."""
    _scatter("minimum", a, slices, value)
