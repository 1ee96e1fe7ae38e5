"""nonzero, flatnonzero, argwhere, take, compress and extract against NumPy: every dtype, 0-d
and empty arrays, non-contiguous inputs, every axis, take's modes, and NumPy's errors."""

import warnings

import numpy
import pytest
from helpers.layouts import layout_pairs

import cupylike
from cupylike._core import _numpy_version
from cupylike.testing import ALL_DTYPES, assert_array_equal, same_error, sample_values

DTYPE_IDS = [d.name for d in ALL_DTYPES]


def sparse(dtype, shape, seed=0):
    """Values of `dtype` with about half of them zero."""
    values = sample_values(numpy.dtype(dtype), shape, seed)
    zero = numpy.random.default_rng(seed).random(shape) < 0.5
    values[zero] = 0
    return values


def outcome(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:  # compared by the caller
        return e


def assert_same(expected, actual):
    if isinstance(expected, Exception):
        assert isinstance(actual, Exception), f"NumPy raised {expected!r}, we did not"
        assert same_error(actual, expected), (actual, expected)
        return
    if isinstance(expected, tuple):
        assert isinstance(actual, tuple) and len(actual) == len(expected)
        for e, a in zip(expected, actual, strict=True):
            assert_array_equal(a, e)
        return
    assert_array_equal(actual, numpy.asarray(expected))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("shape", [(), (0,), (7,), (3, 0, 2), (4, 5, 6)])
def test_nonzero_family(dtype, shape):
    host = sparse(dtype, shape)
    device = cupylike.asarray(host)
    for name in ("nonzero", "flatnonzero", "argwhere"):
        assert_same(outcome(getattr(numpy, name), host),
                    outcome(getattr(cupylike, name), device))
    assert_same(outcome(host.nonzero), outcome(device.nonzero))


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.float32, numpy.complex128])
def test_nonzero_of_every_layout(dtype):
    def every_third_zero(v):
        return numpy.where(numpy.arange(v.size).reshape(v.shape) % 3 == 0, 0, v).astype(v.dtype)

    for _name, host, device in layout_pairs(dtype, values=every_third_zero):
        for fn in ("nonzero", "flatnonzero", "argwhere"):
            assert_same(outcome(getattr(numpy, fn), host), outcome(getattr(cupylike, fn), device))
        if host.ndim:
            assert_same(host[host != 0], device[device != 0])


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_take(mode, axis):
    host = numpy.arange(24.0).reshape(4, 6)
    device = cupylike.asarray(host)
    for indices in ([0, 3, -1], [[1, 2], [3, 0]], 2, [], [7, -9]):
        expected = outcome(numpy.take, host, indices, axis=axis, mode=mode)
        actual = outcome(cupylike.take, device, indices, axis=axis, mode=mode)
        assert_same(expected, actual)
        if not isinstance(expected, Exception) and numpy.ndim(indices):
            actual = outcome(cupylike.take, device,
                             cupylike.asarray(numpy.asarray(indices, dtype=numpy.int64)),
                             axis=axis, mode=mode)
            assert_same(expected, actual)


def test_take_errors_and_out():
    host = numpy.arange(6.0)
    device = cupylike.asarray(host)
    assert_same(outcome(numpy.take, host, [0], axis=2), outcome(cupylike.take, device, [0],
                                                                  axis=2))
    assert_same(outcome(numpy.take, host, [0.5]), outcome(cupylike.take, device, [0.5]))
    assert_same(outcome(numpy.take, host, [0], mode="bad"),
                outcome(cupylike.take, device, [0], mode="bad"))
    out = cupylike.zeros(2)
    assert cupylike.take(device, [5, 1], out=out) is out
    assert_array_equal(out, numpy.array([5.0, 1.0]))
    assert_array_equal(device.take([1, -1]), host.take([1, -1]))


OUT_DTYPES = ["float32", "int64", "complex128", "bool"]


@pytest.mark.parametrize("out_dtype", OUT_DTYPES)
@pytest.mark.parametrize("name", ["take", "compress"])
def test_out_dtype_is_checked_as_the_installed_numpy_does(name, out_dtype):
    host, device = numpy.arange(4.0), cupylike.asarray(numpy.arange(4.0))
    outcomes = []
    for xp, a in ((numpy, host), (cupylike, device)):
        out = xp.zeros(2, out_dtype)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if name == "take":
                got = outcome(xp.take, a, [0, 2], out=out)
            else:
                got = outcome(xp.compress, [1, 0, 1, 0], a, out=out)
        deprecated = any(issubclass(w.category, DeprecationWarning) for w in caught)
        outcomes.append((got, deprecated))
    assert_same(outcomes[0][0], outcomes[1][0])
    assert outcomes[0][1] == outcomes[1][1]


@pytest.mark.parametrize("version", [(2, 4), (2, 5)])
def test_out_dtype_rule_of_each_numpy_release(monkeypatch, version):
    # NumPy 2.4 casts out's dtype to the array's safely (the wrong direction): complex out
    # raises. NumPy 2.5 casts the result to out's dtype same_kind, only warning where it fails.
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", version)
    device = cupylike.asarray(numpy.arange(4.0))
    complex_out, int_out = cupylike.zeros(2, numpy.complex128), cupylike.zeros(2, numpy.int64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if version < (2, 5):
            with pytest.raises(TypeError, match="complex128.*to dtype.*float64.*rule 'safe'"):
                cupylike.take(device, [0, 2], out=complex_out)
            assert_array_equal(complex_out, numpy.zeros(2, numpy.complex128))
            cupylike.compress([1, 0, 1, 0], device, out=int_out)
        else:
            cupylike.take(device, [0, 2], out=complex_out)
            assert_array_equal(complex_out, numpy.array([0, 2], numpy.complex128))
    if version >= (2, 5):
        with pytest.warns(DeprecationWarning, match="same_kind"):
            cupylike.compress([1, 0, 1, 0], device, out=int_out)
    assert_array_equal(int_out, numpy.array([0, 2]))


@pytest.mark.parametrize("axis", [None, 0, 1, -1, 2])
def test_compress_and_extract(axis):
    host = numpy.arange(24).reshape(4, 6)
    device = cupylike.asarray(host)
    for condition in ([True, False, True], [False] * 4, [1, 0, 1, 1, 0, 1], [True] * 7):
        assert_same(outcome(numpy.compress, condition, host, axis=axis),
                    outcome(cupylike.compress, condition, device, axis=axis))
    cond = host % 3 == 0
    assert_array_equal(cupylike.extract(cupylike.asarray(cond), device), numpy.extract(cond, host))
    assert_array_equal(device.compress([0, 1, 1]), host.compress([0, 1, 1]))
