"""cupylike.polynomial.polynomial and polyutils against NumPy's numpy.polynomial: values and
dtypes of each function over int, float and complex series, trailing zeros, tensor= and
axis=, 0-d, empty and non-contiguous arguments, and NumPy's errors."""

import inspect

import numpy
import numpy.polynomial.polynomial as npp
import numpy.polynomial.polyutils as npu
import pytest

import cupylike
import cupylike.polynomial.polynomial as cpp
import cupylike.polynomial.polyutils as cpu
from cupylike.testing import assert_array_equal, numpy_cupylike_allclose

TOL = {numpy.float32: 1e-5, numpy.complex64: 1e-5, "default": 1e-10}
DTYPES = [numpy.int64, numpy.float32, numpy.float64, numpy.complex128]


def module(xp):
    return npp if xp is numpy else cpp


def series(xp, values, dtype=numpy.float64):
    return xp.asarray(numpy.asarray(values).astype(dtype))


@pytest.mark.parametrize("name", cpp.__all__)
def test_names_and_signatures_are_numpys(name):
    ours, theirs = getattr(cpp, name), getattr(npp, name)
    if callable(theirs):
        assert inspect.signature(ours) == inspect.signature(theirs)
    else:
        assert_array_equal(ours, theirs)


@pytest.mark.parametrize("name", cpu.__all__)
def test_polyutils_signatures_are_numpys(name):
    assert inspect.signature(getattr(cpu, name)) == inspect.signature(getattr(npu, name))


@numpy_cupylike_allclose(rtol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_arithmetic(dtype, xp):
    P = module(xp)
    a, b = series(xp, [1, 2, 3, 0], dtype), series(xp, [4, 5], dtype)
    out = []
    for u, v in [(a, b), (b, a), (a[::-1], b), (a, b[:1]), (a, series(xp, 2.0, dtype))]:
        out += [P.polyadd(u, v), P.polysub(u, v), P.polymul(u, v), *P.polydiv(u, v)]
    return out + [P.polymulx(a), P.polymulx(a[3:]), P.polypow(b, 3), P.polypow(b, 0),
                  P.polypow(b, 1), P.polyline(1, 2), P.polyline(3.5, 0), P.polytrim(a),
                  P.polytrim(a, 2.5)]


def test_arithmetic_errors_are_numpys():
    for xp in (numpy, cupylike):
        P = module(xp)
        a = xp.asarray([1.0, 2.0])
        with pytest.raises(ZeroDivisionError):
            P.polydiv(a, xp.zeros(2))
        with pytest.raises(ValueError, match="Power must be a non-negative integer"):
            P.polypow(a, 1.5)
        with pytest.raises(ValueError, match="Power is too large"):
            P.polypow(a, 5, maxpower=4)
        with pytest.raises(ValueError, match="Coefficient array is empty"):
            P.polyadd(a, xp.zeros(0))
        with pytest.raises(ValueError, match="Coefficient array is not 1-d"):
            P.polymul(a, xp.ones((2, 2)))
        with pytest.raises(ValueError, match="no common type"):
            P.polyadd(a, xp.asarray([True]))
        with pytest.raises(ValueError, match="tol must be non-negative"):
            P.polytrim(a, -1)
    with pytest.raises(TypeError, match="cupylike.asarray"):
        cpp.polyadd([1, 2], cupylike.ones(2))


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_polyval_and_polyvalfromroots(dtype, xp):
    P = module(xp)
    c = series(xp, [1, -2, 0.5, 3], dtype)
    c2 = series(xp, numpy.arange(8).reshape(4, 2) - 3, dtype)
    x = series(xp, numpy.linspace(-2, 2, 12).reshape(3, 4), dtype)
    return (P.polyval(x, c), P.polyval(x[:, ::-2], c), P.polyval(2, c), P.polyval(x, c[:1]),
            P.polyval(x, c2), P.polyval(x[0, :2], c2, tensor=False), P.polyval(x[:0], c),
            P.polyvalfromroots(x, c), P.polyvalfromroots(x, c2),
            P.polyvalfromroots(x[0, :2], c2, tensor=False), P.polyvalfromroots(0.5, c))


def test_polyvalfromroots_error_is_numpys():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="x.ndim must be < r.ndim when tensor == False"):
            module(xp).polyvalfromroots(xp.ones((2, 2)), xp.ones(2), tensor=False)


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_polyder_and_polyint(dtype, xp):
    P = module(xp)
    c = series(xp, [1, 2, 3, 4], dtype)
    c2 = series(xp, numpy.arange(12).reshape(3, 4) + 1, dtype)
    return (P.polyder(c), P.polyder(c, 2, scl=-2), P.polyder(c, 0), P.polyder(c, 5),
            P.polyder(c2, axis=1), P.polyder(c2.T[::-1], 2, axis=0), P.polyint(c),
            P.polyint(c, 2, k=[1, 2], lbnd=-1, scl=3), P.polyint(c, 0), P.polyint(c, k=5),
            P.polyint(c2, axis=-1), P.polyint(c[:1] * 0, 2, k=[1, 2]), P.polyint(c2[:, :1]))


