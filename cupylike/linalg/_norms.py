"""norm, cond and matrix_rank: reductions over absolute values, and the singular values
(svd with compute_uv=False) for the spectral and nuclear norms."""

import math

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.linalg import _lapack as L
from cupylike.linalg._decompositions import svd
from cupylike.linalg._kernels import (
    ABS_MAX,
    ABS_MIN,
    ABS_POWER_SUM,
    ABS_SQUARE_SUM,
    ABS_SUM,
    COUNT_ABOVE,
    NONZERO_COUNT,
    real_part,
)
from cupylike.linalg._solvers import inv_with_infos

_absolute = UFUNCS["absolute"]
_sqrt = UFUNCS["sqrt"]
_power = UFUNCS["power"]
_divide = UFUNCS["divide"]
_isnan = UFUNCS["isnan"]
_multiply = UFUNCS["multiply"]


def _root_sum_squares(x, axis, keepdims):
    """sqrt(sum |x|^2) over `axis`, real."""
    return _sqrt(real_part(ABS_SQUARE_SUM(x, axis=axis, keepdims=keepdims)))


def _reduce(kernel, x, axis, keepdims=False):
    """A magnitude reduction's real result."""
    return real_part(kernel(x, axis=axis, keepdims=keepdims))


def _normalize_axis(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, tuple):
        return axis
    try:
        return (int(axis),)
    except Exception as e:
        raise TypeError("'axis' must be None, an integer or a tuple of integers") from e


def _vector_norm(x, ord, axis, keepdims):  # noqa: A002 (NumPy's name)
    if ord == numpy.inf:
        return _reduce(ABS_MAX, x, axis, keepdims)
    if ord == -numpy.inf:
        return _reduce(ABS_MIN, x, axis, keepdims)
    if ord is None or ord == 2:
        return _root_sum_squares(x, axis, keepdims)
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    if ord == 0:
        return _reduce(NONZERO_COUNT, x, axis, keepdims)
    if ord == 1:
        return _reduce(ABS_SUM, x, axis, keepdims)
    p = _native.asarray(numpy.float64(ord), device=x.device)
    total = real_part(ABS_POWER_SUM(x, p, axis=axis, keepdims=keepdims))
    return _power(total, numpy.asarray(1.0 / ord, total.dtype))


def _svd_norm(x, row_axis, col_axis, kernel):
    """kernel() over the singular values of the matrices on (row_axis, col_axis)."""
    moved = _native.moveaxis(x, (row_axis, col_axis), (-2, -1))
    return _reduce(kernel, svd(moved, compute_uv=False), -1)


