"""histogram and histogram_bin_edges with NumPy's bin-width estimators (string bins) against
NumPy: the same edges (values, dtype, number) and counts, with range, integer and bool data;
and NumPy's errors."""

import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

ESTIMATORS = ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"]


def _data(kind):
    rng = numpy.random.default_rng(7)
    return {
        "normal": rng.normal(size=2000),
        "float32": rng.exponential(size=400).astype(numpy.float32),
        "int": rng.integers(-40, 40, 600).astype(numpy.int16),
        "constant": numpy.full(5, 3.0),
        "few": numpy.array([1.0, 2.0]),
    }[kind]


def _both(fn, host, *args, **kwargs):
    results = []
    for xp in (numpy, cupylike):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # stone's "may be suboptimal"
            results.append(getattr(xp, fn)(xp.asarray(host), *args, **kwargs))
    return results


@pytest.mark.parametrize("kind", ["normal", "float32", "int", "constant", "few"])
@pytest.mark.parametrize("name", ESTIMATORS)
def test_bin_edges_equal_numpy(kind, name):
    expected, actual = _both("histogram_bin_edges", _data(kind), name)
    assert_array_equal(actual, expected)


@pytest.mark.parametrize("name", ["auto", "fd", "stone", "sturges"])
def test_histogram_with_estimator_and_range(name):
    host = _data("normal")
    expected, actual = _both("histogram", host[::-3], name, range=(-1, 2))
    for a, e in zip(actual, expected, strict=True):
        assert_array_equal(a, e)


def test_estimator_on_bool_data_and_empty_range():
    with pytest.warns(RuntimeWarning, match="Converting input from bool"):
        edges = cupylike.histogram_bin_edges(cupylike.asarray([True, False, True]), "sqrt")
    with pytest.warns(RuntimeWarning, match="Converting input from bool"):
        assert_array_equal(edges, numpy.histogram_bin_edges(numpy.array([True, False, True]),
                                                            "sqrt"))
    expected, actual = _both("histogram", _data("normal"), "auto", range=(50, 60))
    assert_array_equal(actual[0], expected[0])


def test_stone_warns_when_it_reaches_its_bound():
    host = numpy.array([1.0, 1.0, 1.0, 2.0])
    with pytest.warns(RuntimeWarning, match="may be suboptimal"):
        numpy.histogram_bin_edges(host, "stone")
    with pytest.warns(RuntimeWarning, match="may be suboptimal"):
        cupylike.histogram_bin_edges(cupylike.asarray(host), "stone")


@pytest.mark.parametrize("call, error, match", [
    (lambda xp, a: xp.histogram(a, "bogus"), ValueError, "not a valid estimator"),
    (lambda xp, a: xp.histogram(a, "auto", weights=a), TypeError, "weighted data"),
    (lambda xp, a: xp.histogram_bin_edges(a, "fd", range=(2, 1)), ValueError, "max must be"),
    (lambda xp, a: xp.histogram_bin_edges(a, [[1, 2]]), ValueError, "1d"),
    (lambda xp, a: xp.histogram_bin_edges(a, 2.5), TypeError, "integer, a string"),
])
def test_errors_as_numpy(call, error, match):
    host = _data("few")
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            call(xp, xp.asarray(host))


def test_histogram_bin_edges_numbers_and_arrays():
    host = _data("float32")
    for bins in (7, [0.0, 0.5, 4.0]):
        expected, actual = _both("histogram_bin_edges", host, bins, range=(0, 3))
        assert_array_equal(actual, expected)
