"""sum, prod, nansum, nanprod and count_nonzero against NumPy: every dtype and every axis
argument of a 4-d array, keepdims, dtype= and out=, initial= and where=, 0-d and empty arrays,
the standard layouts, and float sums of sizes around block boundaries checked against an exact
reference (math.fsum) within a pairwise bound."""

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
    assert_sum_close,
    finite_values,
    near_one,
    run_both,
)

import cupylike
from cupylike.testing import assert_allclose, assert_array_equal, sample_values

AXES = all_axes(4)


def _compare_sum(np_fn, cp_fn, host, axis, keepdims, **kw):
    expected, actual = run_both(np_fn, cp_fn, host, axis=axis, keepdims=keepdims, **kw)
    context = f"{np_fn.__name__} axis={axis} keepdims={keepdims} {kw}"
    if isinstance(expected, Exception) or numpy.asarray(expected).dtype.kind not in "fc":
        assert_same_outcome(expected, actual, context)
    elif np_fn in (numpy.sum, numpy.nansum):
        x = numpy.where(numpy.isnan(host), 0, host) if np_fn is numpy.nansum else host
        assert_sum_close(actual, expected, x, axis, keepdims)
    else:
        assert_allclose(actual, expected, rtol=50 * numpy.finfo(expected.dtype).eps)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_sum_and_prod_match_numpy_over_every_axis(dtype):
    sums = finite_values(dtype, SHAPE4)
    products = near_one(dtype, SHAPE4, seed=1)
    for axis in AXES:
        for keepdims in (False, True):
            _compare_sum(numpy.sum, cupylike.sum, sums, axis, keepdims)
            _compare_sum(numpy.prod, cupylike.prod, products, axis, keepdims)
            _compare_sum(numpy.nansum, cupylike.nansum, sums, axis, keepdims)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_count_nonzero_matches_numpy_over_every_axis(dtype):
    host = sample_values(dtype, SHAPE4)
    host.flat[::3] = 0
    for axis in AXES:
        for keepdims in (False, True):
            expected, actual = run_both(numpy.count_nonzero, cupylike.count_nonzero, host,
                                        axis=axis, keepdims=keepdims)
            assert_same_outcome(numpy.asarray(expected), actual, f"axis={axis}")
    assert cupylike.asarray(host).ndim == 4


@pytest.mark.parametrize("dtype", INEXACT, ids=INEXACT_IDS)
def test_nansum_and_nanprod_skip_nans(dtype):
    host = finite_values(dtype, SHAPE4)
    host.flat[::4] = numpy.nan
    if dtype.kind == "c":
        host.flat[1::7] = complex(1, numpy.nan)
    near = near_one(dtype, SHAPE4)
    near.flat[::5] = numpy.nan
    for axis in (None, 0, -1, (1, 3), (0, 1, 2, 3)):
        for keepdims in (False, True):
            _compare_sum(numpy.nansum, cupylike.nansum, host, axis, keepdims)
            _compare_sum(numpy.nanprod, cupylike.nanprod, near, axis, keepdims)
    # NaN propagates through the plain sum; inf - inf is NaN in both.
    with numpy.errstate(invalid="ignore"):
        for values in ([1.0, numpy.nan, 2.0], [numpy.inf, -numpy.inf], [numpy.inf, 1.0]):
            x = numpy.array(values).astype(dtype)
            assert_array_equal(cupylike.sum(cupylike.asarray(x)), numpy.sum(x))


@pytest.mark.parametrize("n", [1, 31, 32, 33, 127, 128, 129, 1023, 1024, 1025, 10**6 + 1])
def test_float_sums_of_many_sizes_are_pairwise_accurate(n):
    for dtype in (numpy.float16, numpy.float32, numpy.float64, numpy.complex64):
        host = finite_values(dtype, (n,), seed=n)
        if n > 10**5 and dtype == numpy.float16:
            host = (host / 1000).astype(dtype)  # keep the total inside float16's range
        dev = cupylike.asarray(host)
        assert_sum_close(cupylike.sum(dev), numpy.sum(host), host, None, False)
        assert_sum_close(dev.sum(keepdims=True), numpy.sum(host, keepdims=True), host, None,
                         True)
    ints = sample_values(numpy.int32, (n,), seed=n)
    assert_array_equal(cupylike.sum(cupylike.asarray(ints)), numpy.sum(ints))


