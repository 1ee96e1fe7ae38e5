"""Math and signal functions against NumPy: gradient, cross, trapezoid, interp, convolve,
correlate, sinc, i0, unwrap, and diff / ediff1d's edges. Values, dtypes and shapes are NumPy's;
floating results agree to a few units in the last place of their dtype (relative to the
largest magnitude where results are sums of many terms), integer results exactly."""

import warnings

import numpy
import pytest

import cupylike
from cupylike._core import _numpy_version
from cupylike._math import _convolve
from cupylike.testing import (
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    assert_array_equal,
    for_dtypes,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
)

pytestmark = [pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning"),
              pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning"),
              pytest.mark.filterwarnings("ignore:overflow:RuntimeWarning")]


def on(xp, host):
    return cupylike.asarray(host) if xp is cupylike else host


def data(dtype, shape, seed=0, scale=5):
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in "iu":
        return rng.integers(0, 50, shape).astype(dtype)
    values = rng.standard_normal(shape) * scale
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(shape) * scale
    return values.astype(dtype)


def close(ulps=16, **kwargs):
    """Floating values within `ulps` of the dtype's epsilon, relative and against the largest
    magnitude (float16 to 4 ulps of float16's coarse grid is reached through float32)."""
    tol = {dtype: ulps * numpy.finfo(dtype).eps for dtype in FLOAT_DTYPES + COMPLEX_DTYPES}
    return numpy_cupylike_allclose(rtol=tol, atol=tol, scale_atol=True, **kwargs)


# --- gradient ---------------------------------------------------------------------------------


