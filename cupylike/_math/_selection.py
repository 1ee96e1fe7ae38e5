"""where, clip, real, imag, angle and nan_to_num: NumPy's functions on top of the ufunc table
(the `_where` and `_clip` ufuncs of cupylike/_core/_ufunc_defs/selection.py) and of views."""

import math

import numpy

from cupylike._core import _native, _numpy_version
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import nonzero

_where_ufunc = UFUNCS["_where"]
_clip_ufunc = UFUNCS["_clip"]


def _dtype_operand(x):
    """What numpy.result_type needs to promote `x` as NumPy would: an array's dtype, a Python
    scalar itself (weak), a NumPy scalar itself."""
    return x.dtype if isinstance(x, _native.ndarray) else x


def where(condition, x=None, y=None, /):
    """Return elements chosen from `x` or `y` depending on `condition`.

    The one-argument form, ``where(condition)``, is ``nonzero(condition)``.

    Parameters
    ----------
    condition : cupylike.ndarray or scalar
        Where True, yield `x`, otherwise `y`; any dtype (nonzero is True).
    x, y : cupylike.ndarray or scalar
        Values to choose from; broadcast together with `condition`.

    Returns
    -------
    cupylike.ndarray
        Of the dtype NumPy's promotion gives `x` and `y` (Python scalars are weak).
    """
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if isinstance(condition, _native.ndarray):
        if condition.dtype != numpy.bool_:
            condition = condition.astype(numpy.bool_)
    else:
        condition = numpy.bool_(condition)
    dtype = numpy.result_type(_dtype_operand(x), _dtype_operand(y))
    if _numpy_version.NUMPY_VERSION < (2, 5):
        # NumPy 2.4 casts Python ints into the result dtype as C does (where(c, int8_array,
        # 300) holds 44); from 2.5 they must fit, as in every ufunc (OverflowError).
        x, y = (numpy.array(v).astype(dtype) if isinstance(v, int) and dtype.kind in "iu"
                else v for v in (x, y))
    return _where_ufunc(condition, x, y, dtype=dtype)


def clip(a, a_min=numpy._NoValue, a_max=numpy._NoValue, out=None, *, min=numpy._NoValue,
         max=numpy._NoValue, **kwargs):
    """Clip (limit) the values in an array: ``minimum(maximum(a, a_min), a_max)``, NaNs
    propagating. Either bound may be None. See numpy.clip."""
    if a_min is numpy._NoValue and a_max is numpy._NoValue:
        a_min = None if min is numpy._NoValue else min
        a_max = None if max is numpy._NoValue else max
    elif a_min is numpy._NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_min'")
    elif a_max is numpy._NoValue:
        raise TypeError("clip() missing 1 required positional argument: 'a_max'")
    elif min is not numpy._NoValue or max is not numpy._NoValue:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` "
                         "are provided is forbidden.")
    return clip_between(a, a_min, a_max, out=out, **kwargs)


def clip_between(a, lo, hi, out=None, **kwargs):
    """clip with its bounds resolved (None: no bound); ndarray.clip."""
    a = _as_array(a)
    if a.dtype.kind in "iu":
        # NEP 50: Python int bounds beyond the dtype's range bound nothing (NumPy's rule).
        info = numpy.iinfo(a.dtype)
        if type(lo) is int and lo <= info.min:
            lo = None
        if type(hi) is int and hi >= info.max:
            hi = None
    if lo is None and hi is None:
        return UFUNCS["positive"](a, out=out, **kwargs)
    if lo is None:
        return UFUNCS["minimum"](a, hi, out=out, **kwargs)
    if hi is None:
        return UFUNCS["maximum"](a, lo, out=out, **kwargs)
    return _clip_ufunc(a, lo, hi, out=out, **kwargs)


def _part(a, index):
    """The real (0) or imaginary (1) part of a complex array, as a view."""
    part = numpy.dtype(a.dtype.char.lower())
    return a[..., None].view(part)[..., index]


def array_real(self):
    """ndarray.real: a view of the real part (the array itself viewed for real dtypes)."""
    return _part(self, 0) if self.dtype.kind == "c" else self.view()


def array_imag(self):
    """ndarray.imag: a view of the imaginary part (read-only zeros for real dtypes)."""
    if self.dtype.kind == "c":
        return _part(self, 1)
    zeros = _native.zeros(self.shape, self.dtype)
    zeros.flags.writeable = False  # NumPy's imag of a real array is a read-only zero array
    return zeros


def set_array_real(self, value):
    array_real(self)[...] = value


def set_array_imag(self, value):
    if self.dtype.kind != "c":
        raise TypeError("array does not have imaginary part to set")
    _part(self, 1)[...] = value


def real(val):
    """The real part of the complex argument: a view for complex arrays, the array itself
    viewed for real ones."""
    return _as_array(val).real


def imag(val):
    """The imaginary part of the complex argument: a view for complex arrays, zeros for real
    ones."""
    return _as_array(val).imag


def _as_array(val):
    return val if isinstance(val, _native.ndarray) else _native.asarray(val)


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis: ``arctan2(z.imag, z.real)``,
    in degrees if `deg`."""
    z = _as_array(z)
    if z.dtype.kind == "c":
        zimag, zreal = z.imag, z.real
    else:
        zimag, zreal = 0, z
    a = UFUNCS["arctan2"](zimag, zreal)
    if deg:
        a *= 180 / math.pi
    return a


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN with `nan` (0.0), infinities with `posinf`/`neginf` (the dtype's largest
    and smallest finite values by default), in place unless `copy`. Real and imaginary parts
    of complex arrays are treated separately."""
    x = _as_array(x)
    if copy:
        x = x.copy()
    if x.dtype.kind not in "fc":
        return x
    real_dtype = numpy.dtype(x.dtype.char.lower())
    info = numpy.finfo(real_dtype)
    hi = info.max if posinf is None else posinf
    lo = info.min if neginf is None else neginf
    for d in (x.real, x.imag) if x.dtype.kind == "c" else (x,):
        # Masks first, as NumPy computes them before it writes anything.
        masks = [(UFUNCS["isnan"](d), nan), (UFUNCS["isinf"](d) & (d > 0), hi),
                 (UFUNCS["isinf"](d) & (d < 0), lo)]
        for mask, value in masks:
            _where_ufunc(mask, value, d, out=d, casting="unsafe")
    return x