def _matrix_norm(x, ord, axis, keepdims):  # noqa: A002 (NumPy's name)
    row_axis = normalize_axis_index(axis[0], x.ndim)
    col_axis = normalize_axis_index(axis[1], x.ndim)
    if row_axis == col_axis:
        raise ValueError("Duplicate axes given.")
    extreme = {1: ABS_MAX, -1: ABS_MIN, numpy.inf: ABS_MAX, -numpy.inf: ABS_MIN}
    if ord == 2:
        ret = _svd_norm(x, row_axis, col_axis, ABS_MAX)
    elif ord == -2:
        ret = _svd_norm(x, row_axis, col_axis, ABS_MIN)
    elif ord in (1, -1):  # the extreme column sum
        sums = _reduce(ABS_SUM, x, row_axis)
        ret = _reduce(extreme[ord], sums, col_axis - (col_axis > row_axis))
    elif ord in (numpy.inf, -numpy.inf):  # the extreme row sum
        sums = _reduce(ABS_SUM, x, col_axis)
        ret = _reduce(extreme[ord], sums, row_axis - (row_axis > col_axis))
    elif ord in (None, "fro", "f"):
        ret = _root_sum_squares(x, (row_axis, col_axis), False)
    elif ord == "nuc":
        ret = _svd_norm(x, row_axis, col_axis, ABS_SUM)
    else:
        raise ValueError("Invalid norm order for matrices.")
    if keepdims:
        shape = list(x.shape)
        shape[row_axis] = shape[col_axis] = 1
        ret = ret.reshape(shape)
    return ret


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002 (NumPy's name)
    """Matrix or vector norm (see numpy.linalg.norm).

    Parameters
    ----------
    x : cupylike.ndarray
        Integer and bool arrays are taken as float64.
    ord : {None, non-zero int, inf, -inf, 'fro', 'nuc'} or float
        Vector norms: any real order (0 counts nonzeros); matrix norms: None/'fro', 'nuc',
        inf, -inf, 1, -1, 2, -2 (2 and -2 and 'nuc' from the singular values).
    axis : None, int or 2-tuple of ints
        A vector norm over one axis, a matrix norm over two; None: the whole of a 1-d or 2-d x.
    keepdims : bool

    Raises
    ------
    ValueError
        For an order that the norm's kind does not have, or more than two axes.
    """
    x = L.linalg_array(x, "norm")
    if x.dtype.kind not in "fc":
        x = x.astype(numpy.float64)
    if x.dtype == numpy.float16:
        # NumPy's spectral and nuclear norms go through its SVD, which has no float16 loop.
        two_axes = x.ndim == 2 if axis is None else numpy.ndim(axis) == 1 and len(axis) == 2
        if two_axes and (ord in (2, -2) or (isinstance(ord, str) and ord == "nuc")):
            raise TypeError("array type float16 is unsupported in linalg")
        return norm(x.astype(numpy.float32), ord, axis, keepdims).astype(numpy.float16)
    if axis is None and (ord is None or (ord in ("f", "fro") and x.ndim == 2)
                         or (ord == 2 and x.ndim == 1)):
        ret = _root_sum_squares(x, None, False)
        return ret.reshape((1,) * x.ndim) if keepdims else ret
    axis = _normalize_axis(axis, x.ndim)
    if len(axis) == 1:
        return _vector_norm(x, ord, axis, keepdims)
    if len(axis) == 2:
        return _matrix_norm(x, ord, axis, keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def cond(x, p=None):
    """Condition number of matrices (see numpy.linalg.cond): the ratio of extreme singular
    values (p None, 2, -2) or norm(x, p) * norm(inv(x), p); inf for singular matrices.

    Raises
    ------
    LinAlgError
        For empty matrices, or (p other than None, 2, -2) non-square ones.
    """
    x = L.linalg_array(x, "cond")
    L.assert_stacked_2d(x)
    if x.size == 0 and math.prod(x.shape[-2:]) == 0:
        raise L.LinAlgError("cond is not defined on empty arrays")
    if p is None or p in (2, -2):
        s = svd(x, compute_uv=False)
        r = _divide(s[..., -1], s[..., 0]) if p == -2 else _divide(s[..., 0], s[..., -1])
    else:
        L.assert_stacked_square(x)
        x_inv, infos = inv_with_infos(x)
        r = _multiply(norm(x, p, axis=(-2, -1)), norm(x_inv, p, axis=(-2, -1)))
        if any(i > 0 for i in infos):  # singular: NumPy's inverse is all NaN there
            host = _native.asnumpy(r).reshape(-1)
            host[numpy.asarray(infos) > 0] = numpy.nan
            r = _native.asarray(host.reshape(r.shape), device=x.device)
        r = r.astype(L.real_dtype(L.result_dtype(x.dtype)), copy=False)
    # NaN results become inf, unless x itself held a NaN (NumPy's convention).
    host = _native.asnumpy(r)
    nan = numpy.isnan(host)
    if nan.any():
        # NumPy's isnan: a complex element is NaN where either part is (inf + nanj too, whose
        # magnitude is inf).
        nan &= ~_native.asnumpy(_isnan(x).any(axis=(-2, -1)))
        host = numpy.where(nan, numpy.inf, host)
        r = _native.asarray(host, device=x.device)
    return r


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):  # noqa: N803 (NumPy's name)
    """Rank of matrices: singular values above the tolerance (see numpy.linalg.matrix_rank).

    Parameters
    ----------
    A : cupylike.ndarray, shape (..., M, N), or fewer than 2 dimensions (rank 0 or 1)
    tol : float or array, optional
        Absolute tolerance; default ``S.max() * rtol``.
    hermitian : bool
    rtol : float or array, optional
        Relative tolerance; default ``max(M, N) * eps``.
    """
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = L.linalg_array(A, "matrix_rank")  # noqa: N806
    if A.ndim < 2:
        return int(bool(_native.asnumpy(NONZERO_COUNT(A, axis=None))))
    s = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * numpy.finfo(s.dtype).eps
        return COUNT_ABOVE(s, _reduce(ABS_MAX, s, -1, keepdims=True),
                           _as_device(rtol, s)[..., None], axis=-1)
    return COUNT_ABOVE(s, _as_device(tol, s)[..., None], _as_device(1, s), axis=-1)


def _as_device(value, like):
    """A tolerance (scalar, NumPy or cupylike array) as a cupylike array on like's device."""
    if isinstance(value, _native.ndarray):
        return value
    return _native.asarray(numpy.asarray(value, dtype=like.dtype), device=like.device)
