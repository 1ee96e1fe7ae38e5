"""average, cov and corrcoef against NumPy. Sums run pairwise here and in another order (or
through BLAS) in NumPy, so floating results are compared to a few units in the last place of
the result's dtype; dtypes, shapes and raised errors must be NumPy's."""

import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import (
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    assert_array_equal,
    for_dtypes,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
)

# Both libraries warn alike where the tests cast complex to real or run out of degrees of
# freedom on purpose; NumPy also warns for its division by zero there.
pytestmark = [pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning"),
              pytest.mark.filterwarnings("ignore:Degrees of freedom:RuntimeWarning"),
              pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning"),
              pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")]


def xp_array(xp, host):
    return cupylike.asarray(host) if xp is cupylike else host


def data(dtype, shape, seed=0):
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in "iu":
        return rng.integers(0, 100, shape).astype(dtype)
    values = rng.standard_normal(shape)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def numpy_cupylike_close(ulps=8, **kwargs):
    """numpy_cupylike_allclose with floating values equal to `ulps` units of the dtype's epsilon
    (relative, and absolute against the largest finite value)."""
    tol = {dtype: ulps * numpy.finfo(dtype).eps for dtype in FLOAT_DTYPES + COMPLEX_DTYPES}
    return numpy_cupylike_allclose(rtol=tol, atol=tol, scale_atol=True, **kwargs)


# --- average ---------------------------------------------------------------------------------


# One dtype of each kind: mean's own tests cover every dtype.
SOME_DTYPES = [numpy.bool_, numpy.int8, numpy.uint64, numpy.float16, numpy.float32,
               numpy.float64, numpy.complex64]


@for_dtypes(SOME_DTYPES)
@numpy_cupylike_close()
def test_average_without_weights_is_the_mean(xp, dtype):
    a = xp_array(xp, data(dtype, (4, 33)))
    return (xp.average(a), xp.average(a, axis=1), xp.average(a, axis=0, keepdims=True),
            xp.average(a, axis=(0, 1), returned=True))


@for_dtypes(SOME_DTYPES)
@pytest.mark.parametrize("wdtype", [numpy.int8, numpy.float16, numpy.float32, numpy.float64,
                                    numpy.complex64], ids=str)
@numpy_cupylike_close()
def test_average_weights_dtype_promotes_as_numpy(xp, dtype, wdtype):
    a = xp_array(xp, data(dtype, (3, 5), seed=1))
    w = xp_array(xp, (numpy.arange(1, 6) % 4 + 1).astype(wdtype))
    return xp.average(a, axis=1, weights=w, returned=True)


@pytest.mark.parametrize("axis,wshape", [(None, (3, 4, 5)), (1, (4,)), (-1, (5,)),
                                         ((0, 2), (3, 5)), ((2, 0), (5, 3)), (2, (3, 4, 5))],
                         ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
@numpy_cupylike_close()
def test_average_weights_along_axes(xp, axis, wshape, keepdims):
    a = xp_array(xp, data(numpy.float64, (3, 4, 5), seed=2))
    w = xp_array(xp, data(numpy.float64, wshape, seed=3) ** 2 + 0.1)
    return xp.average(a, axis=axis, weights=w, keepdims=keepdims, returned=True)


@numpy_cupylike_close()
def test_average_of_non_contiguous_data_and_weights(xp):
    a = xp_array(xp, data(numpy.float32, (20, 31), seed=4))
    w = xp_array(xp, numpy.arange(62.0))
    return (xp.average(a[::-2, ::2], axis=1, weights=w[::4]),
            xp.average(a.T, axis=0, weights=w[:31]))


@pytest.mark.parametrize("n", [1, 31, 32, 33, 1023, 1025, 10**6 + 1])
@numpy_cupylike_close(ulps=16)
def test_average_sizes(xp, n):
    a = xp_array(xp, data(numpy.float64, n, seed=n))
    w = xp_array(xp, data(numpy.float64, n, seed=n + 1) ** 2)
    return xp.average(a), xp.average(a, weights=w, returned=True)


@pytest.mark.parametrize("case", ["zero weights", "zero weights on a slice", "no axis",
                                  "wrong shape", "bad axis"])
@numpy_cupylike_equal(
    accept_error=(TypeError, ValueError, ZeroDivisionError, numpy.exceptions.AxisError))
def test_average_errors(xp, case):
    a = xp_array(xp, numpy.arange(6.0).reshape(2, 3))
    w = {"zero weights": numpy.array([1.0, -1.0]), "no axis": numpy.ones(3),
         "zero weights on a slice": numpy.array([[1.0, -1, 0], [1, 1, 1]]),
         "wrong shape": numpy.ones(2), "bad axis": numpy.ones(3)}[case]
    axis = {"zero weights": 0, "no axis": None, "zero weights on a slice": 1,
            "wrong shape": 1, "bad axis": 2}[case]
    return xp.average(a, axis=axis, weights=xp_array(xp, w))


def test_average_zero_weights_message_and_empty_input():
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero, can't be normalized"):
        cupylike.average(cupylike.ones(2), weights=cupylike.asarray([1.0, -1.0]))
    with pytest.raises(ZeroDivisionError):
        cupylike.average(cupylike.ones(0), weights=cupylike.ones(0))
    with pytest.warns(RuntimeWarning):
        got = cupylike.average(cupylike.ones(0), returned=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = numpy.average(numpy.ones(0), returned=True)
    for g, e in zip(got, expected, strict=True):
        assert_array_equal(g, e)


# --- cov -------------------------------------------------------------------------------------


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.bool_, numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.complex128], ids=str)
@numpy_cupylike_close()
def test_cov_dtypes(xp, dtype):
    m = xp_array(xp, data(dtype, (3, 40), seed=5))
    return xp.cov(m), xp.cov(m, dtype=numpy.float32 if dtype != numpy.complex128 else None)


@pytest.mark.vendor_library
@pytest.mark.parametrize("rowvar", [True, False])
@pytest.mark.parametrize("bias,ddof", [(False, None), (True, None), (False, 0), (True, 3)],
                         ids=str)
@numpy_cupylike_close()
def test_cov_normalisation_and_orientation(xp, rowvar, bias, ddof):
    m = xp_array(xp, data(numpy.float64, (5, 7), seed=6))
    y = xp_array(xp, data(numpy.float64, (2, 7) if rowvar else (5, 2), seed=7))
    return (xp.cov(m, rowvar=rowvar, bias=bias, ddof=ddof),
            xp.cov(m, y, rowvar=rowvar, bias=bias, ddof=ddof))


@pytest.mark.vendor_library
@pytest.mark.parametrize("weights", ["f", "a", "fa"])
@pytest.mark.parametrize("ddof", [None, 0, 2])
@numpy_cupylike_close()
def test_cov_frequency_and_analytic_weights(xp, weights, ddof):
    m = xp_array(xp, data(numpy.float64, (3, 9), seed=8))
    f = numpy.array([1, 2, 0, 3, 1, 1, 4, 2, 1]) if "f" in weights else None
    a = numpy.linspace(0.1, 2, 9) if "a" in weights else None
    return xp.cov(m, ddof=ddof, fweights=f, aweights=None if a is None else xp_array(xp, a))


@pytest.mark.vendor_library
@numpy_cupylike_close()
def test_cov_of_one_variable_is_0d(xp):
    x = xp_array(xp, data(numpy.float64, 50, seed=9))
    return xp.cov(x), xp.cov(x[None, :]), xp.cov(x[::-3], rowvar=False), xp.cov(x, x)


@pytest.mark.vendor_library
@pytest.mark.parametrize("n", [1, 31, 32, 33, 1025])
@numpy_cupylike_close(ulps=64)
def test_cov_sizes(xp, n):
    return xp.cov(xp_array(xp, data(numpy.float64, (3, n), seed=n)))


@pytest.mark.vendor_library
def test_cov_warns_when_degrees_of_freedom_run_out():
    m = data(numpy.float64, (2, 3))
    with pytest.warns(RuntimeWarning, match="Degrees of freedom <= 0 for slice"):
        got = cupylike.cov(cupylike.asarray(m), ddof=3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = numpy.cov(m, ddof=3)
    assert_array_equal(got, expected)


@numpy_cupylike_equal()
def test_cov_of_no_variables_is_empty(xp):
    return xp.cov(xp_array(xp, numpy.zeros((0, 4))))


@pytest.mark.parametrize("case", ["3-D m", "3-D y", "fweights float", "fweights 2-D",
                                  "fweights length", "fweights negative", "aweights 2-D",
                                  "aweights length", "aweights negative", "y length"])
@numpy_cupylike_equal(accept_error=(RuntimeError, TypeError, ValueError))
def test_cov_errors(xp, case):
    m = xp_array(xp, numpy.arange(12.0).reshape(3, 4))
    kwargs = {
        "3-D m": {"m": xp_array(xp, numpy.zeros((2, 2, 2)))},
        "3-D y": {"y": xp_array(xp, numpy.zeros((2, 2, 4)))},
        "fweights float": {"fweights": numpy.array([1, 1.5, 1, 1])},
        "fweights 2-D": {"fweights": numpy.ones((2, 2), int)},
        "fweights length": {"fweights": numpy.ones(3, int)},
        "fweights negative": {"fweights": numpy.array([1, -1, 1, 1])},
        "aweights 2-D": {"aweights": numpy.ones((2, 2))},
        "aweights length": {"aweights": numpy.ones(5)},
        "aweights negative": {"aweights": numpy.array([1, -1, 1, 1.0])},
        "y length": {"y": xp_array(xp, numpy.zeros((2, 5)))},
    }[case]
    return xp.cov(kwargs.pop("m", m), **kwargs)


# --- corrcoef --------------------------------------------------------------------------------


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float32, numpy.float64, numpy.complex128],
                         ids=str)
