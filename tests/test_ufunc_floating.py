"""Floating-point, min/max and integer ufuncs against NumPy: classification of every dtype,
sign bits, nextafter and spacing (on float16's own bits), ldexp's mixed loops, frexp and modf
with two outputs, maximum/minimum propagating NaNs and fmax/fmin ignoring them, gcd, lcm and
heaviside; edge grids and every layout."""

import numpy
import pytest
from helpers.ufunc_numpy_checks import check_layouts, check_loop, loop_inputs, loops, warm_up

import cupylike
from cupylike.testing import assert_array_equal, numpy_cupylike_equal

FLOATING = ["isnan", "isinf", "isfinite", "signbit", "copysign", "nextafter", "spacing", "ldexp",
            "frexp", "modf"]
MINMAX = ["maximum", "minimum", "fmax", "fmin"]
INTEGER = ["gcd", "lcm", "heaviside"]


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(FLOATING + MINMAX + INTEGER)


# NumPy 2.5 changed float16 nextafter for equal arguments to return the second, as C and its
# float32 and float64 loops do (numpy/numpy#31475: nextafter(0, -0) is -0); cupylike follows
# NumPy 2.4, which returns the first.
HALF_NEXTAFTER_RETURNS_Y = numpy.lib.NumpyVersion(numpy.__version__) >= "2.5.0"


@pytest.mark.parametrize("name, sig", loops(FLOATING + MINMAX + INTEGER))
def test_loop_matches_numpy_on_edge_and_random_values(name, sig):
    if (name, sig) != ("nextafter", "ee->e") or not HALF_NEXTAFTER_RETURNS_Y:
        check_loop(name, sig)
        return
    x, y = loop_inputs(sig)
    equal = x == y
    check_loop(name, sig, [x[~equal], y[~equal]])
    assert_array_equal(cupylike.nextafter(cupylike.asarray(x[equal]), cupylike.asarray(y[equal])),
                       x[equal])


@pytest.mark.parametrize("name, sig", loops(FLOATING + MINMAX + INTEGER))
def test_loop_matches_numpy_in_every_layout(name, sig):
    check_layouts(name, sig)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_maximum_and_fmax_ties_and_nans(dtype):
    # maximum/minimum: NaN wins (the first of two); fmax/fmin: NaN loses. On +0/-0 ties NumPy's
    # float32/float64 loops return the second argument, its float16 loop the first (for
    # fmax/fmin that is its vector loops' choice; its strided loop returns the first).
    nan, neg_nan = numpy.nan, numpy.copysign(numpy.nan, -1)
    a = numpy.array([0.0, -0.0, nan, neg_nan, nan, 1.0, -numpy.inf], dtype)
    b = numpy.array([-0.0, 0.0, neg_nan, nan, 1.0, nan, nan], dtype)
    for name in MINMAX:
        check_loop(name, "", [numpy.tile(a, 8), numpy.tile(b, 8)])


@numpy_cupylike_equal()
def test_ldexp_picks_numpys_mixed_loops(xp):
    f32 = xp.asarray(numpy.array([1.5, -0.0, 3.0], numpy.float32))
    i8 = xp.asarray(numpy.array([1, 2, 3], numpy.int8))
    big = xp.asarray(numpy.array([2**40, -(2**40), 3], numpy.int64))
    with numpy.errstate(over="ignore"):
        return (xp.ldexp(f32, 3), xp.ldexp(f32, i8), xp.ldexp(f32, big), xp.ldexp(i8, i8),
                xp.ldexp(2.0, big), xp.ldexp(xp.asarray(numpy.float16(1.5)), -20))


@pytest.mark.parametrize("exponent", [numpy.array([1], numpy.uint64), numpy.array([1.0])])
@numpy_cupylike_equal(accept_error=TypeError)
def test_ldexp_refuses_exponents_that_are_not_int64(xp, exponent):
    return xp.ldexp(xp.asarray(numpy.array([1.0], numpy.float32)), xp.asarray(exponent))


@numpy_cupylike_equal(accept_error=OverflowError)
def test_ldexp_python_int_beyond_int32_overflows_for_int_loops(xp):
    return xp.ldexp(xp.asarray(numpy.array([1.0], numpy.float32)), 2**40)


@numpy_cupylike_equal()
def test_frexp_and_modf_return_two_arrays(xp):
    x = xp.asarray(numpy.array([[0.75, -0.0], [numpy.inf, -5.5]], numpy.float32))
    m, e = xp.frexp(x)
    frac, whole = xp.modf(x.T)
    return m, e, frac, whole, xp.frexp(xp.asarray(numpy.array([3], numpy.int8)))


@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite"])
@numpy_cupylike_equal()
def test_classification_of_integers_and_bools(xp, name):
    return (getattr(xp, name)(xp.asarray(numpy.array([0, -128, 127], numpy.int8))),
            getattr(xp, name)(xp.asarray(numpy.array([True, False]))))


@numpy_cupylike_equal()
def test_gcd_and_lcm_of_negatives_zeros_and_limits(xp):
    a = xp.asarray(numpy.array([-12, 0, 0, -128, -128, 7, -4], numpy.int8))
    b = xp.asarray(numpy.array([18, 0, -5, 0, 64, -3, -6], numpy.int8))
    return xp.gcd(a, b), xp.lcm(a, b), xp.gcd(a, 4), xp.lcm(3, a)


@pytest.mark.parametrize("name", ["gcd", "lcm"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_gcd_of_floats_raises_type_error(xp, name):
    return getattr(xp, name)(xp.asarray(numpy.array([1.0])), 2)


@numpy_cupylike_equal()
def test_heaviside_and_copysign_of_integers_compute_in_floats(xp):
    i8 = xp.asarray(numpy.array([-2, 0, 3], numpy.int8))
    return xp.heaviside(i8, 0.5), xp.copysign(i8, -1), xp.nextafter(i8, 100), xp.spacing(i8)
