"""isclose, allclose, array_equal, array_equiv, isneginf, isposinf, the type checks,
real_if_close and the memory-overlap queries against NumPy, with NaN and infinities, 0-d,
empty, strided and broadcast operands, and NumPy's errors."""

import warnings

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_equal

NAN, INF = numpy.nan, numpy.inf
CLOSE_A = [1.0, 1e-9, NAN, INF, -INF, INF, 1e10, 0.0, NAN, -0.0]
CLOSE_B = [1.000001, 0.0, NAN, INF, INF, 1.0, 1.00001e10, 1e-9, 1.0, 0.0]


def _pair(xp, dtype):
    with numpy.errstate(over="ignore"):  # 1e10 is inf in float16
        a = numpy.array(CLOSE_A).astype(dtype)
        b = numpy.array(CLOSE_B).astype(dtype)
    return xp.asarray(a), xp.asarray(b)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.float16,
                                   numpy.complex64], ids=str)
@pytest.mark.parametrize("equal_nan", [False, True])
def test_isclose_with_nan_and_infinities(dtype, equal_nan, xp):
    a, b = _pair(xp, dtype)
    return (xp.isclose(a, b, equal_nan=equal_nan), xp.isclose(b, a, 1e-3, 1e-6, equal_nan),
            xp.allclose(a, a, equal_nan=equal_nan))


@numpy_cupylike_equal()
def test_isclose_of_integers_and_scalars(xp):
    i = xp.asarray(numpy.array([numpy.iinfo(numpy.int64).min, 0, 5], numpy.int64))
    u = xp.asarray(numpy.array([0, 5, 255], numpy.uint8))
    b = xp.asarray(numpy.array([True, False]))
    return (xp.isclose(i, i), xp.isclose(u, 5), xp.isclose(5, u), xp.isclose(b, 1.0),
            xp.isclose(u, numpy.float32(5)), xp.isclose(i, i[::-1], atol=10),
            xp.isclose(i, xp.asarray(numpy.array([1.0, 2.0, 3.0])), rtol=xp.asarray(
                numpy.array([0.0, 1.0, 1.0]))))


@numpy_cupylike_equal()
def test_isclose_broadcasts_strided_empty_and_0d(xp):
    a = xp.asarray(numpy.linspace(0, 1, 12).reshape(3, 4))[::-1, ::2]
    row = xp.asarray(numpy.array([1.0, 0.0]))
    z = xp.asarray(numpy.array(0.5))
    e = xp.asarray(numpy.zeros((0, 3)))
    return (xp.isclose(a, row, atol=0.5), xp.isclose(z, 0.5000001), xp.isclose(e, 1.0),
            xp.isclose(z, a), xp.allclose(e, 1.0), xp.allclose(a, row, atol=1.0))


def test_isclose_of_0d_gives_0d_array():
    r = cupylike.isclose(cupylike.asarray(numpy.array(1.0)), 1.0)
    assert isinstance(r, cupylike.ndarray) and r.shape == () and bool(r)
    assert cupylike.allclose(cupylike.ones(2), 1.0) is True


def test_isclose_reports_bad_tolerance_as_numpy():
    a = cupylike.ones(2)
    with pytest.warns(RuntimeWarning, match="One of rtol or atol is not valid"):
        cupylike.isclose(a, a, atol=INF)
    with numpy.errstate(invalid="raise"), pytest.raises(FloatingPointError, match="not valid"):
        cupylike.isclose(a, a, rtol=cupylike.asarray(numpy.array([NAN, 1.0])))
    with numpy.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("error")
        cupylike.isclose(a, a, atol=INF)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64], ids=str)
@pytest.mark.parametrize("rtol, atol", [(1e-5, 1e-8), (1e-3, 0.0), (0, 1e-6)])
def test_isclose_one_pass_agrees_with_numpy_on_random_values(dtype, rtol, atol):
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal(5000).astype(dtype)
    b = (a * (1 + rng.standard_normal(5000) * 1e-5)).astype(dtype)
    a[::97], b[::89], a[::101], b[::103] = NAN, NAN, INF, -INF
    a[::7] = b[::7]
    for equal_nan in (False, True):
        got = cupylike.isclose(cupylike.asarray(a), cupylike.asarray(b), rtol, atol, equal_nan)
        numpy.testing.assert_array_equal(got.get(), numpy.isclose(a, b, rtol, atol, equal_nan))


