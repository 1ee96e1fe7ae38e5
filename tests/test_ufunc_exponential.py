"""exp, exp2, expm1, log, log2, log10, log1p, logaddexp, logaddexp2, sqrt and cbrt against
NumPy: every loop on random values of every magnitude and on special values (within the bounds
of tests/helpers/ufunc_accuracy.py, which says why they are not all 0), every float16 value, the
complex loops (the C library's functions, and NumPy's own formulas for exp2, expm1 and the
other logarithms), NumPy's special cases one by one, the layouts of tests/helpers/layouts.py and the
result dtypes; and complex power, whose special cases live in complex_math.cuh too."""

import numpy
import pytest
from helpers.ufunc_accuracy import (
    assert_complex_close,
    check_cases,
    check_complex_extremes,
    check_complex_loop,
    check_half_loop,
    check_layouts,
    check_real_loop,
    check_result_dtypes,
)

import cupylike

UNARY = ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "cbrt"]
BINARY = ["logaddexp", "logaddexp2"]
NAMES = UNARY + BINARY
COMPLEX = [n for n in UNARY if n != "cbrt"]
FLOATS = [numpy.float16, numpy.float32, numpy.float64]
INF, NAN = numpy.inf, numpy.nan


def test_loops_are_numpys():
    for name in NAMES:
        numpy_types = [t for t in getattr(numpy, name).types if not set(t) & set("gGO")]
        assert getattr(cupylike, name).types == list(dict.fromkeys(numpy_types)), name
        assert getattr(cupylike, name).nin == getattr(numpy, name).nin


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("name", NAMES)
def test_real_loops_are_within_the_measured_bound_of_numpy(name, dtype):
    check_real_loop(name, dtype)


@pytest.mark.parametrize("name", NAMES)
def test_float16_loops_round_the_float_result_once_like_numpy(name):
    check_half_loop(name)


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("name", COMPLEX)
def test_complex_loops_give_numpys_results(name, dtype):
    check_complex_loop(name, dtype)


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("name", COMPLEX)
def test_complex_loops_give_numpys_results_at_huge_and_tiny_arguments(name, dtype):
    check_complex_extremes(name, dtype)


# NumPy's results at the edges of each function, in every float dtype.
CASES = {
    "exp": [((0.0,), 1.0), ((-0.0,), 1.0), ((INF,), INF), ((-INF,), 0.0), ((NAN,), NAN),
            ((1e5,), INF), ((-1e5,), 0.0)],
    "exp2": [((-INF,), 0.0), ((INF,), INF), ((3.0,), 8.0), ((-1.0,), 0.5), ((1e5,), INF),
             ((-1e5,), 0.0), ((NAN,), NAN)],
    "expm1": [((-0.0,), -0.0), ((0.0,), 0.0), ((-INF,), -1.0), ((INF,), INF), ((1e5,), INF),
              ((NAN,), NAN)],
    "log": [((0.0,), -INF), ((-0.0,), -INF), ((-1.0,), NAN), ((1.0,), 0.0), ((INF,), INF),
            ((-INF,), NAN), ((NAN,), NAN)],
    "log2": [((0.0,), -INF), ((-0.0,), -INF), ((-2.0,), NAN), ((8.0,), 3.0), ((0.25,), -2.0),
             ((INF,), INF)],
    "log10": [((0.0,), -INF), ((-3.0,), NAN), ((1.0,), 0.0), ((10.0,), 1.0), ((INF,), INF)],
    "log1p": [((-1.0,), -INF), ((-2.0,), NAN), ((-0.0,), -0.0), ((0.0,), 0.0), ((INF,), INF),
              ((-INF,), NAN)],
    "sqrt": [((-0.0,), -0.0), ((0.0,), 0.0), ((-1.0,), NAN), ((4.0,), 2.0), ((INF,), INF),
             ((-INF,), NAN), ((NAN,), NAN)],
    "cbrt": [((-8.0,), -2.0), ((-0.0,), -0.0), ((27.0,), 3.0), ((-INF,), -INF), ((NAN,), NAN)],
    # Equal arguments, infinities of one sign included, take NumPy's x + log(2) shortcut.
    "logaddexp": [((INF, INF), INF), ((-INF, -INF), -INF), ((INF, -INF), INF),
                  ((-INF, INF), INF), ((-INF, 0.0), 0.0), ((NAN, 1.0), NAN), ((1.0, NAN), NAN),
                  ((0.0, 0.0), numpy.log(2))],
    "logaddexp2": [((INF, INF), INF), ((-INF, -INF), -INF), ((-INF, 3.0), 3.0),
                   ((0.0, 0.0), 1.0), ((NAN, -INF), NAN), ((1.0, 1.0), 2.0)],
}


@pytest.mark.parametrize("name", NAMES)
def test_special_cases_are_numpys(name):
    check_cases(name, CASES[name], FLOATS)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int16", "complex128"])
@pytest.mark.parametrize("name", NAMES)
def test_every_layout_matches_numpy(name, dtype):
    if dtype == "complex128" and name not in COMPLEX:
        pytest.skip(f"NumPy has no complex {name}")
    check_layouts(name, dtype)


@pytest.mark.parametrize("name", NAMES)
def test_result_dtypes_are_numpys(name):
    check_result_dtypes(name)


def test_complex_sqrt_keeps_the_sign_of_a_zero_imaginary_part():
    z = numpy.array([complex(-1, 0.0), complex(-1, -0.0), complex(-4, -0.0)])
    got = cupylike.sqrt(cupylike.asarray(z)).get()
    numpy.testing.assert_array_equal(numpy.signbit(got.imag), [False, True, True])
    numpy.testing.assert_array_equal(got, numpy.sqrt(z))


# Complex power as NumPy computes it: 1 for a zero exponent, 0 or NaN for a zero base,
# repeated products for integer exponents |n| < 100 (which keep exact results and the
# infinities a formula through exp and log would lose), the C library's cpow otherwise.
BASES = [0, -0.0, complex(0, -0.0), 1, -1, 1j, 2 + 3j, 0.5 - 0.25j, 3.7 - 1.2j, 1e-20j,
         1e30 + 1e30j, complex(INF, 0), complex(INF, 1), complex(NAN, 0), complex(0, NAN)]
EXPONENTS = [0, -0.0, 1, 2, 3, 4, 5, 7, -1, -2, -3, 99, 100, -99, -100, 0.5, 2.5, 1j, 1 + 1j,
             -1 + 1j, 1e-300 + 5j, complex(2, -0.0), complex(0.5, NAN), NAN, INF, -INF, 1e20]


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
def test_complex_power_special_cases_are_numpys(dtype):
    if "DD->D" not in cupylike.power.types:
        pytest.skip("power has no complex loops yet")
    a, b = numpy.meshgrid(numpy.array(BASES, dtype), numpy.array(EXPONENTS, dtype))
    rng = numpy.random.default_rng(5)
    ra = (rng.standard_normal(500) * 3 + 1j * rng.standard_normal(500) * 3).astype(dtype)
    rb = (rng.standard_normal(500) * 3 + 1j * rng.standard_normal(500) * 3).astype(dtype)
    for x, y in ((a.ravel(), b.ravel()), (ra, rb)):
        got = cupylike.power(cupylike.asarray(x), cupylike.asarray(y))
        with numpy.errstate(all="ignore"):
            want = numpy.power(x, y)
        assert_complex_close(got, want, err_msg="power", power_of=(x, y))
