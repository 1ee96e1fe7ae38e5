"""The functions the Array API 2024.12 added to NumPy's namespace (astype, concat, permute_dims,
matrix_transpose, unstack, unique_*, cumulative_*, vecdot, the linalg extension's forms) give
NumPy's values and dtypes over dtypes and layouts; test_array_api_namespace.py checks the names
and signatures."""

import warnings

import numpy
import pytest
from helpers.layouts import layout_pairs

import cupylike
from cupylike.testing import (
    ALL_DTYPES,
    COMPLEX_DTYPES,
    FLOAT_DTYPES,
    assert_allclose,
    assert_array_equal,
    assert_same,
    numpy_cupylike_allclose,
    numpy_cupylike_equal,
)


def _pairs(dtype, names=("C", "sliced", "negative", "transposed", "0-d", "empty"), values=None):
    return [(n, h, d) for n, h, d in layout_pairs(dtype, values=values) if n in names]


def _castable(host):
    # Values every cast defines: NaN, infinities and out-of-range floats to integers are
    # undefined in C (test_astype.py pins down what cupylike gives for them).
    if host.dtype.kind not in "fc":
        return host
    with numpy.errstate(invalid="ignore"):  # the non-finite values where() drops
        return numpy.where(numpy.isfinite(host), numpy.abs(host) % 100, 0).astype(host.dtype)


@pytest.mark.parametrize("src", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
@pytest.mark.parametrize("dst", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_astype_values_as_numpy(src, dst):
    for name, host, dev in _pairs(src, ("C", "negative", "0-d", "empty"), values=_castable):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = numpy.astype(host, dst)
            actual = cupylike.astype(dev, dst)
        assert_array_equal(actual, expected, err_msg=name)


def test_astype_copy_false_keeps_the_array():
    x = cupylike.arange(3)
    assert cupylike.astype(x, x.dtype, copy=False) is x
    assert cupylike.astype(x, x.dtype) is not x
    assert cupylike.astype(x, numpy.float32, copy=False).dtype == numpy.float32


def test_astype_moves_to_a_device():
    x = cupylike.arange(3)
    for device in cupylike.__array_namespace_info__().devices():
        y = cupylike.astype(x, numpy.float64, device=device)
        assert y.device == device
        assert_array_equal(y, numpy.arange(3.0))


def test_astype_refuses_host_data():
    with pytest.raises(TypeError):
        cupylike.astype(numpy.arange(3), numpy.float32)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
@numpy_cupylike_equal()
def test_concat_as_numpy(axis, xp):
    a = xp.asarray(numpy.arange(12, dtype=numpy.int16).reshape(3, 4))
    b = xp.asarray(numpy.arange(12.0, dtype=numpy.float32).reshape(3, 4))[::-1]
    return xp.concat((a, b), axis=axis)


@numpy_cupylike_equal(accept_error=ValueError)
def test_concat_refuses_mismatched_shapes(xp):
    return xp.concat((xp.zeros((2, 3)), xp.zeros((3, 2))), axis=0)


@pytest.mark.parametrize("axes", [None, (2, 0, 1), (0, 1, 2), (-1, 0, 1)])
def test_permute_dims_is_numpys_view(axes):
    for name, host, dev in _pairs(numpy.dtype(numpy.float32), ("C", "sliced", "negative")):
        assert_array_equal(cupylike.permute_dims(dev, axes), numpy.permute_dims(host, axes),
                           strides_check=True, err_msg=name)


@numpy_cupylike_equal(accept_error=ValueError)
def test_permute_dims_refuses_a_wrong_permutation(xp):
    return xp.permute_dims(xp.zeros((2, 3)), (0, 0))


def test_matrix_transpose_is_numpys_view():
    for name, host, dev in _pairs(numpy.dtype(numpy.complex64), ("C", "sliced", "negative",
                                                                  "transposed", "empty")):
        assert_array_equal(cupylike.matrix_transpose(dev), numpy.matrix_transpose(host),
                           strides_check=True, err_msg=name)
        assert_array_equal(cupylike.linalg.matrix_transpose(dev),
                           numpy.linalg.matrix_transpose(host), err_msg=name)


@numpy_cupylike_equal(accept_error=ValueError)
def test_matrix_transpose_refuses_vectors(xp):
    return xp.matrix_transpose(xp.zeros(3))


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_unstack_as_numpy(axis):
    for name, host, dev in _pairs(numpy.dtype(numpy.int32), ("C", "sliced", "negative",
                                                             "empty")):
        assert_same(cupylike.unstack(dev, axis=axis), numpy.unstack(host, axis=axis)), name


@numpy_cupylike_equal(accept_error=ValueError)
def test_unstack_refuses_0d(xp):
    return xp.unstack(xp.zeros(()))


@numpy_cupylike_equal(accept_error=IndexError)
def test_unstack_refuses_an_axis_out_of_bounds(xp):
    return xp.unstack(xp.zeros((2, 3)), axis=2)


# No -0.0 beside 0.0: which of them unique keeps is a known difference (docs/differences.md).
_UNIQUE_INPUT = numpy.array([[3.0, 1.0, numpy.nan], [1.0, 4.0, numpy.nan], [0.0, 3.0, 2.0]])


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int8, numpy.uint16,
                                   numpy.bool_, numpy.complex64], ids=str)
