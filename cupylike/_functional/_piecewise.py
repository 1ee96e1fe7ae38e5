"""piecewise, as NumPy has it: each function or value is written where its condition holds,
through boolean-mask indexing on the device; NumPy's extra "otherwise" function covers where no
condition holds."""

import collections.abc

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._manipulation._joining import concatenate, stack


def _conditions(condlist, x):
    """The conditions as one bool device array of shape (n,) + x.shape (NumPy's
    asarray(condlist, dtype=bool), which takes a list of device arrays here)."""
    if isinstance(condlist, _native.ndarray):
        # NumPy's condlist[0] is a NumPy scalar for a 1-d array, not an ndarray.
        first_is_array = condlist.ndim > 1
    elif numpy.isscalar(condlist):
        first_is_array = False
    else:
        first_is_array = len(condlist) > 0 and isinstance(condlist[0], (list, _native.ndarray))
    # NumPy's rule: a lone condition (not a list of them) for a non-0-d x is wrapped; a 0-d
    # device array stands for the NumPy scalar that NumPy's comparisons give there.
    lone = numpy.isscalar(condlist) or (isinstance(condlist, _native.ndarray)
                                        and condlist.ndim == 0)
    if lone or (not first_is_array and x.ndim != 0):
        condlist = [condlist]
    if isinstance(condlist, _native.ndarray):
        return condlist.astype(numpy.bool_)
    parts = [c.astype(numpy.bool_) if isinstance(c, _native.ndarray)
             else _native.asarray(numpy.asarray(c, dtype=numpy.bool_)) for c in condlist]
    if not parts:
        return _native.empty((0,) + x.shape, numpy.bool_)
    return stack(parts)


def piecewise(x, condlist, funclist, *args, **kw):
    """An array shaped as x, holding funclist[k](x[condlist[k]], *args, **kw) where
    condlist[k] holds (or funclist[k] itself when it is not callable); later conditions win
    where several hold, and zero stays where none does (see numpy.piecewise)."""
    x = device_array(x, "piecewise")
    n_functions = len(funclist)
    conditions = _conditions(condlist, x)
    n = len(conditions)
    if n == n_functions - 1:
        otherwise = ~conditions.any(axis=0, keepdims=True)
        conditions = concatenate([conditions, otherwise], axis=0)
        n += 1
    elif n != n_functions:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = _native.zeros(x.shape, x.dtype)
    for condition, func in zip(conditions, funclist, strict=False):
        if not isinstance(func, collections.abc.Callable):
            y[condition] = func
        else:
            values = x[condition]
            if values.size > 0:
                y[condition] = func(values, *args, **kw)
    return y