def test_float32_sum_accumulates_in_float32_like_numpy():
    # 2**24 + 1 + 1 + ...: float32 pairwise keeps the small terms only in pairs.
    host = numpy.ones(10**5 + 1, numpy.float32)
    host[0] = 2**24
    got = cupylike.sum(cupylike.asarray(host))
    assert got.dtype == numpy.float32
    assert_sum_close(got, numpy.sum(host), host, None, False)


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_sums_of_layouts_match_numpy(dtype):
    for name, host, dev in layout_pairs(dtype, values=lambda h: finite_values(h.dtype, h.shape)):
        for axis in (None, 0, -1):
            if host.ndim == 0 and axis is not None:
                continue
            for np_fn, cp_fn in ((numpy.sum, cupylike.sum), (numpy.nansum, cupylike.nansum)):
                expected = np_fn(host, axis=axis)
                got = cp_fn(dev, axis=axis)
                if expected.dtype.kind in "fc":
                    assert_sum_close(got, expected, host, axis, False)
                else:
                    assert_array_equal(got, expected, err_msg=f"{name} axis={axis}")
            assert_array_equal(cupylike.count_nonzero(dev, axis=axis),
                               numpy.asarray(numpy.count_nonzero(host, axis=axis)))


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_empty_and_0d_give_numpy_identities(dtype):
    empty = numpy.zeros((0, 3), dtype)
    scalar = finite_values(dtype, ())
    for np_fn, cp_fn in ((numpy.sum, cupylike.sum), (numpy.prod, cupylike.prod),
                         (numpy.nansum, cupylike.nansum), (numpy.nanprod, cupylike.nanprod)):
        for host, axis in ((empty, None), (empty, 0), (empty, 1), (scalar, None), (scalar, 0)):
            for keepdims in (False, True):
                expected, actual = run_both(np_fn, cp_fn, host, axis=axis, keepdims=keepdims)
                assert_same_outcome(expected, actual, f"{np_fn.__name__} {host.shape} {axis}")


@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_sum_dtype_out_initial_and_where_as_numpy(dtype):
    host = near_one(dtype, (3, 4))
    mask = numpy.array([True, False, True, True])
    cases = [dict(dtype=numpy.int8), dict(dtype=numpy.float64), dict(dtype=numpy.bool_),
             dict(initial=2), dict(where=mask), dict(where=mask, initial=1), dict(where=False)]
    for np_fn, cp_fn in ((numpy.sum, cupylike.sum), (numpy.prod, cupylike.prod)):
        for kw in cases:
            dev_kw = {k: cupylike.asarray(v) if isinstance(v, numpy.ndarray) else v
                      for k, v in kw.items()}
            with numpy.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # NumPy's ComplexWarning for dtype=int8
                try:
                    expected = np_fn(host, axis=0, **kw)
                except TypeError:
                    with pytest.raises(TypeError):
                        cp_fn(cupylike.asarray(host), axis=0, **dev_kw)
                    continue
            got = cp_fn(cupylike.asarray(host), axis=0, **dev_kw)
            assert_allclose(got, expected, rtol=1e-2 if got.dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize("dtype", ["int8", "uint16", "float32", "float64", "complex64"])
def test_sum_into_out_of_another_dtype_computes_as_numpy(dtype):
    # NumPy adds in the promotion of the input's and out's dtypes, then casts into out.
    host = finite_values(dtype, (3, 5))
    if host.dtype.kind in "fc":
        host = (host / 3).astype(dtype)
    for out_dtype in ("int8", "int64", "float32", "float64", "complex128"):
        out_host = numpy.zeros(5, out_dtype)
        out_dev = cupylike.asarray(out_host)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                numpy.sum(host, axis=0, out=out_host)
            except TypeError:
                continue
        got = cupylike.sum(cupylike.asarray(host), axis=0, out=out_dev)
        assert got is out_dev
        assert_allclose(out_dev, out_host, rtol=1e-6)
