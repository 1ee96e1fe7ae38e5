"""dot, inner and tensordot with a one-element operand, against NumPy bit for bit. NumPy's dot
of float and complex operands of at most two axes reads a one-element operand s as a scalar
and calls BLAS's axpy: s * x added to zeros, skipped whole when s is zero. So
dot(0.0, [nan, inf]) is [0, 0] (IEEE's 0 * nan is NaN), a -0.0 product comes out +0.0, and a
product of one element is s * x as it is. inner and tensordot reach the same code through dot.
Only elementwise kernels run here: no vendor library."""

import itertools
import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

VALUES = [0.0, -0.0, numpy.nan, numpy.inf, -numpy.inf, 1.0, -1.0, 2.0]
ONE = [(), (1,), (1, 1)]
OTHER = [(), (1,), (2,), (3,), (1, 1), (1, 0), (1, 3), (2, 1), (3, 1)]
DTYPES = [(numpy.float64, numpy.float64), (numpy.float32, numpy.float32),
          (numpy.complex128, numpy.complex128), (numpy.complex64, numpy.complex64),
          (numpy.float32, numpy.complex64), (numpy.int32, numpy.float64)]
CALLS = {
    "dot": lambda xp, a, b: xp.dot(a, b),
    "inner": lambda xp, a, b: xp.inner(a, b),
    "tensordot_1": lambda xp, a, b: xp.tensordot(a, b, 1),
    "tensordot_0": lambda xp, a, b: xp.tensordot(a, b, 0),
}


def _array(rng, shape, dtype):
    values = rng.choice(VALUES, size=shape)
    if numpy.dtype(dtype).kind not in "fc":
        values = numpy.nan_to_num(values, posinf=3, neginf=-3)
    return values.astype(dtype)


def _cases(seed, dtypes):
    """(a, b) pairs with a one-element operand on either side, several draws per shape pair."""
    rng = numpy.random.default_rng(seed)
    for one, other in itertools.product(ONE, OTHER):
        for _ in range(3):
            s, x = _array(rng, one, dtypes[0]), _array(rng, other, dtypes[1])
            yield s, x
            yield x, s


@pytest.mark.parametrize("dtypes", DTYPES, ids=lambda d: f"{d[0].__name__}-{d[1].__name__}")
@pytest.mark.parametrize("call", CALLS)
def test_one_element_operand_matches_numpy(call, dtypes):
    fn = CALLS[call]
    compared = 0
    for a, b in _cases(7, dtypes):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            try:
                expected = fn(numpy, a, b)
            except (ValueError, IndexError) as error:  # not aligned; tensordot of a 0-d
                with pytest.raises(type(error)):
                    fn(cupylike, cupylike.asarray(a), cupylike.asarray(b))
                continue
            actual = fn(cupylike, cupylike.asarray(a), cupylike.asarray(b))
        assert_array_equal(actual, numpy.asarray(expected), err_msg=f"{a!r} {b!r}")
        compared += 1
    assert compared > 40


def test_zero_scalar_hides_nan_as_numpy_does():
    x = numpy.array([numpy.nan, numpy.inf, 1.0])
    for s in (numpy.float64(0.0), numpy.array([0.0]), numpy.array([[-0.0]])):
        for a, b in ((s, x.reshape(1, 3) if s.ndim else x), (x.reshape(3, 1) if s.ndim else x, s)):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                expected = numpy.dot(a, b)
            assert not numpy.isnan(expected).any()
            assert_array_equal(cupylike.dot(cupylike.asarray(a), cupylike.asarray(b)), expected)
