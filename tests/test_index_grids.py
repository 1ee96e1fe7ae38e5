"""unravel_index, ravel_multi_index, indices and ix_ against NumPy, with orders, modes, empty
and scalar inputs, and NumPy's errors."""

import numpy
import pytest

from cupylike.testing import numpy_cupylike_equal


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("idx", [[0, 5, 59], [[1, 2], [3, 4]], [], [60], [-1]], ids=str)
def test_unravel_index(order, idx, xp):
    return xp.unravel_index(xp.asarray(numpy.array(idx, numpy.int64)), (3, 4, 5), order=order)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("mode", ["raise", "wrap", "clip", ("wrap", "clip")], ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
def test_ravel_multi_index(mode, order, xp):
    coords = (xp.asarray(numpy.array([0, 2, 4])), xp.asarray(numpy.array([1, -1, 3])))
    return xp.ravel_multi_index(coords, (3, 4), mode=mode, order=order)


@numpy_cupylike_equal()
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("dims", [(2, 3), (4,), (2, 0, 3), ()], ids=str)
def test_indices(sparse, dims, xp):
    return xp.indices(dims, sparse=sparse)


@numpy_cupylike_equal()
def test_ix(xp):
    rows = xp.asarray(numpy.array([0, 2]))
    cols = xp.asarray(numpy.array([True, False, True, True]))
    grid = xp.ix_(rows, cols)
    a = xp.asarray(numpy.arange(12).reshape(3, 4))
    return grid, a[grid]
