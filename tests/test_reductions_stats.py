"""mean, var, std and nanmean, nanvar, nanstd against NumPy: every dtype and axis argument of a
4-d array, ddof/correction/mean=, dtype= and out=, where= masks (an empty slice among them),
NumPy's result dtypes (float64 for integers, float16 kept, real for complex), its RuntimeWarnings
and ValueErrors, and the accuracy of a large float32 mean."""

import math
import warnings

import numpy
import pytest
from helpers.reduction_cases import (
    DTYPE_IDS,
    DTYPES,
    INEXACT,
    INEXACT_IDS,
    SHAPE4,
    all_axes,
    assert_same_outcome,
    finite_values,
    run_both,
)

import cupylike
from cupylike.testing import assert_allclose

AXES = all_axes(4)
STATS = ["mean", "var", "std"]
NAN_STATS = ["nanmean", "nanvar", "nanstd"]


def _rtol(dtype):
    """NumPy's float16 var works in float16 throughout (deviations, squares); ours squares in
    float32: a few float16 ulps apart."""
    real = numpy.empty(0, dtype).real.dtype
    return {numpy.float16: 3e-2, numpy.float32: 2e-5}.get(real.type, 1e-11)


def _compare(name, host, rtol, **kw):
    expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), host, **kw)
    if isinstance(expected, Exception) or isinstance(actual, Exception):
        assert_same_outcome(expected, actual, f"{name} {kw}")
    else:
        scale = numpy.nanmax(numpy.abs(host)) if host.size and host.dtype.kind != "b" else 1
        assert_allclose(actual, expected, rtol=rtol, atol=rtol * float(scale) ** (
            2 if "var" in name else 1))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_statistics_match_numpy_over_every_axis(dtype):
    host = finite_values(dtype, SHAPE4)
    if dtype.kind in "iu":
        host = (host % 100).astype(dtype)  # var of full-range int64 loses digits in float64
    for axis in AXES:
        for keepdims in (False, True):
            for name in STATS + NAN_STATS:
                _compare(name, host, _rtol(dtype), axis=axis, keepdims=keepdims)
            _compare("var", host, _rtol(dtype), axis=axis, keepdims=keepdims, ddof=1)


@pytest.mark.parametrize("dtype", INEXACT, ids=INEXACT_IDS)
def test_nan_statistics_leave_nans_out(dtype):
    host = finite_values(dtype, (4, 6))
    host[1] = numpy.nan  # an all-NaN row
    host[::2, 3] = numpy.nan
    for name in NAN_STATS:
        for axis in (None, 0, 1, (0, 1)):
            for ddof in (0, 1, 3):
                if name == "nanmean" and ddof:
                    continue
                kw = {"ddof": ddof} if ddof else {}
                _compare(name, host, _rtol(dtype), axis=axis, **kw)
    dev = cupylike.asarray(host)
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        cupylike.nanmean(dev, axis=1)
    with pytest.warns(RuntimeWarning, match=r"Degrees of freedom <= 0 for slice\."):
        cupylike.nanvar(dev, axis=1)
    with pytest.raises(TypeError, match="If a is inexact, then dtype must be inexact"):
        cupylike.nanmean(dev, dtype=numpy.int64)
    with pytest.raises(TypeError, match="If a is inexact, then out must be inexact"):
        cupylike.nanvar(dev, axis=1, out=cupylike.zeros(4, numpy.int64))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_where_masks_and_empty_slices_as_numpy(dtype):
    host = finite_values(dtype, (3, 5))
    mask = numpy.array([[True, False, True, True, False]] * 2 + [[False] * 5])
    for name in STATS + NAN_STATS:
        for axis in (None, 0, 1):
            for keepdims in (False, True):
                expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name), host,
                                            axis=axis, keepdims=keepdims, where=mask)
                assert not isinstance(actual, Exception), actual
                got = actual.get()
                assert got.dtype == expected.dtype and got.shape == numpy.shape(expected)
                numpy.testing.assert_allclose(got, expected, rtol=_rtol(dtype), atol=1e-2,
                                              equal_nan=True)
    dev = cupylike.asarray(host)
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        cupylike.mean(dev, axis=1, where=cupylike.asarray(mask))
    with pytest.warns(RuntimeWarning, match="Mean of empty slice"):
        cupylike.mean(cupylike.asarray(host[:0]))
    with pytest.warns(RuntimeWarning, match="Degrees of freedom <= 0 for slice"):
        cupylike.var(dev, axis=0, ddof=3)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_result_dtypes_keywords_and_0d_as_numpy(dtype):
    host = finite_values(dtype, (4, 3))
    scalar = host[0, 0].copy()
    tol = _rtol(dtype)
    for name in STATS:
        _compare(name, numpy.asarray(scalar), tol)
        for kw in ({"dtype": numpy.float32}, {"dtype": numpy.float64}, {"dtype": numpy.int64}):
            if name == "mean" or numpy.dtype(kw["dtype"]).kind == "f":
                _compare(name, host, max(tol, 1e-6), axis=0, **kw)
    _compare("var", host, tol, axis=0, correction=1)
    _compare("std", host, tol, axis=1, ddof=1, correction=1)  # ValueError in both
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mean = numpy.mean(host, axis=0, keepdims=True)
        expected = numpy.var(host, axis=0, mean=mean)
        got = cupylike.var(cupylike.asarray(host), axis=0, mean=cupylike.asarray(mean))
    assert_allclose(got, expected, rtol=tol, atol=tol)
    out = cupylike.zeros(3, numpy.complex128 if dtype.kind == "c" else numpy.float64)
    assert cupylike.mean(cupylike.asarray(host), axis=0, out=out) is out
    assert_allclose(out, numpy.mean(host, axis=0).astype(out.dtype), rtol=tol, atol=tol)


def test_large_float32_mean_is_accurate():
    n = 10**6 + 1
    host = finite_values(numpy.float32, (n,), seed=5) + 1000
    exact = math.fsum(host.astype(numpy.float64)) / n
    got = float(cupylike.mean(cupylike.asarray(host)))
    bound = (math.log2(n) + 16) * numpy.finfo(numpy.float32).eps * numpy.abs(host).mean()
    assert abs(got - exact) <= bound
    assert abs(got - float(numpy.mean(host))) <= 2 * bound
    var = float(cupylike.var(cupylike.asarray(host)))
    assert abs(var - float(numpy.var(host.astype(numpy.float64)))) <= 1e-4 * var


def test_ndarray_methods_are_the_functions():
    host = finite_values(numpy.float32, (3, 4))
    dev = cupylike.asarray(host)
    for name in STATS:
        assert_allclose(getattr(dev, name)(axis=1), getattr(host, name)(axis=1), rtol=1e-5)
        assert_allclose(getattr(dev, name)(1, None, None, keepdims=True),
                     getattr(host, name)(1, None, None, keepdims=True), rtol=1e-5)
