"""Coefficient arithmetic on the device, shared by the poly1d family (coefficients in
decreasing powers) and cupylike.polynomial (increasing powers): the full convolution, powers
of x, the polynomial of given roots, Horner's rule, sums, quotients, derivatives and integrals.

Polynomials are short, so the convolution is a matrix product: a banded (Toeplitz) matrix of
one operand, gathered by index on the device, times the other (one gemm instead of a kernel
of our own).
"""

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._creation._matrices import diag
from cupylike._indexing._indexing import flatnonzero, take
from cupylike._manipulation._joining import concatenate
from cupylike._math._cumulative import cumprod
from cupylike._sorting._sort import sort
from cupylike.linalg._eigen import eigvals_real_if_real
from cupylike.linalg._products import matmul


def operand(p, function):
    """A cupylike array for `p`: cupylike arrays as they are, Python and NumPy scalars as 0-d
    arrays; host arrays and lists raise the TypeError of every array function."""
    if isinstance(p, (bool, int, float, complex, numpy.generic)):
        return _native.asarray(p)
    return device_array(p, function)


def fit_samples(x, y, function):
    """polyfit's sample points and values as floats, with the checks numpy.polyfit and
    numpy.polynomial.polynomial.polyfit both make (their TypeErrors)."""
    x = operand(x, function) + 0.0
    y = operand(y, function) + 0.0
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    return x, y


def convolve_full(a, b):
    """The full discrete convolution of two non-empty 1-d arrays (numpy.convolve's 'full'),
    in their common dtype."""
    n, m = a.shape[0], b.shape[0]
    zeros = _native.zeros(n - 1, b.dtype, device=b.device)
    padded = concatenate((zeros, b, zeros))
    # Row k of the band holds b[k - n + 1 .. k] (reversed a's partners): padded[k + j].
    index = (_native.arange(n + m - 1, device=b.device)[:, None]
             + _native.arange(n, device=b.device)[None, :])
    return matmul(take(padded, index), a[::-1])


def powers(x, count, dtype=None):
    """The columns x**0, x**1, ..., x**(count - 1) of 1-d `x` (a Vandermonde matrix in
    increasing powers) in `dtype` (default x's), made by repeated multiplication as NumPy's
    vander."""
    dtype = x.dtype if dtype is None else dtype
    v = _native.empty((x.shape[0], count), dtype, device=x.device)
    if count:
        v[:, 0] = 1
        v[:, 1:] = x[:, None]
        v[:, 1:] = cumprod(v[:, 1:], axis=1, dtype=dtype)
    return v


def from_roots(r):
    """Coefficients (decreasing powers, leading 1) of the polynomial whose roots are the
    1-d array `r`, in r's dtype: one factor (x - r_k) at a time, as numpy.poly."""
    c = _native.ones(1, r.dtype, device=r.device)
    zero = _native.zeros(1, r.dtype, device=r.device)
    for k in range(r.shape[0]):
        c = concatenate((c, zero)) - r[k] * concatenate((zero, c))
    return c


def horner(p, x):
    """sum(p[k] * x**(n-1-k)) by Horner's rule, shaped like x (numpy.polyval's loop)."""
    if p.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    y = _native.zeros_like(x)
    for k in range(p.shape[0]):
        y = y * x + p[k]
    return y


def add_aligned(a1, a2, subtract=False):
    """a1 + a2 (or a1 - a2) of 1-d coefficient arrays in decreasing powers: the shorter one
    padded with leading zeros of its own dtype, as numpy.polyadd."""
    diff = a2.shape[0] - a1.shape[0]
    if diff > 0:
        a1 = concatenate((_native.zeros(diff, a1.dtype, device=a1.device), a1))
    elif diff < 0:
        a2 = concatenate((_native.zeros(-diff, a2.dtype, device=a2.device), a2))
    return a1 - a2 if subtract else a1 + a2


def _mintypecode(dtype):
    """numpy.mintypecode(dtype.char) for one dtype: float32 and the complex dtypes kept,
    everything else float64."""
    return dtype if dtype.char in "fdFD" else numpy.dtype(numpy.float64)


