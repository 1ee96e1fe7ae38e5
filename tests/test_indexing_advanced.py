"""x[key] and x[key] = v with advanced keys against NumPy: an explicit grid of keys (integer
arrays, lists, masks, booleans, and their mixes with integers, slices, Ellipsis and newaxis,
adjacent and apart), on contiguous, transposed and reversed arrays of every itemsize, with
scalar and array values; then hypothesis-drawn keys. Errors are in test_indexing_errors.py."""

import warnings

import numpy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cupylike
from cupylike._core import _native
from cupylike.testing import ALL_DTYPES, assert_array_equal, sample_values

SHAPE = (4, 5, 6)
RNG = numpy.random.default_rng(0)
MASK3 = RNG.random(SHAPE) < 0.4
MASK_AXIS0 = numpy.array([True, False, True, True])
MASK_AXIS1 = numpy.array([False, True, True, False, True])
MASK01 = RNG.random((4, 5)) < 0.5


def keys():
    """(id, key) pairs; NumPy arrays in keys go to the device as they are (hosts are accepted)."""
    k = {
        "list": [0, 2],
        "negative list": [-1, -4, 3],
        "empty list": [],
        "bad index broadcast to nothing": ([], [9]),
        "2d array": numpy.array([[1, 2], [3, 0]]),
        "two arrays": ([0, 1, 3], [2, 3, 0]),
        "broadcast arrays": (numpy.array([[0], [3]]), numpy.array([1, 2, 4])),
        "slice then array": (slice(None), [0, 4]),
        "arrays apart": ([0, 1], slice(None), [2, 3]),
        "int and array apart": (0, slice(None), [1, 2]),
        "int and array adjacent": (slice(None), 1, [1, 2]),
        "adjacent after slice": (slice(1, 3), numpy.array([[0], [1]]), [1, 2, 3]),
        "ellipsis then array": (Ellipsis, [1, -1]),
        "newaxis and array": (None, [1, 2]),
        "array newaxis int": ([1, 2], None, 0),
        "reversed slice and array": (slice(None, None, -1), [3, 1]),
        "stepped slices around": (slice(None, None, 2), [0, 0, 4], slice(1, None, 3)),
        "uint8 array": numpy.array([3, 0], dtype=numpy.uint8),
        "int16 array": (numpy.array([1, 2], dtype=numpy.int16),),
        "0-d int array": numpy.array(2),
        "full mask": MASK3,
        "mask axis 0": MASK_AXIS0,
        "mask axis 1": (slice(None), MASK_AXIS1),
        "2d mask then int": (MASK01, 1),
        "mask and array": (MASK_AXIS0, slice(None), [0, 1, 2]),
        "bool list": [True, False, True, True],
        "True": True,
        "False": False,
        "ellipsis True": (Ellipsis, True),
        "0-d bool array": numpy.array(True),
        "numpy bool": numpy.False_,
        "all false mask": numpy.zeros(SHAPE, bool),
    }
    return list(k.items())


KEYS = keys()
KEY_IDS = [name for name, _ in KEYS]


def to_device_key(key):
    """The key with its NumPy arrays on the device (lists and scalars as they are)."""
    if isinstance(key, tuple):
        return tuple(to_device_key(k) for k in key)
    if isinstance(key, numpy.ndarray) and key.ndim > 0:
        return cupylike.asarray(key)
    return key


LAYOUTS = ["contiguous", "transposed", "reversed"]


def base(dtype, layout):
    """A (4, 5, 6) array and its device copy as the same view of a contiguous array."""
    host = sample_values(numpy.dtype(dtype), (5, 6, 4), seed=1)
    device = cupylike.asarray(host)
    if layout == "transposed":
        return host.transpose(2, 0, 1), device.transpose(2, 0, 1)
    host, device = host.reshape(4, 5, 6), device.reshape(4, 5, 6)
    if layout == "reversed":
        return host[::-1, :, ::-1], device[::-1, :, ::-1]
    return host, device


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name, key", KEYS, ids=KEY_IDS)
def test_getitem_matches_numpy(name, key, layout):
    host, device = base(numpy.float64, layout)
    expected = host[key]
    for k in (key, to_device_key(key)):
        actual = device[k]
        assert isinstance(actual, cupylike.ndarray)
        assert_array_equal(actual, numpy.asarray(expected), err_msg=name)
        assert actual.shape == expected.shape


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
@pytest.mark.parametrize("name", ["two arrays", "arrays apart", "full mask", "True",
                                  "adjacent after slice"])
