"""The window functions against NumPy: float64 values to a few ulps (cosines of the C library
on both sides), NumPy's lengths for every M, integral or not, and M <= 1."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose

WINDOWS = ["bartlett", "blackman", "hamming", "hanning"]
SIZES = [-2, 0, 0.5, 1, 2, 2.5, 3, 7, 10, 101]


@pytest.mark.parametrize("name", WINDOWS)
@pytest.mark.parametrize("M", SIZES)
@numpy_cupylike_allclose(rtol=1e-14, atol=1e-15)
def test_window(xp, name, M):  # noqa: N803 (NumPy's name)
    return getattr(xp, name)(M)


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")  # sqrt < 0 for M = 2.5
@pytest.mark.parametrize("M", SIZES)
@pytest.mark.parametrize("beta", [0, 5.0, 14])
@numpy_cupylike_allclose(rtol=1e-14, atol=1e-15)
def test_kaiser(xp, M, beta):  # noqa: N803
    return xp.kaiser(M, beta)


@pytest.mark.parametrize("name", WINDOWS)
def test_window_of_a_non_number_raises_type_error(name):
    for xp in (numpy, cupylike):
        with pytest.raises(TypeError):
            getattr(xp, name)(None)
