"""x[key] = value with basic keys, against NumPy: the elements written, the conversion of the
value (NumPy 2's OverflowError for Python ints out of range, unsafe casts of arrays), the
broadcasting, overlapping sources, and the errors."""

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

KEYS = [0, -1, (1, 2), (1, 2, 3), slice(None), slice(1, 3), slice(None, None, -2),
        (Ellipsis, 1), (slice(None), None, slice(4, 1, -1)), (), Ellipsis, (2, Ellipsis, 5),
        (None, 1), (slice(0, 0),), (slice(3, 1),)]

VALUES = [0, 1, -1, 7, 300, -129, 2**40, 2**64 - 1, 1.5, -2.75, -0.0, float("nan"),
          float("inf"), 1e10, 1 + 2j, True, None, "3", numpy.int64(300), numpy.float32(-0.5),
          numpy.complex64(2 - 1j), numpy.array(3.25), numpy.array([1, 2, 3, 4, 5, 6]),
          numpy.array([[1.5], [2.5], [3.5], [4.5]]), [1, 2, 3, 4, 5, 6], [[1, 2, 3, 4, 5, 6]],
          [300], [1.5, 2.5], numpy.uint8(200), numpy.array([[[7]]]), [numpy.int64(300)] * 6,
          numpy.uint64(2**63), numpy.float64(1e10), numpy.array(1e10), "abc", b"5"]


def _assign(xp, dtype, key, value):
    host = sample_values(dtype, (4, 5, 6), seed=7)
    x = xp.asarray(host) if xp is cupylike else host.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's RuntimeWarnings for casts are not compared
        with numpy.errstate(all="ignore"):
            x[key] = value
    return x  # the whole array: elements outside the view must be untouched


@for_all_dtypes()
@pytest.mark.parametrize("key", KEYS, ids=repr)
def test_setitem_of_values_matches_numpy(dtype, key):
    for value in VALUES:
        check = numpy_cupylike_equal(accept_error=(OverflowError, TypeError, ValueError))(
            lambda xp, v=value: _assign(xp, dtype, key, v))
        check()


@for_all_dtypes("src")
@for_all_dtypes("dst")
def test_setitem_of_device_arrays_casts_like_numpy(src, dst):
    value = sample_values(src, (5, 6), seed=3)
    if numpy.dtype(src).kind in "fc" and numpy.dtype(dst).kind in "iu":
        value = numpy.where(numpy.abs(value.real) < 100, value, 1).astype(src)  # defined casts
    for key in [slice(None), 1, (slice(1, 3), slice(None, None, -1))]:
        host = sample_values(dst, (4, 5, 6), seed=1)
        x = cupylike.asarray(host)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            host[key] = value[::-1]
            x[key] = cupylike.asarray(value)[::-1]
        assert_array_equal(x, host)


@pytest.mark.parametrize("name", layout_names(writeable=True))
def test_setitem_into_every_layout_touches_only_the_view(name):
    for dtype in ALL_DTYPES:
        pairs = {n: (h, d) for n, h, d in layout_pairs(dtype, writeable=True, seed=4)}
        host, dev = pairs[name]
        value = sample_values(dtype, host.shape, seed=9)
        host[...] = value
        dev[...] = cupylike.asarray(value)
        assert_array_equal(dev, host)
        # the base arrays too: nothing outside the view changed
        base_h = pairs["F" if name == "column" else "C"][0]
        base_d = pairs["F" if name == "column" else "C"][1]
        assert_array_equal(base_d, base_h)


def test_overlapping_assignment_reads_before_writing():
    host = numpy.arange(20.0)
    x = cupylike.asarray(host)
    host[1:] = host[:-1]
    x[1:] = x[:-1]
    assert_array_equal(x, host)
    host[::-1] = host
    x[::-1] = x
    assert_array_equal(x, host)
    m = numpy.arange(16).reshape(4, 4)
    y = cupylike.asarray(m)
    m[...] = m.T
    y[...] = y.T
    assert_array_equal(y, m)


