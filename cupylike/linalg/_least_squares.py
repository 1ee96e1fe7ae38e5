"""lstsq and pinv from the SVD (LAPACK's gelsd is SVD-based too): singular values below a
cutoff relative to the largest count as zero."""

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.linalg import _lapack as L
from cupylike.linalg._decompositions import svd
from cupylike.linalg._kernels import ABS_MAX, ABS_SQUARE_SUM, RECIPROCAL_ABOVE, real_part
from cupylike.linalg._products import matmul

_conjugate = UFUNCS["conjugate"]
_multiply = UFUNCS["multiply"]
_subtract = UFUNCS["subtract"]


def _adjoint(x):
    """The conjugate transpose of the matrices of x (a view for real x)."""
    t = x.swapaxes(-1, -2)
    return _conjugate(t) if t.dtype.kind == "c" else t


def lstsq(a, b, rcond=None):
    """Least-squares solution of ``a @ x = b`` (see numpy.linalg.lstsq).

    Parameters
    ----------
    a : cupylike.ndarray, shape (M, N)
    b : cupylike.ndarray, shape (M,) or (M, K)
    rcond : float, optional
        Singular values at or below ``rcond * s.max()`` count as zero; default
        ``eps * max(M, N)``.

    Returns
    -------
    x : (N,) or (N, K)
    residuals : (K,) or (1,) squared residual norms when the rank is N and M > N, else (0,)
    rank : int
    s : (min(M, N),) singular values of a

    Raises
    ------
    LinAlgError
        If a or b is not 2-d (b may be 1-d), their rows differ, or the SVD does not converge.
    """
    a, b = L.linalg_array(a, "lstsq"), L.linalg_array(b, "lstsq")
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    for x in (a, b):
        if x.ndim != 2:
            raise L.LinAlgError(f"{x.ndim}-dimensional array given. Array must be two-"
                                "dimensional")
    m, n = a.shape
    if b.shape[0] != m:
        raise L.LinAlgError("Incompatible dimensions")
    dtype = L.result_dtype(a.dtype, b.dtype)
    real = L.real_dtype(dtype)
    if rcond is None:
        rcond = numpy.finfo(real).eps * max(m, n)
    # NumPy's gelsd fails on a matrix holding NaN or an infinity (the SVD of the latter has
    # NaN singular values): both raise, with gelsd's message.
    failed = L.LinAlgError("SVD did not converge in Linear Least Squares")
    try:
        u, s, vh = svd(a.astype(dtype, copy=False), full_matrices=False)
    except L.LinAlgError:
        raise failed from None
    # The rank is a Python int, so the singular values come to the host: the cutoff is applied
    # there too, and the reciprocals go back (min(M, N) values).
    s_host = _native.asnumpy(s)
    if numpy.isnan(s_host).any():
        raise failed
    cutoff = rcond * s_host.max(initial=0)
    rank = int((s_host > cutoff).sum())
    inv_s = numpy.zeros_like(s_host)
    inv_s[s_host > cutoff] = 1 / s_host[s_host > cutoff]
    inv_s = _native.asarray(inv_s.astype(dtype), device=a.device)
    b = b.astype(dtype, copy=False)
    x = matmul(_adjoint(vh), _multiply(inv_s[:, None], matmul(_adjoint(u), b)))
    if rank == n and m > n:
        resid = real_part(ABS_SQUARE_SUM(_subtract(b, matmul(a.astype(dtype, copy=False), x)),
                                         axis=0))
    else:
        resid = _native.empty((0,), real, device=a.device)
    return (x[:, 0] if vector else x), resid, rank, s


_NoValue = numpy._NoValue  # pinv's default for rtol (NumPy tells 'not given' from None)


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    """Moore-Penrose pseudo-inverse of matrices, from the SVD (see numpy.linalg.pinv).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, N)
    rcond, rtol : float or array, optional
        Relative cutoff on the singular values (only one of them may be given); default 1e-15
        when neither is, ``max(M, N) * eps`` for rtol=None.
    hermitian : bool
        ``a`` is Hermitian: the SVD comes from eigh.

    Returns
    -------
    cupylike.ndarray, shape (..., N, M)
    """
    a = L.linalg_array(a, "pinv")
    L.assert_stacked_2d(a)
    dtype = L.result_dtype(a.dtype)
    if rcond is None:
        if rtol is _NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * numpy.finfo(dtype).eps
        else:
            rcond = rtol
    elif rtol is not _NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    m, n = a.shape[-2:]
    if a.size == 0:
        return _native.empty(a.shape[:-2] + (n, m), dtype, device=a.device)
    u, s, vh = svd(a.astype(dtype, copy=False), full_matrices=False, hermitian=hermitian)
    real = s.dtype
    if isinstance(rcond, _native.ndarray):
        rcond = rcond.astype(real)[..., None]
    else:
        rcond = _native.asarray(numpy.asarray(rcond, dtype=real)[..., None], device=a.device)
    cutoff = _multiply(rcond, real_part(ABS_MAX(s, axis=-1, keepdims=True)))
    inv_s = RECIPROCAL_ABOVE(s, cutoff)
    return matmul(_adjoint(vh), _multiply(inv_s[..., None].astype(dtype, copy=False),
                                          _adjoint(u)))