@numpy_cupylike_equal(accept_error=ValueError)
def test_isclose_shape_mismatch(xp):
    return xp.isclose(xp.ones(2), xp.ones(3))


def test_closeness_refuses_host_arrays():
    for f in (cupylike.isclose, cupylike.allclose, cupylike.array_equal, cupylike.array_equiv):
        with pytest.raises(TypeError, match="cupylike.ndarray"):
            f(cupylike.ones(2), numpy.ones(2))


@numpy_cupylike_equal()
@pytest.mark.parametrize("equal_nan", [False, True])
def test_array_equal(equal_nan, xp):
    a = xp.asarray(numpy.array([1.0, NAN, 3.0]))
    b = xp.asarray(numpy.array([1.0, NAN, 3.0]))
    c = xp.asarray(numpy.array([NAN, 1.0, 3.0]))
    i = xp.asarray(numpy.array([1, 2, 3]))
    z = xp.asarray(numpy.array([1 + 1j, complex(NAN, 0)]))
    return [xp.array_equal(a, b, equal_nan=equal_nan), xp.array_equal(a, a, equal_nan),
            xp.array_equal(a, c, equal_nan=equal_nan), xp.array_equal(i, i[::-1] * 0 + i),
            xp.array_equal(i, a, equal_nan=equal_nan), xp.array_equal(a, a[:2]),
            xp.array_equal(z, z.copy(), equal_nan=equal_nan), xp.array_equal(3, 3.0),
            xp.array_equal(xp.ones((0, 2)), xp.ones((0, 2))),
            xp.array_equal(xp.asarray(numpy.array(2.0)), 2, equal_nan=equal_nan)]


@numpy_cupylike_equal()
def test_array_equiv(xp):
    a = xp.asarray(numpy.array([1, 2]))
    return [xp.array_equiv(a, xp.asarray(numpy.array([[1, 2], [1, 2]]))),
            xp.array_equiv(a, xp.asarray(numpy.array([[1, 2, 1, 2]]))),
            xp.array_equiv(a, xp.asarray(numpy.array([[1, 2], [1, 3]]))),
            xp.array_equiv(xp.asarray(numpy.array(1)), xp.ones((2, 2), dtype=xp.int64)),
            xp.array_equiv(a, 1), xp.array_equiv(xp.ones((0,)), xp.ones((0, 3)))]


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int32], ids=str)
def test_isneginf_isposinf(dtype, xp):
    with numpy.errstate(invalid="ignore"):
        host = numpy.array([-INF, INF, NAN, -0.0, 1.0, -5.0]).astype(dtype)
    x = xp.asarray(host)[::-1]
    out = xp.ones(6, dtype=xp.bool_)
    r = xp.isposinf(x, out)
    return xp.isneginf(x), r, out, xp.isposinf(x, out=xp.zeros(6)), xp.isneginf(-INF)


@numpy_cupylike_equal(accept_error=TypeError)
@pytest.mark.parametrize("f", ["isneginf", "isposinf"])
def test_isinf_with_sign_of_complex(f, xp):
    return getattr(xp, f)(xp.ones(2, dtype=xp.complex128))


def test_isinf_with_sign_of_complex_message():
    with pytest.raises(TypeError, match="not supported for complex64 values because it would"):
        cupylike.isposinf(cupylike.ones(2, dtype=cupylike.complex64))


@numpy_cupylike_equal()
@pytest.mark.parametrize("values", [[1 + 2j, 3 + 0j, -0.0j], [1.0, 2.0], [], 5], ids=str)
def test_iscomplex_isreal(values, xp):
    x = xp.asarray(numpy.array(values))
    return (xp.iscomplex(x), xp.isreal(x), xp.iscomplexobj(x), xp.isrealobj(x),
            xp.iscomplexobj(values), xp.isrealobj(values))


@pytest.mark.parametrize("value", [1, 1.5, 1j, "s", numpy.float32(1), [1], None, (),
                                   numpy.complex64, numpy.complex64(1), [1j], numpy.dtype("F")],
                         ids=str)