def test_getitem_every_dtype(dtype, name):
    key = dict(KEYS)[name]
    host, device = base(dtype, "reversed")
    assert_array_equal(device[to_device_key(key)], numpy.asarray(host[key]), err_msg=name)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name, key", KEYS, ids=KEY_IDS)
def test_setitem_matches_numpy(name, key, layout):
    host, device = base(numpy.int32, layout)  # repeated targets too: the last write wins
    shape = host[key].shape
    values = numpy.arange(1, 1 + int(numpy.prod(shape)), dtype=numpy.int32).reshape(shape) * 7
    for value in (-3, values, values[..., -1:] if shape and shape[-1] else values):
        expected, actual = host.copy(), device.copy()
        expected[key] = value
        actual[to_device_key(key)] = cupylike.asarray(value) if isinstance(
            value, numpy.ndarray) else value
        assert_array_equal(actual, expected, err_msg=name)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_setitem_casts_as_numpy(dtype):
    host, device = base(dtype, "contiguous")
    key = ([0, 3], slice(None), [1, 5])
    value = numpy.array([2.75, -1.5, 0.0, 1.0, 3.0])
    if numpy.dtype(dtype).kind == "u":
        value = numpy.abs(value)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ComplexWarning and casts of negative floats
        host[key] = value
        device[key] = cupylike.asarray(value)
    assert_array_equal(device, host)


def test_repeated_targets_take_the_last_value():
    # Races on a GPU; tests/test_scatter_order.py runs such cases with threads reversed too.
    device = cupylike.zeros(5, numpy.int64)
    device[[1, 1, 3, 1]] = cupylike.asarray(numpy.array([10, 20, 30, 40]))
    assert device.get().tolist() == [0, 40, 0, 30, 0]


def test_setitem_reads_values_that_overlap_the_target():
    host = numpy.arange(10.0)
    device = cupylike.asarray(host)
    host[[0, 1, 2, 3]] = host[::-1][:4]
    device[[0, 1, 2, 3]] = device[::-1][:4]
    assert_array_equal(device, host)


@pytest.mark.parametrize("size", [1, 31, 32, 33, 1023, 1025, 10**6 + 1])
@pytest.mark.parametrize("threads", [0, 32])
def test_masks_across_block_boundaries(size, threads):
    rng = numpy.random.default_rng(size)
    host = rng.standard_normal(size).astype(numpy.float32)
    mask = host > 0.3
    device = cupylike.asarray(host)
    _native._force_compact_threads(threads)
    try:
        assert_array_equal(device[cupylike.asarray(mask)], host[mask])
        assert_array_equal(cupylike.flatnonzero(cupylike.asarray(mask)), numpy.flatnonzero(mask))
        device[cupylike.asarray(mask)] = 0
    finally:
        _native._force_compact_threads(0)
    host[mask] = 0
    assert_array_equal(device, host)


def test_large_gather_and_scatter():
    rng = numpy.random.default_rng(5)
    host = rng.standard_normal(10**6 + 3)
    idx = rng.integers(-host.size, host.size, 10**6 + 1)
    device = cupylike.asarray(host)
    assert_array_equal(device[cupylike.asarray(idx)], host[idx])
    perm = rng.permutation(host.size)
    device[cupylike.asarray(perm)] = cupylike.asarray(host)
    expected = host.copy()
    expected[perm] = host
    assert_array_equal(device, expected)


def test_empty_and_0d_arrays():
    for host in (numpy.zeros((0, 3)), numpy.zeros((3, 0)), numpy.array(5.0)):
        device = cupylike.asarray(host)
        keys = [True, False, numpy.zeros(host.shape, bool), numpy.ones(host.shape, bool)]
        if host.ndim:
            keys += [[], (Ellipsis, []), (slice(None), [0, -1] if host.shape[-1] else [])]
        for key in keys:
            assert_array_equal(device[to_device_key(key)], host[key], err_msg=str(key))


# Hypothesis: keys drawn from the items NumPy accepts, on a (3, 4, 5) array.

def _item(axis_len):
    return st.one_of(
        st.integers(-axis_len, axis_len - 1),
        st.builds(slice, st.none() | st.integers(-6, 6), st.none() | st.integers(-6, 6),
                  st.none() | st.integers(-3, 3).filter(bool)),
        st.lists(st.integers(-axis_len, axis_len - 1), min_size=0, max_size=4),
        st.lists(st.booleans(), min_size=axis_len, max_size=axis_len),
        st.just(None), st.just(Ellipsis),
    )


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(items=st.lists(_item(3), min_size=1, max_size=4))
def test_drawn_keys_match_numpy(items):
    host = numpy.arange(60, dtype=numpy.int64).reshape(3, 4, 5)
    device = cupylike.asarray(host)
    key = tuple(numpy.asarray(i) if isinstance(i, list) else i for i in items)
    try:
        expected = host[key]
    except IndexError:
        with pytest.raises(IndexError):
            device[to_device_key(key)]
        return
    assert_array_equal(device[to_device_key(key)], numpy.asarray(expected))
    if numpy.asarray(expected).size:  # repeated targets too: the last write wins
        want, got = host.copy(), device.copy()
        want[key] = -numpy.asarray(expected)
        got[to_device_key(key)] = -device[to_device_key(key)]
        assert_array_equal(got, want)


