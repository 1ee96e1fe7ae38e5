"""matmul (and the @ operator), dot, vdot, inner, outer, tensordot and kron: NumPy's shape and
dtype rules here, the products themselves through the BLAS facade (csrc/libs/blas.hpp:
OpenBLAS on the cpu device, cuBLAS on a GPU) for float32, float64, complex64 and complex128.

The front-end below describes each product as BLAS sees it (column-major matrices with
transposes, leading dimensions and batch strides), reading the operands in place when their
last two axes allow it and copying them otherwise. float16 multiplies in float32 and rounds
once; integer and bool products (which BLAS lacks) run a tiled kernel of our own
(cupylike/linalg/_int_matmul.py), wrapping on overflow as NumPy's do.
"""

import math
import operator
import os

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._selection import where as _where
from cupylike.linalg import _int_matmul as _int_matmul_kernel

_add = UFUNCS["add"]
_multiply = UFUNCS["multiply"]
_negative = UFUNCS["negative"]
_conjugate = UFUNCS["conjugate"]
_BLAS = frozenset(numpy.dtype(t) for t in (numpy.float32, numpy.float64, numpy.complex64,
                                           numpy.complex128))
_NO_VALUE = numpy._NoValue
_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"
_host_blas_set = False



def _matrix(x, free):
    """x as a matrix: its first `free` axes become the rows, the others the columns
    (reshape(-1, k) cannot say how many rows there are when k is 0)."""
    return x.reshape(math.prod(x.shape[:free]), math.prod(x.shape[free:]))


def _set_host_blas(device):
    """Names the host BLAS (scipy-openblas32) to the core, which computes with it on the cpu
    device and in the emulated GPU's vendor libraries."""
    global _host_blas_set
    if _host_blas_set or (device.kind != "cpu" and not _native._cuda_emulated()):
        return
    import scipy_openblas32  # noqa: PLC0415 (only the cpu device and the emulator need it)

    _native._set_host_blas_library(os.path.join(scipy_openblas32.get_lib_dir(),
                                              f"lib{scipy_openblas32.get_library()}.so"))
    _host_blas_set = True


def _blas_view(x):
    """How BLAS reads the matrices x[..., r, c] in place: (transposed, ld), or None when the
    last two axes need a copy (the rule _matmul_direct uses too, in C++)."""
    return _native._blas_view(*x.shape[-2:], *x.strides[-2:], x.itemsize)


def _batch_stride(x, batch_shape):
    """x broadcast to batch_shape + its matrix shape, and the one element stride between its
    matrices (None when its batch axes do not step evenly)."""
    x = _native.broadcast_to(x, tuple(batch_shape) + x.shape[-2:])
    stride = None
    expected = None
    for size, step in zip(reversed(x.shape[:-2]), reversed(x.strides[:-2]), strict=True):
        if size == 1:
            continue
        if expected is None:
            stride = step
        elif step != expected:
            return x, None
        expected = step * size if step else 0
        if step % x.itemsize:
            return x, None
    return x, 0 if stride is None else stride // x.itemsize


def _operand(x, batch_shape):
    """(array, transposed, ld, batch stride) for BLAS, copying x when it must."""
    x, stride = _batch_stride(x, batch_shape)
    view = _blas_view(x) if stride is not None and stride >= 0 else None
    if view is None or any(s < 0 for s in x.strides):
        x = _native.ascontiguousarray(x) if x.ndim else x
        x, stride = _batch_stride(x, batch_shape)
        view = _blas_view(x)
    return x, view[0], view[1], stride


