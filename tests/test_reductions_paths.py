"""The main reductions under every way the engine can cut the work, forced on the cpu device
(`_native._force_reduction_mode`: 0 thread per output, 1 tiles, 2 partial results combined by a
final launch, 3 GPU-style blocks with a shared-memory tree; parts 1 and 3), so the GPU's BLOCK
path and the PARTIAL/TILE paths run here with the same results as NumPy's."""

import warnings

import numpy
import pytest
from helpers.forced_modes import REDUCTION_MODE_IDS, REDUCTION_MODES, forced_reduction
from helpers.reduction_cases import (
    all_axes,
    assert_same_outcome,
    assert_sum_close,
    finite_values,
    run_both,
)

import cupylike
from cupylike.testing import assert_allclose, sample_values

EXACT = ["max", "min", "argmax", "argmin", "all", "any", "count_nonzero", "nanmax",
         "nanargmin"]
SHAPES = [(2, 3, 4, 5), (33,), (1025,), (3, 1025), (1025, 3), (31, 33)]


@pytest.fixture(params=REDUCTION_MODES, ids=REDUCTION_MODE_IDS)
def forced_mode(request):
    with forced_reduction(*request.param):
        yield request.param


def _axes(shape):
    return all_axes(len(shape)) if len(shape) == 4 else [None, 0, -1]


@pytest.mark.parametrize("dtype", ["float32", "int16", "complex128", "bool"])
def test_exact_reductions_in_every_mode(forced_mode, dtype):
    for shape in SHAPES:
        host = sample_values(dtype, shape, seed=len(shape))
        if host.dtype.kind in "iub":
            host.flat[::5] = 0
        for axis in _axes(shape):
            for name in EXACT:
                if name in ("argmax", "argmin", "nanargmin") and isinstance(axis, tuple):
                    continue
                expected, actual = run_both(getattr(numpy, name), getattr(cupylike, name),
                                            host, axis=axis)
                assert_same_outcome(expected, actual, f"{name} {shape} axis={axis}")


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "int8"])
def test_sums_and_statistics_in_every_mode(forced_mode, dtype):
    for shape in SHAPES:
        host = finite_values(dtype, shape, seed=len(shape))
        dev = cupylike.asarray(host)
        for axis in _axes(shape):
            expected = numpy.sum(host, axis=axis)
            got = cupylike.sum(dev, axis=axis)
            if expected.dtype.kind in "fc":
                assert_sum_close(got, expected, host, axis, False)
            else:
                assert_same_outcome(expected, got)
            for name in ("mean", "var", "std", "nanmean"):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    expected = getattr(numpy, name)(host, axis=axis)
                rtol = 1e-4 if host.dtype in (numpy.float32, numpy.complex64) else 1e-9
                assert_allclose(getattr(cupylike, name)(dev, axis=axis), expected, rtol=rtol,
                             atol=rtol * 100)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # var of columns the mask leaves empty
def test_where_initial_and_ordered_folds_in_every_mode(forced_mode):
    host = finite_values(numpy.float64, (7, 1025), seed=1)
    mask = numpy.random.default_rng(2).random((7, 1025)) < 0.5
    dev, dev_mask = cupylike.asarray(host), cupylike.asarray(mask)
    for axis in (None, 0, 1):
        assert_allclose(cupylike.sum(dev, axis=axis, where=dev_mask, initial=1.5),
                     numpy.sum(host, axis=axis, where=mask, initial=1.5), rtol=1e-12)
        assert_same_outcome(numpy.max(host, axis=axis, where=mask, initial=-50),
                            cupylike.max(dev, axis=axis, where=dev_mask, initial=-50))
        assert_allclose(cupylike.var(dev, axis=axis, where=dev_mask),
                     numpy.var(host, axis=axis, where=mask), rtol=1e-10)
    ints = sample_values(numpy.int32, (5, 40), seed=3)
    for axis in (0, 1):
        assert_same_outcome(numpy.subtract.reduce(ints, axis=axis),
                            cupylike.subtract.reduce(cupylike.asarray(ints), axis=axis))