def test_assignment_broadcasts_like_numpy():
    host = numpy.zeros((3, 4, 5), dtype=numpy.int32)
    x = cupylike.asarray(host)
    for key, value in [(slice(None), numpy.arange(5)), ((0,), numpy.arange(4)[:, None]),
                       (Ellipsis, numpy.ones((1, 1, 4, 5))), (slice(1, 2), 7)]:
        host[key] = value
        x[key] = cupylike.asarray(value)
        assert_array_equal(x, host)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("value", [numpy.ones(3), numpy.ones((2, 4, 5)), [[1, 2]], (),
                                   numpy.ones((1, 2, 4, 5))], ids=repr)
def test_values_that_do_not_broadcast_raise_value_error(value, xp):
    x = xp.zeros((3, 4, 5))
    x[:] = xp.asarray(value) if xp is cupylike and isinstance(value, numpy.ndarray) else value
    return x


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("key", [(0, 0, 0), 0, (0, 0)], ids=repr)
def test_one_element_takes_no_sequence(key, xp):
    x = xp.zeros((3, 4, 5))
    x[key] = xp.asarray(numpy.ones(1))
    return x


@pytest.mark.parametrize("key", [0, slice(None), (1, 2)], ids=repr)
@pytest.mark.parametrize("value", [1, 300, numpy.ones(4), [1, 2, 3, 4]], ids=repr)
def test_read_only_targets_raise_value_error_first(key, value):
    x = cupylike.broadcast_to(cupylike.zeros(4, dtype=numpy.uint8), (3, 4))
    with pytest.raises(ValueError, match="read-only"):
        x[key] = value
    y = cupylike.zeros((3, 4), dtype=numpy.uint8)
    y.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        y[key] = value


@numpy_cupylike_equal(accept_error=IndexError)
@pytest.mark.parametrize("key", [5, (0, 9), (0, 0, 0, 0), (Ellipsis, Ellipsis), 1.5, "a"],
                         ids=repr)
def test_bad_keys_raise_numpy_errors(key, xp):
    x = xp.zeros((3, 4, 5))
    x[key] = 1
    return x


@numpy_cupylike_equal()
@pytest.mark.parametrize("key", [[0, 1], numpy.array([0, 2]), numpy.array([True, False, True]),
                                 (slice(None), [1, 2])], ids=repr)
def test_advanced_keys_assign_as_numpy(key, xp):
    x = xp.zeros((3, 4))
    x[key] = 1
    return x


@pytest.mark.parametrize("dtype", ["complex64", "float32", "int32", "bool"])
def test_one_element_given_an_array_raises_numpys_error(dtype):
    # NumPy converts the array as one element of the target's type: complex() and int()
    # conversions fail with TypeError, float() with ValueError.
    host = numpy.zeros((), dtype)
    with pytest.raises((TypeError, ValueError)) as expected:
        host[()] = numpy.ones((3, 3), "int32")
    x = cupylike.zeros((), dtype)
    with pytest.raises(type(expected.value)):
        x[()] = cupylike.ones((3, 3), "int32")


@pytest.mark.parametrize("dtype", ["bool", "float32", "int64", "complex64"])
def test_one_element_given_a_one_element_array_converts_as_numpy(dtype):
    # NumPy 2.4 converts a one-element array as one bool (its truth value) but refuses it for
    # numbers: the element's conversion decides, as for any other value.
    host = numpy.zeros((2, 2), dtype)
    x = cupylike.zeros((2, 2), dtype)
    try:
        host[1, 0] = numpy.array([-3.0])
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            x[1, 0] = cupylike.asarray([-3.0])
        return
    x[1, 0] = cupylike.asarray([-3.0])
    assert_array_equal(x, host)


@pytest.mark.parametrize("key", ["mask", "indices"])
@pytest.mark.parametrize("value", [numpy.float64(2.0**40), numpy.float32("nan"),
                                   numpy.int64(2**40), "5", numpy.complex128(3 + 4j)], ids=repr)