@pytest.mark.parametrize("name", ["unique_all", "unique_counts", "unique_inverse"])
def test_unique_results_as_numpy(name, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        host = numpy.nan_to_num(_UNIQUE_INPUT, nan=7) if dtype not in (
            numpy.float64, numpy.float32, numpy.complex64) else _UNIQUE_INPUT
        host = host.astype(dtype)
    for sub_host, sub_dev in [(host, cupylike.asarray(host)),
                              (host[::-1, ::2], cupylike.asarray(host)[::-1, ::2]),
                              (host[1, 1], cupylike.asarray(host)[1, 1]),
                              (host[:0], cupylike.asarray(host)[:0])]:
        expected = getattr(numpy, name)(sub_host)
        actual = getattr(cupylike, name)(sub_dev)
        assert type(actual).__name__ == type(expected).__name__
        assert actual._fields == expected._fields
        assert_same(tuple(actual), tuple(expected))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int16, numpy.complex128], ids=str)
def test_unique_values_as_numpy(dtype):
    host = (_UNIQUE_INPUT if dtype != numpy.int16 else numpy.nan_to_num(_UNIQUE_INPUT)).astype(
        dtype)
    # NumPy 2.4's unique_values does not promise an order (sorted=False): compare sorted.
    expected = numpy.sort(numpy.unique_values(host))
    assert_array_equal(cupylike.sort(cupylike.unique_values(cupylike.asarray(host))), expected)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint32, numpy.float32,
                                   numpy.float64, numpy.complex64], ids=str)
@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative_as_numpy(name, dtype, include_initial):
    for layout, host, dev in _pairs(numpy.dtype(dtype), ("C", "sliced", "negative", "empty")):
        if host.dtype.kind in "fc":  # small values, so products of many stay finite
            with numpy.errstate(invalid="ignore"):  # the non-finite values where() drops
                host = numpy.where(numpy.isfinite(host), host.real % 3 + 0.5, 1).astype(dtype)
        dev = cupylike.asarray(host)
        for axis in (0, 2, -1):
            expected = getattr(numpy, name)(host, axis=axis, include_initial=include_initial)
            actual = getattr(cupylike, name)(dev, axis=axis, include_initial=include_initial)
            assert_allclose(actual, expected, rtol=1e-5, err_msg=f"{layout} axis {axis}")
    vector = numpy.arange(1, 6).astype(dtype)
    assert_allclose(getattr(cupylike, name)(cupylike.asarray(vector),
                                            include_initial=include_initial),
                    getattr(numpy, name)(vector, include_initial=include_initial), rtol=1e-6)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@pytest.mark.parametrize("include_initial", [False, True])
@numpy_cupylike_equal()
def test_cumulative_of_0d_dtype_and_out_as_numpy(name, include_initial, xp):
    scalar = getattr(xp, name)(xp.asarray(3, dtype=xp.int16), include_initial=include_initial)
    x = xp.asarray(numpy.arange(1, 7, dtype=numpy.int32).reshape(2, 3))
    out = xp.zeros((2, 3 + include_initial), dtype=xp.float64)
    r = getattr(xp, name)(x, axis=1, dtype=xp.int64, out=out, include_initial=include_initial)
    return scalar, r, out