@for_dtypes([numpy.int16, numpy.float16, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("edge_order", [1, 2])
@close()
def test_gradient_uniform_spacing_along_every_axis_is_a_tuple(xp, dtype, edge_order):
    f = on(xp, data(dtype, (5, 7)))
    return (xp.gradient(f, edge_order=edge_order), xp.gradient(f, 2.0, edge_order=edge_order),
            xp.gradient(f, 0.5, 3, edge_order=edge_order))


@pytest.mark.parametrize("edge_order", [1, 2])
@close()
def test_gradient_with_coordinates_and_axis(xp, edge_order):
    f = on(xp, data(numpy.float64, (5, 7)))
    x5 = on(xp, numpy.array([0, 1, 3, 4, 9]))  # integer coordinates become float64
    x7 = on(xp, numpy.cumsum(numpy.random.default_rng(1).random(7)))
    even = on(xp, numpy.arange(5.0) * 2)  # evenly spaced: the uniform formulas
    return (xp.gradient(f, x5, x7, edge_order=edge_order),
            xp.gradient(f, x7, axis=1, edge_order=edge_order),
            xp.gradient(f, x5, 2.0, axis=(0, -1), edge_order=edge_order),
            xp.gradient(f, even, axis=0, edge_order=edge_order))


@close()
def test_gradient_of_views_and_one_dimension(xp):
    f = on(xp, data(numpy.float32, (6, 9)))
    return (xp.gradient(f[::-1, ::2]), xp.gradient(f.T, axis=0),
            xp.gradient(on(xp, numpy.arange(6) ** 2)), xp.gradient(on(xp, numpy.zeros((0, 3))),
                                                                   axis=1))


@pytest.mark.parametrize("shape, args, kwargs, error", [
    ((2,), (), {"edge_order": 2}, ValueError),  # fewer points than edge_order + 1
    ((5, 7), (1.0, 2.0, 3.0), {}, TypeError),  # too many spacings
    ((5, 7), (numpy.arange(7.0),), {}, TypeError),  # one coordinate array for two axes
    ((5, 7), (numpy.ones((5, 2)), 1.0), {}, ValueError),  # coordinates not 1-d
    ((5, 7), (numpy.arange(4.0), 1.0), {}, ValueError),  # coordinates of the wrong length
    ((5, 7), (), {"edge_order": 3}, ValueError),
    ((5, 7), (), {"axis": 2}, numpy.exceptions.AxisError),
])
def test_gradient_errors_are_numpys(shape, args, kwargs, error):
    for xp in (numpy, cupylike):
        f = on(xp, numpy.ones(shape))
        with pytest.raises(error):
            xp.gradient(f, *[on(xp, a) if isinstance(a, numpy.ndarray) else a for a in args],
                        **kwargs)


# --- cross ------------------------------------------------------------------------------------


@numpy_cupylike_equal()
def test_cross_of_3_vectors_broadcasts(xp):
    a3 = on(xp, data(numpy.int64, (4, 3)))
    b3 = on(xp, data(numpy.int64, (2, 1, 3), seed=1))
    return xp.cross(a3, b3), xp.cross(a3[::-1], b3[..., ::-1])


@pytest.mark.filterwarnings("ignore:Arrays of 2-dimensional vectors:DeprecationWarning")
@pytest.mark.parametrize("shapes", [((4, 2), (2,)), ((4, 3), (2,)), ((4, 2), (2, 1, 3)),
                                    ((2,), (2,))])
@numpy_cupylike_equal(accept_error=ValueError)  # NumPy 2.5 removed 2-vectors
def test_cross_of_2_vectors_as_the_installed_numpy(xp, shapes):
    a = on(xp, data(numpy.int32, shapes[0], seed=2))
    b = on(xp, data(numpy.int8, shapes[1], seed=3))
    return xp.cross(a, b)


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@for_dtypes([numpy.float32, numpy.float64, numpy.complex128])
@close()
def test_cross_axes(xp, dtype):
    a = on(xp, data(dtype, (3, 4)))
    b = on(xp, data(dtype, (4, 3), seed=1))
    return (xp.cross(a, b, axisa=0), xp.cross(a, b.T, axis=0),
            xp.cross(a, b, axisa=0, axisb=1, axisc=0), xp.cross(a.T, b.astype(numpy.int8)))


@pytest.mark.parametrize("version", [(2, 4), (2, 5)])
def test_cross_of_2_vectors_follows_the_numpy_release(monkeypatch, version):
    monkeypatch.setattr(_numpy_version, "NUMPY_VERSION", version)
    a2 = cupylike.asarray(numpy.array([1.0, 2.0]))
    b3 = cupylike.asarray(numpy.array([1.0, 2.0, 3.0]))
    if version >= (2, 5):
        with pytest.raises(ValueError, match=r"must be \(arrays of\) 3-dimensional vectors, but "
                                             "they are 2 and 3 dimensional instead"):
            cupylike.cross(a2, b3)
        with pytest.raises(ValueError, match="they are 2 and 2 dimensional"):
            cupylike.cross(a2, a2)
    else:
        with pytest.warns(DeprecationWarning, match="2-dimensional vectors are deprecated"):
            assert_array_equal(cupylike.cross(a2, b3), numpy.array([6.0, -3.0, 0.0]))
        with pytest.warns(DeprecationWarning, match="2-dimensional vectors are deprecated"):
            assert_array_equal(cupylike.cross(a2, a2 * 2 + 1), numpy.array(-1.0))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cupylike.cross(b3, b3)


@pytest.mark.parametrize("a, b, kwargs, error", [
    (numpy.ones(4), numpy.ones(3), {}, ValueError),
    (numpy.array(1.0), numpy.ones(3), {}, ValueError),
    (numpy.ones(3, bool), numpy.ones(3, bool), {}, TypeError),  # bool subtract
    (numpy.ones(3), numpy.ones(3), {"axisc": 2}, numpy.exceptions.AxisError),
    (numpy.ones(3), numpy.ones(3), {"axisa": 1}, numpy.exceptions.AxisError),
])
def test_cross_errors_are_numpys(a, b, kwargs, error):
    for xp in (numpy, cupylike):
        with pytest.raises(error):
            xp.cross(on(xp, a), on(xp, b), **kwargs)


# --- trapezoid, unwrap ------------------------------------------------------------------------


@for_dtypes([numpy.bool_, numpy.int8, numpy.float32, numpy.float64, numpy.complex128])
@close()
def test_trapezoid_with_spacing_or_sample_points(xp, dtype):
    y = on(xp, data(dtype, (3, 6)))
    x = on(xp, numpy.cumsum(numpy.random.default_rng(1).random(6)))
    x2 = on(xp, numpy.cumsum(numpy.random.default_rng(2).random((3, 6)), axis=1))
    return (xp.trapezoid(y), xp.trapezoid(y, dx=0.5), xp.trapezoid(y, x),
            xp.trapezoid(y.T, x, axis=0), xp.trapezoid(y, x2), xp.trapezoid(y[::-1, ::2], axis=0),
            xp.trapezoid(on(xp, numpy.ones(0))))


@close(ulps=64)
def test_unwrap_float(xp):
    p = on(xp, numpy.cumsum(numpy.random.default_rng(1).standard_normal((4, 50)) * 2, axis=1))
    edge = on(xp, numpy.array([0, -numpy.pi, 0, numpy.pi]))
    return (xp.unwrap(p), xp.unwrap(p.T, axis=0), xp.unwrap(p.astype(numpy.float32)),
            xp.unwrap(p, discont=4.0), xp.unwrap(p, period=3.0), xp.unwrap(edge),
            xp.unwrap(p[:, ::-3]), xp.unwrap(on(xp, numpy.ones(0))))


@numpy_cupylike_equal()
def test_unwrap_integer_period_stays_integer(xp):
    p = on(xp, numpy.array([0, 3, 6, 1, 9, 2]))
    return xp.unwrap(p, period=4), xp.unwrap(p, period=5), xp.unwrap(p, period=4.0)


# --- interp -----------------------------------------------------------------------------------


def _samples(xp, n=20):
    rng = numpy.random.default_rng(2)
    xs = numpy.sort(rng.random(n)) * 10
    return on(xp, xs), on(xp, rng.standard_normal(n)), on(xp, rng.random((3, 30)) * 12 - 1)


@numpy_cupylike_equal()
def test_interp_inside_outside_and_at_points(xp):
    xs, ys, x = _samples(xp)
    special = xp.concatenate((on(xp, numpy.array([numpy.nan])), xs[:4], xs[-1:]))
    return (xp.interp(x, xs, ys), xp.interp(x, xs, ys, left=-5, right=7.5),
            xp.interp(special, xs, ys), xp.interp(x[:, ::-2], xs, ys),
            xp.interp(x.astype(numpy.float32), xs.astype(numpy.int32), ys.astype(numpy.float32)),
            xp.interp(x[0, 0], xs, ys), xp.interp(x[:0], xs, ys))


@numpy_cupylike_equal()
def test_interp_complex_and_one_point(xp):
    xs, ys, x = _samples(xp)
    one = on(xp, numpy.array([numpy.nan, 0, 1, 2.0]))
    return (xp.interp(x, xs, ys + 1j * ys[::-1]), xp.interp(x, xs, ys + 1j, left=1j),
            xp.interp(x, xs[:1], ys[:1]), xp.interp(one, one[2:3], ys[:1]))


@numpy_cupylike_equal()
def test_interp_infinite_values_and_repeated_points(xp):
    x = on(xp, numpy.linspace(0, 3, 13))
    xs = on(xp, numpy.array([0, 1, 1, 2, 3.0]))
    ys = on(xp, numpy.array([0.0, numpy.inf, 1, numpy.inf, 2]))
    return xp.interp(x, xs, ys), xp.interp(x, xs, -ys)


@close()
def test_interp_periodic_and_decreasing(xp):
    xs, ys, x = _samples(xp)
    return (xp.interp(x, xs, ys, period=3), xp.interp(x, xs, ys, period=-4.5),
            xp.interp(x, xs[::-1], ys))  # decreasing xp: left below xp[-1], right above


@pytest.mark.parametrize("xs, ys, kwargs, error", [
    (numpy.ones(0), numpy.ones(0), {}, ValueError),
    (numpy.arange(2.0), numpy.ones(1), {}, ValueError),
    (numpy.ones((1, 2)), numpy.ones((1, 2)), {}, ValueError),
    (numpy.arange(2.0), numpy.ones(2), {"period": 0}, ValueError),
    (numpy.arange(2.0) * 1j, numpy.ones(2), {}, TypeError),  # no safe cast to float64
])
def test_interp_errors_are_numpys(xs, ys, kwargs, error):
    for xp in (numpy, cupylike):
        with pytest.raises(error):
            xp.interp(on(xp, numpy.ones(3)), on(xp, xs), on(xp, ys), **kwargs)


# --- convolve, correlate ----------------------------------------------------------------------

LENGTHS = [(5, 3), (6, 4), (3, 5), (4, 6), (1, 4), (4, 1), (1, 1), (300, 70), (70, 301),
           (20000, 300)]  # the last: overlap-add over 8192-point blocks


@pytest.fixture(params=["direct", "fft"])
def path(request, monkeypatch):
    """Both paths for floating inputs: the FFT from the first length on, or never."""
    monkeypatch.setattr(_convolve, "FFT_FROM", 1 if request.param == "fft" else 1 << 62)
    monkeypatch.setattr(_convolve, "FFT_WORK", 1)
    return request.param


@for_dtypes([numpy.float16, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("n, m", LENGTHS)
@close(ulps=64)
def test_convolve_and_correlate_floating(xp, dtype, n, m, path):
    a, v = on(xp, data(dtype, (n,))), on(xp, data(dtype, (m,), seed=1))
    return [f(a, v, mode) for f in (xp.convolve, xp.correlate) for mode in
            ("full", "same", "valid")]


@for_dtypes([numpy.bool_, numpy.int8, numpy.uint16, numpy.int64])
@pytest.mark.parametrize("n, m", LENGTHS[:5] + [(300, 70)])
@numpy_cupylike_equal()
def test_convolve_and_correlate_integers_are_exact(xp, dtype, n, m):
    # int8 sums of products of up to 50 * 50 wrap, as NumPy's do.
    a, v = on(xp, data(dtype, (n,))), on(xp, data(dtype, (m,), seed=1))
    return [f(a, v, mode) for f in (xp.convolve, xp.correlate) for mode in (0, 1, 2)]


@close(ulps=64)
def test_convolve_promotes_and_takes_views_and_scalars(xp):
    a = on(xp, data(numpy.int8, (40,)))
    v = on(xp, data(numpy.float32, (7,)))
    return (xp.convolve(a, v), xp.convolve(on(xp, numpy.uint8([1, 2])), on(xp, numpy.int8([3]))),
            xp.correlate(a[::-3], a[5:1:-1], "same"), xp.convolve(a[0], a[1]))


@pytest.mark.parametrize("function", ["convolve", "correlate"])
@pytest.mark.parametrize("a, v, mode, error", [
    ([], [1], "full", ValueError),
    ([1], [], "full", ValueError),
    ([1, 2], [1], "bad", ValueError),
    ([1, 2], [1], "v", ValueError),
    ([1, 2], [1], "Same", ValueError),
    ([1, 2], [1], 3, ValueError),
    ([1, 2], [1], 1.0, TypeError),
    ([1, 2], [1], None, TypeError),
    ([[1, 2]], [1], "full", ValueError),
])
def test_convolve_errors_are_numpys(function, a, v, mode, error):
    for xp in (numpy, cupylike):
        with pytest.raises(error) as raised:
            getattr(xp, function)(on(xp, numpy.array(a)), on(xp, numpy.array(v)), mode)
        if xp is numpy:
            expected = str(raised.value)
    if "array argument" not in expected and "too deep" not in expected:
        assert str(raised.value) == expected


# --- sinc, i0 ---------------------------------------------------------------------------------


@for_dtypes([numpy.int32, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
             numpy.complex128])
@close(ulps=4)
def test_sinc(xp, dtype):
    x = numpy.linspace(-30, 30, 241)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * x[::-1] / 10
    x = on(xp, x.astype(dtype))
    return xp.sinc(x), xp.sinc(x[::-3]), xp.sinc(x[0]), xp.sinc(x[:0])


@for_dtypes([numpy.bool_, numpy.int64, numpy.float16, numpy.float32, numpy.float64])
@close(ulps=8)
def test_i0_to_a_few_ulps(xp, dtype):
    x = on(xp, numpy.linspace(-30, 30, 241).astype(dtype))
    if numpy.dtype(dtype) == numpy.float16:
        x = x / 4  # i0 overflows float16 from 11.8 on
    return xp.i0(x), xp.i0(x[::-2]), xp.i0(x[3]), xp.i0(x[:0])


def test_i0_of_complex_raises_type_error():
    for xp in (numpy, cupylike):
        with pytest.raises(TypeError, match="i0 not supported for complex values"):
            xp.i0(on(xp, numpy.ones(2, complex)))


# --- diff, ediff1d ----------------------------------------------------------------------------


@numpy_cupylike_equal()
def test_diff_and_ediff1d_edges(xp):
    a = on(xp, numpy.arange(12).reshape(3, 4) ** 2)
    return (xp.diff(a, n=2, axis=0), xp.diff(a, prepend=0, append=on(xp, numpy.ones((3, 1), int))),
            xp.diff(a, n=5), xp.diff(on(xp, numpy.array([True, False, False]))),
            xp.diff(a.astype(numpy.uint8), prepend=1.5),
            xp.ediff1d(a, to_end=[1, 2], to_begin=-5),
            xp.ediff1d(on(xp, numpy.ones(1)), to_begin=[]), xp.ediff1d(a[::-1, ::2]))
