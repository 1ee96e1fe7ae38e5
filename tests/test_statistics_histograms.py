"""bincount and histogram against NumPy: counts must be equal; sums of floating weights
accumulate in another order (atomics), so they are compared to a relative 1e-12 (float64) or
the weights' precision."""

import numpy
import pytest

import cupylike
from cupylike._statistics import _histograms
from cupylike.testing import (
    FLOAT_DTYPES,
    INT_DTYPES,
    UINT_DTYPES,
    assert_allclose,
    assert_array_equal,
    numpy_cupylike_equal,
)


def xp_array(xp, host):
    return cupylike.asarray(host) if xp is cupylike else host


def assert_close(actual, desired, rtol=1e-12):
    """Same shapes and dtypes, values equal to `rtol` relative to the largest value."""
    assert_allclose(actual, desired, rtol=0, atol=rtol, scale_atol=True)


def both(fn, *args, rtol=None, **kwargs):
    """fn(numpy, ...) and fn(cupylike, ...): results equal (or close to rtol), tuples too."""
    expected = fn(numpy, *args, **kwargs)
    actual = fn(cupylike, *args, **kwargs)
    if not isinstance(expected, tuple):
        expected, actual = (expected,), (actual,)
    for a, e in zip(actual, expected, strict=True):
        if rtol is None:
            assert_array_equal(a, e)
        else:
            assert_close(a, e, rtol)


# --- bincount ------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [numpy.bool_] + INT_DTYPES + UINT_DTYPES, ids=str)
@numpy_cupylike_equal()
def test_bincount_counts_every_integer_dtype(xp, dtype):
    host = numpy.random.default_rng(0).integers(0, 100, 257).astype(dtype)
    return xp.bincount(xp_array(xp, host)), xp.bincount(xp_array(xp, host), minlength=300)


@pytest.mark.parametrize("n", [1, 31, 32, 33, 1023, 1025, 10**6 + 1])
@pytest.mark.parametrize("high", [5, 5000], ids=["private", "global"])
def test_bincount_sizes_with_few_and_many_bins(n, high):
    # Few bins are counted per block in shared memory, many directly in the output.
    rng = numpy.random.default_rng(n)
    x = rng.integers(0, high, n)
    w = rng.standard_normal(n)
    both(lambda xp: xp.bincount(xp_array(xp, x)))
    both(lambda xp: xp.bincount(xp_array(xp, x), weights=xp_array(xp, w)), rtol=1e-12)


@pytest.mark.parametrize("wdtype", [numpy.float32, numpy.int8, numpy.uint64, numpy.bool_],
                         ids=str)
@numpy_cupylike_equal()
def test_bincount_weights_become_float64(xp, wdtype):
    x = numpy.array([0, 3, 3, 1, 7])
    w = numpy.array([1, 2, 3, 0, 1]).astype(wdtype)
    return xp.bincount(xp_array(xp, x), weights=xp_array(xp, w), minlength=10)


@numpy_cupylike_equal()
def test_bincount_of_non_contiguous_input(xp):
    x = xp_array(xp, numpy.random.default_rng(1).integers(0, 20, (30, 4)))
    w = xp_array(xp, numpy.arange(120.0).reshape(4, 30).T)
    return xp.bincount(x[::-2, 1], weights=w[::-2, 3]), xp.bincount(x[:, 2])


@pytest.mark.parametrize("minlength", [0, 4])
@numpy_cupylike_equal()
def test_bincount_of_empty_input(xp, minlength):
    x = xp_array(xp, numpy.zeros(0, numpy.int64))
    return (xp.bincount(x, minlength=minlength),
            xp.bincount(x, weights=xp_array(xp, numpy.zeros(0)), minlength=minlength))


