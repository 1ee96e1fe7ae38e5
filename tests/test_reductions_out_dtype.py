"""Reductions and scans into an out= of another dtype, against NumPy. NumPy resolves the loop
from (out, a), not from a alone: cumsum of complex64 into complex128 sums in complex128, max of
int16 into uint64 compares in float64. And a reduction starts each slice from a value written
to out and read back: initial=, or, for a ufunc without identity, the slice's first element
(index 0 of every reduced axis), so max of int32 [-5, 9] into uint16 is 65531."""

import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

INT32 = numpy.array([[-5, 1, 7], [-2, 2, -9], [-1, 2, 4], [3, 4, 0], [9, 6, -3]], numpy.int32)
FLOATS = numpy.array([[2.7, 1.5, -0.5], [1.5, 2.7, 300.25], [-1.25, 0.5, 2.0]])
LAYOUTS = {
    "c": lambda x: x,
    "transposed": lambda x: x.T,
    "reversed": lambda x: x[::-1, ::-1],
}


def _both(fn, host, out_dtype, out_shape):
    """fn(xp, x, out) on NumPy and cupylike, each into its own zeroed out; the two outs."""
    expected = numpy.zeros(out_shape, out_dtype)
    actual = cupylike.zeros(out_shape, out_dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        assert fn(numpy, host, expected) is expected
        assert fn(cupylike, cupylike.asarray(host), actual) is actual
    return actual, expected


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", ["max", "min"])
@pytest.mark.parametrize("axis, keepdims", [(0, False), (1, False), (None, False),
                                            ((0, 1), False), (0, True), (None, True)])
@pytest.mark.parametrize("data, out_dtype", [(INT32, numpy.uint16), (INT32, numpy.uint64),
                                             (INT32.astype(numpy.int16), numpy.uint64),
                                             (FLOATS, numpy.int8)],
                         ids=["int32-uint16", "int32-uint64", "int16-uint64", "float-int8"])
def test_extrema_start_from_the_first_element_read_back(name, axis, keepdims, layout, data,
                                                        out_dtype):
    host = LAYOUTS[layout](data)
    shape = numpy.max(host, axis=axis, keepdims=keepdims).shape
    actual, expected = _both(
        lambda xp, x, o: getattr(xp, name)(x, axis=axis, keepdims=keepdims, out=o),
        host, out_dtype, shape)
    assert_array_equal(actual, expected)


def test_first_element_that_out_cannot_hold_decides():
    actual, expected = _both(lambda xp, x, o: xp.max(x, axis=0, out=o), INT32, numpy.uint16, (3,))
    assert expected[0] == 65531  # -5 read back from uint16
    assert_array_equal(actual, expected)


@pytest.mark.parametrize("call", [
    lambda xp, x, o: xp.max(x, out=o, initial=-100),
    lambda xp, x, o: xp.min(x, axis=0, out=o, initial=70000),
    lambda xp, x, o: xp.maximum.reduce(x, axis=1, out=o, initial=-7),
    lambda xp, x, o: xp.max(x, axis=0, out=o, initial=-100, where=x > 0),
], ids=["max", "min", "maximum.reduce", "max-where"])
def test_initial_is_read_back_from_out(call):
    shape = call(numpy, INT32, None).shape
    actual, expected = _both(call, INT32, numpy.uint16, shape)
    assert_array_equal(actual, expected)


@pytest.mark.parametrize("call, data, out_dtype", [
    (lambda xp, x, o: xp.sum(x, out=o, initial=0.6), numpy.array([0.5]), numpy.int32),
    (lambda xp, x, o: xp.sum(x, out=o), numpy.array([1.7, 1.7, 1.7]), numpy.int32),
    (lambda xp, x, o: xp.prod(x, out=o), INT32[:, 0], numpy.uint16),
    (lambda xp, x, o: xp.sum(x, out=o), numpy.array([200, 200, 200], numpy.uint8), numpy.int8),
    (lambda xp, x, o: xp.sum(x, out=o), numpy.float32([1e8, 1, 1, 1, 1]), numpy.int32),
], ids=["sum-initial", "sum-float-int", "prod", "sum-uint8-int8", "sum-float32-int32"])
def test_sums_into_out_of_another_dtype(call, data, out_dtype):
    actual, expected = _both(call, data, out_dtype, ())
    assert_array_equal(actual, expected)


SCAN_DATA = numpy.array([[-0.5 - 9j, 2.25 + 2j, 2.0, -2 - 6j, 0.1 + 0.2j],
                         [-1.25 - 4j, -0.8 - 2j, -7 + 8j, -0.1 + 2j, 0.7 - 0.3j]], numpy.complex64)


@pytest.mark.parametrize("call, data, out_dtype", [
    (lambda xp, x, o: xp.cumsum(x, axis=1, out=o), SCAN_DATA, numpy.complex128),
    (lambda xp, x, o: xp.cumsum(x, axis=1, out=o), SCAN_DATA * 7, numpy.int32),
    (lambda xp, x, o: xp.cumprod(x, axis=0, out=o), SCAN_DATA, numpy.complex128),
    (lambda xp, x, o: xp.cumsum(x, out=o), numpy.array([200, 200, 200], numpy.uint8), numpy.int8),
    (lambda xp, x, o: xp.cumsum(x, out=o), numpy.array([2**62 + 1, 2**62 + 3, -5]), numpy.uint64),
    (lambda xp, x, o: xp.cumsum(x, out=o), numpy.array([1.7, 1.7, 1.7]), numpy.int32),
    (lambda xp, x, o: xp.maximum.accumulate(x, out=o), INT32[:, 0], numpy.uint16),
    (lambda xp, x, o: xp.nancumsum(x, out=o), numpy.float32([0.1, numpy.nan, 0.2]), numpy.float64),
], ids=["complex64-complex128", "complex64-int32", "cumprod", "uint8-int8", "int64-uint64",
        "float-int32", "maximum", "nancumsum"])
def test_scans_run_the_loop_of_out_and_input(call, data, out_dtype):
    shape = data.shape if data.ndim == 2 else (data.size,)
    actual, expected = _both(call, data, out_dtype, shape)
    assert_array_equal(actual, expected)
