"""ufunc.reduce, and the one door every reduction function goes through (`reduce_by`; the
ndarray methods' `reduce_array`).

The kernels are the reduction table's entries named after ufuncs
(cupylike/_core/_reduction_defs/).
Here are NumPy's rules around them that the core does not know: which loop type a generated
reduction runs for the input (`REDUCE_TYPES`), that a non-reorderable ufunc reduces at most one
axis, and that a 0-d array takes axis 0 or -1 as no axis.
"""

import math
import operator

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._reduction_defs.ufunc_reduce import REDUCE_TYPES
from cupylike._core._reduction_table import TABLE
from cupylike._core._reductions import REDUCTIONS

_NoValue = numpy._NoValue
_ORDERED = {entry.name for entry in TABLE if entry.ordered}
_NO_IDENTITY = {entry.name for entry in TABLE if not entry.has_identity}
ARRAY_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "float16", "float32", "float64", "complex64", "complex128")


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
    if out is not None and isinstance(out, _native.ndarray):
        widened = _char(numpy.promote_types(a.dtype, out.dtype))
        if widened in types:
            return numpy.dtype(types[widened])
    if t not in types:
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs "
                        "could not be safely coerced to any supported types according to the "
                        "casting rule ''safe''")
    return numpy.dtype(types[t])


def loop_dtypes(name, dtype=None):
    """{input dtype: loop dtype} of reduction `name` with dtype= `dtype` and no out=, for every
    input dtype _loop_dtype accepts; None where the core picks the loop (not a REDUCE_TYPES
    name). The ndarray methods' C-level path reads it."""
    if name not in REDUCE_TYPES:
        return None
    loops = {}
    for t in ARRAY_DTYPES:
        try:
            loops[t] = _loop_dtype(name, numpy.empty(0, t), dtype, None)
        except TypeError:
            pass
    return loops


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
    device_array(a, what or name)
    # NumPy's functions default keepdims and where to _NoValue (passed on only when given).
    keepdims = False if keepdims is _NoValue else keepdims
    where = True if where is _NoValue else where
    return reduce_array(name, a, axis, dtype, out, keepdims, initial, where)


def reduce_array(name, a, axis=None, dtype=None, out=None, keepdims=False, initial=_NoValue,
                 where=True):
    """reduce_by of a cupylike array: the ndarray methods' path, which needs no argument
    check (x.sum() makes two Python calls before the core's)."""
    if a.ndim == 0:
        axis = _axis(a, axis)
    if name in _ORDERED:
        _check_reorderable(name, a, axis)
    if name in REDUCE_TYPES:
        dtype = _loop_dtype(name, a, dtype, out)
    if isinstance(out, _native.ndarray):
        # sum and prod resolve their loop in the core: NumPy's from (out, a) here.
        loop = dtype if dtype is not None else numpy.promote_types(a.dtype, out.dtype)
        if initial is not _NoValue and out.dtype != loop:
            initial = _through(initial, out.dtype, loop)
        elif (name in REDUCE_TYPES and name in _NO_IDENTITY and where is True
              and initial is _NoValue and not numpy.can_cast(a.dtype, out.dtype, "safe")):
            done = _first_through_out(name, a, axis, loop, out, keepdims)
            if done is not None:
                return done
    return REDUCTIONS[name](a, axis, dtype, out, keepdims, initial, where)


# NumPy reduces into out= by writing each slice's start (initial=, else its first element when
# the ufunc has no identity) to out and reading it back in the loop's dtype, so a start that
# out's dtype cannot hold changes the result: max of int32 [-5, 9] into uint16 is 65531.

def _through(value, out_dtype, loop):
    """initial= as NumPy's reduction reads it back from out=."""
    with numpy.errstate(all="ignore"):
        return numpy.asarray(value).astype(out_dtype).astype(loop)[()]


def _reduced_axes(a, axis):
    """The axes a reduction over `axis` removes (sorted), or None if `axis` is invalid."""
    if axis is None:
        return tuple(range(a.ndim))
    try:
        axes = [operator.index(axis)] if not isinstance(axis, tuple) else [
            operator.index(i) for i in axis]
        axes = [normalize_axis_index(i, a.ndim) for i in axes]
    except (TypeError, ValueError, numpy.exceptions.AxisError):
        return None
    return tuple(sorted(axes)) if len(set(axes)) == len(axes) else None


def _first_through_out(name, a, axis, loop, out, keepdims):
    """The reduction into `out` of a ufunc without identity, its first elements (index 0 of
    every reduced axis) passed through out's dtype; None where the plain path decides (an
    invalid axis or out, an empty slice: its errors)."""
    axes = _reduced_axes(a, axis)
    if axes is None:
        return None
    kept = [i for i in range(a.ndim) if i not in axes]
    kept_shape = tuple(a.shape[i] for i in kept)
    length = math.prod(a.shape[i] for i in axes)
    want = tuple(1 if i in axes else a.shape[i] for i in range(a.ndim)) if keepdims else kept_shape
    if length == 0 or out.shape != want:
        return None
    slices = _native.transpose(a, tuple(kept) + axes).reshape(kept_shape + (length,))
    values = slices.astype(loop)
    values[..., :1] = slices[..., :1].astype(out.dtype)
    target = out[tuple(0 if i in axes else slice(None) for i in range(a.ndim))] if keepdims \
        else out
    REDUCTIONS[name](values, values.ndim - 1, loop, target, False, _NoValue, True)
    return out


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

