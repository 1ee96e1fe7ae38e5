"""where= with an out= of another dtype than the loop's: the elements the mask leaves out keep
out's values exactly, never a round trip through the loop's dtype (7.5 stayed 7.5, not 7.0
after an integer loop or 1.0 after a comparison). Every kind of ufunc, out dtypes, broadcast
masks, non-contiguous, overlapping, 0-d and empty outs, compared with NumPy value by value."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

# NumPy reads a complex out into a real loop's buffer before the masked write-back, and warns.
pytestmark = pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")

MASK = numpy.array([[True, False, True, False],
                   [False, False, True, True],
                   [True, True, False, False]])
# out's values, chosen so that a round trip through any narrower loop dtype changes them
# (float32 cannot hold 7.1 or 2**24 + 1; no integer holds 7.1).
FILL = {"f": 7.1, "c": 7.1 - 2.3j, "i": -(2**24 + 1), "u": 200, "b": True}

# (ufunc, inputs as host arrays of shape (3, 4), casting): the loop's dtype differs from out's
# in every case below, so each goes through the temporary that where= must respect.
CASES = {
    "add_int_loop": ("add", [numpy.arange(12).reshape(3, 4), numpy.arange(12).reshape(3, 4)]),
    "multiply_float32_loop": ("multiply", [numpy.linspace(-2, 2, 12, dtype=numpy.float32)
                                           .reshape(3, 4), numpy.float32(1.5)]),
    "less": ("less", [numpy.arange(12).reshape(3, 4), 5]),
    "equal_float": ("equal", [numpy.linspace(0, 1, 12).reshape(3, 4), 0.5]),
    "logical_and": ("logical_and", [numpy.arange(12).reshape(3, 4) % 3, numpy.ones((3, 4))]),
    "logical_not": ("logical_not", [numpy.arange(12).reshape(3, 4) % 2]),
    "negative_int": ("negative", [numpy.arange(12, dtype=numpy.int16).reshape(3, 4)]),
    "sqrt_float32": ("sqrt", [numpy.linspace(0, 9, 12, dtype=numpy.float32).reshape(3, 4)]),
    "bitwise_or": ("bitwise_or", [numpy.arange(12, dtype=numpy.uint8).reshape(3, 4), 1]),
}
TWO_OUTPUTS = {
    "divmod_int": ("divmod", [numpy.arange(12).reshape(3, 4) - 5, 3]),
    "modf_float32": ("modf", [numpy.linspace(-3, 3, 12, dtype=numpy.float32).reshape(3, 4)]),
    "frexp_float32": ("frexp", [numpy.linspace(-3, 3, 12, dtype=numpy.float32).reshape(3, 4)]),
}
OUT_DTYPES = [numpy.float64, numpy.complex128, numpy.float32, numpy.int64, numpy.int8]


def _device(values):
    return [cupylike.asarray(v) if isinstance(v, numpy.ndarray) else v for v in values]


def _filled(xp, shape, dtype):
    dtype = numpy.dtype(dtype)
    value = -7 if dtype == numpy.int8 else FILL[dtype.kind]
    return xp.full(shape, value, dtype=dtype)


def _both(name, inputs, make_outs, mask, casting="unsafe"):
    """Runs the ufunc with out= and where= in both libraries and compares every out array."""
    results = []
    for xp, args in ((numpy, inputs), (cupylike, _device(inputs))):
        outs = make_outs(xp)
        where = xp.asarray(mask) if isinstance(mask, numpy.ndarray) else mask
        getattr(xp, name)(*args, out=outs, where=where, casting=casting)
        results.append(outs)
    for actual, expected in zip(results[1], results[0], strict=True):
        assert_array_equal(actual, expected)


@pytest.mark.parametrize("out_dtype", OUT_DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("case", CASES)
def test_where_keeps_masked_out_elements_of_an_out_of_another_dtype(case, out_dtype):
    name, inputs = CASES[case]
    _both(name, inputs, lambda xp: (_filled(xp, (3, 4), out_dtype),), MASK)


@pytest.mark.parametrize("out_dtype", [numpy.float64, numpy.int32], ids=str)
@pytest.mark.parametrize("case", TWO_OUTPUTS)
def test_where_keeps_both_outputs_of_two_output_ufuncs(case, out_dtype):
    name, inputs = TWO_OUTPUTS[case]

    def outs(xp):
        second = numpy.int64 if name == "frexp" else out_dtype  # frexp's exponent is an int
        return _filled(xp, (3, 4), out_dtype), _filled(xp, (3, 4), second)

    _both(name, inputs, outs, MASK)


def test_issue_example_add_into_float_out():
    o = cupylike.full(3, 7.5)
    cupylike.add(cupylike.arange(3), cupylike.arange(3), out=o,
                 where=cupylike.asarray([True, False, True]))
    assert_array_equal(o, numpy.array([0.0, 7.5, 4.0]))


@pytest.mark.parametrize("mask", [MASK[0], MASK[:, :1], numpy.array(True), True, False],
                         ids=["row", "column", "0-d", "True", "False"])
def test_where_broadcast_masks_with_a_cast_out(mask):
    _both("add", CASES["add_int_loop"][1], lambda xp: (_filled(xp, (3, 4), numpy.float64),), mask)


@pytest.mark.parametrize("layout", ["transposed", "strided", "reversed"])
def test_where_with_a_non_contiguous_cast_out(layout):
    def outs(xp):
        base = _filled(xp, (4, 3) if layout == "transposed" else (3, 8), numpy.float64)
        return ({"transposed": base.T, "strided": base[:, ::2], "reversed": base[::-1, 7:3:-1]}
                [layout],)

    _both("less", CASES["less"][1], outs, MASK)


def test_where_with_an_out_that_is_also_an_input_of_another_dtype():
    def run(xp):
        o = xp.linspace(-3, 3, 12).reshape(3, 4) + 0.25
        xp.floor_divide(o, 2, out=o, where=xp.asarray(MASK), dtype=xp.int64, casting="unsafe")
        return o

    assert_array_equal(run(cupylike), run(numpy))


@pytest.mark.parametrize("shape", [(), (0,), (3, 0)], ids=["0-d", "empty", "empty-2d"])
def test_where_with_a_cast_out_of_0d_or_empty_shape(shape):
    def outs(xp):
        return (_filled(xp, shape, numpy.float64),)

    inputs = [numpy.ones(shape, numpy.int64), numpy.full(shape, 2, numpy.int64)]
    _both("add", inputs, outs, numpy.zeros(shape, bool))
    _both("add", inputs, outs, numpy.ones(shape, bool))


def test_where_keeps_nan_payloads_and_negative_zeros_of_out():
    """The masked-out elements are not even copied through a float: their bits stay."""
    bits = numpy.array([0x7FF8000000000123, 0x8000000000000000, 0xFFF0000000000000, 1],
                       dtype=numpy.uint64)
    mask = numpy.array([False, False, False, True])
    o = cupylike.asarray(bits.view(numpy.float64))
    cupylike.add(cupylike.arange(4), 1, out=o, where=cupylike.asarray(mask))
    expected = bits.copy()
    expected[3] = numpy.float64(4).view(numpy.uint64)
    assert_array_equal(o.view(cupylike.uint64), expected)
