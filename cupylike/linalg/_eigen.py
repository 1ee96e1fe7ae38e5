"""Eigenvalue problems: eigh and eigvalsh (syevd/heevd), eig and eigvals (geev)."""

import numpy
from numpy.linalg._linalg import EighResult, EigResult

from cupylike._core import _native, _numpy_version
from cupylike.linalg import _lapack as L
from cupylike.linalg._kernels import ABS_MAX, UNPACK_EIGENVECTORS, real_part


def _check_uplo(uplo):
    if uplo not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")


def eigh(a, UPLO="L"):  # noqa: N803 (NumPy's name)
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices (see numpy.linalg.eigh).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, M)
    UPLO : {'L', 'U'}
        The triangle read (the other is taken to mirror it).

    Returns
    -------
    EighResult (eigenvalues (..., M), real; eigenvectors (..., M, M), the columns).
    """
    _check_uplo(UPLO)
    a, dtype = L.as_square_stack(a, "eigh")
    n = a.shape[-1]
    v = L.fortran_copy(a, dtype)
    w = _native.empty(a.shape[:-1], L.real_dtype(dtype), device=a.device)
    infos = L.call("syevd", L.base_of(v), v=w, m=n, n=n, lda=max(n, 1), job="V", uplo=UPLO,
                   batch=L.batch_count(a.shape), stride_a=n * n, stride_v=n)
    L.raise_on_info(infos, "Eigenvalues did not converge")
    return EighResult(w, v)


def eigvalsh(a, UPLO="L"):  # noqa: N803 (NumPy's name)
    """Eigenvalues (ascending, real) of Hermitian matrices (see numpy.linalg.eigvalsh)."""
    _check_uplo(UPLO)
    a, dtype = L.as_square_stack(a, "eigvalsh")
    n = a.shape[-1]
    # LAPACK sees the transposes (conjugates, for Hermitian matrices: the same eigenvalues),
    # whose other triangle holds a's UPLO one.
    work = L.plain_copy(a, dtype)
    w = _native.empty(a.shape[:-1], L.real_dtype(dtype), device=a.device)
    infos = L.call("syevd", work, v=w, m=n, n=n, lda=max(n, 1), job="N",
                   uplo="U" if UPLO == "L" else "L", batch=L.batch_count(a.shape),
                   stride_a=n * n, stride_v=n)
    L.raise_on_info(infos, "Eigenvalues did not converge")
    return w


def _geev(a, function, vectors, always_complex):
    a, dtype = L.as_square_stack(a, function)
    # As NumPy: inf or NaN anywhere is an error (the largest magnitude tells, on the host).
    if a.size and not numpy.isfinite(_native.asnumpy(real_part(ABS_MAX(a, axis=None)))):
        raise L.LinAlgError("Array must not contain infs or NaNs")
    n = a.shape[-1]
    cplx = L.complex_dtype(dtype)
    work = L.base_of(L.fortran_copy(a, dtype))
    w = _native.empty(a.shape[:-1], cplx, device=a.device)
    # Vectors in a's dtype: for real a, geev's packed real form, unpacked below when needed.
    v = L.fortran_empty(a.shape, dtype, a.device) if vectors else None
    infos = L.call("geev", work, b=None if v is None else L.base_of(v), v=w, m=n, n=n,
                   lda=max(n, 1), ldb=max(n, 1), job="V" if vectors else "N",
                   batch=L.batch_count(a.shape), stride_a=n * n, stride_b=n * n, stride_v=n)
    L.raise_on_info(infos, "Eigenvalues did not converge")
    if dtype.kind == "c":
        return w, v
    # Unless `always_complex`: a real input whose eigenvalues are all real gets real results
    # (the check reads the imaginary parts on the host: one small transfer, no kernel).
    if not always_complex and not numpy.any(_native.asnumpy(w.imag)):
        return w.real, v
    if v is not None:
        packed = L.base_of(v)
        unpacked = _native.empty(packed.shape, cplx, device=a.device)
        if unpacked.size:
            UNPACK_EIGENVECTORS(packed, w, n, unpacked)
        v = unpacked.swapaxes(-1, -2)
    return w, v


def eig(a):
    """Eigenvalues and right eigenvectors of square matrices (see numpy.linalg.eig).

    Returns
    -------
    EigResult (eigenvalues (..., M), eigenvectors (..., M, M), the columns, each of norm 1).
    Complex; with NumPy before 2.5 (as that NumPy does), both are real for a real input whose
    eigenvalues are all real.

    Notes
    -----
    LAPACK's geev on the cpu device, cuSOLVER's cusolverDnXgeev on GPUs (CUDA 12.6 or later;
    NotImplementedError with older cuSOLVERs).
    """
    w, v = _geev(a, "eig", True, _always_complex())
    return EigResult(w, v)


def eigvals(a):
    """Eigenvalues of square matrices, in no particular order (see numpy.linalg.eigvals)."""
    return _geev(a, "eigvals", False, _always_complex())[0]


def eigvals_real_if_real(a):
    """eigvals, real for a real input whose eigenvalues are all real, whatever NumPy's version:
    numpy.roots, numpy.poly and numpy.polynomial's polyroots kept that rule in NumPy 2.5."""
    return _geev(a, "eigvals", False, False)[0]


def _always_complex():
    """NumPy 2.5's rule for eig and eigvals: complex results for every input."""
    return _numpy_version.NUMPY_VERSION >= (2, 5)