@numpy_cupylike_equal(accept_error=ValueError)
def test_cumulative_needs_an_axis_beyond_1d(xp):
    return xp.cumulative_sum(xp.ones((2, 2)))


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int64, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.complex128], ids=str)
def test_vecdot_as_numpy(dtype):
    rng = numpy.random.default_rng(1)
    a = (rng.standard_normal((3, 4, 5)) * 3).astype(dtype)
    b = (rng.standard_normal((4, 5)) * 3).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * a[::-1]
        b = b - 2j * b
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    tol = {"rtol": 1e-5, "atol": 1e-5} if numpy.dtype(dtype).itemsize <= 8 else {"rtol": 1e-12}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # int8 overflow
        cases = [
            (numpy.vecdot(a, b), cupylike.vecdot(da, db)),
            (numpy.vecdot(a[:, ::-1], b[None, ::-1, :], keepdims=True),
             cupylike.vecdot(da[:, ::-1], db[None, ::-1, :], keepdims=True)),
            (numpy.vecdot(a, a, axis=0), cupylike.vecdot(da, da, axis=0)),
            (numpy.vecdot(a, b.T, axes=[(2,), (0,), ()]),
             cupylike.vecdot(da, db.T, axes=[(2,), (0,), ()])),
            (numpy.linalg.vecdot(a, a, axis=1), cupylike.linalg.vecdot(da, da, axis=1)),
            (numpy.vecdot(a[:, :0], b[:0]), cupylike.vecdot(da[:, :0], db[:0])),
        ]
    for expected, actual in cases:
        assert_allclose(actual, expected, **tol)


@numpy_cupylike_equal(accept_error=ValueError)
def test_vecdot_refuses_mismatched_core_dimensions(xp):
    return xp.vecdot(xp.ones(3), xp.ones(4))


@numpy_cupylike_equal()
def test_vecdot_writes_out(xp):
    out = xp.zeros(3)
    r = xp.vecdot(xp.ones((3, 2)), xp.ones(2), out=out)
    return r, out


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
def test_isdtype_is_numpys(dtype):
    for kind in ("bool", "signed integer", "unsigned integer", "integral", "real floating",
                 "complex floating", "numeric", ("integral", "complex floating"), dtype):
        assert cupylike.isdtype(dtype, kind) == numpy.isdtype(dtype, kind)


@numpy_cupylike_equal()
def test_broadcast_shapes_as_numpy(xp):
    return xp.broadcast_shapes((2, 1, 3), (4, 1), ())


# --- the linalg extension -----------------------------------------------------------------------

def _matrices(dtype, shape=(2, 3, 4), seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


_LINALG_TOL = {"rtol": 2e-5, "atol": 1e-5}


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("ord", [2, 1, 0, -1, numpy.inf, -numpy.inf, 3.5])
@pytest.mark.parametrize("axis", [None, 1, -1, (0, 2), (2, 0), (0, 1, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_vector_norm_as_numpy(dtype, ord, axis, keepdims):  # noqa: A002 (NumPy's name)
    a = _matrices(dtype)
    whole = cupylike.asarray(a)
    for host, dev in [(a, whole), (a[::-1, :, ::2], whole[::-1, :, ::2])]:
        expected = numpy.linalg.vector_norm(host, axis=axis, keepdims=keepdims, ord=ord)
        actual = cupylike.linalg.vector_norm(dev, axis=axis, keepdims=keepdims, ord=ord)
        assert_allclose(actual, expected, **_LINALG_TOL)


@numpy_cupylike_allclose(rtol=1e-6)
def test_vector_norm_of_0d_and_empty(xp):
    return (xp.linalg.vector_norm(xp.asarray(-3.0)), xp.linalg.vector_norm(xp.zeros((0, 3))),
            xp.linalg.vector_norm(xp.zeros((0, 3)), axis=1))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, numpy.inf, -numpy.inf])
@pytest.mark.parametrize("keepdims", [False, True])
def test_matrix_norm_as_numpy(dtype, ord, keepdims):  # noqa: A002 (NumPy's name)
    a = _matrices(dtype)
    expected = numpy.linalg.matrix_norm(a[:, ::-1], keepdims=keepdims, ord=ord)
    actual = cupylike.linalg.matrix_norm(cupylike.asarray(a)[:, ::-1], keepdims=keepdims, ord=ord)
    assert_allclose(actual, expected, **_LINALG_TOL)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES[1:] + COMPLEX_DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("shape", [(3, 3), (2, 3, 4), (4, 2), (2, 0, 3)])
def test_svdvals_as_numpy(dtype, shape):
    a = _matrices(dtype, shape)
    assert_allclose(cupylike.linalg.svdvals(cupylike.asarray(a)), numpy.linalg.svdvals(a),
                    **_LINALG_TOL)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64,
                                   numpy.complex128], ids=str)
