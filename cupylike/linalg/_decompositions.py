"""svd, cholesky and qr: one LAPACK routine each (gesdd, potrf, geqrf + orgqr) on work copies,
the factors read back through the layout identities in _lapack.py."""

import numpy
from numpy.linalg._linalg import QRResult, SVDResult

from cupylike._core import _native
from cupylike.linalg import _lapack as L
from cupylike.linalg._kernels import triangle


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition ``a = (u * s[..., None, :]) @ vh`` (see numpy.linalg.svd).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, N)
    full_matrices : bool
        u is (..., M, M) and vh (..., N, N) when true, else (..., M, K) and (..., K, N) with
        K = min(M, N).
    compute_uv : bool
        Only the singular values when false.
    hermitian : bool
        Accepted for NumPy's signature; the general SVD serves Hermitian matrices too (the same
        singular values; NumPy derives its factors from eigh instead, so signs may differ).

    Returns
    -------
    SVDResult (U, S, Vh), or S alone when compute_uv is false; S is real, in descending order.

    Raises
    ------
    LinAlgError
        If ``a`` has fewer than two dimensions or the SVD does not converge.
    """
    a = L.linalg_array(a, "svd")
    L.assert_stacked_2d(a)
    dtype = L.result_dtype(a.dtype)
    del hermitian  # one routine for all matrices (see the docstring)
    m, n = a.shape[-2:]
    batch = a.shape[:-2]
    k = min(m, n)
    real = L.real_dtype(dtype)
    if k == 0:
        return _empty_svd(a, dtype, real, full_matrices, compute_uv)
    job = ("A" if full_matrices else "S") if compute_uv else "N"
    # LAPACK (and cuSOLVER's gesvd) factor a matrix with rows >= columns: tall a as it is, from
    # a column-major copy; wide a as its transpose, which a plain copy already is.
    tall = m >= n
    work = L.base_of(L.fortran_copy(a, dtype)) if tall else L.plain_copy(a, dtype)
    rows, cols = (m, n) if tall else (n, m)
    u_cols = rows if job == "A" else cols
    s = _native.empty(batch + (cols,), real, device=a.device)
    u_buf = vt_buf = None
    if compute_uv:
        u_buf = _native.empty(batch + (u_cols, rows), dtype, device=a.device)
        vt_buf = _native.empty(batch + (cols, cols), dtype, device=a.device)
    # NumPy's rule for non-finite input, decided here for every device: cuSOLVER's gesvd
    # reports neither NaN nor infinities, and LAPACK's SVDs can loop forever on infinities.
    infinite = _infinite_matrices(work) if a.dtype.kind in "fc" else None
    infos = L.call("gesdd", work, b=u_buf, c=vt_buf, v=s, m=rows, n=cols, lda=rows, ldb=rows,
                   ldc=cols, job=job, batch=L.batch_count(a.shape), stride_a=rows * cols,
                   stride_b=u_cols * rows, stride_c=cols * cols, stride_v=cols)
    L.raise_on_info(infos, "SVD did not converge")
    if infinite is not None and infinite.size:
        # NumPy's gesdd gives such a matrix NaN singular values.
        s.reshape((-1, cols))[_native.asarray(infinite, device=a.device)] = numpy.nan
    if not compute_uv:
        return s
    if tall:
        return SVDResult(u_buf.swapaxes(-1, -2), s, vt_buf.swapaxes(-1, -2))
    # a^T = U' S VT' gives a = VT'^T S U'^T: the buffers read row-major are u and vh.
    return SVDResult(vt_buf, s, u_buf)


def _infinite_matrices(work):
    """The indices (in the flattened batch) of the matrices of the C-contiguous `work` that
    hold infinities, each replaced by zeros so that the routine factors the zero matrix (finite
    U and Vh: NumPy's are what its gesdd leaves, finite for real matrices); LinAlgError, as
    NumPy's, when one holds NaN."""
    magnitudes = L.matrix_magnitudes(work)
    if numpy.isnan(magnitudes).any():
        raise L.LinAlgError("SVD did not converge")
    infinite = numpy.flatnonzero(numpy.isinf(magnitudes))
    if infinite.size:
        matrices = work.reshape((-1,) + work.shape[-2:])
        matrices[_native.asarray(infinite, device=work.device)] = 0
    return infinite


def _empty_svd(a, dtype, real, full_matrices, compute_uv):
    """NumPy's results for matrices with no rows or no columns: no singular values, identity
    (full) or empty factors."""
    m, n = a.shape[-2:]
    batch = a.shape[:-2]
    s = _native.empty(batch + (0,), real, device=a.device)
    if not compute_uv:
        return s
    if full_matrices:
        u = L.identity_stack(batch, m, dtype, a.device)
        vh = L.identity_stack(batch, n, dtype, a.device)
    else:
        u = _native.empty(batch + (m, 0), dtype, device=a.device)
        vh = _native.empty(batch + (0, n), dtype, device=a.device)
    return SVDResult(u, s, vh)


def cholesky(a, /, *, upper=False):
    """Cholesky factor of Hermitian positive-definite matrices (see numpy.linalg.cholesky).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, M)
        Only its lower triangle is read (upper if ``upper``).
    upper : bool
        Return the upper factor U with ``a = U^H U`` instead of the lower L with ``a = L L^H``.

    Raises
    ------
    LinAlgError
        If a matrix is not positive definite, or ``a`` is not a stack of square matrices.
    """
    a, dtype = L.as_square_stack(a, "cholesky")
    n = a.shape[-1]
    # LAPACK sees the transposes: their upper factor read row-major is a's lower one.
    work = L.plain_copy(a, dtype)
    infos = L.call("potrf", work, m=n, n=n, lda=max(n, 1), uplo="L" if upper else "U",
                   batch=L.batch_count(a.shape), stride_a=n * n)
    L.raise_on_info(infos, "Matrix is not positive definite")
    return triangle(work, lower=not upper)


_QR_MODES = ("reduced", "complete", "r", "raw")


def qr(a, mode="reduced"):
    """QR decomposition ``a = q @ r`` (see numpy.linalg.qr).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, N)
    mode : {'reduced', 'complete', 'r', 'raw'}
        reduced: q (..., M, K), r (..., K, N) with K = min(M, N); complete: q (..., M, M),
        r (..., M, N); r: r alone (..., K, N); raw: LAPACK's (h, tau), h (..., N, M) holding r
        and the Householder reflectors, tau (..., K).

    Returns
    -------
    QRResult (Q, R), r, or (h, tau) by mode.
    """
    if mode not in _QR_MODES:
        raise ValueError(f"Unrecognized mode '{mode}'")
    a = L.linalg_array(a, "qr")
    L.assert_stacked_2d(a)
    dtype = L.result_dtype(a.dtype)
    m, n = a.shape[-2:]
    batch = a.shape[:-2]
    k = min(m, n)
    count = L.batch_count(a.shape)
    h = L.fortran_copy(a, dtype)
    h_base = L.base_of(h)
    tau = _native.empty(batch + (k,), dtype, device=a.device)
    L.call("geqrf", h_base, v=tau, m=m, n=n, lda=max(m, 1), batch=count, stride_a=m * n,
           stride_v=k)
    if mode == "raw":
        return h_base, tau
    # r: the upper triangle of h, which is the lower one of h's C-contiguous base (h^T).
    r_full = triangle(h_base, lower=True).swapaxes(-1, -2)
    if mode == "r":
        return r_full[..., :k, :]
    if mode == "complete" and m > n:
        # Q has more columns than a: orgqr builds them in a larger buffer from the k reflectors.
        q = L.fortran_empty(batch + (m, m), dtype, a.device)
        q[..., :, :n] = h
        L.call("orgqr", L.base_of(q), v=tau, m=m, n=m, nrhs=k, lda=m, batch=count,
               stride_a=m * m, stride_v=k)
        return QRResult(q, r_full)
    # Q's k columns are the first k of h's column-major matrices: orgqr works there in place,
    # r being a copy.
    L.call("orgqr", h_base, v=tau, m=m, n=k, nrhs=k, lda=max(m, 1), batch=count,
           stride_a=m * n, stride_v=k)
    return QRResult(h[..., :, :k], r_full[..., :k, :])
