"""var, std, nanvar, nanstd and mean with an integer dtype= keep it, as NumPy's composition
does (the sum of squares in dtype=, then a division or root converted back to it): before,
var(x, dtype=int32) of floats returned float64 and std raised TypeError."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_equal

HOSTS = {
    "int32": numpy.arange(12, dtype=numpy.int32).reshape(3, 4) * 3 - 7,
    "float64": numpy.linspace(-4.5, 9.25, 12).reshape(3, 4),
    "float32": numpy.linspace(-4.5, 9.25, 12, dtype=numpy.float32).reshape(3, 4),
}


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.int64, numpy.int16, numpy.uint32],
                         ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("name", ["var", "std", "mean", "nanvar", "nanstd", "nanmean"])
@numpy_cupylike_equal(accept_error=TypeError)
def test_statistics_over_all_axes_keep_an_integer_dtype(name, host, dtype, xp):
    return getattr(xp, name)(xp.asarray(HOSTS[host]), dtype=dtype)


@pytest.mark.parametrize("name", ["var", "mean", "nanvar"])
@pytest.mark.parametrize("host", HOSTS)
@numpy_cupylike_equal(accept_error=TypeError)
def test_statistics_along_an_axis_keep_an_integer_dtype(name, host, xp):
    return getattr(xp, name)(xp.asarray(HOSTS[host]), axis=1, dtype=numpy.int32, ddof=0) \
        if name != "mean" else xp.mean(xp.asarray(HOSTS[host]), axis=1, dtype=numpy.int32)


def test_issue_example_var_of_floats_as_int32():
    x = numpy.arange(6, dtype=numpy.float64) * 1.5
    got = cupylike.var(cupylike.asarray(x), dtype=numpy.int32)
    assert got.dtype == numpy.int32
    assert got.get() == numpy.var(x, dtype=numpy.int32)


def test_std_along_an_axis_with_an_integer_dtype_is_numpys_type_error():
    """NumPy roots an array result in place, which same_kind casting forbids for int32."""
    x = HOSTS["float64"]
    with pytest.raises(TypeError):
        numpy.std(x, axis=0, dtype=numpy.int32)
    with pytest.raises(TypeError):
        cupylike.std(cupylike.asarray(x), axis=0, dtype=numpy.int32)


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.int64, numpy.float64, numpy.float32],
                         ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("complex_dtype", [numpy.complex64, numpy.complex128],
                         ids=lambda d: numpy.dtype(d).name)
def test_var_of_complex_values_in_another_dtype(complex_dtype, dtype):
    # NumPy squares the parts in their own precision, adds them, and sums those in dtype=,
    # each cast to it first (an integer dtype truncates every term).
    rng = numpy.random.default_rng(5)
    host = (rng.integers(-9, 9, (4, 4, 3)) / 4 + 1j * rng.integers(-9, 9, (4, 4, 3))).astype(
        complex_dtype)
    for axis in (None, 0, 2):
        expected = numpy.var(host, axis=axis, dtype=dtype)
        actual = cupylike.var(cupylike.asarray(host), axis=axis, dtype=dtype)
        assert actual.dtype == expected.dtype
        if numpy.dtype(dtype).kind == "i":
            numpy.testing.assert_array_equal(actual.get(), expected)
        else:
            numpy.testing.assert_allclose(actual.get(), expected, rtol=1e-6)
