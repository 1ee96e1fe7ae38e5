"""dtype queries of NumPy's main namespace: common_type, min_scalar_type, mintypecode, and
NumPy's own issubdtype, typename, typecodes, sctypeDict, ScalarType, True_, False_ and
little_endian. All run on the host: they read dtypes, and min_scalar_type of a 0-d array the
one element, never array data otherwise."""

import numpy
from numpy import (
    False_,
    ScalarType,
    True_,
    issubdtype,
    little_endian,
    sctypeDict,
    typecodes,
    typename,
)

from cupylike._core import _native

# The floating types common_type chooses from, by precision, and its complex partners.
_FLOAT_BY_PRECISION = (numpy.float16, numpy.float32, numpy.float64, numpy.longdouble)
_COMPLEX_BY_PRECISION = (None, numpy.complex64, numpy.complex128, numpy.clongdouble)
_PRECISION = {t: p for p, t in enumerate(_FLOAT_BY_PRECISION)}
_PRECISION.update({t: p for p, t in enumerate(_COMPLEX_BY_PRECISION) if t is not None})


def common_type(*arrays):
    """The inexact scalar type common to the arrays' dtypes (see numpy.common_type): integers
    count as float64; TypeError for any other non-inexact dtype."""
    is_complex = False
    precision = 0
    for a in arrays:
        t = a.dtype.type
        if issubclass(t, numpy.complexfloating):
            is_complex = True
        if issubclass(t, numpy.integer):
            p = 2
        elif t in _PRECISION:
            p = _PRECISION[t]
        else:
            raise TypeError("can't get common type for non-numeric array")
        precision = max(precision, p)
    if is_complex:
        return _COMPLEX_BY_PRECISION[precision]
    return _FLOAT_BY_PRECISION[precision]


def min_scalar_type(a, /):
    """The smallest dtype that holds `a` (see numpy.min_scalar_type): a scalar's or a 0-d
    array's value decides; an array of more dimensions gives its own dtype."""
    if isinstance(a, _native.ndarray):
        if a.ndim:
            return a.dtype
        a = a.get()
    return numpy.min_scalar_type(a)


# Type characters by element size, largest first: the smallest is the one furthest along.
_BY_ELEMENT_SIZE = "GDFgdfQqLlIiHhBb?"


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """The character of the smallest type in `typeset` that the types of `typechars` safely
    cast to (see numpy.mintypecode); `default` when none of them is in `typeset`."""
    chars = []
    for t in typechars:
        if isinstance(t, str) and t:
            chars.append(t)
        else:
            dtype = t.dtype if isinstance(t, _native.ndarray) else numpy.asarray(t).dtype
            chars.append(dtype.char)
    found = {c for c in chars if c in typeset}
    if not found:
        return default
    # complex64 with float64 needs complex128: NumPy answers 'D' whatever the typeset.
    if "F" in found and "d" in found:
        return "D"
    return min(found, key=_BY_ELEMENT_SIZE.index)


__all__ = [
    "False_", "ScalarType", "True_", "common_type", "issubdtype", "little_endian",
    "min_scalar_type", "mintypecode", "sctypeDict", "typecodes", "typename",
]
