"""packbits, unpackbits and the bitwise_count ufunc against NumPy: axes, count, bitorder,
0-d/empty/non-contiguous input, dtypes and NumPy's errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_equal

PACKABLE = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int32, numpy.uint64, numpy.int64]


def _bits(shape, dtype, seed=0):
    values = numpy.random.default_rng(seed).integers(-2, 3, shape)
    values[values == 1] = 0  # zeros, and nonzero values other than 1 (they pack as 1 bits)
    return values.astype(dtype)


@pytest.mark.parametrize("dtype", PACKABLE)
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("bitorder", ["big", "little"])
@numpy_cupylike_equal()
def test_packbits(xp, dtype, axis, bitorder):
    return xp.packbits(xp.asarray(_bits((5, 11), dtype)), axis=axis, bitorder=bitorder)


@numpy_cupylike_equal()
def test_packbits_views_0d_and_empty(xp):
    a = xp.asarray(_bits((6, 9, 3), numpy.int16))
    return (xp.packbits(a[::-1, ::2], axis=1), xp.packbits(a.transpose(2, 0, 1), axis=0),
            xp.packbits(xp.asarray(numpy.array(5))), xp.packbits(xp.asarray(numpy.array(1)), 0),
            xp.packbits(xp.zeros((2, 0), dtype=bool), axis=1),
            xp.packbits(xp.zeros((0, 3), dtype=bool), axis=1))


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("count", [None, 0, 5, 30, -3])
@pytest.mark.parametrize("bitorder", ["big", "little"])
@numpy_cupylike_equal()
def test_unpackbits(xp, axis, count, bitorder):
    host = numpy.random.default_rng(1).integers(0, 256, (3, 4)).astype(numpy.uint8)
    return xp.unpackbits(xp.asarray(host), axis=axis, count=count, bitorder=bitorder)


@numpy_cupylike_equal()
def test_unpackbits_views_and_round_trip(xp):
    host = numpy.random.default_rng(2).integers(0, 256, (4, 6)).astype(numpy.uint8)
    a = xp.asarray(host)[::-1, 1::2]
    bits = xp.unpackbits(a, axis=1)
    return bits, xp.packbits(bits, axis=1), xp.unpackbits(xp.asarray(numpy.array(7, "u1")))


@pytest.mark.parametrize("call, error, match", [
    (lambda xp: xp.packbits(xp.ones(3)), TypeError, "integer or boolean"),
    (lambda xp: xp.packbits(xp.ones(3, int), bitorder="l"), ValueError, "'little' or 'big'"),
    (lambda xp: xp.packbits(xp.ones(3, int), bitorder=None), TypeError, "must be str"),
    (lambda xp: xp.packbits(xp.ones(3, int), axis=1), numpy.exceptions.AxisError, "axis 1"),
    (lambda xp: xp.unpackbits(xp.ones(3, int)), TypeError, "unsigned byte"),
    (lambda xp: xp.unpackbits(xp.ones(3, "u1"), count=-30), ValueError, "-count larger"),
    (lambda xp: xp.unpackbits(xp.ones(3, "u1"), count=1.5), TypeError, "integer"),
    (lambda xp: xp.unpackbits(xp.ones(3, "u1"), bitorder="x"), ValueError, "begin with"),
])
def test_errors_as_numpy(call, error, match):
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            call(xp)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint8, numpy.int16, numpy.uint16,
                                   numpy.int32, numpy.uint32, numpy.int64, numpy.uint64])
@numpy_cupylike_equal()
def test_bitwise_count_counts_bits_of_the_magnitude(xp, dtype):
    info = numpy.iinfo(dtype)
    host = numpy.array([0, 1, 7, info.max, info.min, info.max // 3] + ([-1, -5] if info.min
                                                                      else []), dtype)
    return xp.bitwise_count(xp.asarray(host)), xp.bitwise_count(xp.asarray(host)[::-2])


@numpy_cupylike_equal()
def test_bitwise_count_bool_scalars_and_types(xp):
    assert isinstance(xp.bitwise_count, xp.ufunc)
    assert xp.bitwise_count.types[:8] == numpy.bitwise_count.types[:8]
    return (xp.bitwise_count(xp.asarray([True, False])), xp.bitwise_count(255),
            xp.bitwise_count(xp.zeros((2, 0), dtype=numpy.int32)))


def test_bitwise_count_of_floats_is_a_type_error():
    for xp in (numpy, cupylike):
        with pytest.raises(TypeError, match="bitwise_count"):
            xp.bitwise_count(xp.ones(2))
