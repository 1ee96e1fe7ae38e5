"""ndarray.fill, full, full_like, ones, ones_like against NumPy: fill values converted by
NumPy's rules (NumPy 2's OverflowError for Python ints out of range included), array-like
fill values broadcast, every dtype and layout."""

import warnings

import numpy
import pytest
from helpers.layouts import layout_names, layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
    sample_values,
)

SCALARS = [0, 1, -1, 127, 300, -129, 2**63, 2**64 - 1, 2**70, 1.5, -0.0, float("nan"),
           float("-inf"), 1e10, 1 + 2j, -2j, True, False, None, "7", "x", numpy.int64(300),
           numpy.uint8(200), numpy.float32(-2.5), numpy.complex64(1 - 1j), numpy.float16(3),
           numpy.array(2.5), numpy.array([1.0]), [1.0], numpy.bool_(True)]


def _quiet(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's cast warnings are checked separately
        with numpy.errstate(all="ignore"):
            return fn()


@for_all_dtypes()
@pytest.mark.parametrize("value", SCALARS, ids=repr)
def test_fill_converts_values_like_numpy(dtype, value):
    @numpy_cupylike_equal(accept_error=(OverflowError, TypeError, ValueError))
    def check(xp):
        x = xp.asarray(sample_values(dtype, (3, 4)))
        _quiet(lambda: x[:, ::-2].fill(value))
        return x

    check()


@pytest.mark.parametrize("name", layout_names(writeable=True))
def test_fill_writes_every_layout_and_nothing_else(name):
    for dtype in ALL_DTYPES:
        pairs = {n: (h, d) for n, h, d in layout_pairs(dtype, writeable=True)}
        host, dev = pairs[name]
        value = sample_values(dtype, (3,), seed=8)[1]
        host.fill(value)
        dev.fill(value)
        assert_array_equal(dev, host)
        base = "F" if name == "column" else "C"
        assert_array_equal(pairs[base][1], pairs[base][0])


@for_all_dtypes("src")
@for_all_dtypes("dst")
def test_fill_with_a_0d_device_array_casts_like_numpy(src, dst):
    value = sample_values(src, (2,), seed=11)[1:2].reshape(())
    if numpy.dtype(src).kind in "fc" and numpy.dtype(dst).kind in "iu":
        value = numpy.array(-3.75, dtype=src)  # a value whose cast C defines
    host = numpy.zeros((2, 3), dtype=dst)
    x = cupylike.asarray(host)
    _quiet(lambda: host.fill(value))
    _quiet(lambda: x.fill(cupylike.asarray(value)))
    assert_array_equal(x, host)


def test_fill_rejects_device_arrays_with_dimensions_and_read_only_targets():
    with pytest.raises(ValueError):
        cupylike.zeros(3).fill(cupylike.ones(1))
    with pytest.raises(ValueError, match="read-only"):
        cupylike.broadcast_to(cupylike.zeros(1), (3,)).fill(1)


@for_all_dtypes()
@pytest.mark.parametrize("shape", [(), 0, 5, (2, 0), (3, 4), (2, 3, 4)], ids=repr)
@pytest.mark.parametrize("order", ["C", "F"])
def test_ones_matches_numpy(dtype, shape, order):
    assert_array_equal(cupylike.ones(shape, dtype=dtype, order=order),
                       numpy.ones(shape, dtype=dtype, order=order), strides_check=True)


def test_ones_default_dtype_is_float64():
    assert_array_equal(cupylike.ones(3), numpy.ones(3))


@for_all_dtypes("dtype")
@pytest.mark.parametrize("value", SCALARS, ids=repr)
def test_full_converts_fill_values_like_numpy(dtype, value):
    @numpy_cupylike_equal(strides=True, accept_error=(OverflowError, TypeError, ValueError))
    def check(xp):
        return _quiet(lambda: xp.full((2, 3), value, dtype=dtype, order="F"))

    check()


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("value", [0, 2.5, 1j, True, numpy.float32(1), numpy.uint16(7),
                                   numpy.array(3, dtype=numpy.int8), [1, 2, 3], [[1.5], [2.5]],
                                   2**63, [1, 2.5]], ids=repr)
def test_full_without_dtype_takes_the_fill_values_dtype(value, xp):
    return xp.full((2, 3), value)


@pytest.mark.parametrize("value", ["s", 2**70, None], ids=repr)
def test_full_with_values_numpy_keeps_as_objects_raises_type_error(value):
    with pytest.raises(TypeError):  # NumPy makes str / object arrays, which cupylike lacks
        cupylike.full(3, value)


@pytest.mark.parametrize("value", [[1, 2, 3], [[1], [2]], numpy.arange(3.0), [[[5]]]],
                         ids=repr)
@pytest.mark.parametrize("dtype", [None, numpy.int8, numpy.complex64], ids=str)
def test_full_broadcasts_array_like_fill_values(value, dtype):
    want = numpy.full((2, 3), value, dtype=dtype)
    assert_array_equal(cupylike.full((2, 3), value, dtype=dtype), want)
    device_value = cupylike.asarray(numpy.asarray(value))
    assert_array_equal(cupylike.full((2, 3), device_value, dtype=dtype), want)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("value", [[1, 2], [[1, 2, 3]] * 3, [[[1, 2, 3]], [[1, 2, 3]]]],
                         ids=repr)
def test_full_with_fill_values_that_do_not_broadcast_raises(value, xp):
    return xp.full((2, 3), value)


def test_full_with_a_device_fill_value_warns_when_dropping_imaginary_parts():
    value = cupylike.asarray(numpy.array([1 + 1j, 2 - 1j]))
    with pytest.warns(numpy.exceptions.ComplexWarning):
        x = cupylike.full((3, 2), value, dtype=numpy.float32)
    assert_array_equal(x, numpy.full((3, 2), [1.0, 2.0], dtype=numpy.float32))


def _prototypes():
    base = numpy.arange(120, dtype=numpy.float32).reshape(4, 5, 6)
    return {"C": base, "F": numpy.asfortranarray(base), "permuted": base.transpose(2, 0, 1),
            "reversed": base[::-1, :, ::-1], "zero_d": base[1, 2, 3, ...], "empty": base[:0]}


@pytest.mark.parametrize("name", list(_prototypes()))
@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
@pytest.mark.parametrize("dtype", [None, numpy.int8, numpy.complex128], ids=str)
def test_like_functions_fill_with_numpy_layout(name, order, dtype):
    host = _prototypes()[name]
    proto = cupylike.asarray(host)
    ref = numpy.lib.stride_tricks.as_strided(numpy.zeros(1, host.dtype), proto.shape,
                                             proto.strides) if proto.size else host
    for got, want in [
        (cupylike.ones_like(proto, dtype=dtype, order=order),
         numpy.ones_like(ref, dtype=dtype, order=order)),
        (cupylike.full_like(proto, -7, dtype=dtype, order=order),
         numpy.full_like(ref, -7, dtype=dtype, order=order)),
        (cupylike.full_like(proto, [2.5], dtype=dtype, order=order, shape=(2, 3)),
         numpy.full_like(ref, [2.5], dtype=dtype, order=order, shape=(2, 3))),
    ]:
        assert_array_equal(got, want)
        if want.size:
            assert got.strides == want.strides


def test_full_like_converts_like_numpy():
    proto = cupylike.zeros(3, dtype=numpy.uint8)
    with pytest.raises(OverflowError):
        cupylike.full_like(proto, 300)
    with pytest.raises(OverflowError):
        numpy.full_like(numpy.zeros(3, dtype=numpy.uint8), 300)
    assert_array_equal(cupylike.full_like(proto, 2.9), numpy.full(3, 2, dtype=numpy.uint8))


def test_large_fills_are_exact():
    x = cupylike.full((1 << 20) + 3, 1.25, dtype=numpy.float32)
    assert_array_equal(x, numpy.full((1 << 20) + 3, 1.25, dtype=numpy.float32))
    x[::3].fill(-1)
    want = numpy.full((1 << 20) + 3, 1.25, dtype=numpy.float32)
    want[::3] = -1
    assert_array_equal(x, want)