def test_host_values_type_checks_are_numpys(value):
    assert cupylike.iscomplexobj(value) == numpy.iscomplexobj(value)
    assert cupylike.isrealobj(value) == numpy.isrealobj(value)
    assert cupylike.isscalar(value) == numpy.isscalar(value)
    assert cupylike.iterable(value) == numpy.iterable(value)


def test_isscalar_and_iterable_of_device_arrays():
    assert not cupylike.isscalar(cupylike.ones(()))
    assert cupylike.iterable(cupylike.ones(2)) and not cupylike.iterable(cupylike.ones(()))


@numpy_cupylike_equal()
def test_isfortran(xp):
    a = xp.asarray(numpy.ones((2, 3)))
    return [xp.isfortran(a), xp.isfortran(a.T), xp.isfortran(xp.asarray(numpy.ones(3))),
            xp.isfortran(a[:, ::2].T), xp.isfortran(xp.asarray(numpy.ones((2, 3), order="F")))]


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128], ids=str)
@pytest.mark.parametrize("tol", [100, 1e-3, 1])
def test_real_if_close(dtype, tol, xp):
    close = xp.asarray(numpy.array([1 + 1e-15j, 2 - 1e-14j], dtype))
    far = xp.asarray(numpy.array([1 + 1e-2j, 2 + 0j], dtype))
    real = xp.asarray(numpy.array([1, 2], numpy.int16))
    return (xp.real_if_close(close, tol), xp.real_if_close(far, tol=tol),
            xp.real_if_close(real, tol), xp.real_if_close(close[:0], tol))


def test_real_if_close_returns_the_same_array_when_real():
    a = cupylike.ones(2)
    assert cupylike.real_if_close(a) is a


def _overlap_cases(xp):
    x = xp.asarray(numpy.arange(24, dtype=numpy.float64))
    m = x.reshape(4, 6)
    return [(x, x), (x[::2], x[1::2]), (x[:12], x[12:]), (x[:13], x[12:]), (m[:, 0], m[:, 1]),
            (m, m.T), (x[::-1], x[:3]), (x[:0], x), (m[1:3, 2:4], m[:, 3]),
            (x.view(xp.int32)[1::2], x), (xp.asarray(numpy.ones(()))[()], x)]


@pytest.mark.parametrize("case", range(11))
def test_shares_memory_and_may_share_memory_match_numpy(case):
    a, b = _overlap_cases(cupylike)[case]
    na, nb = _overlap_cases(numpy)[case]
    assert cupylike.shares_memory(a, b) == numpy.shares_memory(na, nb)
    assert cupylike.may_share_memory(a, b) == numpy.may_share_memory(na, nb)
    assert cupylike.may_share_memory(a, b, max_work=-1) == numpy.may_share_memory(
        na, nb, max_work=-1)


def test_shares_memory_gives_up_as_numpy():
    x = cupylike.arange(10000, dtype=cupylike.int8)
    nx = numpy.arange(10000, dtype=numpy.int8)
    a, b = x.reshape(100, 100)[::3, ::7], x.reshape(100, 100)[1::5, 2::11]
    na, nb = nx.reshape(100, 100)[::3, ::7], nx.reshape(100, 100)[1::5, 2::11]
    with pytest.raises(cupylike.exceptions.TooHardError):
        numpy.shares_memory(na, nb, max_work=1)
    with pytest.raises(cupylike.exceptions.TooHardError):
        cupylike.shares_memory(a, b, max_work=1)
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        cupylike.shares_memory(x, nx)


@pytest.mark.parametrize("view", [lambda m: m, lambda m: m[::-1, 1::2], lambda m: m.T[1],
                                  lambda m: m[:0], lambda m: m[2, 3:4]],
                         ids=["whole", "reversed", "column", "empty", "one"])
def test_byte_bounds_match_numpys_relative_to_the_base(view):
    base = cupylike.arange(20, dtype=cupylike.float32).reshape(4, 5)
    nbase = numpy.arange(20, dtype=numpy.float32).reshape(4, 5)
    low, high = cupylike.byte_bounds(view(base))
    nlow, nhigh = numpy.lib.array_utils.byte_bounds(view(nbase))
    start, nstart = base.data.ptr, nbase.__array_interface__["data"][0]
    assert (low - start, high - start) == (nlow - nstart, nhigh - nstart)
