"""sin, cos, tan, their inverses, the hyperbolic functions and their inverses, arctan2, hypot
and the angle conversions (degrees, radians, deg2rad, rad2deg) against NumPy: every loop on
random values of every magnitude and on special values (within the bounds of
tests/helpers/ufunc_accuracy.py, which says why they are not all 0), every float16 value, the
complex loops (the C library's functions, as NumPy calls them), NumPy's special cases one by
one, the layouts of tests/helpers/layouts.py and the result dtypes."""

import numpy
import pytest
from helpers.ufunc_accuracy import (
    check_cases,
    check_complex_extremes,
    check_complex_loop,
    check_half_loop,
    check_layouts,
    check_real_loop,
    check_result_dtypes,
)

import cupylike

COMPLEX = ["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
           "arcsinh", "arccosh", "arctanh"]
ANGLES = ["degrees", "radians", "deg2rad", "rad2deg"]
NAMES = COMPLEX + ["arctan2", "hypot"] + ANGLES
FLOATS = [numpy.float16, numpy.float32, numpy.float64]
INF, NAN, PI = numpy.inf, numpy.nan, numpy.pi


def test_loops_are_numpys():
    for name in NAMES:
        numpy_types = [t for t in getattr(numpy, name).types if not set(t) & set("gGO")]
        assert getattr(cupylike, name).types == list(dict.fromkeys(numpy_types)), name
        assert getattr(cupylike, name).nin == getattr(numpy, name).nin


def test_the_angle_conversions_are_four_ufuncs_like_numpys():
    assert [getattr(cupylike, n).__name__ for n in ANGLES] == ANGLES


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
    "sin": [((-0.0,), -0.0), ((0.0,), 0.0), ((INF,), NAN), ((-INF,), NAN), ((NAN,), NAN)],
    "cos": [((-0.0,), 1.0), ((INF,), NAN), ((NAN,), NAN)],
    "tan": [((-0.0,), -0.0), ((INF,), NAN), ((NAN,), NAN)],
    "arcsin": [((-0.0,), -0.0), ((1.0,), PI / 2), ((-1.0,), -PI / 2), ((2.0,), NAN),
               ((-INF,), NAN)],
    "arccos": [((1.0,), 0.0), ((-1.0,), PI), ((0.0,), PI / 2), ((1.5,), NAN), ((INF,), NAN)],
    "arctan": [((-0.0,), -0.0), ((INF,), PI / 2), ((-INF,), -PI / 2), ((NAN,), NAN)],
    "sinh": [((-0.0,), -0.0), ((INF,), INF), ((-INF,), -INF), ((1e5,), INF), ((NAN,), NAN)],
    "cosh": [((-0.0,), 1.0), ((-INF,), INF), ((-1e5,), INF), ((NAN,), NAN)],
    "tanh": [((-0.0,), -0.0), ((INF,), 1.0), ((-INF,), -1.0), ((100.0,), 1.0), ((NAN,), NAN)],
    "arcsinh": [((-0.0,), -0.0), ((INF,), INF), ((-INF,), -INF), ((NAN,), NAN)],
    "arccosh": [((1.0,), 0.0), ((0.5,), NAN), ((-1.0,), NAN), ((INF,), INF), ((-INF,), NAN)],
    "arctanh": [((-0.0,), -0.0), ((1.0,), INF), ((-1.0,), -INF), ((2.0,), NAN),
                ((INF,), NAN)],
    # The signs of zeros choose the quadrant.
    "arctan2": [((0.0, -0.0), PI), ((-0.0, -0.0), -PI), ((-0.0, 0.0), -0.0),
                ((0.0, 0.0), 0.0), ((1.0, 0.0), PI / 2), ((-1.0, -INF), -PI),
                ((INF, INF), PI / 4), ((-INF, -INF), -3 * PI / 4), ((NAN, 1.0), NAN)],
    # An infinite leg wins over a NaN.
    "hypot": [((INF, NAN), INF), ((NAN, -INF), INF), ((3.0, 4.0), 5.0), ((-0.0, -0.0), 0.0),
              ((NAN, 1.0), NAN)],
    "degrees": [((-0.0,), -0.0), ((INF,), INF), ((PI,), 180.0), ((NAN,), NAN)],
    "radians": [((-0.0,), -0.0), ((-INF,), -INF), ((180.0,), PI), ((NAN,), NAN)],
}
CASES["rad2deg"], CASES["deg2rad"] = CASES["degrees"], CASES["radians"]


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


def test_degrees_uses_the_factor_rounded_in_float32_like_numpy():
    # 180.0f / pi_f is one float32 ULP below float32(180 / pi); NumPy multiplies by the former.
    x = numpy.linspace(-10, 10, 10001, dtype=numpy.float32)
    got = cupylike.degrees(cupylike.asarray(x)).get()
    numpy.testing.assert_array_equal(got, x * (numpy.float32(180) / numpy.float32(PI)))
    numpy.testing.assert_array_equal(got, numpy.degrees(x))
