"""Transforms of arrays holding infinities and NaNs, value by value against NumPy: the final
normalisation scales each part by a real factor, as pocketfft does, so an infinity's other
part stays 0 (ifft([1, 0, inf, 0]) is inf+0j, not inf+nanj). On a GPU such input runs on the
host FFT (csrc/libs/fft_nonfinite.hpp): cuFFT's butterflies, and the emulated GPU's stand-in's,
which make NaNs as they do, give inf+nanj there."""

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
    assert_parts_match(actual, expected, rtol=1e-6, atol=1e-6)


def test_issue_example_ifft_of_an_infinity():
    got = cupylike.fft.ifft(cupylike.asarray([1, 0, INF, 0])).get()
    assert numpy.array_equal(got, [INF, -INF, INF, -INF])
    assert not numpy.isnan(got.imag).any()


@pytest.mark.parametrize("dtype", ["f4", "f8", "c8", "c16"])
def test_the_finiteness_check_sees_every_part(dtype):
    host = numpy.arange(24, dtype=dtype).reshape(4, 6)
    # A strided view, so the check reads the view's elements and not the block's.
    view = (slice(None), slice(None, None, 2))
    assert cupylike._core._native._fft_all_finite(cupylike.asarray(host)[view])
    spots = [(3, 4, INF), (0, 0, -INF), (2, 2, NAN)]
    if host.dtype.kind == "c":
        spots += [(1, 2, complex(0, INF)), (1, 4, complex(0, NAN))]
    for row, col, value in spots:
        bad = host.copy()
        bad[row, col] = value
        assert not cupylike._core._native._fft_all_finite(cupylike.asarray(bad)[view])
        bad[row, col + 1] = value  # skipped by the view
        bad[row, col] = 1
        assert cupylike._core._native._fft_all_finite(cupylike.asarray(bad)[view])


def test_a_gpu_runs_only_non_finite_input_on_the_host_fft():
    """cuFFT makes a plan for each call it runs; the host FFT makes none."""
    if cupylike.asarray([0]).device.kind == "cpu":
        pytest.skip("the cpu device runs every transform on the host FFT")
    cache = cupylike.fft.config.get_plan_cache()
    cache.clear()
    cupylike.fft.ifft(cupylike.asarray([1, 0, INF, 0]))
    assert cache.get_curr_size() == 0
    cupylike.fft.ifft(cupylike.asarray([1, 0, 2, 0]))
    assert cache.get_curr_size() == 1
    for name, values in [("ifft", [1, NAN, 0, 0, 0, 0, 0, 0]), ("irfft", [1, 0, INF]),
                         ("rfft", [1, 0, -INF, 0, 0]), ("fft2", [[INF, 0], [0, 0]])]:
        got = getattr(cupylike.fft, name)(cupylike.asarray(values)).get()
        assert cache.get_curr_size() == 1, name
        with numpy.errstate(invalid="ignore"):
            expected = getattr(numpy.fft, name)(numpy.asarray(values, dtype=float))
        assert_parts_match(got, expected, rtol=1e-12, atol=1e-12)
