"""Power series (see numpy.polynomial.polynomial): coefficients in increasing powers, ``c[i]``
the coefficient of ``x**i``, held and computed on the device. Arguments are cupylike arrays
or Python scalars, as for every cupylike array function. The Polynomial class is not here
(docs/differences_breadth.md)."""

import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._manipulation._joining import concatenate, stack
from cupylike._math import _polyarith as A
from cupylike._math._selection import where
from cupylike._math._sumprod import prod
from cupylike._sorting._sort import sort
from cupylike.linalg._eigen import eigvals_real_if_real
from cupylike.linalg._least_squares import lstsq
from cupylike.polynomial.polyutils import as_int, as_series, series, trimcoef, trimseq

# NumPy's constants of the module, as host values; each read makes a device array on the
# current device (importing cupylike allocates nothing, and no device is chosen for them).
_CONSTANTS = {"polydomain": [-1.0, 1.0], "polyzero": [0], "polyone": [1], "polyx": [0, 1]}

__all__ = [
    *_CONSTANTS, "polyline", "polyadd", "polysub", "polymulx", "polymul", "polydiv", "polypow",
    "polyval", "polyvalfromroots", "polyder", "polyint", "polyfromroots", "polyvander", "polyfit",
    "polytrim", "polyroots", "polycompanion", "polyval2d", "polyval3d", "polygrid2d",
    "polygrid3d", "polyvander2d", "polyvander3d",
]


def __getattr__(name):
    if name in _CONSTANTS:
        return _native.asarray(numpy.array(_CONSTANTS[name]))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


polytrim = trimcoef


def _floats(c):
    """Integer and bool coefficients as float64 (NumPy's ``c + 0.0``)."""
    return c + 0.0 if c.dtype.kind in "biu" else c


def _point(x, function):
    """x for evaluation: Python scalars stay weak (as in NumPy), other values must be arrays."""
    return x if isinstance(x, (bool, int, float, complex)) else A.operand(x, function)


def _extra_axes(x):
    return (1,) * x.ndim if isinstance(x, _native.ndarray) else ()


def polyline(off, scl):
    """The series ``off + scl*x`` (just ``off`` when scl is 0)."""
    off, scl = A.operand(off, "polyline"), A.operand(scl, "polyline")
    parts = [off.reshape(1), scl.reshape(1)] if bool(scl != 0) else [off.reshape(1)]
    return concatenate(parts)


def polyadd(c1, c2):
    """The sum of two series, trailing zeros trimmed."""
    c1, c2 = as_series([c1, c2])
    if c1.shape[0] > c2.shape[0]:
        c1[:c2.shape[0]] += c2
        return trimseq(c1)
    c2[:c1.shape[0]] += c1
    return trimseq(c2)


def polysub(c1, c2):
    """The difference c1 - c2 of two series, trailing zeros trimmed."""
    c1, c2 = as_series([c1, c2])
    if c1.shape[0] > c2.shape[0]:
        c1[:c2.shape[0]] -= c2
        return trimseq(c1)
    c2 = -c2
    c2[:c1.shape[0]] += c1
    return trimseq(c2)


def polymulx(c):
    """The series times x."""
    [c] = as_series([c])
    if c.shape[0] == 1 and not bool(c[0] != 0):
        return c
    return concatenate((c[:1] * 0, c))


def polymul(c1, c2):
    """The product of two series, trailing zeros trimmed."""
    c1, c2 = as_series([c1, c2])
    return trimseq(A.convolve_full(c1, c2))


def polydiv(c1, c2):
    """Quotient and remainder of c1 / c2 by long division.

    Raises
    ------
    ZeroDivisionError
        If c2 is the zero series.
    """
    c1, c2 = as_series([c1, c2])
    if not bool(c2[-1] != 0):
        raise ZeroDivisionError
    n1, n2 = c1.shape[0], c2.shape[0]
    if n1 < n2:
        return c1[:1] * 0, c1
    if n2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    scl = c2[-1]
    c2 = c2[:-1] / scl
    i, j = n1 - n2, n1 - 1
    while i >= 0:
        c1[i:j] -= c2 * c1[j]
        i, j = i - 1, j - 1
    return c1[j + 1:] / scl, trimseq(c1[:j + 1])


def polypow(c, pow, maxpower=None):  # noqa: A002 (NumPy's name)
    """The series raised to the power `pow` (a non-negative integer at most `maxpower`)."""
    [c] = as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        return _native.ones(1, c.dtype, device=c.device)
    result = c
    for _ in range(power - 1):
        result = A.convolve_full(result, c)
    return result


def polyval(x, c, tensor=True):
    """The series c evaluated at x by Horner's rule (see numpy.polynomial.polynomial.polyval).

    With `tensor` (default) and an array x, each column ``c[:, j...]`` is evaluated at every
    x, giving shape ``c.shape[1:] + x.shape``; otherwise x broadcasts against c's columns.
    """
    c = _floats(series(c, "polyval"))
    x = _point(x, "polyval")
    if tensor:
        c = c.reshape(c.shape + _extra_axes(x))
    c0 = c[-1] + x * 0
    for i in range(2, c.shape[0] + 1):
        c0 = c[-i] + c0 * x
    return c0


