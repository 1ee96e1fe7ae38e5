"""Comparing results whose infinities and NaNs must sit exactly where NumPy's do."""

import numpy


def assert_parts_match(actual, expected, rtol, atol=0.0, nan_may_be_inf=False):
    """Each part (real, imaginary) of `actual` (host array) has NaNs and signed infinities
    exactly where `expected` has them, and its finite values within rtol/atol.
    `nan_may_be_inf`: where `expected` has a NaN, `actual` may hold an infinity of either sign
    instead (a library that orders its operations otherwise need not cancel the same
    infinities)."""
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    for part in (numpy.real, numpy.imag):
        a, e = part(actual), part(expected)
        loose = numpy.isnan(e) & numpy.isinf(a) if nan_may_be_inf else numpy.zeros(a.shape, bool)
        numpy.testing.assert_array_equal(numpy.isnan(a) | loose, numpy.isnan(e))
        numpy.testing.assert_array_equal(numpy.isposinf(a) & ~loose, numpy.isposinf(e))
        numpy.testing.assert_array_equal(numpy.isneginf(a) & ~loose, numpy.isneginf(e))
        finite = numpy.isfinite(e)
        numpy.testing.assert_allclose(a[finite], e[finite], rtol=rtol, atol=atol)
