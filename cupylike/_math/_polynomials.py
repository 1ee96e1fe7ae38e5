"""NumPy's legacy polynomial functions (coefficients in decreasing powers): poly, roots,
polyval, polyadd, polysub, polymul, polydiv, polyder, polyint and polyfit, on cupylike arrays
and poly1d objects; a poly1d operand gives a poly1d result, as in NumPy.

Array arguments are cupylike arrays (or Python scalars), as for every cupylike array function;
lists and NumPy arrays raise TypeError (docs/differences_breadth.md).
"""

import warnings

import numpy
from numpy.exceptions import RankWarning

from cupylike._core._ufuncs import UFUNCS
from cupylike._math import _polyarith as P
from cupylike._math._poly1d import compose, poly1d, product
from cupylike.linalg._least_squares import lstsq
from cupylike.linalg._products import dot, outer
from cupylike.linalg._solvers import inv


def _coefficients(p, function):
    """The coefficient array of a poly1d, cupylike array or scalar."""
    return p.coeffs if isinstance(p, poly1d) else P.operand(p, function)


def _vector(p, function):
    """_coefficients as at least 1-d (numpy's atleast_1d)."""
    c = _coefficients(p, function)
    return c.reshape(1) if c.ndim == 0 else c


def _as_poly(val, truepoly):
    return poly1d(val) if truepoly else val


def poly(seq_of_zeros):
    """Coefficients of the polynomial with the given roots, or of a square matrix's
    characteristic polynomial (see numpy.poly).

    Returns
    -------
    cupylike.ndarray, or 1.0 for no roots (as NumPy). Real when complex roots come in
    conjugate pairs.

    Raises
    ------
    ValueError
        If the input is neither 1-d nor a non-empty square matrix.
    """
    seq_of_zeros = _coefficients(seq_of_zeros, "poly")
    if seq_of_zeros.ndim == 0:
        # NumPy's dispatcher fails on a 0-d argument, before poly runs.
        raise TypeError("poly() takes a 1-d array of roots or a square matrix, not a 0-d array")
    return P.poly_from(seq_of_zeros)


def roots(p):
    """The roots of the polynomial with coefficients p, highest power first (see numpy.roots):
    the eigenvalues of its companion matrix, by cupylike.linalg.eigvals (geev).

    Raises
    ------
    ValueError
        If p is not 1-d.
    """
    return P.roots_of(_vector(p, "roots"))


def polyval(p, x):
    """The polynomial p evaluated at x by Horner's rule (see numpy.polyval); for a poly1d x,
    the composed poly1d."""
    p = _coefficients(p, "polyval")
    if isinstance(x, poly1d):
        return compose(p, x)
    return P.horner(p, P.operand(x, "polyval"))


def polyadd(a1, a2):
    """The sum of two polynomials (see numpy.polyadd)."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    return _as_poly(P.add_aligned(_vector(a1, "polyadd"), _vector(a2, "polyadd")), truepoly)


def polysub(a1, a2):
    """The difference a1 - a2 of two polynomials (see numpy.polysub)."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    return _as_poly(P.add_aligned(_vector(a1, "polysub"), _vector(a2, "polysub"),
                                  subtract=True), truepoly)


def polymul(a1, a2):
    """The product of two polynomials (see numpy.polymul): leading zeros dropped, then the
    full convolution."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    return _as_poly(product(_coefficients(a1, "polymul"), _coefficients(a2, "polymul")),
                    truepoly)


def polydiv(u, v):
    """Quotient and remainder of u / v, as floats (see numpy.polydiv)."""
    truepoly = isinstance(u, poly1d) or isinstance(v, poly1d)
    q, r = P.divide(_vector(u, "polydiv"), _vector(v, "polydiv"))
    return (poly1d(q), poly1d(r)) if truepoly else (q, r)


def polyder(p, m=1):
    """The m-th derivative of a polynomial (see numpy.polyder).

    Raises
    ------
    ValueError
        If m is negative.
    """
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    return _as_poly(P.derivative(_coefficients(p, "polyder"), m), isinstance(p, poly1d))


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial, with integration constants k (a scalar or at
    least m of them, the first for the first integration; default zeros) (see
    numpy.polyint).

    Raises
    ------
    ValueError
        If m is negative or k has fewer than m constants (but more than one).
    """
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    k = P.integration_constants(k, m)
    return _as_poly(P.integral(_coefficients(p, "polyint"), m, k), isinstance(p, poly1d))


def _fit_arguments(x, y, deg, w):
    """polyfit's x, y and w as floats, checked as NumPy checks them."""
    if deg < 0:
        raise ValueError("expected deg >= 0")
    x, y = P.fit_samples(x, y, "polyfit")
    if w is not None:
        w = P.operand(w, "polyfit") + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
    return x, y, w


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares fit of a polynomial of degree deg to the points (x, y) (see
    numpy.polyfit): the Vandermonde matrix's columns scaled to unit norm, then
    cupylike.linalg.lstsq.

    Returns
    -------
    p : (deg + 1,) or (deg + 1, K) coefficients, highest power first
    residuals, rank, singular_values, rcond : with ``full=True``
    V : with ``cov=True`` (or 'unscaled'), the covariance matrix of the coefficients,
        (deg + 1, deg + 1) or (deg + 1, deg + 1, K)

    Warns
    -----
    RankWarning
        When the scaled Vandermonde matrix is rank deficient (and not ``full``).
    """
    order = int(deg) + 1
    x, y, w = _fit_arguments(x, y, deg, w)
    if rcond is None:
        rcond = x.shape[0] * numpy.finfo(x.dtype).eps
    # numpy.vander's dtype: x's promoted with int (float32 points are fitted in float64).
    lhs = P.powers(x, order, numpy.promote_types(x.dtype, numpy.int64))[:, ::-1]
    rhs = y
    if w is not None:
        lhs = lhs * w[:, None]
        rhs = rhs * (w[:, None] if rhs.ndim == 2 else w)
    scale = UFUNCS["sqrt"]((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if not cov:
        return c
    v = inv(dot(lhs.T, lhs)) / outer(scale, scale)
    if cov == "unscaled":
        fac = 1
    else:
        if x.shape[0] <= order:
            raise ValueError("the number of data points must exceed order to scale the "
                             "covariance matrix")
        fac = resids / (x.shape[0] - order)
    return c, (v * fac if y.ndim == 1 else v[:, :, None] * fac)

