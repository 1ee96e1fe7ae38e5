"""split, array_split, hsplit, vsplit and dsplit against NumPy: sections and index lists,
every axis, uneven and empty pieces, views sharing memory, NumPy's errors."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_equal


def base(xp, shape=(6, 4, 3)):
    return xp.asarray(numpy.arange(int(numpy.prod(shape)), dtype=numpy.int32).reshape(shape))


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("how", [1, 2, 3, 4, 7, [1, 3], [0, 0, 5], [2, 100], [-2], []], ids=str)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_array_split(how, axis, xp):
    return xp.array_split(base(xp), how, axis=axis)


@numpy_cupylike_equal(strides=True, accept_error=(ValueError, ZeroDivisionError))
@pytest.mark.parametrize("how", [2, 3, 4, 0, [1, 3]], ids=str)
def test_split(how, xp):
    return xp.split(base(xp), how)


@numpy_cupylike_equal(strides=True, accept_error=ValueError)
@pytest.mark.parametrize("fn", ["hsplit", "vsplit", "dsplit"])
@pytest.mark.parametrize("shape", [(6,), (6, 4), (6, 4, 3), ()], ids=str)
def test_directional_splits(fn, shape, xp):
    return getattr(xp, fn)(base(xp, shape), 2 if fn != "dsplit" else [1])


def test_pieces_are_views():
    a = cupylike.zeros((4, 2))
    first, second = cupylike.split(a, 2)
    second[...] = 1
    assert a.get()[2:].tolist() == [[1.0, 1.0], [1.0, 1.0]]
    assert first.base is not None
