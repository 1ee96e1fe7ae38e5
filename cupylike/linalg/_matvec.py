"""numpy.matvec and numpy.vecmat (NumPy 2.2's gufuncs): matrix-vector products over stacks,
``(..., m, n), (..., n) -> (..., m)`` and ``(..., n), (..., n, m) -> (..., m)``, vecmat
conjugating its vector. Both sum the products in the loop's dtype as the gufuncs' loops do
(int8 wraps, bool is an or of ands), with the gufunc keywords of NumPy's: out=, axes=,
dtype=, casting=, signature=; axis= and keepdims= raise NumPy's TypeError (three distinct
core dimensions)."""

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import sum as _sum
from cupylike.linalg._products import gufunc_output_dtype
from cupylike.linalg._vecdot import gufunc_out

# name: (signature, core dimensions of each input)
_GUFUNCS = {
    "matvec": ("(m,n),(n)->(m)", (2, 1)),
    "vecmat": ("(n),(n,m)->(m)", (1, 2)),
}


def _core_last(x, i, name, axes):
    """x with its core axes (axes[i], or the last ones) last, NumPy's error when it has too
    few dimensions."""
    signature, ndims = _GUFUNCS[name]
    need = ndims[i]
    if x.ndim < need:
        raise ValueError(f"{name}: Input operand {i} does not have enough dimensions (has "
                         f"{x.ndim}, gufunc core with signature {signature} requires {need})")
    if axes is None:
        return x
    core = normalize_axis_tuple(axes[i], x.ndim)
    return _native.moveaxis(x, core, tuple(range(-need, 0)))


def _product(name, x1, x2, out, axes, axis, keepdims, casting, dtype, signature):
    sig, ndims = _GUFUNCS[name]
    if axis is not numpy._NoValue:
        raise TypeError(f"{name}: axis can only be used with a single shared core dimension, "
                        f"not with the 2 distinct ones implied by signature {sig}.")
    if keepdims:
        raise TypeError(f"{name} does not support keepdims: its signature {sig} requires input "
                        f"1 to have {ndims[1]} core dimensions, but keepdims can only be used "
                        "when all inputs have the same number of core dimensions and all "
                        "outputs have no core dimensions.")
    if signature is not None:
        dtype = gufunc_output_dtype(signature)
    axes = None if axes is numpy._NoValue else axes
    x1 = _core_last(device_array(x1, name), 0, name, axes)
    x2 = _core_last(device_array(x2, name), 1, name, axes)
    if name == "matvec":
        n1, n2 = x1.shape[-1], x2.shape[-1]
        matrix, vector, summed = x1, x2[..., None, :], -1
    else:
        n1, n2 = x1.shape[-1], x2.shape[-2]
        vector = UFUNCS["conjugate"](x1) if x1.dtype.kind == "c" else x1
        matrix, vector, summed = x2, vector[..., :, None], -2
    if n1 != n2:
        raise ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {sig} (size {n2} is different from {n1})")
    products = UFUNCS["multiply"](vector, matrix, dtype=dtype, casting=casting)
    result = _sum(products, axis=summed, dtype=products.dtype)
    if axes is not None:
        result = _native.moveaxis(result, -1, normalize_axis_tuple(axes[2], result.ndim)[0])
    return gufunc_out(result, out, casting, name)


def matvec(x1, x2, /, out=None, *, axes=numpy._NoValue, axis=numpy._NoValue, keepdims=False,
           casting="same_kind", order="K", dtype=None, subok=True, signature=None):
    """Matrix-vector product over stacks (see numpy.matvec): ``(..., m, n) x (..., n) ->
    (..., m)``, the stack dimensions broadcasting; `order` and `subok` are accepted as
    NumPy's."""
    return _product("matvec", x1, x2, out, axes, axis, keepdims, casting, dtype, signature)


def vecmat(x1, x2, /, out=None, *, axes=numpy._NoValue, axis=numpy._NoValue, keepdims=False,
           casting="same_kind", order="K", dtype=None, subok=True, signature=None):
    """Vector-matrix product over stacks (see numpy.vecmat): ``(..., n) x (..., n, m) ->
    (..., m)``, the vector conjugated; as matvec."""
    return _product("vecmat", x1, x2, out, axes, axis, keepdims, casting, dtype, signature)