def _blas_matmul(a, b, out_shape, dtype, one_term_blas):
    """a[..., m, k] @ b[..., k, n] in `dtype` (a BLAS type), batch axes broadcast; with k == 1
    through BLAS only when `one_term_blas` (numpy.dot's way; numpy.matmul's is plain)."""
    batch_shape = out_shape[:-2]
    m, n, k = a.shape[-2], b.shape[-1], a.shape[-1]
    if k == 0:  # sums of no products
        return _native.zeros(out_shape, dtype, device=a.device)
    if k == 1 and not one_term_blas:
        # NumPy's matmul loop without BLAS, which it takes for one-term sums: 0 + a * b, complex
        # products in the ufunc's plain formula. BLAS scales by alpha = 1 in complex
        # arithmetic, which turns the other part of an infinite product into NaN.
        c = _multiply(a, b, dtype=dtype)
        return _add(c, 0, out=c)
    c = _native.empty(out_shape, dtype, device=a.device)
    if c.size == 0:
        return c
    _set_host_blas(a.device)
    batch = c.size // (m * n)
    a, ta, lda, sa = _operand(a.astype(dtype, copy=False), batch_shape)
    b, tb, ldb, sb = _operand(b.astype(dtype, copy=False), batch_shape)
    # Row-major C = A B is column-major C^T = B^T A^T: B's matrix comes first.
    _native._gemm(b, a, c, tb, ta, n, m, k, ldb, lda, n, batch, sb, sa, m * n)
    return c


