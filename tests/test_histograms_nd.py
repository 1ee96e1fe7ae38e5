"""histogramdd and histogram2d against NumPy: counts equal exactly (bins by the same
comparisons as NumPy's searchsorted), densities and weighted sums close; bins as numbers,
sequences and edges; range; NaN and out-of-range samples left out; NumPy's errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_allclose, assert_array_equal


def _sample(n=500, d=2, dtype=numpy.float64, seed=0):
    rng = numpy.random.default_rng(seed)
    values = rng.normal(size=(n, d)) * 3
    if numpy.dtype(dtype).kind in "iub":
        values = numpy.abs(values) if numpy.dtype(dtype).kind == "u" else values
        values = values > 0 if dtype == numpy.bool_ else values.round()
    return values.astype(dtype)


def _same(actual, expected, exact=True):
    hist, edges = actual
    assert hist.dtype == expected[0].dtype
    if exact:
        assert_array_equal(hist, expected[0])
    else:
        assert_allclose(hist, expected[0], rtol=1e-12)
    assert len(edges) == len(expected[1])
    for a, e in zip(edges, expected[1], strict=True):
        assert_array_equal(a, e)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int16, numpy.uint8,
                                   numpy.bool_])
@pytest.mark.parametrize("bins", [4, (3, 5), [numpy.array([-2.0, 0, 0.5, 4]), 2]])
def test_histogramdd_counts_equal_numpy(dtype, bins):
    host = _sample(dtype=dtype)
    _same(cupylike.histogramdd(cupylike.asarray(host), bins),
          numpy.histogramdd(host, bins))


@pytest.mark.parametrize("density, weighted", [(True, False), (False, True), (True, True)])
def test_histogramdd_density_and_weights(density, weighted):
    host = _sample(d=3)
    w = numpy.random.default_rng(1).random(host.shape[0]) if weighted else None
    actual = cupylike.histogramdd(cupylike.asarray(host), (2, 3, 4), density=density,
                                  weights=None if w is None else cupylike.asarray(w))
    _same(actual, numpy.histogramdd(host, (2, 3, 4), density=density, weights=w), exact=False)


def test_histogramdd_range_nan_and_right_edge():
    host = numpy.array([[0.0, 1.0], [1.0, 1.0], [numpy.nan, 0.5], [0.5, 5.0], [-1, 0.2],
                        [1.0, 0.0]])
    args = dict(bins=(2, 4), range=[(0, 1), (0, 1)])
    _same(cupylike.histogramdd(cupylike.asarray(host), **args),
          numpy.histogramdd(host, **args))


def test_histogramdd_sequence_of_columns_one_column_and_views():
    host = _sample(n=300, d=4)
    view = cupylike.asarray(host)[::-1, ::2]
    _same(cupylike.histogramdd(view, 3), numpy.histogramdd(host[::-1, ::2], 3))
    columns = [cupylike.asarray(host[:, 0]), cupylike.asarray(host[:, 1])]
    _same(cupylike.histogramdd(columns, 5), numpy.histogramdd([host[:, 0], host[:, 1]], 5))
    _same(cupylike.histogramdd(cupylike.asarray(host[:, 2]), 6),
          numpy.histogramdd(host[:, 2], 6))


def test_histogramdd_empty_sample():
    host = numpy.zeros((0, 2))
    _same(cupylike.histogramdd(cupylike.asarray(host), 3), numpy.histogramdd(host, 3))


@pytest.mark.parametrize("bins", [10, (4, 6), numpy.array([0.0, 0.5, 2.0, 3.0]),
                                  [numpy.array([-1.0, 0.0, 1.0]), numpy.array([0.0, 2.0])]])
def test_histogram2d_equals_numpy(bins):
    host = _sample()
    x, y = host[:, 0], host[:, 1]
    given = cupylike.asarray(bins) if isinstance(bins, numpy.ndarray) else bins
    hist, xe, ye = cupylike.histogram2d(cupylike.asarray(x), cupylike.asarray(y), given)
    _same((hist, [xe, ye]), (lambda r: (r[0], [r[1], r[2]]))(numpy.histogram2d(x, y, bins)))


def test_histogram2d_density_weights_range():
    host = _sample(seed=3)
    x, y, w = host[:, 0], host[:, 1], numpy.abs(host[:, 0])
    kwargs = dict(bins=7, range=[[-2, 2], [-1, 3]], density=True)
    hist, xe, ye = cupylike.histogram2d(cupylike.asarray(x), cupylike.asarray(y),
                                        weights=cupylike.asarray(w), **kwargs)
    expected = numpy.histogram2d(x, y, weights=w, **kwargs)
    _same((hist, [xe, ye]), (expected[0], [expected[1], expected[2]]), exact=False)


@pytest.mark.parametrize("call, error, match", [
    (lambda xp, s: xp.histogramdd(s, bins=(2, 3, 4)), ValueError, "dimension of bins"),
    (lambda xp, s: xp.histogramdd(s, bins=0), ValueError, "must be positive"),
    (lambda xp, s: xp.histogramdd(s, bins=2.5), TypeError, "must be an integer"),
    (lambda xp, s: xp.histogramdd(s, bins=[[3, 1, 2], 2]), ValueError, "monotonically"),
    (lambda xp, s: xp.histogramdd(s, range=[(0, 1)]), ValueError, "one entry per dimension"),
    (lambda xp, s: xp.histogramdd(s, range=[(1, 0), None]), ValueError, "max must be larger"),
    (lambda xp, s: xp.histogram2d(s[:, 0], s[:3, 1]), ValueError, "same length"),
    (lambda xp, s: xp.histogramdd(s, weights=s[:3, 0]), ValueError, "same length"),
])
def test_errors_as_numpy(call, error, match):
    host = _sample(n=20)
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            call(xp, xp.asarray(host))


def test_samples_on_every_edge_fall_in_numpys_bins():
    # Equal bins take the formula's guess, corrected against the edges: samples exactly on
    # edges (and just either side) must land where NumPy's searchsorted puts them.
    edges = numpy.linspace(-0.3, 0.7, 8)
    values = numpy.concatenate([edges, numpy.nextafter(edges, -1), numpy.nextafter(edges, 1)])
    host = numpy.stack([values, values[::-1]], axis=1)
    _same(cupylike.histogramdd(cupylike.asarray(host), 7, range=[(-0.3, 0.7)] * 2),
          numpy.histogramdd(host, 7, range=[(-0.3, 0.7)] * 2))
    _same(cupylike.histogramdd(cupylike.asarray(host), [edges, edges[::2]]),
          numpy.histogramdd(host, [edges, edges[::2]]))