def poly_from(seq_of_zeros):
    """numpy.poly on a cupylike array: the coefficients of the polynomial with the given 1-d
    roots, or of a square matrix's characteristic polynomial (its eigenvalues' polynomial);
    1.0 for no roots."""
    shape = seq_of_zeros.shape
    if len(shape) == 2 and shape[0] == shape[1] and shape[0] != 0:
        zeros = eigvals_real_if_real(seq_of_zeros)
    elif len(shape) == 1:
        zeros = seq_of_zeros.astype(_mintypecode(seq_of_zeros.dtype))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if zeros.shape[0] == 0:
        return 1.0
    c = from_roots(zeros)
    if c.dtype.kind == "c":
        # Roots that come in conjugate pairs give real coefficients (one bool to the host).
        r = zeros.astype(numpy.complex128)
        if bool((sort(r) == sort(r.conj())).all()):
            c = c.real.copy()
    return c


def divide(u, v):
    """(quotient, remainder) of 1-d coefficient arrays as floats, by long division
    (numpy.polydiv); the remainder loses its leading elements within 1e-8 of zero (keeping
    one)."""
    u, v = u + 0.0, v + 0.0
    w = (u[0] + v[0]).dtype
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = 1.0 / v[0]
    q = _native.zeros(max(m - n + 1, 1), w, device=u.device)
    r = u.astype(w)
    for k in range(m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    # numpy.allclose(r[0], 0, rtol=1e-14) is |r[0]| <= 1e-8 (NaN never is).
    small = _native.asnumpy(abs(r) <= 1e-8)
    keep = int(numpy.argmin(small)) if not small.all() else small.shape[0] - 1
    return q, r[keep:]


def derivative(p, m):
    """The m-th derivative of 1-d coefficients in decreasing powers (numpy.polyder)."""
    if p.ndim == 0:
        raise TypeError("len() of unsized object")
    for _ in range(m):
        p = p[:-1] * _native.arange(p.shape[0] - 1, 0, -1, device=p.device)
    return p


def integral(p, m, k):
    """The m-th antiderivative of 1-d coefficients in decreasing powers, the k-th constant
    (a 1-d array of at least m) added at the k-th step (numpy.polyint)."""
    if m and p.ndim == 0:
        raise TypeError("len() of unsized object")
    for step in range(m):
        p = concatenate((p / _native.arange(p.shape[0], 0, -1, device=p.device),
                         k[step:step + 1]))
    return p


def roots_of(p):
    """numpy.roots on a 1-d cupylike array: the eigenvalues of the companion matrix of p with
    its leading and trailing zeros cut (the zeros' positions come to the host: the result's
    length depends on them), then one 0 for each trailing zero."""
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    nonzero = _native.asnumpy(flatnonzero(p))
    if nonzero.size == 0:
        return _native.zeros(0, numpy.float64, device=p.device)
    trailing = p.shape[0] - int(nonzero[-1]) - 1
    p = p[int(nonzero[0]):int(nonzero[-1]) + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(numpy.float64)
    n = p.shape[0]
    if n > 1:
        companion = diag(_native.ones(n - 2, p.dtype, device=p.device), -1)
        companion[0, :] = -p[1:] / p[0]
        r = eigvals_real_if_real(companion)
    else:
        r = _native.zeros(0, numpy.float64, device=p.device)
    return concatenate((r, _native.zeros(trailing, r.dtype, device=p.device)))


def integration_constants(k, m):
    """numpy.polyint's k as a 1-d cupylike array of at least m constants (zeros when None;
    a single constant repeated m times as float64)."""
    if k is None:
        k = _native.zeros(m, numpy.float64)
    k = _native.asarray(k)
    if k.ndim == 0:
        k = k.reshape(1)
    if k.shape[0] == 1 and m > 1:
        k = k[0] * _native.ones(m, numpy.float64, device=k.device)
    if k.shape[0] < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    return k
