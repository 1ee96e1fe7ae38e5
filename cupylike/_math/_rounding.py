"""fix and around/round: NumPy's rounding functions on top of the rounding and arithmetic
ufuncs, with NumPy's algorithm (numpy/_core/src/multiarray/calculation.c, PyArray_Round)."""

import warnings

import numpy

from cupylike._core import _native, _numpy_version
from cupylike._core._ufuncs import UFUNCS


def fix(x, out=None):
    """Round to the nearest integer towards zero (``trunc``; integers stay integers).
    Deprecated from NumPy 2.5 (DeprecationWarning under it, as there): use ``trunc``."""
    if _numpy_version.NUMPY_VERSION >= (2, 5):
        warnings.warn("numpy.fix is deprecated. Use numpy.trunc instead, which is faster and "
                      "follows the Array API standard.", DeprecationWarning, stacklevel=2)
    return UFUNCS["trunc"](x, out=out)


def _power_of_ten(n):
    # Built as NumPy builds it (a table, then repeated multiplication), so that the scale
    # factor, and with it every rounded value, is the same double.
    table = (1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8)
    if n < 9:
        return table[n]
    value = 1e9
    for _ in range(n - 9):
        value *= 10.0
    return value


def around(a, decimals=0, out=None):
    """Evenly round to the given number of decimals.

    Floats are scaled by ``10**decimals``, rounded half to even (``rint``) and scaled back,
    in the array's own dtype, so results are NumPy's to the bit (and share its
    representation error: ``round(2.675, 2)`` is 2.67). Integers are returned unchanged for
    ``decimals >= 0`` and rounded through float64 otherwise; complex arrays round their real
    and imaginary parts.

    Parameters
    ----------
    a : cupylike.ndarray or scalar
    decimals : int
        Number of decimal places; negative values round to tens, hundreds, ...
    out : cupylike.ndarray, optional
        Output of the same size as `a`.
    """
    a = a if isinstance(a, _native.ndarray) else _native.asarray(a)
    decimals = int(decimals)
    if out is not None and out.size != a.size:
        raise ValueError("invalid output shape")
    kind = a.dtype.kind
    if kind == "c":
        result = a.copy() if out is None else out
        result.real = around(a.real, decimals)
        result.imag = around(a.imag, decimals)
        return result
    is_int = kind in "iu"
    if decimals >= 0:
        if is_int:
            if out is None:
                return a
            out[...] = a
            return out
        if decimals == 0:
            return UFUNCS["rint"](a, out=out)
        scale, unscale = UFUNCS["multiply"], UFUNCS["divide"]
    else:
        scale, unscale = UFUNCS["divide"], UFUNCS["multiply"]
        decimals = -decimals
    target = out
    if target is None:
        dtype = numpy.float64 if is_int else a.dtype
        order = "F" if a.flags.f_contiguous and not a.flags.c_contiguous else "C"
        target = _native.empty(a.shape, dtype, order=order)
    factor = _power_of_ten(decimals)
    result = scale(a, factor, out=target)
    UFUNCS["rint"](result, out=result)
    unscale(result, factor, out=result)
    if is_int and out is None:
        return result.astype(a.dtype)
    return result


round = around  # NumPy 2's preferred name