def _strided(x, batch_shape):
    """x broadcast to batch_shape + its matrix shape, and its (batch, row, column) element
    strides, copied when they are not whole elements or its batch axes do not step evenly."""
    x, stride = _batch_stride(x, batch_shape)
    if stride is None or any(s % x.itemsize for s in x.strides[-2:]):
        x, stride = _batch_stride(_native.ascontiguousarray(x), batch_shape)
    return x, (stride, x.strides[-2] // x.itemsize, x.strides[-1] // x.itemsize)


def _int_matmul(a, b, out_shape, dtype):
    """Products BLAS lacks (integers wrap as NumPy's loops do; bool is any of and): one tiled
    kernel reading the operands in place, no m x k x n temporary."""
    if a.shape[-1] == 0:  # sums of no products
        return _native.zeros(out_shape, dtype, device=a.device)
    c = _native.empty(out_shape, dtype, device=a.device)
    if c.size:
        a, a_strides = _strided(a.astype(dtype, copy=False), out_shape[:-2])
        b, b_strides = _strided(b.astype(dtype, copy=False), out_shape[:-2])
        _int_matmul_kernel.run(a, a_strides, b, b_strides, c)
    return c


def _check_matmul_shapes(a, b):
    for i, x in enumerate((a, b)):
        if x.ndim == 0:
            raise ValueError(f"matmul: Input operand {i} does not have enough dimensions (has 0,"
                             f" gufunc core with signature {_SIGNATURE} requires 1)")
    k_b = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if a.shape[-1] != k_b:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {_SIGNATURE} (size {k_b} is different from "
                         f"{a.shape[-1]})")


def gufunc_output_dtype(signature):
    """The output dtype a gufunc's signature= names ('dd->d', a tuple of dtypes or one dtype);
    None when it names none."""
    if signature is None:
        return None
    if isinstance(signature, str) and "->" in signature:
        return numpy.dtype(signature.split("->")[1])
    if isinstance(signature, tuple):
        return None if signature[-1] is None else numpy.dtype(signature[-1])
    return numpy.dtype(signature)


def _core_axes_last(x, axes, i):
    """x with the core axes (axes[i], as NumPy's gufunc axes=) moved last."""
    core = tuple(axes[i]) if isinstance(axes[i], (tuple, list)) else (axes[i],)
    n = len(core)
    return _native.moveaxis(x, core, tuple(range(-n, 0))) if n else x


def matmul(x1, x2, /, out=None, *, axes=_NO_VALUE, axis=_NO_VALUE, keepdims=False,
           casting="same_kind", order="K", dtype=None, subok=True, signature=None):
    """Matrix product of two arrays (see numpy.matmul): stacks of matrices broadcast, 1-d
    operands promoted to a row or a column and the added axis removed after. `axes` names the
    core axes of each operand and of the result, as numpy.matmul's; `subok` has no effect (no
    subclasses) and a new result is C-ordered unless `order` is 'F'."""
    if axis is not _NO_VALUE:
        raise TypeError(f"matmul: axis can only be used with a single shared core dimension, "
                        f"not with the 3 distinct ones implied by signature {_SIGNATURE}.")
    if keepdims:
        raise TypeError(f"matmul does not support keepdims: its signature {_SIGNATURE} requires "
                        "output 0 to have 2 core dimensions, but keepdims can only be used when "
                        "all inputs have the same number of core dimensions and all outputs "
                        "have no core dimensions.")
    if signature is not None:
        dtype = gufunc_output_dtype(signature)
    if axes is not _NO_VALUE:
        x1 = _core_axes_last(device_array(x1, "matmul"), axes, 0)
        x2 = _core_axes_last(device_array(x2, "matmul"), axes, 1)
        c = _matmul(x1, x2, None, dtype, casting, one_term_blas=False)
        c = _core_axes_last_undo(c, axes[2])
        if out is None:
            return c
        out[...] = c
        return out
    if out is None and dtype is None and order != "F":
        c = _native._matmul_direct(x1, x2)  # the common case, in one C++ call
        if c is not None:
            return c
    c = _matmul(x1, x2, out, dtype, casting, one_term_blas=False)
    return _native.asfortranarray(c) if out is None and order == "F" and c.ndim >= 2 else c


def _core_axes_last_undo(c, out_axes):
    core = tuple(out_axes) if isinstance(out_axes, (tuple, list)) else (out_axes,)
    n = len(core)
    return _native.moveaxis(c, tuple(range(-n, 0)), core) if n else c


def _dot_matmul(a, b):
    """a @ b as numpy.dot, vdot, inner and tensordot compute it: through BLAS even for sums
    of one term (NumPy's cblas_matrixproduct), where matmul takes its plain loop."""
    c = _native._matmul_direct(a, b, one_term_blas=True)
    return c if c is not None else _matmul(a, b, None, None, "same_kind", one_term_blas=True)


def _matmul(a, b, out, dtype, casting, one_term_blas):
    a, b = device_array(a, "matmul"), device_array(b, "matmul")
    _check_matmul_shapes(a, b)
    result_dtype = numpy.result_type(a.dtype, b.dtype) if dtype is None else numpy.dtype(dtype)
    a2 = a[None, :] if a.ndim == 1 else a
    b2 = b[:, None] if b.ndim == 1 else b
    batch = numpy.broadcast_shapes(a2.shape[:-2], b2.shape[:-2])
    shape = tuple(batch) + (a2.shape[-2], b2.shape[-1])
    if result_dtype in _BLAS:
        c = _blas_matmul(a2, b2, shape, result_dtype, one_term_blas)
    elif result_dtype == numpy.float16:
        c = _blas_matmul(a2, b2, shape, numpy.dtype(numpy.float32), one_term_blas).astype(
            numpy.float16)
    else:
        c = _int_matmul(a2, b2, shape, result_dtype)
    if b.ndim == 1:
        c = c[..., 0]
    if a.ndim == 1:
        c = c[..., 0, :] if b.ndim > 1 else c[..., 0]
    if out is None:
        return c
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if out.shape != c.shape:
        raise ValueError(f"matmul: out has shape {out.shape}, the result has shape {c.shape}")
    if not numpy.can_cast(c.dtype, out.dtype, casting):
        raise TypeError(f"Cannot cast ufunc 'matmul' output from {c.dtype!r} to {out.dtype!r} "
                        f"with casting rule {casting!r}")
    out[...] = c
    return out


def plain_matmul(a, b, dtype=None):
    """matmul of arrays of 2 or more dimensions with the values of NumPy's loops that call no
    BLAS (einsum's): a complex sum of products in the plain formula, where complex BLAS
    scales by alpha = 1 in complex arithmetic and so turns the other part of an infinite
    element into NaN. A real gemm computes it: a's parts side by side, times b widened into
    the 2x2 real blocks [[re, im], [-im, re]], sums the very terms the plain formula sums."""
    result = numpy.result_type(a.dtype, b.dtype) if dtype is None else numpy.dtype(dtype)
    k, n = b.shape[-2], b.shape[-1]
    if result.kind != "c" or k <= 1 or a.size == 0 or b.size == 0:
        return matmul(a, b, dtype=dtype)  # one term or none: matmul's loop is already plain
    real = numpy.dtype(result.char.lower())
    a_parts = _native.ascontiguousarray(a.astype(result, copy=False)).view(real)
    b = b.astype(result, copy=False)
    wide = _native.empty(b.shape[:-2] + (k, 2, n, 2), real, device=b.device)
    wide[..., :, 0, :, 0] = b.real
    wide[..., :, 0, :, 1] = b.imag
    wide[..., :, 1, :, 0] = _negative(b.imag)
    wide[..., :, 1, :, 1] = b.real
    return matmul(a_parts, wide.reshape(b.shape[:-2] + (2 * k, 2 * n))).view(result)


def _blas_scalar(x):
    """Whether numpy.dot's BLAS path reads x as a scalar: one element, in at most 2 axes."""
    return x.size == 1 and x.ndim <= 2


def _blas_scalar_operand(a, b):
    """(s, x) when numpy.dot multiplies x by a one-element s in its BLAS path (float and
    complex operands of at most 2 axes), else None."""
    if a.ndim > 2 or b.ndim > 2 or numpy.result_type(a.dtype, b.dtype) not in _BLAS:
        return None
    if _blas_scalar(a):
        s, x = a, b
    elif _blas_scalar(b):
        s, x = b, a
    else:
        return None
    if a.ndim and b.ndim and a.shape[-1] != b.shape[0]:
        return None  # not aligned: the general path raises NumPy's error
    return s, x


def _scalar_dot(a, b, s, x):
    """numpy.dot(a, b) for a one-element s (a or b) and the other operand x. One product is
    s * x as it is; more are axpy's: s * x added to zeros, the whole product skipped when s is
    zero, so the result is all +0.0 then, even where x holds NaN or infinities (IEEE's
    0 * inf is NaN), and +0.0 where s * x is -0.0."""
    if a.ndim == 0 or b.ndim == 0:
        shape = b.shape if a.ndim == 0 else a.shape
    else:
        shape = a.shape[:-1] + b.shape[1:]
    s = s.reshape(())
    product = _multiply(s, x.reshape(shape))
    if product.size <= 1:
        return product
    return _where(s == 0, _native.zeros((), product.dtype), _add(product, 0))


def dot(a, b, out=None):
    """Dot product (see numpy.dot): a product for scalars, the inner product of vectors, the
    matrix product of 2-d arrays, and otherwise a sum over a's last axis and b's second-to-last."""
    if out is None and getattr(a, "size", 0) != 1 and getattr(b, "size", 0) != 1:
        result = _native._matmul_direct(a, b, one_term_blas=True)  # 1-d and 2-d: as matmul
        if result is not None:
            return result
    a, b = device_array(a, "dot"), device_array(b, "dot")
    scalar = _blas_scalar_operand(a, b)
    if scalar is not None:
        result = _scalar_dot(a, b, *scalar)
    elif a.ndim == 0 or b.ndim == 0:
        result = _multiply(a, b)
    elif b.ndim <= 2:
        if a.shape[-1] != b.shape[0]:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim "
                             f"{a.ndim - 1}) != {b.shape[0]} (dim 0)")
        result = _dot_matmul(_matrix(a, a.ndim - 1) if a.ndim > 2 else a, b)
        if a.ndim > 2:
            result = result.reshape(a.shape[:-1] + b.shape[1:])
    else:
        k = b.shape[-2]
        if a.shape[-1] != k:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim "
                             f"{a.ndim - 1}) != {k} (dim {b.ndim - 2})")
        moved = _native.moveaxis(b, -2, 0)
        result = _dot_matmul(_matrix(a, a.ndim - 1), _matrix(moved, 1)).reshape(
            a.shape[:-1] + b.shape[:-2] + b.shape[-1:])
    if out is None:
        return result
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if out.shape != result.shape or out.dtype != result.dtype or not out.flags.c_contiguous:
        raise ValueError("output array is not acceptable (must have the right datatype, number "
                         "of dimensions, and be a C-Array)")
    out[...] = result
    return out


