"""flip, fliplr, flipud, rot90, rollaxis, roll, repeat, tile, resize, broadcast_arrays,
meshgrid, copyto and shape/ndim/size against NumPy, with views where NumPy returns views."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, numpy_cupylike_equal, sample_values


def base(xp, shape=(3, 4, 5), dtype=numpy.float64):
    return xp.asarray(sample_values(numpy.dtype(dtype), shape, 3))


@numpy_cupylike_equal(strides=True, accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (), 3])
def test_flip(axis, xp):
    return xp.flip(base(xp), axis)


@numpy_cupylike_equal(strides=True, accept_error=ValueError)
@pytest.mark.parametrize("shape", [(), (4,), (3, 4), (2, 3, 4)], ids=str)
def test_fliplr_flipud(shape, xp):
    a = base(xp, shape)
    return xp.fliplr(a) if a.ndim >= 2 else xp.flipud(a)


@numpy_cupylike_equal(strides=True, accept_error=ValueError)
@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 3, 5])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (0, 2), (2, -3), (0, 0), (0, 3), (0,)],
                         ids=str)
def test_rot90(k, axes, xp):
    return xp.rot90(base(xp), k, axes)


@numpy_cupylike_equal(strides=True, accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis, start", [(0, 0), (2, 0), (0, 3), (1, -1), (-1, 1), (3, 0),
                                         (0, 4), (0, -4)])
def test_rollaxis(axis, start, xp):
    return xp.rollaxis(base(xp), axis, start)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("shift, axis", [(2, None), (-7, None), (1, 0), (3, -1), ((1, 2), (0, 1)),
                                         (2, (0, 0)), ((1, -1), 1), (0, 1), (5, 2),
                                         ((1, 2, 3), (0, 1))], ids=str)
def test_roll(shift, axis, xp):
    return xp.roll(base(xp), shift, axis)


@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("repeats, axis", [(2, None), (0, None), (3, 1), ([1, 0, 2], 0),
                                           ([1, 2], 0), (-1, 0), (2, 3)], ids=str)
def test_repeat(repeats, axis, xp):
    return xp.repeat(base(xp), repeats, axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("reps", [2, (2, 1), (1, 2, 3), (2, 1, 1, 2), 0, (0, 2)], ids=str)
@pytest.mark.parametrize("shape", [(), (3,), (2, 3)], ids=str)
def test_tile(reps, shape, xp):
    return xp.tile(base(xp, shape), reps)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("new_shape", [(7,), (2, 5), 0, (3, 0), (13, 2), (-1,)], ids=str)
def test_resize(new_shape, xp):
    return xp.resize(base(xp, (2, 3)), new_shape)


@numpy_cupylike_equal(strides=True)
def test_broadcast_arrays(xp):
    return xp.broadcast_arrays(base(xp, (3, 1)), base(xp, (4,)), base(xp, ()))


@numpy_cupylike_equal()
@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(indexing, sparse, xp):
    x, y, z = base(xp, (3,)), base(xp, (4,)), base(xp, (2,))
    return xp.meshgrid(x, y, indexing=indexing, sparse=sparse), xp.meshgrid(x, y, z,
                                                                           indexing=indexing)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=[d.name for d in ALL_DTYPES])
def test_copyto(dtype, xp):
    dst = base(xp, (3, 4), dtype)
    src = base(xp, (4,), numpy.int8)
    if numpy.can_cast(numpy.int8, dtype, "same_kind"):
        xp.copyto(dst, src, where=xp.asarray(numpy.array([True, False, True, False])))
    xp.copyto(dst, 1, casting="unsafe")
    return dst


@numpy_cupylike_equal(accept_error=TypeError)
def test_copyto_refuses_a_lossy_cast(xp):
    xp.copyto(base(xp, (2,), numpy.int32), base(xp, (2,), numpy.float64))


def test_shape_ndim_size():
    a = cupylike.zeros((2, 3, 4))
    assert cupylike.shape(a) == (2, 3, 4) and cupylike.ndim(a) == 3 and cupylike.size(a) == 24
    assert cupylike.size(a, -1) == 4 and cupylike.shape([[1, 2]]) == (1, 2)
