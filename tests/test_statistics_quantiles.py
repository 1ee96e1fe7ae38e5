"""median, percentile and quantile against NumPy: every method with scalar and array q, the
dtypes NumPy allows (and its errors for the others), axes, keepdims, layouts, NaN, empty
slices and sizes around block boundaries. Values must be equal, not close: the positions are
NumPy's and the interpolation rounds as NumPy's does."""

import warnings

import numpy
import pytest

import cupylike
from cupylike._statistics import _quantiles
from cupylike.testing import (
    FLOAT_DTYPES,
    assert_array_equal,
    for_all_dtypes,
    numpy_cupylike_equal,
)

METHODS = _quantiles.METHODS
PICKING = ("inverted_cdf", "closest_observation", "lower", "higher", "nearest")
# NumPy's own warnings for NaN arithmetic in its interpolation are not what is tested here.
pytestmark = pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")


def data(dtype, shape, seed=0, spread=100):
    """Values with ties, both signs where the dtype has them, in a range NumPy's
    interpolation does not overflow."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind == "u":
        return rng.integers(0, spread, shape).astype(dtype)
    if dtype.kind in "i":
        return rng.integers(-spread, spread, shape).astype(dtype)
    values = rng.standard_normal(shape) * spread
    if dtype.kind == "c":
        values = values + 1j * rng.integers(-2, 3, shape)
    return values.astype(dtype)


def xp_array(xp, host):
    return cupylike.asarray(host) if xp is cupylike else host


# --- every method, scalar and array q --------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("q", [0.0, 0.37, 0.5, 1.0, [0.0, 0.1, 0.25, 0.5, 0.66, 0.9, 1.0],
                               [[0.05, 0.95], [0.5, 0.75]]], ids=str)
@numpy_cupylike_equal()
def test_quantile_matches_numpy_for_every_method(xp, method, q):
    a = xp_array(xp, data(numpy.float64, (5, 33), spread=1))
    return xp.quantile(a, q, axis=1, method=method)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 10])
@numpy_cupylike_equal()
def test_quantile_positions_at_grid_points_and_small_n(xp, method, n):
    # q on a grid of 1/20 hits j + g exactly on integers, where the methods differ most.
    a = xp_array(xp, data(numpy.float64, (3, n), seed=n))
    return xp.quantile(a, numpy.arange(21) / 20, axis=-1, method=method)


@pytest.mark.parametrize("method", METHODS)
@numpy_cupylike_equal()
def test_percentile_divides_q_by_100(xp, method):
    a = xp_array(xp, data(numpy.float64, (4, 32), seed=3))
    return xp.percentile(a, [0, 12.5, 30, 50, 99.9, 100], axis=0, method=method)


# --- dtypes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["linear", "lower", "nearest", "midpoint", "hazen",
                                    "inverted_cdf", "averaged_inverted_cdf"])
@pytest.mark.parametrize("q", [0.3, [0.1, 0.5, 0.9]], ids=["scalar", "array"])
@for_all_dtypes()
@numpy_cupylike_equal(accept_error=TypeError)
def test_quantile_dtypes_as_numpy(xp, dtype, method, q):
    # bool raises TypeError for interpolating methods and complex for all, as NumPy does;
    # float16/float32 keep their dtype with a Python-float q and become float64 with an array.
    a = xp_array(xp, data(dtype, (6, 9), seed=1))
    return xp.quantile(a, q, axis=1, method=method)


@pytest.mark.parametrize("q", [0.5, numpy.float64(0.5), numpy.float32(0.3),
                               numpy.array(0.25), numpy.array([0.5], numpy.float32), 1],
                         ids=["float", "float64", "float32", "0-d", "float32-array", "int"])
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.int16])
@numpy_cupylike_equal()
def test_q_type_decides_the_interpolated_dtype(xp, dtype, q):
    a = xp_array(xp, data(dtype, (17,), seed=2))
    return xp.quantile(a, q)


@for_all_dtypes()
@numpy_cupylike_equal()
def test_median_dtypes_as_numpy(xp, dtype):
    # Even and odd slice lengths: the mean of the two middle values in numpy.mean's dtype.
    a = xp_array(xp, data(dtype, (5, 8), seed=4))
    return xp.median(a, axis=1), xp.median(a[:, 1:], axis=1), xp.median(a)


@numpy_cupylike_equal()
def test_median_of_float16_averages_in_float32(xp):
    a = xp_array(xp, numpy.array([[65504, 65504], [0.1, 0.2], [-3, 7.5]], numpy.float16))
    return xp.median(a, axis=1)


def test_integer_differences_do_not_wrap():
    # NumPy takes hi - lo in int8 here (127 - (-128) wraps to -1) and returns -128.3; the
    # difference is taken in int64 instead (docs/differences.md).
    a = cupylike.asarray(numpy.array([-128, 127], numpy.int8))
    assert float(cupylike.percentile(a, 30)) == pytest.approx(-128 + 255 * 0.3)


# --- axes, keepdims, layouts -----------------------------------------------------------------


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (2, 0), (0, 1, 2), (-1, -3)],
                         ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
@numpy_cupylike_equal()
def test_axes_and_keepdims(xp, axis, keepdims):
    a = xp_array(xp, data(numpy.float32, (3, 4, 5), seed=5))
    return (xp.quantile(a, [0.2, 0.7], axis=axis, keepdims=keepdims),
            xp.percentile(a, 40, axis=axis, keepdims=keepdims, method="nearest"),
            xp.median(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("view", ["transposed", "negative", "sliced", "broadcast"])
@numpy_cupylike_equal()
def test_non_contiguous_inputs(xp, view):
    a = xp_array(xp, data(numpy.float64, (6, 7, 8), seed=6))
    a = {"transposed": a.transpose(2, 0, 1), "negative": a[::-1, :, ::-2],
         "sliced": a[1::2, 2:, ::3],
         "broadcast": xp.broadcast_to(a[:, :1], (6, 5, 8))}[view]
    return xp.quantile(a, [0.1, 0.5], axis=(0, 2)), xp.median(a, axis=1)


@numpy_cupylike_equal()
def test_zero_dimensional_input(xp):
    a = xp_array(xp, numpy.array(2.5))
    return xp.quantile(a, 0.3), xp.median(a), xp.percentile(a, [10, 90], method="lower")


@pytest.mark.parametrize("shape,axis", [((), 0), ((2, 3), 2), ((2, 3), -3), ((2, 3), (0, 0)),
                                        ((2, 3), (1, -1))], ids=str)
@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
def test_bad_axes_raise_as_numpy(xp, shape, axis):
    a = xp_array(xp, numpy.ones(shape))
    return xp.quantile(a, 0.3, axis=axis)


# --- NaN, empty --------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["linear", "lower", "inverted_cdf", "midpoint"])
@pytest.mark.parametrize("dtype", FLOAT_DTYPES, ids=str)
@numpy_cupylike_equal()
def test_nan_in_a_slice_gives_nan_for_that_slice(xp, dtype, method):
    host = data(dtype, (4, 9), seed=7)
    host[1, 3] = numpy.nan
    host[3, :] = numpy.nan
    host[2, 0] = numpy.inf
    a = xp_array(xp, host)
    return (xp.quantile(a, [0.0, 0.5, 1.0], axis=1, method=method), xp.median(a, axis=1),
            xp.median(a))


@pytest.mark.parametrize("shape,axis", [((0,), None), ((3, 0), 1), ((0, 0), 0), ((0, 3), 0)],
                         ids=str)
@numpy_cupylike_equal(accept_error=IndexError)
def test_empty_slices_raise_index_error_as_numpy(xp, shape, axis):
    return xp.quantile(xp_array(xp, numpy.zeros(shape)), 0.5, axis=axis)


@pytest.mark.parametrize("shape,axis", [((0, 0, 0), (0, 1)), ((0, 2, 3), (1, 2)),
                                        ((2, 0, 0), (1, 2)), ((0, 2, 3), (0, 1, 2))], ids=str)
@pytest.mark.parametrize("name", ["median", "quantile"])
def test_several_axes_of_empty_arrays_fail_as_numpy(shape, axis, name):
    # NumPy merges several reduced axes with a reshape that cannot infer its -1 when the
    # kept axes are empty too (ValueError), else fails as for any empty slice (IndexError).
    outcomes = []
    for xp in (numpy, cupylike):
        args = (0.5,) if name == "quantile" else ()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                outcomes.append(getattr(xp, name)(xp.zeros(shape), *args, axis=axis).shape)
        except (ValueError, IndexError) as error:
            outcomes.append(repr(error))
    assert outcomes[0] == outcomes[1]


@numpy_cupylike_equal()
def test_empty_outer_axes_give_empty_results(xp):
    a = xp_array(xp, numpy.zeros((3, 0), numpy.float32))
    return (xp.quantile(a, [0.5, 0.7], axis=0), xp.median(a, axis=0),
            xp.percentile(a, 5, axis=0, method="higher"))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int8, numpy.complex64])
def test_median_of_empty_slices_is_nan_with_numpy_warning(dtype):
    host = numpy.zeros((0, 3), dtype)
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        got = (cupylike.median(cupylike.asarray(host), axis=0),
               cupylike.median(cupylike.asarray(host)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = numpy.median(host, axis=0), numpy.median(host)
    for g, e in zip(got, expected, strict=True):
        assert_array_equal(g, e)


# --- sizes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 31, 32, 33, 1023, 1025])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64])
@numpy_cupylike_equal()
def test_sizes_across_block_boundaries(xp, n, dtype):
    a = xp_array(xp, data(dtype, (3, n), seed=n))
    return (xp.quantile(a, [0.0, 0.01, 0.5, 0.99, 1.0], axis=1), xp.median(a, axis=1),
            xp.quantile(a.T, 0.3, axis=0, method="nearest"), xp.median(a))


@numpy_cupylike_equal()
def test_one_large_slice(xp):
    a = xp_array(xp, data(numpy.float64, (10**6 + 1,), seed=8))
    return xp.percentile(a, [0.1, 50, 99.99]), xp.median(a), xp.quantile(a, 0.5, method="lower")


@pytest.mark.parametrize("values", ["ties", "sorted", "reversed", "constant", "organ"])
@numpy_cupylike_equal()
def test_orders_that_trouble_quickselect(xp, values):
    n = 4097
    host = {"ties": numpy.random.default_rng(9).integers(0, 3, n),
            "sorted": numpy.arange(n), "reversed": numpy.arange(n)[::-1].copy(),
            "constant": numpy.full(n, 7), "organ": numpy.concatenate(
                (numpy.arange(n // 2), numpy.arange(n - n // 2)[::-1]))}[values]
    a = xp_array(xp, host.astype(numpy.float64))
    return xp.quantile(a, [0.0, 0.25, 0.5, 0.75, 1.0]), xp.median(a)


@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.complex128])
def test_heapsort_fallback_selects_the_same_values(dtype, monkeypatch):
    monkeypatch.setattr(_quantiles, "_select_rounds", 0)  # heapsort at once
    host = data(dtype, (4, 1000), seed=10, spread=50)
    got = cupylike.median(cupylike.asarray(host), axis=1)
    assert_array_equal(got, numpy.median(host, axis=1))
    if dtype != numpy.complex128:
        got = cupylike.quantile(cupylike.asarray(host), [0.1, 0.9], axis=1, method="lower")
        assert_array_equal(got, numpy.quantile(host, [0.1, 0.9], axis=1, method="lower"))


# --- out, overwrite_input ------------------------------------------------------------------


def test_out_receives_the_result():
    host = data(numpy.float64, (4, 6), seed=11)
    out = cupylike.zeros((2, 4))
    result = cupylike.quantile(cupylike.asarray(host), [0.2, 0.8], axis=1, out=out)
    assert result is out
    assert_array_equal(out, numpy.quantile(host, [0.2, 0.8], axis=1))
    out = cupylike.zeros((6,), numpy.float32)
    assert cupylike.median(cupylike.asarray(host), axis=0, out=out) is out
    assert_array_equal(out, numpy.median(host, axis=0).astype(numpy.float32))
    with pytest.raises(ValueError):
        cupylike.median(cupylike.asarray(host), axis=0, out=cupylike.zeros(4))
    with pytest.raises(TypeError):
        cupylike.median(cupylike.asarray(host), axis=0, out=cupylike.zeros(6, numpy.int64))


def test_overwrite_input_gives_the_same_result():
    host = data(numpy.float64, (3, 101), seed=12)
    a = cupylike.asarray(host)
    result = cupylike.percentile(a, [5, 50], axis=1, overwrite_input=True)
    assert_array_equal(result, numpy.percentile(host, [5, 50], axis=1))
    b = cupylike.asarray(host)
    cupylike.median(b, axis=0, overwrite_input=True)  # reduced axis not last: a copy
    assert_array_equal(b, host)


# --- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("q", [101, -1, numpy.nan, [50, 100.5]], ids=str)
@numpy_cupylike_equal(accept_error=ValueError)
def test_percentile_out_of_range_raises_value_error(xp, q):
    return xp.percentile(xp_array(xp, numpy.arange(5.0)), q)


@pytest.mark.parametrize("q", [1.5, -0.1, [0.5, 2]], ids=str)
@numpy_cupylike_equal(accept_error=ValueError)
def test_quantile_out_of_range_raises_value_error(xp, q):
    return xp.quantile(xp_array(xp, numpy.arange(5.0)), q)


def test_messages_match_numpy():
    a = cupylike.arange(5.0)
    with pytest.raises(ValueError, match=r"Percentiles must be in the range \[0, 100\]"):
        cupylike.percentile(a, 101)
    with pytest.raises(ValueError, match=r"Quantiles must be in the range \[0, 1\]"):
        cupylike.quantile(a, -0.5)
    with pytest.raises(ValueError, match="'foo' is not a valid method. Use one of"):
        cupylike.quantile(a, 0.5, method="foo")
    with pytest.raises(TypeError, match="a must be an array of real numbers"):
        cupylike.quantile(a + 1j, 0.5)
    with pytest.raises(ValueError, match="Only method 'inverted_cdf' supports weights"):
        cupylike.quantile(a, 0.5, weights=cupylike.ones(5))
    with pytest.raises(NotImplementedError):
        cupylike.quantile(a, 0.5, weights=cupylike.ones(5), method="inverted_cdf")


@numpy_cupylike_equal(accept_error=ValueError)
def test_invalid_method_raises_value_error(xp):
    return xp.quantile(xp_array(xp, numpy.arange(3.0)), 0.5, method="interpolated")


def test_host_inputs_are_accepted():
    host = data(numpy.float64, (3, 5), seed=13)
    assert_array_equal(cupylike.quantile(host.tolist(), cupylike.asarray([0.25, 0.5])),
                       numpy.quantile(host, [0.25, 0.5]))
    assert_array_equal(cupylike.median(host, axis=0), numpy.median(host, axis=0))
