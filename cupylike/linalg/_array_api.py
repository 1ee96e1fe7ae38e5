"""The linalg extension of the Array API, as NumPy 2 spells it: vector_norm, matrix_norm,
svdvals, vecdot, cross, and the linalg forms of diagonal, outer, matmul, tensordot, trace and
matrix_transpose, which act on the last axes (stacks of vectors or matrices). Each is a call of
the older routine with those axes."""

from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._creation import _matrices
from cupylike._manipulation._array_api_forms import matrix_transpose
from cupylike.linalg import _products
from cupylike.linalg._decompositions import svd
from cupylike.linalg._norms import norm
from cupylike.linalg._vecdot import vector_dot

__all__ = ["cross", "diagonal", "matmul", "matrix_norm", "matrix_transpose", "outer", "svdvals",
           "tensordot", "trace", "vecdot", "vector_norm"]

def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):  # noqa: A002 (NumPy's name)
    """The vector norm over `axis` (None: all elements; a tuple: those axes taken as one
    vector), see numpy.linalg.vector_norm."""
    x = device_array(x, "vector_norm")
    shape = x.shape
    if axis is None:
        result = norm(_native.ravel(x), ord, 0)
        axes = tuple(range(x.ndim))
    elif isinstance(axis, tuple):
        axes = normalize_axis_tuple(axis, x.ndim)
        rest = [d for d in range(x.ndim) if d not in axes]
        moved = _native.transpose(x, tuple(rest) + axes)
        kept = tuple(shape[d] for d in rest)
        size = 1
        for d in axes:
            size *= shape[d]
        result = norm(_native.reshape(moved, kept + (size,)), ord, -1)
    else:
        axes = (normalize_axis_index(axis, x.ndim),)
        result = norm(x, ord, axes[0])
    if keepdims:
        result = _native.reshape(
            result, tuple(1 if d in axes else shape[d] for d in range(x.ndim)))
    return result


def matrix_norm(x, /, *, keepdims=False, ord="fro"):  # noqa: A002 (NumPy's name)
    """The norm of each matrix of the stack x (see numpy.linalg.matrix_norm)."""
    return norm(device_array(x, "matrix_norm"), ord, (-2, -1), keepdims)


def svdvals(x, /):
    """The singular values of each matrix of the stack x, largest first (see
    numpy.linalg.svdvals)."""
    return svd(x, compute_uv=False)


def vecdot(x1, x2, /, *, axis=-1):
    """The dot product of vectors along `axis`, the first conjugated (see
    numpy.linalg.vecdot)."""
    return vector_dot(x1, x2, axis, axis)


def cross(x1, x2, /, *, axis=-1):
    """The cross product of 3-element vectors along `axis` (see numpy.linalg.cross)."""
    x1 = device_array(x1, "cross")
    x2 = device_array(x2, "cross")
    if x1.ndim == 0 or x2.ndim == 0 or x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(
            "Both input arrays must be (arrays of) 3-dimensional vectors, "
            f"but they are {x1.shape[axis] if x1.ndim else 0} and "
            f"{x2.shape[axis] if x2.ndim else 0} dimensional instead.")
    a = _native.moveaxis(x1, axis, -1)
    b = _native.moveaxis(x2, axis, -1)
    mul, sub = UFUNCS["multiply"], UFUNCS["subtract"]
    parts = [sub(mul(a[..., i], b[..., j]), mul(a[..., j], b[..., i]))
             for i, j in ((1, 2), (2, 0), (0, 1))]
    result = _native.empty(parts[0].shape + (3,), parts[0].dtype, device=parts[0].device)
    for k, p in enumerate(parts):
        result[..., k] = p
    return _native.moveaxis(result, -1, axis)


def diagonal(x, /, *, offset=0):
    """The diagonals of each matrix of the stack x (see numpy.linalg.diagonal)."""
    return _matrices.diagonal(x, offset, -2, -1)


def outer(x1, x2, /):
    """The outer product of two vectors (see numpy.linalg.outer)."""
    x1 = device_array(x1, "outer")
    x2 = device_array(x2, "outer")
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("Input arrays must be one-dimensional, but they are "
                         f"x1.ndim={x1.ndim} and x2.ndim={x2.ndim}.")
    return _products.outer(x1, x2)


def matmul(x1, x2, /):
    """The matrix product (see numpy.linalg.matmul)."""
    return _products.matmul(x1, x2)


def tensordot(x1, x2, /, *, axes=2):
    """The tensor dot product over `axes` (see numpy.linalg.tensordot)."""
    return _products.tensordot(x1, x2, axes)


def trace(x, /, *, offset=0, dtype=None):
    """The sums along the diagonals of each matrix of the stack x (see numpy.linalg.trace)."""
    return _matrices.trace(x, offset, -2, -1, dtype)
