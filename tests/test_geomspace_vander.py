"""geomspace and vander against NumPy: dtypes and shapes NumPy's, values to a few ulps
(geomspace takes powers of ten; vander's integer powers are exact)."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal


def on(xp, host):
    return cupylike.asarray(host) if xp is cupylike else host


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")
@numpy_cupylike_allclose(rtol=1e-13)
def test_geomspace_scalars(xp):
    return (xp.geomspace(1, 1000, 4), xp.geomspace(-1, -8, 4), xp.geomspace(1, 2 + 1j, 5),
            xp.geomspace(1j, 16j, 5), xp.geomspace(1, 1000, num=4, endpoint=False),
            xp.geomspace(1, 8, 4, dtype=int), xp.geomspace(1, 8, 0), xp.geomspace(1, 8, 1),
            xp.geomspace(2, 8, 1, endpoint=False), xp.geomspace(1, 1e-300, 3),
            xp.geomspace(numpy.float32(1), numpy.float32(10), 3, dtype=numpy.float32))


@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")  # -2 to 5: NaN, as NumPy
@numpy_cupylike_allclose(rtol=1e-13)
def test_geomspace_arrays_along_an_axis(xp):
    start = on(xp, numpy.array([[1.0, -2.0]]))
    stop = on(xp, numpy.array([[10.0], [5.0]]))
    return (xp.geomspace(on(xp, numpy.array([1.0, 2.0])), 100.0, 3, axis=1),
            xp.geomspace(start, stop, 3, axis=-1), xp.geomspace(start, stop, 4))


@pytest.mark.parametrize("args, error", [((0, 1), ValueError), ((1, 0), ValueError),
                                         ((1, 2, -1), ValueError)])
def test_geomspace_errors_are_numpys(args, error):
    for xp in (numpy, cupylike):
        with pytest.raises(error):
            xp.geomspace(*args)


@pytest.mark.parametrize("host", [
    numpy.arange(5, dtype=numpy.int8), numpy.array([True, False]), numpy.arange(0.0),
    numpy.arange(40, dtype=numpy.int64)[::-3], numpy.array([1.5, -2, 3], numpy.float32),
    numpy.array([1 + 1j, 2])], ids=lambda h: str(h.dtype))
@pytest.mark.parametrize("N", [None, 0, 1, 4, 25])
@pytest.mark.parametrize("increasing", [False, True])
@numpy_cupylike_allclose(rtol=1e-13)
def test_vander(xp, host, N, increasing):  # noqa: N803 (NumPy's name)
    return xp.vander(on(xp, host), N, increasing)


@numpy_cupylike_equal(accept_error=ValueError)
def test_vander_of_two_dimensions_raises_value_error(xp):
    return xp.vander(on(xp, numpy.ones((2, 2))))