def polyvalfromroots(x, r, tensor=True):
    """The product of (x - r[k]) over the roots r (see
    numpy.polynomial.polynomial.polyvalfromroots).

    Raises
    ------
    ValueError
        If not `tensor` and x.ndim >= r.ndim.
    """
    r = series(r, "polyvalfromroots")
    if r.dtype.kind in "biu":
        r = r.astype(numpy.float64)
    x = _point(x, "polyvalfromroots")
    if tensor:
        r = r.reshape(r.shape + _extra_axes(x))
    elif isinstance(x, _native.ndarray) and x.ndim >= r.ndim:
        raise ValueError("x.ndim must be < r.ndim when tensor == False")
    return prod(x - r, axis=0)


def _order_and_axis(m, axis, c, what):
    count = as_int(m, f"the order of {what}")
    axis = as_int(axis, "the axis")
    if count < 0:
        raise ValueError(f"The order of {what} must be non-negative")
    return count, normalize_axis_index(axis, c.ndim)


def _index_column(n, c):
    """1, 2, ..., n in c's dtype, shaped to multiply c's first axis."""
    j = _native.arange(1, n + 1, dtype=c.dtype, device=c.device)
    return j.reshape((n,) + (1,) * (c.ndim - 1))


def polyder(c, m=1, scl=1, axis=0):
    """The m-th derivative along `axis`, each differentiation multiplied by `scl`."""
    c = _floats(series(c, "polyder")).copy()
    dtype = c.dtype
    count, axis = _order_and_axis(m, axis, c, "derivation")
    if count == 0:
        return c
    c = _native.moveaxis(c, axis, 0)
    n = c.shape[0]
    if count >= n:
        c = c[:1] * 0
    else:
        for _ in range(count):
            n -= 1
            c = (c * scl).astype(dtype, copy=False)
            c = (c[1:] * _index_column(n, c)).astype(dtype, copy=False)
    return _native.moveaxis(c, 0, axis)


def _integral_arguments(k, m, lbnd, scl, axis, c):
    k = list(k) if numpy.iterable(k) else [k]
    count, axis = _order_and_axis(m, axis, c, "integration")
    if len(k) > count:
        raise ValueError("Too many integration constants")
    if numpy.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if numpy.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    return k + [0] * (count - len(k)), count, axis


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):  # noqa: B006 (NumPy's default)
    """The m-th integral along `axis`: each step multiplied by `scl` and given the constant
    k[i] so that the integral is k[i] at `lbnd`."""
    c = _floats(series(c, "polyint")).copy()
    dtype = c.dtype
    k, count, axis = _integral_arguments(k, m, lbnd, scl, axis, c)
    if count == 0:
        return c
    c = _native.moveaxis(c, axis, 0)
    for i in range(count):
        n = c.shape[0]
        c = (c * scl).astype(dtype, copy=False)
        if n == 1 and not bool((c[0] != 0).any()):
            c[0] += k[i]
            continue
        c = concatenate((c[:1] * 0, c / _index_column(n, c))).astype(dtype, copy=False)
        c[0] += k[i] - polyval(lbnd, c)
    return _native.moveaxis(c, 0, axis)


def polyfromroots(roots):
    """The monic series with the given roots, built as NumPy builds it: the sorted roots'
    factors multiplied in pairs, then the pairs' products, and so on."""
    roots = series(roots, "polyfromroots")
    if roots.shape[0] == 0:
        return _native.ones(1, numpy.float64, device=roots.device)
    [roots] = as_series([roots], trim=False)
    roots = sort(roots)
    factors = [polyline(-roots[i], 1) for i in range(roots.shape[0])]
    n = len(factors)
    while n > 1:
        half, odd = divmod(n, 2)
        pairs = [polymul(factors[i], factors[i + half]) for i in range(half)]
        if odd:
            pairs[0] = polymul(pairs[0], factors[-1])
        factors, n = pairs, half
    return factors[0]


def polyvander(x, deg):
    """The pseudo-Vandermonde matrix ``V[..., i] = x**i`` for i up to deg, shape
    ``x.shape + (deg + 1,)``.

    Raises
    ------
    ValueError
        If deg is negative.
    """
    deg = as_int(deg, "deg")
    if deg < 0:
        raise ValueError("deg must be non-negative")
    x = series(A.operand(x, "polyvander"), "polyvander") + 0.0
    v = A.powers(x.reshape(-1), deg + 1)
    v[:, 0] = x.reshape(-1) * 0 + 1  # NumPy's x*0 + 1: NaN where x is inf or NaN
    return v.reshape(x.shape + (deg + 1,))


