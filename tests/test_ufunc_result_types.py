"""Result dtypes (and values, and errors) of the arithmetic, comparison, logical, bitwise,
min/max, rounding, floating and integer ufuncs equal NumPy's for every pair of array dtypes,
and for arrays with Python scalars (weak, NEP 50), NumPy scalars and 0-d NumPy arrays on
either side."""

import warnings

import numpy
import pytest
from helpers.ufunc_numpy_checks import assert_results_equal, warm_up

import cupylike
from cupylike.testing import ALL_DTYPES, same_error

NAMES = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "fmod",
         "divmod", "power", "float_power", "negative", "positive", "absolute", "fabs",
         "reciprocal", "sign", "square", "conjugate", "equal", "not_equal", "less",
         "less_equal", "greater", "greater_equal", "logical_and", "logical_or", "logical_xor",
         "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "left_shift",
         "right_shift", "maximum", "minimum", "fmax", "fmin", "rint", "floor", "ceil", "trunc",
         "isnan", "isinf", "isfinite", "signbit", "copysign", "nextafter", "spacing", "ldexp",
         "frexp", "modf", "gcd", "lcm", "heaviside"]
BINARY = [n for n in NAMES if getattr(numpy, n).nin == 2]
UNARY = [n for n in NAMES if getattr(numpy, n).nin == 1]
SCALARS = [True, 0, 1, -1, 300, -129, 2**40, 2**63, 2**64, -(2**63) - 1, 1.5, -0.0, 1e300,
           2j, numpy.int8(-1), numpy.uint8(200), numpy.int64(5), numpy.uint64(2**63),
           numpy.float16(1.5), numpy.float32(2.0), numpy.float64(3.0), numpy.complex64(1j),
           numpy.bool_(True), numpy.array(7, numpy.int16)]


@pytest.fixture(scope="module", autouse=True)
def _kernels():
    warm_up(NAMES)


def _compare(name, np_args, cp_args):
    """None if cupylike agrees with NumPy (results or error type), else a description."""
    np_error = cp_error = None
    try:
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(numpy, name)(*np_args)
    except Exception as e:  # compared with cupylike's below
        np_error = e
    try:
        actual = getattr(cupylike, name)(*cp_args)
    except Exception as e:  # compared with NumPy's below
        cp_error = e
    if np_error or cp_error:
        if np_error and cp_error and same_error(cp_error, np_error):
            return None
        return f"NumPy {np_error!r}, cupylike {cp_error!r}"
    try:
        assert_results_equal(actual, expected, nan_signs=False)
    except AssertionError as e:
        return str(e).splitlines()[0]
    return None


def _ones(dtype):
    return numpy.ones(3, dtype)


@pytest.mark.parametrize("name", BINARY)
def test_array_with_array_of_every_dtype_pair(name):
    bad = []
    for a in ALL_DTYPES:
        for b in ALL_DTYPES:
            problem = _compare(name, (_ones(a), _ones(b)),
                               (cupylike.asarray(_ones(a)), cupylike.asarray(_ones(b))))
            if problem:
                bad.append(f"{a}, {b}: {problem}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", UNARY)
def test_array_of_every_dtype(name):
    bad = [f"{a}: {p}" for a in ALL_DTYPES
           if (p := _compare(name, (_ones(a),), (cupylike.asarray(_ones(a)),)))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", BINARY)
def test_array_with_scalars_on_either_side(name):
    bad = []
    for a in ALL_DTYPES:
        x, dx = _ones(a), cupylike.asarray(_ones(a))
        for s in SCALARS:
            for order in (1, -1):
                problem = _compare(name, (x, s)[::order], (dx, s)[::order])
                if problem:
                    bad.append(f"{a}, {s!r}, order {order}: {problem}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", UNARY + BINARY)
def test_scalars_alone_give_0d_arrays_of_numpys_dtype(name):
    bad = []
    nin = getattr(numpy, name).nin
    for s in [True, 3, -2.5, 1j, 2**63, numpy.float16(2), numpy.int8(-3), numpy.uint64(7)]:
        args = (s,) * nin
        np_result = None
        try:
            with numpy.errstate(all="ignore"):
                np_result = getattr(numpy, name)(*args)
        except Exception:  # noqa: S112 - both must raise; checked by _compare
            pass
        problem = _compare(name, args, args)
        if problem:
            bad.append(f"{s!r}: {problem}")
        elif np_result is not None:
            first = np_result[0] if isinstance(np_result, tuple) else np_result
            got = getattr(cupylike, name)(*args)
            got = got[0] if isinstance(got, tuple) else got
            assert isinstance(got, cupylike.ndarray) and got.shape == numpy.shape(first)
    assert not bad, "\n".join(bad)