def vdot(a, b, /):
    """Dot product of the flattened arrays, conjugating the first (see numpy.vdot)."""
    a, b = device_array(a, "vdot"), device_array(b, "vdot")
    if a.size != b.size:
        raise ValueError(f"cannot reshape array of size {b.size} into shape ({a.size},)")
    if a.dtype.kind == "c":
        a = _conjugate(a)
    return _dot_matmul(a.reshape(-1), b.reshape(-1))


def inner(a, b, /):
    """Sum of products over the last axes (see numpy.inner)."""
    a, b = device_array(a, "inner"), device_array(b, "inner")
    if a.ndim and b.ndim and a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim "
                         f"{a.ndim - 1}) != {b.shape[-1]} (dim {b.ndim - 1})")
    if a.ndim <= 2 and b.ndim <= 2:
        # NumPy's inner is its dot here, BLAS's scalar rule included.
        return dot(a, b.T if a.ndim else b)
    if a.ndim == 0 or b.ndim == 0:
        return _multiply(a, b)
    result = _dot_matmul(_matrix(a, a.ndim - 1), _matrix(b, b.ndim - 1).T)
    return result.reshape(a.shape[:-1] + b.shape[:-1])


def outer(a, b, out=None):
    """Outer product of the flattened arrays (see numpy.outer)."""
    a, b = device_array(a, "outer"), device_array(b, "outer")
    return _multiply(a.reshape(-1)[:, None], b.reshape(-1)[None, :], out=out)