@pytest.mark.parametrize("case", ["negative", "float", "2-D", "0-d", "minlength<0",
                                  "minlength=None", "minlength=2.5", "weights length",
                                  "complex weights", "2-D weights"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
def test_bincount_bad_input_raises_as_numpy(xp, case):
    x = xp_array(xp, numpy.array([1, 2, 2, 5]))
    bad = {
        "negative": lambda: xp.bincount(xp_array(xp, numpy.array([1, -1]))),
        "float": lambda: xp.bincount(x.astype(numpy.float64)),
        "2-D": lambda: xp.bincount(x.reshape(2, 2)),
        "0-d": lambda: xp.bincount(x[0]),
        "minlength<0": lambda: xp.bincount(x, minlength=-1),
        "minlength=None": lambda: xp.bincount(x, minlength=None),
        "minlength=2.5": lambda: xp.bincount(x, minlength=2.5),
        "weights length": lambda: xp.bincount(x, weights=xp_array(xp, numpy.ones(3))),
        "complex weights": lambda: xp.bincount(x, weights=xp_array(xp, numpy.ones(4) + 1j)),
        "2-D weights": lambda: xp.bincount(x, weights=xp_array(xp, numpy.ones((2, 2)))),
    }
    return bad[case]()


def test_bincount_messages_match_numpy():
    with pytest.raises(ValueError, match="'list' argument must have no negative elements"):
        cupylike.bincount(cupylike.asarray([3, -2]))
    with pytest.raises(TypeError, match=r"Cannot cast array data from dtype\('float64'\) to "
                                        r"dtype\('int64'\) according to the rule 'safe'"):
        cupylike.bincount(cupylike.asarray([1.0]))
    assert_array_equal(cupylike.bincount([]), numpy.bincount([]))
    assert_array_equal(cupylike.bincount([0, 2]), numpy.bincount([0, 2]))


# --- histogram: equal-width bins -------------------------------------------------------------


@pytest.mark.parametrize("dtype", [numpy.bool_] + INT_DTYPES + UINT_DTYPES + FLOAT_DTYPES,
                         ids=str)
@pytest.mark.parametrize("bins", [1, 7, 10])
@pytest.mark.filterwarnings("ignore:Converting input from bool:RuntimeWarning")
@numpy_cupylike_equal()
def test_histogram_counts_and_edges_for_every_real_dtype(xp, dtype, bins):
    host = numpy.random.default_rng(2).integers(0, 50, 301)
    host = (host * 1.7 - 20).astype(dtype) if numpy.dtype(dtype).kind == "f" else (
        host.astype(dtype))
    return xp.histogram(xp_array(xp, host), bins)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=str)
@pytest.mark.parametrize("bins", [3, 10, 17, 1000])
@numpy_cupylike_equal()
def test_values_on_the_edges_fall_in_numpy_bins(xp, dtype, bins):
    # Every edge itself is a value, and its neighbours: the index formula rounds both ways
    # here, and the correction against the edges must agree with NumPy's.
    edges = numpy.linspace(-1.3, 2.9, bins + 1).astype(dtype)
    near = numpy.concatenate((edges, numpy.nextafter(edges, numpy.inf, dtype=dtype),
                              numpy.nextafter(edges, -numpy.inf, dtype=dtype)))
    a = xp_array(xp, near.astype(dtype))
    return xp.histogram(a, bins, range=(-1.3, 2.9)), xp.histogram(a, bins)


@pytest.mark.parametrize("range_", [(0, 1), (-0.5, 0.25), (2, 2), (numpy.float64(-1), 3)],
                         ids=str)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int16], ids=str)
@numpy_cupylike_equal()
def test_histogram_range_drops_values_outside(xp, range_, dtype):
    host = numpy.random.default_rng(3).standard_normal(200).astype(dtype)
    return xp.histogram(xp_array(xp, host), 6, range=range_)


@numpy_cupylike_equal()
def test_histogram_of_constant_data_widens_the_range(xp):
    a = xp_array(xp, numpy.full(5, 3.0, numpy.float32))
    return xp.histogram(a, 3), xp.histogram(xp_array(xp, numpy.full(4, 7, numpy.int8)))


