"""Transforms of arrays holding infinities and NaNs, value by value against NumPy: the final
normalisation scales each part by a real factor, as pocketfft does, so an infinity's other
part stays 0 (ifft([1, 0, inf, 0]) is inf+0j, not inf+nanj)."""

import numpy
import pytest
from helpers.nonfinite_values import assert_parts_match

import cupylike

INF, NAN = numpy.inf, numpy.nan
VALUES = {
    "inf": [1, 0, INF, 0],
    "-inf": [1, 0, -INF, 0],
    "inf_first": [INF, 0, 0, 0],
    "nan": [1, NAN, 0, 0],
    "inf_imag": [0, 0, 0, complex(0, INF)],
    "inf_complex": [complex(1, INF), 0, 0, 0],
    "infs": [INF, INF, 0, 1],
}
REAL_INPUT = {"rfft", "ihfft", "rfftn"}
# On a GPU the transform is the vendor library's (cuFFT, or the emulated GPU's stand-in, which
# sums a line holding an infinity term by term). pocketfft's real inverse transform of length 6
# (a radix-2 then a radix-3 pass) cancels two infinities into a NaN that such a sum keeps as an
# infinity: irfft([1, 0, inf, 0]) ends in nan with NumPy, in -inf there.
COMPLEX_TO_REAL = {"irfft", "hfft", "irfftn"}

pytestmark = pytest.mark.vendor_library  # cuFFT on a GPU


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn",
                                  "ifftn", "rfftn", "irfftn"])
@pytest.mark.parametrize("values", VALUES)
@pytest.mark.parametrize("dtype", [numpy.complex128, numpy.complex64], ids=["c16", "c8"])
def test_transforms_of_infinities_and_nans_match_numpy(values, name, norm, dtype):
    host = numpy.asarray(VALUES[values], dtype=dtype)
    if name in REAL_INPUT:
        host = host.real.copy()
    expected = getattr(numpy.fft, name)(host, norm=norm)
    a = cupylike.asarray(host)
    actual = getattr(cupylike.fft, name)(a, norm=norm).get()
    # The finite values to rounding (float32 factors may round differently, as for finite
    # inputs).
    assert_parts_match(actual, expected, rtol=1e-6, atol=1e-6,
                       nan_may_be_inf=name in COMPLEX_TO_REAL and a.device.kind == "cuda")


def test_issue_example_ifft_of_an_infinity():
    got = cupylike.fft.ifft(cupylike.asarray([1, 0, INF, 0])).get()
    assert numpy.array_equal(got, [INF, -INF, INF, -INF])
    assert not numpy.isnan(got.imag).any()
