"""nanmedian, nanquantile and nanpercentile against NumPy (every method, axes, keepdims,
out=, all-NaN slices with NumPy's warning, empty input, integer input); and nanvar/nanstd's
keywords (ddof, correction, mean, where) and all-NaN slices."""

import warnings

import numpy
import pytest

import cupylike
from cupylike._statistics._quantiles import METHODS
from cupylike.testing import assert_allclose, assert_array_equal


def _data(shape=(4, 9), dtype=numpy.float64, seed=0, all_nan_row=True):
    rng = numpy.random.default_rng(seed)
    values = rng.normal(size=shape).astype(dtype)
    if dtype in (numpy.float32, numpy.float64, numpy.float16):
        values[rng.random(shape) < 0.3] = numpy.nan
        if all_nan_row and len(shape) > 1:
            values[1] = numpy.nan
    else:
        values = (values * 10).astype(dtype)
    return values


def both(fn, host, *args, warning=None, **kwargs):
    """fn on NumPy and on cupylike: the same values and dtype; both warn `warning` (or
    neither warns)."""
    results = []
    for xp in (numpy, cupylike):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            results.append(getattr(xp, fn)(xp.asarray(host), *args, **kwargs))
        messages = [str(w.message) for w in caught if w.category is RuntimeWarning]
        if warning is None:
            assert not messages, messages
        else:
            assert any(warning in m for m in messages), messages
    expected, actual = results
    assert_array_equal(actual, expected)
    return actual


@pytest.mark.parametrize("method", METHODS)
def test_nanquantile_every_method_with_an_all_nan_slice(method):
    both("nanquantile", _data(), [0.0, 0.1, 0.5, 0.93, 1.0], axis=1, method=method,
         warning="All-NaN slice")


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float16])
@pytest.mark.parametrize("method", ["linear", "lower", "hazen"])
def test_nanquantile_keeps_narrow_floats_with_a_python_q(dtype, method):
    both("nanquantile", _data(dtype=dtype, all_nan_row=False), 0.3, axis=0, method=method)


@pytest.mark.parametrize("axis, keepdims", [(None, False), (0, True), ((0, 2), False),
                                            (-1, True)])
def test_nanpercentile_axes_and_keepdims(axis, keepdims):
    host = _data(shape=(3, 4, 5), all_nan_row=False)
    both("nanpercentile", host, [25, 50], axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.uint8, numpy.bool_])
def test_integer_and_bool_input_take_the_plain_functions(dtype):
    host = _data(dtype=dtype) if dtype != numpy.bool_ else _data() > 0
    both("nanmedian", host, axis=1)
    both("nanquantile", host, 0.25, axis=0, method="lower")


def test_nanmedian_values_views_and_warning():
    host = _data(shape=(6, 11))
    both("nanmedian", host, axis=1, warning="All-NaN slice")
    both("nanmedian", host[::-2, 1::2], axis=0)
    both("nanmedian", host[0])
    both("nanmedian", _data(dtype=numpy.float32, all_nan_row=False), axis=0, keepdims=True)


def test_empty_input_gives_nanmeans_answer():
    both("nanmedian", numpy.zeros(0), warning="Mean of empty slice")
    both("nanquantile", numpy.zeros((0, 3)), 0.5, axis=0, warning="Mean of empty slice")
    both("nanpercentile", numpy.zeros((3, 0)), 50, axis=0)


def test_out_and_overwrite_input():
    host = _data(all_nan_row=False)
    out = cupylike.zeros(9)
    a = cupylike.asarray(host)
    result = cupylike.nanquantile(a, 0.4, axis=0, out=out, overwrite_input=True)
    assert result is out
    assert_array_equal(out, numpy.nanquantile(host, 0.4, axis=0))
    out = cupylike.zeros(4)
    assert cupylike.nanmedian(cupylike.asarray(host), axis=1, out=out) is out
    assert_array_equal(out, numpy.nanmedian(host, axis=1))


@pytest.mark.parametrize("call, error, match", [
    (lambda xp, a: xp.nanquantile(a, 1.5), ValueError, "Quantiles must be in the range"),
    (lambda xp, a: xp.nanpercentile(a, -1), ValueError, "Percentiles must be in the range"),
    (lambda xp, a: xp.nanquantile(a, 0.5, method="bogus"), ValueError, "not a valid method"),
    (lambda xp, a: xp.nanquantile(a, 0.5, axis=2), numpy.exceptions.AxisError, "axis 2"),
    (lambda xp, a: xp.nanquantile(a.astype(complex), 0.5), TypeError, "real numbers"),
    (lambda xp, a: xp.nanquantile(a, 0.5, weights=a, method="linear"), ValueError,
     "Only method 'inverted_cdf' supports weights"),
])
def test_errors_as_numpy(call, error, match):
    host = _data()
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            call(xp, xp.asarray(host))


@pytest.mark.parametrize("fn", ["nanvar", "nanstd"])
@pytest.mark.parametrize("kwargs", [{}, {"ddof": 1}, {"correction": 2}, {"keepdims": True}])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_nanvar_nanstd_keywords_and_all_nan_slices(fn, kwargs, dtype):
    host = _data(dtype=dtype)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        expected = getattr(numpy, fn)(host, axis=1, **kwargs)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        actual = getattr(cupylike, fn)(cupylike.asarray(host), axis=1, **kwargs)
    assert actual.dtype == expected.dtype
    assert_allclose(actual, expected, rtol=1e-5 if dtype == numpy.float32 else 1e-12)


def test_nanvar_mean_and_where():
    host = _data(all_nan_row=False)
    mean = numpy.nanmean(host, axis=1, keepdims=True)
    where = numpy.arange(9) % 3 != 0
    expected = numpy.nanvar(host, axis=1, mean=mean), numpy.nanstd(host, axis=1, where=where)
    actual = (cupylike.nanvar(cupylike.asarray(host), axis=1, mean=cupylike.asarray(mean)),
              cupylike.nanstd(cupylike.asarray(host), axis=1, where=cupylike.asarray(where)))
    for a, e in zip(actual, expected, strict=True):
        assert_allclose(a, e, rtol=1e-12)
    with pytest.raises(ValueError, match="ddof and correction"):
        cupylike.nanvar(cupylike.asarray(host), ddof=1, correction=1)
    with pytest.raises(ValueError, match="ddof and correction"):
        numpy.nanvar(host, ddof=1, correction=1)