def test_advanced_keys_convert_scalars_as_arrays(key, value):
    # NumPy converts the value of an advanced assignment with numpy.asarray(value, dtype), so
    # NumPy scalars out of range cast (unsafely) where a slice's single-item conversion raises.
    index = {"mask": numpy.array([True, False, True]), "indices": numpy.array([0, 2])}[key]
    host = numpy.zeros(3, numpy.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        host[index] = value
        x = cupylike.zeros(3, numpy.int32)
        x[cupylike.asarray(index)] = value
    assert_array_equal(x, host)


@pytest.mark.parametrize("value", [2.0**40, 2**40, float("nan"), None, 3 + 4j], ids=repr)
def test_advanced_keys_raise_for_python_scalars_as_numpy(value):
    host = numpy.zeros(3, numpy.int32)
    with pytest.raises((TypeError, ValueError, OverflowError)) as expected:
        host[numpy.array([0, 2])] = value
    x = cupylike.zeros(3, numpy.int32)
    with pytest.raises(type(expected.value)):
        x[cupylike.asarray([0, 2])] = value
    assert_array_equal(x, numpy.zeros(3, numpy.int32))


@pytest.mark.parametrize("key", ["whole mask", "mask in a tuple", "mask after Ellipsis"])
@pytest.mark.parametrize("value", [numpy.ones((1, 6)), numpy.ones((6, 1)), [[1.0] * 6],
                                   numpy.ones(5)], ids=repr)
def test_whole_boolean_mask_assignment_takes_a_0d_or_1d_value(key, value):
    # NumPy's boolean assignment (one mask of the array's shape) refuses a 2-d value with a
    # TypeError and a 1-d one of the wrong length with a ValueError; a mask after an Ellipsis
    # is an index array and broadcasts.
    mask = numpy.ones((2, 3), bool)
    host = numpy.zeros((2, 3))
    keys = {"whole mask": mask, "mask in a tuple": (mask,), "mask after Ellipsis": (Ellipsis, mask)}
    x = cupylike.zeros((2, 3))
    dev_key = _device_key(keys[key])
    dev_value = cupylike.asarray(value) if isinstance(value, numpy.ndarray) else value
    try:
        host[keys[key]] = value
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            x[dev_key] = dev_value
        assert_array_equal(x, numpy.zeros((2, 3)))
        return
    x[dev_key] = dev_value
    assert_array_equal(x, host)


@pytest.mark.parametrize("key", [[-6], [0, 9], (0, [5, 1])], ids=repr)
def test_advanced_assignment_checks_the_value_before_the_indices(key):
    # NumPy broadcasts the value to the indexing result first: a value of the wrong shape is
    # its ValueError even when an index is out of bounds.
    host = numpy.zeros((5, 2))
    value = numpy.ones((3, 4))
    with pytest.raises(ValueError):
        host[key] = value
    x = cupylike.zeros((5, 2))
    with pytest.raises(ValueError):
        x[_device_key(key)] = cupylike.asarray(value)
    assert_array_equal(x, numpy.zeros((5, 2)))


def _device_key(key):
    if isinstance(key, tuple):
        return tuple(_device_key(k) for k in key)
    return cupylike.asarray(key) if isinstance(key, (numpy.ndarray, list)) else key


def test_complex_values_warn_as_numpy_does():
    host = numpy.zeros(3)
    x = cupylike.asarray(host)
    for value in [numpy.array([1 + 1j] * 3), cupylike.asarray(numpy.array([1 + 1j] * 3)),
                  numpy.complex128(2 + 1j)]:
        with pytest.warns(numpy.exceptions.ComplexWarning):
            x[:] = value
    with pytest.warns(numpy.exceptions.ComplexWarning):
        host[:] = numpy.array([1 + 1j] * 3)
    assert_array_equal(x, numpy.full(3, 2.0))


def test_large_assignments_are_exact():
    host = numpy.zeros((1024, 1030), dtype=numpy.float32)
    x = cupylike.asarray(host)
    value = numpy.random.default_rng(0).standard_normal((1024, 515)).astype(numpy.float64)
    host[:, ::2] = value
    x[:, ::2] = cupylike.asarray(value)
    host[::-3, 1::2] = 2.5
    x[::-3, 1::2] = 2.5
    assert_array_equal(x, host)
