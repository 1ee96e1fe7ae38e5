"""ufunc.reduce, and the one door every reduction function goes through (`reduce_by`).

The kernels are the reduction table's entries named after ufuncs (cupylike/_reduction_defs/).
Here are NumPy's rules around them that the core does not know: which loop type a generated
reduction runs for the input (`REDUCE_TYPES`), that a non-reorderable ufunc reduces at most one
axis, and that a 0-d array takes axis 0 or -1 as no axis.
"""

import operator

import numpy

from cupylike import _core
from cupylike._device_arrays import device_array
from cupylike._reduction_defs.ufunc_reduce import REDUCE_TYPES
from cupylike._reduction_table import TABLE
from cupylike._reductions import REDUCTIONS

_NoValue = numpy._NoValue
_ORDERED = {entry.name for entry in TABLE if entry.ordered}


def check_array(a, name):
    device_array(a, name)


def _char(dtype):
    """NumPy's type character of a dtype, one per kind and size ('l' for int64, not 'q')."""
    return numpy.dtype(numpy.dtype(dtype).str).char


def _loop_dtype(name, a, dtype, out):
    """The dtype a generated reduction computes in, as NumPy resolves it."""
    types = REDUCE_TYPES[name]
    if dtype is not None:
        if _char(dtype) not in types.values():
            raise TypeError("No loop matching the specified signature and casting was found "
                            f"for ufunc {name}")
        return numpy.dtype(dtype)
    t = _char(a.dtype)
    if out is not None and isinstance(out, _core.ndarray):
        widened = _char(numpy.promote_types(a.dtype, out.dtype))
        if widened in types:
            return numpy.dtype(types[widened])
    if t not in types:
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs "
                        "could not be safely coerced to any supported types according to the "
                        "casting rule ''safe''")
    return numpy.dtype(types[t])


def _axis(a, axis):
    """NumPy's reductions take axis 0 or -1 of a 0-d array as no axis."""
    if a.ndim == 0 and axis is not None and not isinstance(axis, tuple):
        if operator.index(axis) in (0, -1):
            return None
    return axis


def _check_reorderable(name, a, axis):
    if axis is None:
        count = a.ndim
    elif isinstance(axis, tuple):
        count = len(axis)
    else:
        count = 1
    if count > 1:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one "
                         "axis may be specified")


def reduce_by(name, a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue,
              where=True, what=None):
    """Runs the table's reduction `name` with NumPy's keywords (`what`: the caller's name in
    the TypeError for a non-array)."""
    check_array(a, what or name)
    axis = _axis(a, axis)
    if name in _ORDERED:
        _check_reorderable(name, a, axis)
    if name in REDUCE_TYPES:
        dtype = _loop_dtype(name, a, dtype, out)
    return REDUCTIONS[name](a, axis, dtype, out, keepdims, initial, where)


def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue,
           where=True):
    """Reduces `array`'s dimensions by one (or those of `axis`, a tuple for reorderable ufuncs,
    None for all) by applying the ufunc along them, as numpy.ufunc.reduce."""
    name = self.__name__
    if self.nin != 2:
        raise ValueError("reduce only supported for binary functions")
    if self.nout != 1:
        raise ValueError("reduce only supported for functions returning a single value")
    if name not in REDUCTIONS:  # ldexp: no loop 'TT->T'
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs "
                        "could not be safely coerced to any supported types according to the "
                        "casting rule ''safe''")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
        if out is None:
            raise TypeError("return arrays must be of ArrayType")
    return reduce_by(name, array, axis, dtype, out, keepdims, initial, where,
                     what=f"{name}.reduce")


_core.ufunc.reduce = reduce
