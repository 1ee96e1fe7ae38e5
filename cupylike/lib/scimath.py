"""numpy.emath (numpy.lib.scimath): sqrt, logarithms, power and inverse trigonometric
functions whose results are complex where the real functions' are not defined, as NumPy
decides it: from the values (one flag read back from the device), not the dtype alone."""

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]

# NumPy's choice of complex type for a real array that needs one.
_TO_COMPLEX64 = {numpy.dtype(t) for t in ("float32", "int8", "int16", "uint8", "uint16",
                                           "complex64")}


def _array(x):
    if isinstance(x, _native.ndarray):
        return x
    if isinstance(x, numpy.ndarray):
        raise TypeError("Unsupported type numpy.ndarray for cupylike.emath: pass cupylike "
                        "arrays or scalars (move host arrays with cupylike.asarray)")
    return _native.asarray(x)


def _any(mask):
    return bool(mask.any())


def _to_complex(x):
    return x.astype(numpy.complex64 if x.dtype in _TO_COMPLEX64 else numpy.complex128)


def _fix_real_lt_zero(x):
    x = _array(x)
    if x.dtype.kind != "c" and _any(UFUNCS["less"](x, 0)):
        return _to_complex(x)
    return x


def _fix_int_lt_zero(p):
    p = _array(p)
    if p.dtype.kind != "c" and _any(UFUNCS["less"](p, 0)):
        return UFUNCS["multiply"](p, 1.0)
    return p


def _fix_real_abs_gt_1(x):
    x = _array(x)
    if x.dtype.kind != "c" and _any(UFUNCS["greater"](UFUNCS["absolute"](x), 1)):
        return _to_complex(x)
    return x


def sqrt(x):
    """The square root, complex for negative reals (numpy.emath.sqrt)."""
    return UFUNCS["sqrt"](_fix_real_lt_zero(x))


def log(x):
    """The natural logarithm, complex for negative reals (numpy.emath.log)."""
    return UFUNCS["log"](_fix_real_lt_zero(x))


def log10(x):
    """The base-10 logarithm, complex for negative reals (numpy.emath.log10)."""
    return UFUNCS["log10"](_fix_real_lt_zero(x))


def log2(x):
    """The base-2 logarithm, complex for negative reals (numpy.emath.log2)."""
    return UFUNCS["log2"](_fix_real_lt_zero(x))


def logn(n, x):
    """The base-`n` logarithm of `x`, complex for negative reals (numpy.emath.logn)."""
    return UFUNCS["divide"](log(x), log(n))


def power(x, p):
    """x ** p, complex for negative real x; a negative integer p gives floats
    (numpy.emath.power)."""
    return UFUNCS["power"](_fix_real_lt_zero(x), _fix_int_lt_zero(p))


def arccos(x):
    """The inverse cosine, complex where abs(x) > 1 for reals (numpy.emath.arccos)."""
    return UFUNCS["arccos"](_fix_real_abs_gt_1(x))


def arcsin(x):
    """The inverse sine, complex where abs(x) > 1 for reals (numpy.emath.arcsin)."""
    return UFUNCS["arcsin"](_fix_real_abs_gt_1(x))


def arctanh(x):
    """The inverse hyperbolic tangent, complex where abs(x) > 1 for reals
    (numpy.emath.arctanh)."""
    return UFUNCS["arctanh"](_fix_real_abs_gt_1(x))
