"""Comparing results whose infinities and NaNs must sit exactly where NumPy's do."""

import numpy


def assert_parts_match(actual, expected, rtol, atol=0.0):
    """Each part (real, imaginary) of `actual` (host array) has NaNs and signed infinities
    exactly where `expected` has them, and its finite values within rtol/atol."""
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    for part in (numpy.real, numpy.imag):
        a, e = part(actual), part(expected)
        numpy.testing.assert_array_equal(numpy.isnan(a), numpy.isnan(e))
        numpy.testing.assert_array_equal(numpy.isposinf(a), numpy.isposinf(e))
        numpy.testing.assert_array_equal(numpy.isneginf(a), numpy.isneginf(e))
        finite = numpy.isfinite(e)
        numpy.testing.assert_allclose(a[finite], e[finite], rtol=rtol, atol=atol)