@pytest.mark.parametrize("layout", ["contiguous", "inner reversed", "inner strided"])
def test_whole_rows_gather_and_scatter(layout):
    # Rows of 8 or more elements selected whole: the cpu device copies them as runs.
    host = numpy.arange(4 * 5 * 24, dtype=numpy.float32).reshape(4, 5, 24)
    device = cupylike.asarray(host)
    if layout == "inner reversed":
        host, device = host[..., ::-1], device[..., ::-1]
    elif layout == "inner strided":
        host, device = host[..., ::2], device[..., ::2]
    for key in ([3, 0, 3], ([1, 2], [4, 0]), (MASK01,), (slice(None), [2, 2, 1])):
        assert_array_equal(device[to_device_key(key)], host[key], err_msg=str(key))
    want, got = host.copy(), device.copy()
    want[[2, 0]] = -want[[1, 3]]
    got[[2, 0]] = -got[[1, 3]]
    assert_array_equal(got, want)


EMPTY_MASKS = [numpy.zeros(0, bool), numpy.zeros((0, 5), bool), numpy.zeros((4, 0), bool),
               numpy.zeros((0, 0), bool)]


@pytest.mark.parametrize("lead", [(), (None,), (slice(None),), (Ellipsis,)],
                         ids=["alone", "after newaxis", "after slice", "after ellipsis"])
@pytest.mark.parametrize("mask", EMPTY_MASKS, ids=lambda m: str(m.shape))
def test_empty_masks_fit_any_axis_as_numpy(mask, lead):
    # NumPy skips the size check of a mask without elements: x[zeros(0, bool)] of a (4, 5)
    # array is (0, 5), not an IndexError.
    host = numpy.arange(20.0).reshape(4, 5)
    device = cupylike.asarray(host)
    key = lead + (mask,)
    try:
        expected = host[key]
    except IndexError:
        with pytest.raises(IndexError):
            device[to_device_key(key)]
        return
    assert_array_equal(device[to_device_key(key)], expected)
    for value in (7.5, numpy.ones(expected.shape[-1:]) if expected.ndim else 1.0):
        want, got = host.copy(), device.copy()
        want[key] = value
        got[to_device_key(key)] = value
        assert_array_equal(got, want)


@pytest.mark.parametrize("value_shape, fits", [
    ((3, 0, 2), True),   # an empty value may have any leading axes
    ((1, 1, 0, 2), True),
    ((1, 0, 2), True),
    ((0, 2), True),
    ((3, 1, 2), False),  # not empty: only leading axes of length 1
    ((3, 0, 5), False),
    ((0, 1, 2), False),
    ((5,), False),
], ids=str)
@pytest.mark.parametrize("on_device", [True, False], ids=["device value", "host value"])
def test_advanced_assignment_takes_values_as_numpy(value_shape, fits, on_device):
    host = numpy.arange(12.0).reshape(4, 3)
    device = cupylike.asarray(host)
    key = (slice(-2, 0), numpy.array([-1, -2]))  # an indexing result of shape (0, 2)
    value = numpy.zeros(value_shape)
    given = cupylike.asarray(value) if on_device else value
    if fits:
        host[key] = value
        device[to_device_key(key)] = given
        assert_array_equal(device, host)
        return
    with pytest.raises(ValueError) as numpy_error:
        host[key] = value
    with pytest.raises(ValueError, match="could not be broadcast to indexing result") as error:
        device[to_device_key(key)] = given
    assert str(error.value) == str(numpy_error.value)


def test_advanced_assignment_drops_leading_unit_axes():
    host = numpy.zeros((4, 3))
    device = cupylike.asarray(host)
    value = numpy.arange(6.0).reshape(1, 2, 3)
    host[[0, 2]] = value
    device[[0, 2]] = cupylike.asarray(value)
    assert_array_equal(device, host)
    with pytest.raises(ValueError, match=r"shape \(2,2,3\) could not be broadcast"):
        device[[0, 2]] = cupylike.zeros((2, 2, 3))
