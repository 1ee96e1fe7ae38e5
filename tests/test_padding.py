"""pad against NumPy: every mode over 1-d, 2-d and 3-d arrays, pad widths as a scalar, a pair
and one pair per axis (wider than the axis too), constant/end values, stat_length, integer
rounding of mean and median, odd reflection (folds wider than the axis too), and NumPy's
errors."""

import numpy
import pytest

from cupylike.testing import numpy_cupylike_equal

MODES = ["constant", "edge", "wrap", "reflect", "symmetric", "linear_ramp", "maximum",
         "minimum", "mean", "median"]
WIDTHS = [2, (1, 3), ((0, 2), (3, 1)), ((5, 7), (1, 0)), 0]


def base(xp, shape, dtype):
    values = (numpy.arange(int(numpy.prod(shape))) * 7 % 11).reshape(shape).astype(dtype)
    return xp.asarray(values)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64])
@pytest.mark.parametrize("width", WIDTHS, ids=str)
@pytest.mark.parametrize("mode", MODES)
def test_pad_2d(mode, width, dtype, xp):
    return xp.pad(base(xp, (3, 4), dtype), width, mode=mode)


@numpy_cupylike_equal()
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("shape", [(1,), (5,), (2, 1, 3)], ids=str)
def test_pad_shapes(mode, shape, xp):
    return xp.pad(base(xp, shape, numpy.float32), 4, mode=mode)


@numpy_cupylike_equal()
@pytest.mark.parametrize("mode, kwargs", [
    ("constant", {"constant_values": 7}), ("constant", {"constant_values": ((1, 2), (3, 4))}),
    ("linear_ramp", {"end_values": (5, -5)}), ("maximum", {"stat_length": 2}),
    ("mean", {"stat_length": ((1, 2), (3, 1))}), ("median", {"stat_length": 2}),
    ("minimum", {"stat_length": 1})], ids=str)
def test_pad_keywords(mode, kwargs, xp):
    return xp.pad(base(xp, (4, 5), numpy.int64), ((2, 1), (1, 3)), mode=mode, **kwargs)


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("case", ["negative", "float width", "bad mode", "bad keyword",
                                  "empty axis", "shape mismatch"])
def test_pad_errors(case, xp):
    a = base(xp, (3, 4), numpy.float64)
    if case == "negative":
        return xp.pad(a, -1)
    if case == "float width":
        return xp.pad(a, 1.5)
    if case == "bad mode":
        return xp.pad(a, 1, mode="nope")
    if case == "bad keyword":
        return xp.pad(a, 1, mode="edge", constant_values=3)
    if case == "empty axis":
        return xp.pad(a[:0], 1, mode="wrap")
    return xp.pad(a, ((1, 2, 3),))


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float16, numpy.int8, numpy.uint8,
                                   numpy.bool_, numpy.complex64], ids=str)
@pytest.mark.parametrize("width", [1, (0, 2), ((7, 4), (1, 0)), ((13, 0), (2, 20))], ids=str)
@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("shape", [(1, 3), (2, 3), (5, 2)], ids=str)
def test_odd_reflection(mode, width, dtype, shape, xp):
    # Wide pads fold several times; NumPy's folds grow with the filled part, and values round
    # as each fold computes 2 * edge - values.
    values = numpy.random.default_rng(5).standard_normal(shape) * 3
    return xp.pad(xp.asarray(values.astype(dtype)), width, mode=mode, reflect_type="odd")