@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_cross_as_numpy(dtype, axis):
    rng = numpy.random.default_rng(3)
    shape = [2, 2, 2]
    shape[axis] = 3
    a = (rng.standard_normal(shape) * 4).astype(dtype)
    b = (rng.standard_normal(shape) * 4).astype(dtype)
    if axis != 0:
        b = b[:1]  # broadcast along the first axis
    expected = numpy.linalg.cross(a, b, axis=axis)
    actual = cupylike.linalg.cross(cupylike.asarray(a), cupylike.asarray(b), axis=axis)
    assert_allclose(actual, expected, rtol=1e-6, atol=1e-5)


@numpy_cupylike_equal(accept_error=ValueError)
def test_cross_refuses_2_element_vectors(xp):
    return xp.linalg.cross(xp.ones(2), xp.ones(2))


@pytest.mark.parametrize("offset", [0, 1, -2])
@numpy_cupylike_allclose(rtol=1e-12)
def test_linalg_diagonal_and_trace_on_the_last_axes(offset, xp):
    a = xp.asarray(_matrices(numpy.float64, (2, 4, 3)))[:, ::-1]
    return (xp.linalg.diagonal(a, offset=offset), xp.linalg.trace(a, offset=offset),
            xp.linalg.trace(xp.asarray(numpy.arange(8, dtype=numpy.int8).reshape(2, 2, 2)),
                            dtype=xp.int16))


@numpy_cupylike_allclose(rtol=1e-12)
def test_linalg_outer_matmul_tensordot(xp):
    a = xp.asarray(_matrices(numpy.float64, (3, 4)))
    b = xp.asarray(_matrices(numpy.float64, (4, 2), seed=1))
    return (xp.linalg.outer(a[0], b[:, 1]), xp.linalg.matmul(a, b),
            xp.linalg.tensordot(a, b, axes=1), xp.linalg.tensordot(a, a, axes=((0, 1), (0, 1))))


@numpy_cupylike_equal(accept_error=ValueError)
def test_linalg_outer_refuses_matrices(xp):
    return xp.linalg.outer(xp.ones((2, 2)), xp.ones(2))


@numpy_cupylike_allclose(rtol=1e-12)
def test_matmul_takes_numpys_gufunc_keywords(xp):
    a = xp.asarray(_matrices(numpy.float64, (3, 2, 4)))
    b = xp.asarray(_matrices(numpy.float64, (2, 4, 5), seed=2))
    out = xp.zeros((2, 2, 5), dtype=xp.complex128)
    r = xp.matmul(a, b, axes=[(0, 2), (1, 2), (1, 2)])
    return (r, xp.matmul(a[0], b, order="F"), xp.matmul(a[0], b, signature="dd->d"),
            xp.matmul(a[0], b, out=out, casting="same_kind"), out)


@pytest.mark.parametrize("kwargs", [{"axis": 0}, {"keepdims": True}])
@numpy_cupylike_equal(accept_error=TypeError)
def test_matmul_refuses_axis_and_keepdims(kwargs, xp):
    return xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)), **kwargs)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "all", "any", "mean", "var",
                                  "std", "argmax", "argmin"])
@numpy_cupylike_allclose(rtol=1e-12)
def test_reductions_default_keepdims_and_where_as_numpy(name, xp):
    # NumPy's signatures default them to _NoValue; passing that is passing nothing.
    a = xp.asarray(numpy.arange(1.0, 7.0).reshape(2, 3))
    f = getattr(xp, name)
    keywords = {"keepdims": numpy._NoValue}
    if name not in ("argmax", "argmin"):
        keywords["where"] = numpy._NoValue
    return f(a, axis=0, **keywords), f(a, 1, keepdims=True)
