"""max, min, argmax, argmin, ptp, all, any and the nan* extrema against NumPy: every dtype and
axis argument of a 4-d array with NaN, infinities and signed zeros in it, complex values in
lexicographic order, first occurrences across block boundaries (the arg search's fast path),
all-NaN slices (NumPy's RuntimeWarning or ValueError), empty arrays and initial=/where=."""

import warnings

import numpy
import pytest
from helpers.layouts import layout_pairs
from helpers.reduction_cases import (
    DTYPE_IDS,
    DTYPES,
    INEXACT,
    INEXACT_IDS,
    SHAPE4,
    all_axes,
    assert_same_outcome,
    run_both,
)

import cupylike
from cupylike.testing import assert_array_equal, sample_values

AXES = all_axes(4)
INT_AXES = [a for a in AXES if not isinstance(a, tuple)]
VALUE_FUNCTIONS = ["max", "min", "amax", "amin", "all", "any", "nanmax", "nanmin"]
ARG_FUNCTIONS = ["argmax", "argmin", "nanargmax", "nanargmin"]


def _values(dtype, seed=0):
    host = sample_values(dtype, SHAPE4, seed)
    if host.dtype.kind in "biu":
        host.flat[::7] = 0  # all/any need zeros; repeated values make ties for argmax
        host.flat[1::11] = host.flat[2]
    return host