def test_polyder_and_polyint_errors_are_numpys():
    for xp in (numpy, cupylike):
        P, c = module(xp), xp.ones(3)
        with pytest.raises(ValueError, match="order of derivation must be non-negative"):
            P.polyder(c, -1)
        with pytest.raises(TypeError, match="the order of derivation must be an integer"):
            P.polyder(c, 1.5)
        with pytest.raises(ValueError, match="order of integration must be non-negative"):
            P.polyint(c, -1)
        with pytest.raises(ValueError, match="Too many integration constants"):
            P.polyint(c, 1, k=[1, 2])
        with pytest.raises(ValueError, match="lbnd must be a scalar"):
            P.polyint(c, lbnd=[1, 2])
        with pytest.raises(ValueError, match="scl must be a scalar"):
            P.polyint(c, scl=[1, 2])
        with pytest.raises(numpy.exceptions.AxisError):
            P.polyder(c, axis=1)


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", DTYPES)
def test_polyvander_and_polyfromroots(dtype, xp):
    P = module(xp)
    x = series(xp, numpy.linspace(-1, 2, 6).reshape(2, 3), dtype)
    return (P.polyvander(x, 3), P.polyvander(x[:, ::-1], 0), P.polyvander(x[0, 0], 2),
            P.polyvander(x[:0], 2), P.polyfromroots(x[0]), P.polyfromroots(x[0, :1]),
            P.polyfromroots(x[0, :0]), P.polyfromroots(series(xp, [3, -1, 2, 0, 5], dtype)))


def test_polyvander_keeps_numpys_nan_for_inf():
    x = numpy.array([numpy.inf, 1.0])
    with numpy.errstate(invalid="ignore"):
        want = npp.polyvander(x, 2)
    assert_array_equal(cpp.polyvander(cupylike.asarray(x), 2), want)
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="deg must be non-negative"):
            module(xp).polyvander(xp.ones(2), -1)
        with pytest.raises(TypeError, match="deg must be an integer"):
            module(xp).polyvander(xp.ones(2), 1.0)


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float64, numpy.complex128])
def test_polycompanion_and_polyroots(dtype, xp):
    P = module(xp)
    c = series(xp, [-6, 11, -6, 1], dtype)
    return (P.polycompanion(c), P.polycompanion(c[:2]), P.polyroots(c), P.polyroots(c[:2]),
            P.polyroots(c[:1]), P.polyroots(series(xp, [1, 0, 1, 0, 0], dtype)))


def test_polycompanion_error_is_numpys():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError, match="maximum degree of at least 1"):
            module(xp).polycompanion(xp.asarray([1.0, 0.0]))


def _points(xp, dtype, k):
    x = xp.asarray(numpy.linspace(-1, 2, 12).astype(dtype))
    y = xp.asarray((numpy.cos(numpy.arange(12.0)) / 10 + numpy.linspace(0, 5, 12) ** 2)
                   .astype(dtype))
    return x, (y if k is None else xp.stack([y, 2 * y], axis=1))