@numpy_cupylike_equal()
def test_histogram_ignores_nan_and_inf_outside_a_given_range(xp):
    a = xp_array(xp, numpy.array([0.5, numpy.nan, 1.5, numpy.inf, -numpy.inf, 2.0]))
    return xp.histogram(a, 4, range=(0, 2)), xp.histogram(a, [0.0, 1.0, 2.0])


@numpy_cupylike_equal()
def test_histogram_of_empty_and_non_contiguous_data(xp):
    a = xp_array(xp, numpy.random.default_rng(4).standard_normal((20, 30)))
    empty32 = xp_array(xp, numpy.zeros(0, numpy.float32))
    return (xp.histogram(a[::-3, 1::2], 5), xp.histogram(a.T, [-1, 0, 1]),
            xp.histogram(empty32, 3), xp.histogram(xp_array(xp, numpy.zeros((0, 4))), 2))


@pytest.mark.parametrize("n", [1, 31, 32, 33, 1023, 1025, 10**6 + 1])
def test_histogram_sizes(n):
    host = numpy.random.default_rng(n).standard_normal(n)
    both(lambda xp: xp.histogram(xp_array(xp, host), 20))
    both(lambda xp: xp.histogram(xp_array(xp, host), 6000))  # counted in the output directly
    both(lambda xp: xp.histogram(xp_array(xp, host), [-2, -0.5, 0, 0.1, 3]))


# --- histogram: given edges ------------------------------------------------------------------


@pytest.mark.parametrize("edges", [[0, 1, 2, 3], [0.5, 0.5, 1, 4], [-10, 0, 0, 0, 10],
                                   numpy.array([1, 2, 3], numpy.int8), numpy.arange(-3, 3.1, 0.01)],
                         ids=["ints", "repeated", "repeated-last", "int8", "many"])
@numpy_cupylike_equal()
def test_histogram_with_edges(xp, edges):
    host = numpy.round(numpy.random.default_rng(5).standard_normal(500) * 2, 1)
    return xp.histogram(xp_array(xp, host), edges)


def test_histogram_takes_edges_from_device_arrays():
    host = numpy.random.default_rng(6).standard_normal(50)
    edges = numpy.array([-1.0, 0.0, 1.5])
    hist, got_edges = cupylike.histogram(cupylike.asarray(host), cupylike.asarray(edges))
    expected = numpy.histogram(host, edges)
    assert_array_equal(hist, expected[0])
    assert_array_equal(got_edges, expected[1])


# --- weights and density -------------------------------------------------------------------


@pytest.mark.parametrize("wdtype", [numpy.float64, numpy.float32, numpy.float16, numpy.int8,
                                    numpy.int64, numpy.uint16, numpy.bool_, numpy.complex64],
                         ids=str)
@pytest.mark.parametrize("bins", [5, [-2.0, -0.5, 0.0, 0.5, 2.0]], ids=["uniform", "edges"])
def test_histogram_weights_keep_their_dtype(wdtype, bins):
    rng = numpy.random.default_rng(7)
    a = rng.standard_normal(300)
    w = (rng.random(300) * 4).astype(wdtype) if numpy.dtype(wdtype).kind != "c" else (
        (rng.random(300) + 1j * rng.random(300)).astype(wdtype))
    kind = numpy.dtype(wdtype).kind
    rtol = 0 if kind in "biu" else 1e-6 if kind == "c" else 1e-12 if wdtype == numpy.float64 \
        else numpy.finfo(wdtype).eps * 4
    if isinstance(bins, list) and kind in "bf" and wdtype != numpy.float64:
        # NumPy sums these by a running sum in the weights' dtype (and fails for bool); the
        # sums here are float64 rounded once, so compare with those.
        hist, edges = cupylike.histogram(cupylike.asarray(a), bins, weights=cupylike.asarray(w))
        expected = numpy.histogram(a, bins, weights=w.astype(numpy.float64))[0].astype(wdtype)
        assert_close(hist, expected, rtol)
        return
    both(lambda xp: xp.histogram(xp_array(xp, a), bins, weights=xp_array(xp, w)), rtol=rtol)


