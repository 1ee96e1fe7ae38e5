"""Questions about an array's type and values: iscomplex, isreal, iscomplexobj, isrealobj,
isscalar, isfortran, iterable, real_if_close, isneginf and isposinf (NumPy's logic and
type-handling sections). The elementwise answers are computed on the device; the others read
dtypes and flags only."""

import numpy
from numpy import isscalar, iterable

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS

_isinf = UFUNCS["isinf"]
_signbit = UFUNCS["signbit"]
_logical_and = UFUNCS["logical_and"]
_logical_not = UFUNCS["logical_not"]
_not_equal = UFUNCS["not_equal"]
_equal = UFUNCS["equal"]
_less = UFUNCS["less"]
_abs = UFUNCS["absolute"]


def _infinite_with_sign(x, negative, out):
    is_inf = _isinf(x)
    try:
        sign = _signbit(x)
    except TypeError as e:
        dtype = x.dtype if isinstance(x, _native.ndarray) else numpy.asarray(x).dtype
        raise TypeError(f"This operation is not supported for {dtype} values because it "
                        "would be ambiguous.") from e
    if not negative:
        sign = _logical_not(sign)
    return _logical_and(is_inf, sign, out=out)


def isneginf(x, out=None):
    """Where `x` is negative infinity, as a boolean array (see numpy.isneginf)."""
    return _infinite_with_sign(x, True, out)


def isposinf(x, out=None):
    """Where `x` is positive infinity, as a boolean array (see numpy.isposinf)."""
    return _infinite_with_sign(x, False, out)


def iscomplex(x):
    """Where an element has a nonzero imaginary part, as a boolean array (see
    numpy.iscomplex)."""
    x = device_array(x, "iscomplex")
    if x.dtype.kind == "c":
        return _not_equal(x.imag, 0)
    return _native.zeros(x.shape, numpy.bool_)


def isreal(x):
    """Where an element's imaginary part is zero, as a boolean array (see numpy.isreal)."""
    x = device_array(x, "isreal")
    if x.dtype.kind == "c":
        return _equal(x.imag, 0)
    return _native.ones(x.shape, numpy.bool_)


def iscomplexobj(x):
    """Whether `x` has a complex dtype, whatever its values (see numpy.iscomplexobj)."""
    try:
        type_ = x.dtype.type
    except AttributeError:  # no dtype, or a scalar type's dtype descriptor: NumPy's rule
        type_ = numpy.asarray(x).dtype.type
    return issubclass(type_, numpy.complexfloating)


def isrealobj(x):
    """Whether `x` has a dtype that is not complex (see numpy.isrealobj)."""
    return not iscomplexobj(x)


def isfortran(a):
    """Whether `a` is Fortran-contiguous and not also C-contiguous (see numpy.isfortran)."""
    return a.flags.f_contiguous and not a.flags.c_contiguous


def real_if_close(a, tol=100):
    """The real part of a complex array whose imaginary parts are all within `tol` machine
    epsilons of zero (an absolute `tol` when it is at most 1); `a` itself otherwise (see
    numpy.real_if_close)."""
    a = device_array(a, "real_if_close")
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = numpy.finfo(a.dtype).eps * tol
    if bool(_less(_abs(a.imag), tol).all()):
        return a.real
    return a


__all__ = [
    "iscomplex", "iscomplexobj", "isfortran", "isneginf", "isposinf", "isreal", "isrealobj",
    "isscalar", "iterable", "real_if_close",
]
