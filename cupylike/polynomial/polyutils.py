"""Helpers of the series modules (see numpy.polynomial.polyutils): coefficient arrays checked,
trimmed and brought to a common type. Which trailing coefficients are zero is read on the
host (a series' length depends on it); the arrays stay on the device."""

import operator

import numpy

from cupylike._core import _native
from cupylike._indexing._indexing import flatnonzero
from cupylike._math._polyarith import operand

__all__ = ["as_series", "trimcoef", "trimseq"]


def as_int(x, desc):
    """x as an int (operator.index), or NumPy's TypeError naming `desc`."""
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


def series(c, function):
    """`c` as a 1-d cupylike array at least (NumPy's ``np.array(c, ndmin=1)``)."""
    c = operand(c, function)
    return c.reshape(1) if c.ndim == 0 else c


def _last_nonzero(mask):
    """The index of the last true element of a 1-d bool array, or -1."""
    found = _native.asnumpy(flatnonzero(mask))
    return int(found[-1]) if found.size else -1


def trimseq(seq):
    """`seq` without its trailing zeros, keeping at least one element (see
    numpy.polynomial.polyutils.trimseq)."""
    if seq.shape[0] == 0:
        return seq
    return seq[:max(_last_nonzero(seq != 0), 0) + 1]


def as_series(alist, trim=True):
    """Copies of the 1-d coefficient arrays of `alist` in their common type (float64 for
    integers), trailing zeros trimmed when `trim` (see numpy.polynomial.polyutils.as_series).

    Raises
    ------
    ValueError
        For an empty or multi-dimensional array, or when there is no common numeric type.
    """
    arrays = [series(a, "as_series") for a in alist]
    for a in arrays:
        if a.size == 0:
            raise ValueError("Coefficient array is empty")
        if a.ndim != 1:
            raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        dtype = numpy.common_type(*(numpy.empty(0, a.dtype) for a in arrays))
    except TypeError as e:
        raise ValueError("Coefficient arrays have no common type") from e
    return [a.astype(dtype, copy=True) for a in arrays]


def trimcoef(c, tol=0):
    """`c` without its trailing coefficients of magnitude at most `tol` (one zero if none is
    left) (see numpy.polynomial.polyutils.trimcoef).

    Raises
    ------
    ValueError
        If tol is negative.
    """
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    last = _last_nonzero(abs(c) > tol)
    return c[:1] * 0 if last < 0 else c[:last + 1].copy()