def _compare(name, host, **kw):
    expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), host, **kw)
    assert_same_outcome(expected, actual, f"{name} {host.dtype} {kw}")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_extrema_match_numpy_over_every_axis(dtype):
    host = _values(dtype)
    for axis in AXES:
        for keepdims in (False, True):
            for name in VALUE_FUNCTIONS:
                _compare(name, host, axis=axis, keepdims=keepdims)
            _compare("ptp", host, axis=axis, keepdims=keepdims)
    for axis in INT_AXES:
        for keepdims in (False, True):
            for name in ARG_FUNCTIONS:
                _compare(name, host, axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("dtype", INEXACT, ids=INEXACT_IDS)
def test_nan_handling_as_numpy(dtype):
    host = sample_values(dtype, (4, 6), seed=3)
    host[1] = numpy.nan  # an all-NaN row
    host[:, 2] = numpy.nan  # an all-NaN column
    if dtype.kind == "c":
        host[2, 4] = complex(numpy.nan, 1.0)
    for axis in (None, 0, 1, -1):
        for name in ("max", "min", "argmax", "argmin", "nanmax", "nanmin", "nanargmax",
                     "nanargmin", "all", "any"):
            _compare(name, host, axis=axis)
    dev = cupylike.asarray(host)
    with pytest.warns(RuntimeWarning, match="All-NaN slice encountered"):
        cupylike.nanmax(dev, axis=1)
    with pytest.warns(RuntimeWarning, match="All-NaN slice encountered"):
        cupylike.nanmin(dev, axis=0)
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        cupylike.nanargmax(dev, axis=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cupylike.nanmax(cupylike.asarray(host[[0, 2, 3]][:, [0, 1, 3]]), axis=0)  # no warning


def test_complex_extrema_are_lexicographic():
    host = numpy.array([1 + 5j, 3 - 1j, 3 + 2j, 3 + 2j, -4 + 9j, 3 + 1j], numpy.complex128)
    for dtype in (numpy.complex64, numpy.complex128):
        for name in ("max", "min", "argmax", "argmin", "nanargmax", "nanargmin", "ptp"):
            _compare(name, host.astype(dtype))


@pytest.mark.parametrize("n", [1, 31, 32, 33, 1023, 1024, 1025, 2049, 10**6 + 1])
def test_arg_search_finds_first_occurrence_at_any_size(n):
    rng = numpy.random.default_rng(n)
    for dtype in (numpy.float32, numpy.float64, numpy.int16, numpy.uint64, numpy.float16):
        host = rng.integers(0, 50, n).astype(dtype)
        for at in sorted({0, n // 3, n - 1}):
            x = host.copy()
            x[at] = 100
            x[(at + 7) % n] = 100  # a later tie
            x[(at + n // 2) % n] = 0
            for name in ("argmax", "argmin", "max", "min", "nanargmax"):
                _compare(name, x)
            if dtype in (numpy.float32, numpy.float64):
                x[(at + 5) % n] = numpy.nan
                for name in ("argmax", "argmin", "nanargmax", "nanargmin", "max", "nanmin"):
                    _compare(name, x)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int8, numpy.uint8],
                         ids=str)
def test_arg_search_blocks_at_the_limits(dtype):
    # The cpu device's vector lanes start at the type's limits and leave NaNs out: blocks of
    # 1024 holding only a limit, only NaNs (nanargmax looks past them), or signed zeros.
    n = 5 * 1024 + 3
    kind = numpy.dtype(dtype).kind
    lo, hi = ((numpy.iinfo(dtype).min, numpy.iinfo(dtype).max) if kind in "iu"
              else (-numpy.inf, numpy.inf))
    for fill in (lo, hi):
        x = numpy.full(n, fill, dtype)
        x[3000] = 0
        for name in ("argmax", "argmin"):
            _compare(name, x)
    if kind == "f":
        x = numpy.full(n, numpy.nan, dtype)
        x[4100], x[4200] = 2, -2
        x[300] = -numpy.inf  # a first block of NaNs and one number equal to a limit
        for name in ARG_FUNCTIONS:
            _compare(name, x)
        x = numpy.zeros(n, dtype)
        x[1500::3] = -0.0
        x[2100] = 0.0  # the first +0 after -0s: ties with it, so index 0 stays first
        for name in ARG_FUNCTIONS:
            _compare(name, x)
        _compare("argmax", numpy.where(numpy.arange(n) < 2048, -0.0, 0.0).astype(dtype))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_empty_arrays_as_numpy(dtype):
    empty = numpy.zeros((0, 3), dtype)
    for name in VALUE_FUNCTIONS + ARG_FUNCTIONS + ["ptp"]:
        for axis in (None, 0, 1):
            _compare(name, empty, axis=axis)
    dev = cupylike.asarray(empty)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum which "
                                         "has no identity"):
        cupylike.max(dev)
    with pytest.raises(ValueError, match="attempt to get argmax of an empty sequence"):
        cupylike.argmax(dev)
    if dtype.kind not in "bc":
        _compare("max", empty, axis=0, initial=5)
        _compare("nanmin", empty, axis=0, initial=5)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_initial_where_and_out_as_numpy(dtype):
    host = _values(dtype)[0, 0]
    mask = numpy.array([True, False, True, False, True])
    dev_mask = cupylike.asarray(mask)
    if dtype.kind not in "bc":
        for name in ("max", "min", "nanmax", "nanmin"):
            _compare(name, host, axis=1, initial=3)
            expected = getattr(numpy, name)(host, axis=1, initial=3, where=mask)
            got = getattr(cupylike, name)(cupylike.asarray(host), axis=1, initial=3,
                                          where=dev_mask)
            assert_array_equal(got, expected)
    for name in ("all", "any"):
        assert_array_equal(getattr(cupylike, name)(cupylike.asarray(host), axis=1,
                                                   where=dev_mask),
                           getattr(numpy, name)(host, axis=1, where=mask))
    for out_dtype in (numpy.int64, numpy.int32):
        out = cupylike.zeros(4, out_dtype)
        assert cupylike.argmax(cupylike.asarray(host), axis=1, out=out) is out
        assert_array_equal(out, numpy.argmax(host, axis=1).astype(out_dtype))
    out = cupylike.zeros((4, 1), numpy.int64)
    cupylike.nanargmin(cupylike.asarray(host), axis=1, out=out, keepdims=True)
    assert_array_equal(out, numpy.nanargmin(host, axis=1, keepdims=True))
    out = cupylike.zeros(5, numpy.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cupylike.max(cupylike.asarray(host), axis=0, out=out)
        assert_array_equal(out, numpy.max(host, axis=0).astype(numpy.float64))


def test_ndarray_methods_are_the_functions():
    host = _values(numpy.float64)
    dev = cupylike.asarray(host)
    for name in ("max", "min", "argmax", "argmin", "all", "any"):
        assert_array_equal(getattr(dev, name)(axis=1), getattr(host, name)(axis=1))
        assert_array_equal(getattr(dev, name)(1, keepdims=True),
                           getattr(host, name)(1, keepdims=True))


def _outcome(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return fn(*args, **kwargs)
        except Exception as e:  # compared with the other library's
            return e


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_extrema_of_layouts_match_numpy(dtype):
    # Transposed and negative-stride views: argmax's index is still the C-order one.
    for name, host, dev in layout_pairs(dtype):
        for axis in (None, 0, -1):
            if host.ndim == 0 and axis is not None:
                continue
            for fn in ("max", "min", "argmax", "argmin", "all", "any", "nanmax", "nanargmin"):
                expected = _outcome(getattr(numpy, fn), host, axis=axis)
                actual = _outcome(getattr(cupylike, fn), dev, axis=axis)
                assert_same_outcome(expected, actual, f"{fn} {name} axis={axis}")