# float32 points are fitted in float32 here (NumPy's polyvander keeps the dtype): the residuals,
# small sums of squares, agree to float32's precision only.
@numpy_cupylike_allclose(rtol={numpy.float32: 1e-4, "default": 1e-6}, atol=1e-6)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int64])
@pytest.mark.parametrize("k", [None, 2])
def test_polyfit(dtype, k, xp):
    P = module(xp)
    x, y = _points(xp, dtype, k)
    w = xp.linspace(1, 2, 12)
    c, (resids, rank, s, rcond) = P.polyfit(x, y, 3, full=True)
    assert rank == 4
    return (P.polyfit(x, y, 2), P.polyfit(x, y, [0, 3, 1]), P.polyfit(x[::2], y[::2], 2,
            w=w[::2]), P.polyfit(x, y, 1, rcond=1e-3), c, resids, s, rcond)


def test_polyfit_errors_and_warning_are_numpys():
    for xp in (numpy, cupylike):
        P, x = module(xp), xp.linspace(0, 1, 4)
        for deg, error, match in [(1.5, TypeError, "deg must be an int"),
                                  ([[1]], TypeError, "deg must be an int"),
                                  (-1, ValueError, "expected deg >= 0")]:
            with pytest.raises(error, match=match):
                P.polyfit(x, x, deg)
        with pytest.raises(TypeError, match="expected x and w to have same length"):
            P.polyfit(x, x, 1, w=xp.ones(3))
        with pytest.raises(TypeError, match="expected 1D vector for w"):
            P.polyfit(x, x, 1, w=xp.ones((4, 1)))
        with pytest.raises(TypeError, match="expected x and y to have same length"):
            P.polyfit(x, x[:3], 1)
        with pytest.warns(numpy.exceptions.RankWarning, match="may be poorly conditioned"):
            P.polyfit(xp.ones(4), x, 2)


@numpy_cupylike_allclose()
def test_polyutils(xp):
    U = npu if xp is numpy else cpu
    a = series(xp, [1, 0, 2, 0, 0], numpy.int32)
    return (*U.as_series([a, series(xp, [1j, 0], numpy.complex64)]), *U.as_series([a], trim=False),
            U.trimseq(a), U.trimseq(a[:0]), U.trimseq(a[3:]), U.trimcoef(a * 1.5, 2),
            U.trimcoef(a, 5))


@numpy_cupylike_allclose(rtol=TOL, atol=TOL)
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.complex128])
def test_multivariate_values_grids_and_vandermonde(dtype, xp):
    P = module(xp)
    x = series(xp, numpy.linspace(-1, 1, 6).reshape(2, 3), dtype)
    y, z = x[::-1] * 2, x.T.T + 1
    c2 = series(xp, numpy.arange(6).reshape(2, 3) - 2, dtype)
    c3 = series(xp, numpy.arange(24).reshape(2, 3, 4) - 5, dtype)
    return (P.polyval2d(x, y, c2), P.polyval3d(x, y, z, c3), P.polyval2d(2, 3, c2),
            P.polygrid2d(x[0], y[:, 1], c2), P.polygrid3d(x[0], y[0], z[1], c3),
            P.polyval2d(x, y, c3), P.polyvander2d(x, y, [1, 2]),
            P.polyvander3d(x[0], y[0], z[0], [1, 0, 2]))


def test_multivariate_errors_are_numpys():
    for xp in (numpy, cupylike):
        P, a = module(xp), xp.ones(3)
        with pytest.raises(ValueError, match="x, y are incompatible"):
            P.polyval2d(a, a[:2], xp.ones((2, 2)))
        with pytest.raises(ValueError, match="x, y, z are incompatible"):
            P.polyval3d(a, a, a[:2], xp.ones((2, 2, 2)))
        with pytest.raises(ValueError, match="Expected 2 dimensions of degrees, got 3"):
            P.polyvander2d(a, a, [1, 2, 3])


@pytest.mark.parametrize("name", ["polydomain", "polyzero", "polyone", "polyx"])
def test_module_constants_are_numpys(name):
    got = getattr(cpp, name)
    assert_array_equal(got, getattr(npp, name))
    got[...] = 7  # each read is a fresh array: writing one does not change the constant
    assert_array_equal(getattr(cpp, name), getattr(npp, name))