def _axes_pair(axes, a, b):
    """tensordot's axes as two lists of a's and b's summed axes (NumPy's forms)."""
    try:
        a_axes, b_axes = axes
    except TypeError:
        n = operator.index(axes)
        if n > a.ndim or n > b.ndim:
            raise IndexError("tuple index out of range") from None
        return list(range(a.ndim - n, a.ndim)), list(range(n))
    a_axes = [a_axes] if isinstance(a_axes, int) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, int) else list(b_axes)
    return a_axes, b_axes


def tensordot(a, b, axes=2):
    """Sum of products over the given axes of a and b (see numpy.tensordot): the summed axes
    move together and the product is one matrix product."""
    a, b = device_array(a, "tensordot"), device_array(b, "tensordot")
    a_axes, b_axes = _axes_pair(axes, a, b)
    if len(a_axes) != len(b_axes) or any(
            a.shape[i] != b.shape[j] for i, j in zip(a_axes, b_axes, strict=False)):
        raise ValueError("shape-mismatch for sum")
    a_axes = [normalize_axis_index(i, a.ndim) for i in a_axes]
    b_axes = [normalize_axis_index(j, b.ndim) for j in b_axes]
    a_free = [i for i in range(a.ndim) if i not in a_axes]
    b_free = [j for j in range(b.ndim) if j not in b_axes]
    k = 1
    for i in a_axes:
        k *= a.shape[i]
    left = _matrix(a.transpose(a_free + a_axes), len(a_free)) if a.ndim else a.reshape(1, 1)
    right = _matrix(b.transpose(b_axes + b_free), len(b_axes)) if b.ndim else b.reshape(1, 1)
    shape = tuple(a.shape[i] for i in a_free) + tuple(b.shape[j] for j in b_free)
    return dot(left, right).reshape(shape)  # NumPy: dot of the two matrices


def kron(a, b):
    """Kronecker product (see numpy.kron): blocks of b scaled by each element of a, the shapes
    aligned on their last axes."""
    a, b = device_array(a, "kron"), device_array(b, "kron")
    nd = max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    spread_a = a.reshape(tuple(s for d in a.shape for s in (d, 1)))
    spread_b = b.reshape(tuple(s for d in b.shape for s in (1, d)))
    return _multiply(spread_a, spread_b).reshape(
        tuple(x * y for x, y in zip(a.shape, b.shape, strict=True)))
