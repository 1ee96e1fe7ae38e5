"""CuPy's scatter_add, scatter_max and scatter_min (module functions and ndarray methods)
against NumPy's add.at, maximum.at and minimum.at, with CuPy's conversion of value to a's
dtype; and CuPy's rsqrt ufunc against 1 / numpy.sqrt."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_allclose, assert_array_equal

NUMPY_AT = {"scatter_add": numpy.add, "scatter_max": numpy.maximum,
            "scatter_min": numpy.minimum}


def _expected(name, host, slices, value):
    expected = host.copy()
    NUMPY_AT[name].at(expected, slices, numpy.asarray(value).astype(host.dtype))
    return expected


@pytest.mark.parametrize("name", sorted(NUMPY_AT))
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int32, numpy.uint64])
@pytest.mark.parametrize("form", ["function", "method"])
def test_repeated_indices_all_take_part(name, dtype, form):
    rng = numpy.random.default_rng(1)
    host = rng.integers(0, 50, (6, 4)).astype(dtype)
    index = numpy.array([0, 2, 2, 5, 0, 0])
    value = rng.integers(0, 100, (6, 4)).astype(dtype)
    a = cupylike.asarray(host)
    if form == "function":
        getattr(cupylike, name)(a, cupylike.asarray(index), cupylike.asarray(value))
    else:
        getattr(a, name)(cupylike.asarray(index), cupylike.asarray(value))
    assert_array_equal(a, _expected(name, host, index, value))


@pytest.mark.parametrize("name", sorted(NUMPY_AT))
def test_slices_tuples_broadcast_values_and_scalars(name):
    host = numpy.arange(12.0).reshape(3, 4)
    slices = (numpy.array([0, 0, 2]), slice(None, None, -2))
    a = cupylike.asarray(host)
    getattr(cupylike, name)(a, (cupylike.asarray(slices[0]), slices[1]),
                            cupylike.asarray([7.5, -1.0]))
    assert_array_equal(a, _expected(name, host, slices, numpy.array([7.5, -1.0])))
    getattr(a, name)(1, 5)  # a Python scalar value, converted to a's dtype
    assert_array_equal(a[1], _expected(name, _expected(name, host, slices,
                                                       numpy.array([7.5, -1.0])), 1, 5)[1])


def test_value_is_converted_to_the_arrays_dtype():
    a = cupylike.zeros(3, dtype=numpy.float32)
    cupylike.scatter_add(a, cupylike.asarray([1, 1, 1]), 0.1)  # float32 additions, as CuPy
    expected = numpy.zeros(3, numpy.float32)
    numpy.add.at(expected, [1, 1, 1], numpy.float32(0.1))
    assert_array_equal(a, expected)


def test_scatter_max_keeps_nan_and_works_on_a_view():
    host = numpy.zeros(8)
    a = cupylike.asarray(host)
    view = a[::-2]
    cupylike.scatter_max(view, cupylike.asarray([0, 0, 3]), cupylike.asarray([numpy.nan, 1, 2]))
    expected = host.copy()
    with numpy.errstate(invalid="ignore"):
        numpy.maximum.at(expected[::-2], [0, 0, 3], [numpy.nan, 1, 2])
    assert_array_equal(a, expected)


def test_bad_arguments_raise_and_leave_a_unchanged():
    a = cupylike.arange(4.0)
    with pytest.raises(IndexError):
        cupylike.scatter_add(a, cupylike.asarray([0, 9]), 1.0)
    with pytest.raises(ValueError, match="broadcast"):
        a.scatter_min(cupylike.asarray([0, 1]), cupylike.asarray([1.0, 2.0, 3.0]))
    assert_array_equal(a, numpy.arange(4.0))
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        cupylike.scatter_add(numpy.zeros(3), [0], 1.0)


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128, numpy.int32, numpy.bool_])
def test_rsqrt_is_one_over_sqrt(dtype):
    values = [4, 0.25, 0, 2, -1, numpy.inf, numpy.nan]
    host = numpy.array(values if numpy.dtype(dtype).kind in "fc" else [4, 1, 0, 9]).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j
    with numpy.errstate(divide="ignore", invalid="ignore"):
        expected = 1 / numpy.sqrt(host)
    actual = cupylike.rsqrt(cupylike.asarray(host))
    assert actual.dtype == expected.dtype
    assert_allclose(actual, expected, rtol=1e-3 if dtype == numpy.float16 else 1e-6)
    assert isinstance(cupylike.rsqrt, cupylike.ufunc)
    assert cupylike.rsqrt(cupylike.asarray(numpy.full((2, 3), 4.0))[:, ::-1]).shape == (2, 3)
