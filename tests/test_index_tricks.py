"""Index tricks against NumPy: mgrid, ogrid, r_, c_, s_, index_exp, ndindex, ndenumerate,
the diagonal and triangle indices, mask_indices, broadcast and flatiter; NumPy's errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal

GRID_KEYS = [
    (slice(0, 3), slice(0, 2)),
    (slice(-1, 1, 0.5), slice(0, 2)),
    (slice(0, 1, 5j), slice(-2, 2, 3j)),
    (slice(0, 3, 1j),),
    (slice(5, 0, -2), slice(None, 2)),
    (slice(numpy.float32(0), numpy.float32(1), numpy.float32(0.25)),),
    (slice(0, 0), slice(0, 3)),
]


@numpy_cupylike_allclose(rtol=1e-15)
@pytest.mark.parametrize("key", GRID_KEYS, ids=str)
def test_mgrid_and_ogrid_match_numpy(key, xp):
    return xp.mgrid[key], xp.ogrid[key]


@numpy_cupylike_allclose(rtol=1e-15)
@pytest.mark.parametrize("key", [slice(0, 5), slice(1, 2, 0.25), slice(-1, 1, 5j),
                                 slice(3), slice(0, 1, 1j)], ids=str)
def test_grid_of_one_slice_is_a_range(key, xp):
    return xp.mgrid[key], xp.ogrid[key]


@numpy_cupylike_allclose(rtol=1e-15)
def test_r_joins_slices_scalars_lists_and_arrays(xp):
    a = xp.asarray(numpy.array([[1, 2], [3, 4]], numpy.int32))
    return (xp.r_[1:4, 7, [9, 10], xp.asarray(numpy.array([0.5]))],
            xp.r_[-1:1:5j, 2],
            xp.r_[a, a], xp.r_["1", a, a], xp.r_["0,2", [1, 2], [3, 4]],
            xp.r_["0,2,0", [1, 2], [3, 4]], xp.r_["1,3,-2", a[0], a[1]],
            xp.r_[xp.asarray(numpy.array([1], numpy.int8)), 100],
            xp.r_[numpy.float32(1), 2], xp.r_[True, xp.asarray(numpy.array([2], numpy.uint8))])


@numpy_cupylike_equal()
def test_c_stacks_columns(xp):
    a = xp.asarray(numpy.arange(3))
    b = xp.asarray(numpy.arange(6).reshape(3, 2)[::-1])
    return xp.c_[a, a], xp.c_[a, b], xp.c_[0:3], xp.c_[xp.asarray(numpy.array([[1, 2]])), 3]


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("key", [(slice(0, 2), "1"), ("x", [1]), ("1,a", [1])], ids=str)
def test_r_bad_directive(key, xp):
    return xp.r_[key]


def test_r_matrix_directives_are_not_supported():
    for key in (("r", [1, 2]), ("c", [1, 2])):
        with pytest.raises(NotImplementedError, match="matrix"):
            cupylike.r_[key]
    with pytest.raises(NotImplementedError, match="matrix"):
        cupylike.r_["1 2; 3 4"]
    with pytest.raises(TypeError, match="numpy.ndarray"):
        cupylike.r_[numpy.ones(2)]


def test_index_expressions_and_ndindex_are_numpys():
    assert cupylike.s_[1:2, ::3] == numpy.s_[1:2, ::3]
    assert cupylike.index_exp[3] == numpy.index_exp[3] == (3,)
    assert list(cupylike.ndindex(2, 0)) == [] and list(cupylike.ndindex((2, 3))) == list(
        numpy.ndindex(2, 3))


@pytest.mark.parametrize("make", [
    lambda xp: xp.asarray(numpy.arange(6).reshape(2, 3)),
    lambda xp: xp.asarray(numpy.arange(12, dtype=numpy.float32).reshape(3, 4))[::-1, ::2],
    lambda xp: xp.asarray(numpy.array(5.5)),
    lambda xp: xp.asarray(numpy.zeros((2, 0))),
], ids=["2d", "strided", "0d", "empty"])
def test_ndenumerate_gives_indices_and_numpy_scalars(make):
    got = list(cupylike.ndenumerate(make(cupylike)))
    want = list(numpy.ndenumerate(make(numpy)))
    assert [i for i, _ in got] == [i for i, _ in want]
    assert [(v, type(v)) for _, v in got] == [(v, type(v)) for _, v in want]


def test_ndenumerate_refuses_host_arrays():
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        cupylike.ndenumerate(numpy.ones(2))


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("shape", [(3, 3), (2, 2, 2), (0, 0), (3,), (2, 3)], ids=str)
def test_diag_indices_from(shape, xp):
    a = xp.asarray(numpy.zeros(shape))
    return xp.diag_indices_from(a)


@numpy_cupylike_equal()
def test_diag_indices_index_the_diagonal(xp):
    a = xp.asarray(numpy.arange(27).reshape(3, 3, 3))
    return xp.diag_indices(4), xp.diag_indices(2, ndim=3), xp.diag_indices(0), a[
        xp.diag_indices(3, 3)]


@numpy_cupylike_equal()
@pytest.mark.parametrize("n, k, m", [(4, 0, None), (4, 1, None), (3, -1, 5), (5, 2, 2),
                                     (0, 0, None), (3, -9, None), (3, 9, 4)])
def test_tril_and_triu_indices(n, k, m, xp):
    return xp.tril_indices(n, k, m), xp.triu_indices(n, k=k, m=m)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("shape", [(3, 5), (4, 2), (0, 3), (3,), (2, 2, 2)], ids=str)
@pytest.mark.parametrize("k", [0, -1, 2])
def test_tril_and_triu_indices_from(shape, k, xp):
    a = xp.asarray(numpy.ones(shape))
    return xp.tril_indices_from(a, k), xp.triu_indices_from(a, k=k)


@numpy_cupylike_equal()
@pytest.mark.parametrize("k", [0, 1, -1])
def test_mask_indices(k, xp):
    return xp.mask_indices(4, xp.triu, k), xp.mask_indices(3, xp.tril, k=k)


def _broadcast_case(xp):
    return (xp.asarray(numpy.arange(3.0)), xp.asarray(numpy.arange(2).reshape(2, 1)[::-1]), 5)


def test_broadcast_shape_and_iteration_match_numpy():
    b, nb = cupylike.broadcast(*_broadcast_case(cupylike)), numpy.broadcast(
        *_broadcast_case(numpy))
    assert (b.shape, b.ndim, b.nd, b.size, b.numiter) == (nb.shape, nb.ndim, nb.nd, nb.size,
                                                          nb.numiter)
    assert len(b.iters) == 3 and all(isinstance(it, cupylike.flatiter) for it in b.iters)
    first = next(b)
    assert [v.item() for v in first] == list(next(nb))
    assert b.index == nb.index == 1 and b.iters[0].index == nb.iters[0].index == 1
    rest = [tuple(v.item() for v in t) for t in b]
    assert rest == [tuple(t) for t in nb]
    b.reset()
    nb.reset()
    assert b.index == nb.index == 0 and b.iters[1].index == 0
    assert cupylike.broadcast().shape == numpy.broadcast().shape == ()


def test_broadcast_errors_match_numpy():
    a, c = cupylike.ones(2), cupylike.ones(3)
    with pytest.raises(ValueError):
        numpy.broadcast(numpy.ones(2), numpy.ones(3))
    with pytest.raises(ValueError):
        cupylike.broadcast(a, c)
    with pytest.raises(ValueError, match="at most 64"):
        cupylike.broadcast(*[a] * 65)
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        cupylike.broadcast(a, numpy.ones(2))


def test_flat_is_a_flatiter():
    x = cupylike.arange(6).reshape(2, 3)[:, ::2]
    assert isinstance(x.flat, cupylike.flatiter)
    assert [int(v) for v in x.flat] == list(numpy.arange(6).reshape(2, 3)[:, ::2].flat)


@numpy_cupylike_equal(accept_error=OverflowError)
def test_r_scalar_out_of_the_arrays_range(xp):
    return xp.r_[xp.asarray(numpy.array([1], numpy.int8)), 300]
