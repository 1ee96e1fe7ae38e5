"""numpy.vecdot: the dot product of vectors along an axis, the first operand conjugated, with
the gufunc's arguments of NumPy's (signature ``(n),(n)->()``): axes= or axis=, keepdims=, out=,
dtype= and casting=."""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import sum as _sum
from cupylike.linalg._products import gufunc_output_dtype

_SIGNATURE = "(n),(n)->()"


def _core_axis(x, i, axis):
    if x.ndim == 0:
        raise ValueError(f"vecdot: Input operand {i} does not have enough dimensions (has 0, "
                         f"gufunc core with signature {_SIGNATURE} requires 1)")
    return normalize_axis_index(axis, x.ndim)


def vector_dot(x1, x2, axis1=-1, axis2=-1, keepdims=False, dtype=None, casting="same_kind"):
    """sum(conj(x1) * x2) over axis1 of x1 and axis2 of x2, in the dtype of the product."""
    x1 = device_array(x1, "vecdot")
    x2 = device_array(x2, "vecdot")
    axis1, axis2 = _core_axis(x1, 0, axis1), _core_axis(x2, 1, axis2)
    if x1.shape[axis1] != x2.shape[axis2]:
        raise ValueError(f"vecdot: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {_SIGNATURE} (size {x2.shape[axis2]} is different "
                         f"from {x1.shape[axis1]})")
    a = _native.moveaxis(x1, axis1, -1)
    b = _native.moveaxis(x2, axis2, -1)
    if a.dtype.kind == "c":
        a = UFUNCS["conjugate"](a)
    products = UFUNCS["multiply"](a, b, dtype=dtype, casting=casting)
    # The gufunc's loops sum in the operands' dtype (int8 stays int8; bool is an or of ands).
    return _sum(products, axis=-1, dtype=products.dtype, keepdims=keepdims)


def vecdot(x1, x2, /, out=None, *, axes=numpy._NoValue, axis=numpy._NoValue, keepdims=False,
           casting="same_kind", order="K", dtype=None, subok=True, signature=None):
    """Vector dot product of two arrays along the last axis or the one given (see
    numpy.vecdot); `order` and `subok` are accepted as NumPy's; `signature` names the output
    dtype."""
    if axes is not numpy._NoValue and axis is not numpy._NoValue:
        raise TypeError("cannot specify both 'axis' and 'axes'")
    if signature is not None:
        dtype = gufunc_output_dtype(signature)
    axis1 = axis2 = -1 if axis is numpy._NoValue else axis
    if axes is not numpy._NoValue:
        if len(axes) != 3 or len(axes[2]) != 0:
            raise ValueError("vecdot: axes must be a list of two 1-tuples and one empty tuple")
        (axis1,), (axis2,) = axes[0], axes[1]
    return gufunc_out(vector_dot(x1, x2, axis1, axis2, keepdims, dtype, casting), out, casting,
                      "vecdot")


def gufunc_out(result, out, casting, name):
    """`result` as a gufunc returns it: itself, or written into `out` (an array or a 1-tuple)
    when NumPy's casting rule allows the cast (its TypeError otherwise)."""
    if out is None:
        return result
    if isinstance(out, tuple):
        (out,) = out
    if not numpy.can_cast(result.dtype, out.dtype, casting):
        raise TypeError(f"Cannot cast ufunc '{name}' output from {result.dtype!r} to "
                        f"{out.dtype!r} with casting rule {casting!r}")
    out[...] = result
    return out
