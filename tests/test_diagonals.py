"""diagonal, diag, diagflat, tri, tril, triu and fill_diagonal against NumPy: offsets, axes,
stacked matrices, every dtype, read-only views where NumPy gives them."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, numpy_cupylike_equal, sample_values


def base(xp, shape=(4, 5), dtype=numpy.float64):
    return xp.asarray(sample_values(numpy.dtype(dtype), shape, 2))


@numpy_cupylike_equal(strides=True, accept_error=ValueError)
@pytest.mark.parametrize("offset", [-5, -1, 0, 2, 6])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (0, 2), (2, -1), (1, 1)], ids=str)
def test_diagonal(offset, axes, xp):
    return xp.diagonal(base(xp, (3, 4, 5)), offset, *axes)


def test_diagonal_is_a_read_only_view():
    a = cupylike.zeros((3, 3))
    d = a.diagonal()
    assert not d.flags.writeable and d.base is not None
    with pytest.raises(ValueError, match="read-only"):
        d[...] = 1


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("k", [-2, 0, 3])
@pytest.mark.parametrize("shape", [(4,), (3, 5), (0,), (2, 2, 2)], ids=str)
def test_diag_and_diagflat(k, shape, xp):
    v = base(xp, shape)
    return xp.diag(v, k), xp.diagflat(v, k)


@numpy_cupylike_equal()
@pytest.mark.parametrize("k", [-2, 0, 1, 7])
@pytest.mark.parametrize("dtype", ALL_DTYPES[::4], ids=lambda d: d.name)
def test_tri_tril_triu(k, dtype, xp):
    m = base(xp, (2, 4, 5), dtype)
    return xp.tri(4, 6, k, dtype), xp.tril(m, k), xp.triu(m, k), xp.tril(m[0].T, k)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("shape, wrap", [((4, 4), False), ((7, 3), False), ((7, 3), True),
                                         ((3, 6), False), ((3, 3, 3), False), ((2, 3, 2),
                                                                               False)], ids=str)
def test_fill_diagonal(shape, wrap, xp):
    a = base(xp, shape)
    xp.fill_diagonal(a, xp.asarray(numpy.array([7.0, 8.0])), wrap=wrap)
    return a