def _fit_degrees(deg):
    deg = numpy.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in "iu" or deg.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if deg.min() < 0:
        raise ValueError("expected deg >= 0")
    return deg


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    """Least-squares fit of a power series to the points (x, y) (see
    numpy.polynomial.polynomial.polyfit); deg is a degree or the list of the powers to fit.

    Returns
    -------
    coef : (deg + 1,) or (deg + 1, K), increasing powers
    [residuals, rank, singular_values, rcond] : with ``full=True``
    """
    deg = _fit_degrees(deg)
    x, y = A.fit_samples(x, y, "polyfit")
    lmax = int(deg.max())
    order = lmax + 1 if deg.ndim == 0 else deg.size
    van = polyvander(x, lmax)
    if deg.ndim:
        deg = numpy.sort(deg)
        van = van[:, _native.asarray(deg)]
    lhs, rhs = van.T, y.T
    if w is not None:
        w = A.operand(w, "polyfit") + 0.0
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if x.shape[0] != w.shape[0]:
            raise TypeError("expected x and w to have same length")
        lhs, rhs = lhs * w, rhs * w
    if rcond is None:
        rcond = x.shape[0] * numpy.finfo(x.dtype).eps
    square = UFUNCS["square"]
    if lhs.dtype.kind == "c":
        scl = UFUNCS["sqrt"]((square(lhs.real) + square(lhs.imag)).sum(1))
    else:
        scl = UFUNCS["sqrt"](square(lhs).sum(1))
    scl = where(scl == 0, 1, scl)
    c, resids, rank, s = lstsq(lhs.T / scl, rhs.T, rcond)
    c = (c.T / scl).T
    if deg.ndim:
        full_c = _native.zeros((lmax + 1,) + c.shape[1:], c.dtype, device=c.device)
        full_c[_native.asarray(deg)] = c
        c = full_c
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned", numpy.exceptions.RankWarning,
                      stacklevel=2)
    return (c, [resids, rank, s, rcond]) if full else c


def polycompanion(c):
    """The companion matrix of c (its eigenvalues are the roots).

    Raises
    ------
    ValueError
        If c has degree less than 1.
    """
    [c] = as_series([c])
    if c.shape[0] < 2:
        raise ValueError("Series must have maximum degree of at least 1.")
    if c.shape[0] == 2:
        return (-c[0] / c[1]).reshape(1, 1)
    n = c.shape[0] - 1
    mat = _native.zeros((n, n), c.dtype, device=c.device)
    mat.reshape(-1)[n::n + 1] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyroots(c):
    """The roots of the series, sorted: the eigenvalues of its companion matrix (geev)."""
    [c] = as_series([c])
    if c.shape[0] < 2:
        return _native.zeros(0, c.dtype, device=c.device)
    if c.shape[0] == 2:
        return (-c[0] / c[1]).reshape(1)
    return sort(eigvals_real_if_real(polycompanion(c)))


def _valnd(c, *points):
    """c at the points (x, y[, z]) of one shape: the first axis of c taken by x, the next by y,
    ... (NumPy's polyutils._valnd)."""
    points = [A.operand(p, "polyval") for p in points]
    if any(p.shape != points[0].shape for p in points[1:]):
        raise ValueError(("x, y are incompatible", "x, y, z are incompatible")[len(points) - 2])
    c = polyval(points[0], c)
    for p in points[1:]:
        c = polyval(p, c, tensor=False)
    return c


def _gridnd(c, *points):
    """c on the Cartesian product of the points' values (NumPy's polyutils._gridnd)."""
    for p in points:
        c = polyval(A.operand(p, "polyval"), c)
    return c


def polyval2d(x, y, c):
    """The 2-d series c at the points (x, y), which have one shape."""
    return _valnd(c, x, y)


def polyval3d(x, y, z, c):
    """The 3-d series c at the points (x, y, z), which have one shape."""
    return _valnd(c, x, y, z)


def polygrid2d(x, y, c):
    """The 2-d series c on the grid of x's and y's values: shape c.shape[2:] + x.shape +
    y.shape."""
    return _gridnd(c, x, y)


def polygrid3d(x, y, z, c):
    """The 3-d series c on the grid of x's, y's and z's values."""
    return _gridnd(c, x, y, z)


def _vander_nd(points, degrees):
    """The product of each dimension's polyvander, each in a trailing axis of its own,
    flattened over those axes (NumPy's polyutils._vander_nd_flat)."""
    n = len(points)
    if n != len(degrees):
        raise ValueError(f"Expected {n} dimensions of degrees, got {len(degrees)}")
    points = stack([A.operand(p, "polyvander") for p in points]) + 0.0
    v = None
    for i in range(n):
        index = [None] * n
        index[i] = slice(None)
        vi = polyvander(points[i], degrees[i])[(Ellipsis, *index)]
        v = vi if v is None else v * vi
    return v.reshape(v.shape[:-n] + (-1,))


def polyvander2d(x, y, deg):
    """The pseudo-Vandermonde matrix of the points (x, y) for degrees deg = [x_deg, y_deg]:
    column ``(deg[1] + 1) * i + j`` holds ``x**i * y**j``."""
    return _vander_nd((x, y), deg)


def polyvander3d(x, y, z, deg):
    """The pseudo-Vandermonde matrix of the points (x, y, z) for degrees deg (three ints)."""
    return _vander_nd((x, y, z), deg)