@pytest.mark.parametrize("weights", [False, True])
@pytest.mark.parametrize("bins", [4, [-3, -1, 0, 0.5, 3]], ids=["uniform", "edges"])
def test_histogram_density_is_float64(weights, bins):
    rng = numpy.random.default_rng(8)
    a = rng.standard_normal(100).astype(numpy.float32)
    w = rng.random(100).astype(numpy.float32) if weights else None
    both(lambda xp: xp.histogram(xp_array(xp, a), bins, density=True,
                                 weights=None if w is None else xp_array(xp, w)), rtol=1e-6)


# --- histogram: bad input --------------------------------------------------------------------


@pytest.mark.parametrize("case", ["bins=0", "bins=-1", "bins=2.5", "bins 2-D", "decreasing",
                                  "range reversed", "range inf", "autodetected nan",
                                  "range of 3", "weights shape", "too many bins"])
@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
def test_histogram_bad_input_raises_as_numpy(xp, case):
    a = xp_array(xp, numpy.array([1.0, 2.0, 2.5, 4.0]))
    bad = {
        "bins=0": lambda: xp.histogram(a, 0),
        "bins=-1": lambda: xp.histogram(a, -1),
        "bins=2.5": lambda: xp.histogram(a, 2.5),
        "bins 2-D": lambda: xp.histogram(a, [[1, 2, 3]]),
        "decreasing": lambda: xp.histogram(a, [1, 3, 2]),
        "range reversed": lambda: xp.histogram(a, 3, range=(5, 1)),
        "range inf": lambda: xp.histogram(a, 3, range=(1, numpy.inf)),
        "autodetected nan": lambda: xp.histogram(xp_array(xp, numpy.array([1, numpy.nan])), 3),
        "range of 3": lambda: xp.histogram(a, 3, range=(1, 2, 3)),
        "weights shape": lambda: xp.histogram(a, 3, weights=xp_array(xp, numpy.ones(3))),
        "too many bins": lambda: xp.histogram(xp_array(xp, numpy.array([1, 1.001], "f2")), 999),
    }
    return bad[case]()


def test_histogram_messages_and_unsupported_options():
    a = cupylike.asarray([1.0, numpy.nan])
    with pytest.raises(ValueError, match=r"autodetected range of \[nan, nan\] is not finite"):
        cupylike.histogram(a)
    with pytest.raises(ValueError, match="`bins` must increase monotonically, when an array"):
        cupylike.histogram(a, [2, 1])
    with pytest.raises(ValueError, match="max must be larger than min in range parameter."):
        cupylike.histogram(a, range=(1, 0))
    with pytest.raises(ValueError, match="autodetected range"):  # estimators need it too
        cupylike.histogram(a, "auto")
    with pytest.raises(ValueError):
        cupylike.histogram(a, "no-such-estimator")
    with pytest.raises(TypeError):
        cupylike.histogram(a + 1j)
    with pytest.warns(RuntimeWarning, match="Converting input from bool"):
        cupylike.histogram(cupylike.asarray([True, False]))
    assert _histograms._PRIVATE_BINS * 8 <= 48 * 1024  # fits a GPU block's shared memory


def test_histogram_of_a_subnormal_span_still_bins_exactly():
    # nbins / (last - first) overflows to inf, so the index formula is useless; the edges
    # decide.
    host = numpy.array([0.0, 4e-321, 5e-321, 1e-320, 2e-320])
    hist, edges = cupylike.histogram(cupylike.asarray(host), 2, range=(0, 1e-320))
    assert_array_equal(edges, numpy.linspace(0, 1e-320, 3))
    assert_array_equal(hist, numpy.array([2, 2]))


@pytest.mark.parametrize("bins", [3, [0.0, 0.5, 2.0]], ids=["uniform", "edges"])
def test_histogram_density_with_complex_weights(bins):
    a = numpy.array([0.1, 0.7, 1.9, 1.2])
    w = numpy.array([1 + 2j, 1, 1j, 3])
    both(lambda xp: xp.histogram(xp_array(xp, a), bins, weights=xp_array(xp, w),
                                 density=True), rtol=1e-15)