@numpy_cupylike_close()
def test_corrcoef_dtypes(xp, dtype):
    x = xp_array(xp, data(dtype, (4, 30), seed=10))
    return xp.corrcoef(x), xp.corrcoef(x, rowvar=False), xp.corrcoef(x, dtype=numpy.float32)


@pytest.mark.vendor_library
@numpy_cupylike_close()
def test_corrcoef_with_y_and_one_variable(xp):
    x = xp_array(xp, data(numpy.float64, 25, seed=11))
    y = xp_array(xp, data(numpy.float64, 25, seed=12))
    return xp.corrcoef(x), xp.corrcoef(x, y), xp.corrcoef(x[None, :], y[None, ::-1])


@pytest.mark.vendor_library
def test_corrcoef_is_clipped_to_one():
    # Perfectly correlated rows whose rounding would give 1 + eps without the clip.
    x = numpy.array([[0.1, 0.2, 0.3, 0.4, 0.7], [0.3, 0.6, 0.9, 1.2, 2.1]]) * 3.3
    got = cupylike.corrcoef(cupylike.asarray(x)).get()
    assert numpy.all(numpy.abs(got) <= 1)
    numpy.testing.assert_allclose(got, numpy.corrcoef(x), rtol=1e-15, atol=1e-15)
    c = cupylike.corrcoef(cupylike.asarray(x * (1 + 1j))).get()
    assert numpy.all(numpy.abs(c.real) <= 1) and numpy.all(numpy.abs(c.imag) <= 1)


@pytest.mark.vendor_library
@numpy_cupylike_equal()
def test_corrcoef_of_constant_rows_is_nan(xp):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return xp.corrcoef(xp_array(xp, numpy.ones((2, 4))))
