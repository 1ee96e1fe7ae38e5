"""Linear systems and what LU gives: solve, inv, det, slogdet (getrf + getrs), and on top of
them matrix_power, tensorsolve and tensorinv.

getrf runs on a plain copy of `a`, so LAPACK factors the transposes; solves then use getrs
with trans 'T' (A x = b is (A^T)^T x = b), and det(A^T) = det(A)."""

import operator

import numpy
from numpy.linalg._linalg import SlogdetResult

from cupylike._core import _native
from cupylike.linalg import _lapack as L
from cupylike.linalg._kernels import LOG_ABS_SUM, LU_DET, LU_SIGN, real_part
from cupylike.linalg._products import matmul


def _lu_solve(lu, piv, rhs, dtype):
    """X with A X = rhs for the LU factors of A^T (lu, piv from lapack.lu_factor); rhs
    (..., n, k) is broadcast to lu's batch already."""
    n = lu.shape[-1]
    k = rhs.shape[-1]
    x = L.fortran_copy(rhs, dtype)
    L.call("getrs", lu, b=L.base_of(x), v=piv, m=n, n=n, nrhs=k, lda=max(n, 1), ldb=max(n, 1),
           trans="T", batch=L.batch_count(lu.shape), stride_a=n * n, stride_b=n * k, stride_v=n)
    return x


def _core_mismatch(name, signature, size, expected):
    return ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc"
                      f" signature {signature} (size {size} is different from {expected})")


def solve(a, b):
    """Solution x of ``a @ x = b`` (see numpy.linalg.solve).

    Parameters
    ----------
    a : cupylike.ndarray, shape (..., M, M)
    b : cupylike.ndarray, shape (M,) or (..., M, K)
        A vector only when 1-d (NumPy 2's rule); batch axes broadcast with a's.

    Raises
    ------
    LinAlgError
        If a matrix of ``a`` is singular or not square.
    ValueError
        If b's rows do not match a's size, or the batch axes do not broadcast.
    """
    a, b = L.linalg_array(a, "solve"), L.linalg_array(b, "solve")
    L.assert_stacked_2d(a)
    L.assert_stacked_square(a)
    dtype = L.result_dtype(a.dtype, b.dtype)
    n = a.shape[-1]
    vector = b.ndim == 1
    if vector:
        if b.shape[0] != n:
            raise _core_mismatch("solve1", "(m,m),(m)->(m)", b.shape[0], n)
        b = b[:, None]
    elif b.shape[-2] != n:
        raise _core_mismatch("solve", "(m,m),(m,n)->(m,n)", b.shape[-2], n)
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    a = _native.broadcast_to(a, batch + (n, n))
    b = _native.broadcast_to(b, batch + b.shape[-2:])
    lu, piv, infos = L.lu_factor(a, dtype)
    L.raise_on_info(infos, "Singular matrix")
    x = _lu_solve(lu, piv, b, dtype)
    return x[..., 0] if vector else x


def inv(a):
    """Inverse of square matrices (see numpy.linalg.inv).

    Raises
    ------
    LinAlgError
        If a matrix is singular or not square.
    """
    x, infos = inv_with_infos(a)
    L.raise_on_info(infos, "Singular matrix")
    return x


def inv_with_infos(a):
    """(inverses, getrf's infos): a singular matrix (info > 0) gets inf/NaN values (getrs
    divides by U's zero pivot), the others their inverses."""
    a, dtype = L.as_square_stack(a, "inv")
    lu, piv, infos = L.lu_factor(a, dtype)
    eye = L.identity_stack(a.shape[:-2], a.shape[-1], dtype, a.device, fortran=True)
    n = a.shape[-1]
    L.call("getrs", lu, b=L.base_of(eye), v=piv, m=n, n=n, nrhs=n, lda=max(n, 1),
           ldb=max(n, 1), trans="T", batch=L.batch_count(a.shape), stride_a=n * n,
           stride_b=n * n, stride_v=n)
    return eye, infos


def _lu_diagonal(a, function):
    a, dtype = L.as_square_stack(a, function)
    # info > 0 only says U has a zero on its diagonal: the determinant is then 0, as computed.
    lu, piv, _ = L.lu_factor(a, dtype)
    return _native.diagonal(lu, 0, -2, -1), piv, dtype


def det(a):
    """Determinant of square matrices (see numpy.linalg.det): from the LU factorisation."""
    d, piv, _ = _lu_diagonal(a, "det")
    return LU_DET(d, piv, axis=-1)


def slogdet(a):
    """Sign (or phase) and natural log of the absolute determinant (see numpy.linalg.slogdet).

    Returns
    -------
    SlogdetResult (sign, logabsdet): sign 0 and logabsdet -inf for singular matrices;
    logabsdet is real.
    """
    d, piv, dtype = _lu_diagonal(a, "slogdet")
    sign = LU_SIGN(d, piv, axis=-1)
    return SlogdetResult(sign, real_part(LOG_ABS_SUM(d, axis=-1)))


def matrix_power(a, n):
    """The integer power ``n`` of square matrices (see numpy.linalg.matrix_power): repeated
    squaring; n < 0 inverts first, n == 0 gives identities of a's dtype."""
    a = L.linalg_array(a, "matrix_power")
    L.assert_stacked_2d(a)
    L.assert_stacked_square(a)
    try:
        n = operator.index(n)
    except TypeError as e:
        raise TypeError("exponent must be an integer") from e
    if n == 0:
        return L.identity_stack(a.shape[:-2], a.shape[-1], a.dtype, a.device)
    if n < 0:
        a = inv(a)
        n = -n
    if n == 1:
        return a
    result = power = None
    while n:
        power = a if power is None else matmul(power, power)
        n, bit = divmod(n, 2)
        if bit:
            result = power if result is None else matmul(result, power)
    return result


def tensorsolve(a, b, axes=None):
    """x with ``tensordot(a, x, axes=x.ndim) == b`` (see numpy.linalg.tensorsolve)."""
    a, b = L.linalg_array(a, "tensorsolve"), L.linalg_array(b, "tensorsolve")
    if axes is not None:
        order = list(range(a.ndim))
        for k in axes:
            order.remove(k)
            order.append(k)
        a = a.transpose(order)
    x_shape = a.shape[b.ndim:]
    size = 1
    for k in x_shape:
        size *= k
    if a.size != size * size:
        raise L.LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) "
                            "== prod(a.shape[:b.ndim])")
    return solve(a.reshape(size, size), b.reshape(-1)).reshape(x_shape)


def tensorinv(a, ind=2):
    """The inverse of ``a`` under tensordot over its first ``ind`` axes (see
    numpy.linalg.tensorinv)."""
    a = L.linalg_array(a, "tensorinv")
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    inv_shape = a.shape[ind:] + a.shape[:ind]
    size = 1
    for k in a.shape[ind:]:
        size *= k
    return inv(a.reshape(size, -1)).reshape(inv_shape)
