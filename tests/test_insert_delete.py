"""insert, delete and trim_zeros against NumPy: ints, slices, masks and lists of positions,
every axis and the flattened array, scalar and array values, and NumPy's errors."""

import numpy
import pytest

from cupylike.testing import numpy_cupylike_equal


def base(xp, shape=(4, 5)):
    return xp.asarray(numpy.arange(int(numpy.prod(shape)), dtype=numpy.int32).reshape(shape))


@numpy_cupylike_equal(accept_error=IndexError)
@pytest.mark.parametrize("obj", [1, -1, [0, 2], [3, 3, -4], slice(1, None, 2), [], 9, [0, 7],
                                 [True, False, True, False], [1.5]], ids=str)
@pytest.mark.parametrize("axis", [None, 0, -1])
def test_delete(obj, axis, xp):
    a = base(xp)
    if isinstance(obj, list) and obj and isinstance(obj[0], bool):
        n = a.size if axis is None else a.shape[axis]
        obj = (obj * 5)[:n]
    return xp.delete(a, obj, axis)


@numpy_cupylike_equal(accept_error=(IndexError, ValueError))
@pytest.mark.parametrize("obj", [0, 2, -1, 5, 6, [1, 1, 3], [-1, 0], slice(None, None, 2), [],
                                 [9]], ids=str)
@pytest.mark.parametrize("values", [7, [7, 8], [[1, 2, 3, 4, 5]]], ids=str)
@pytest.mark.parametrize("axis", [None, 1])
def test_insert(obj, values, axis, xp):
    return xp.insert(base(xp), obj, values, axis)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("trim", ["fb", "f", "b", "x"])
@pytest.mark.parametrize("values", [[0, 0, 1, 2, 0, 3, 0], [0, 0], [1, 2], []], ids=str)
def test_trim_zeros(trim, values, xp):
    return xp.trim_zeros(xp.asarray(numpy.array(values, dtype=numpy.float64)), trim)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_trim_zeros_2d(axis, xp):
    a = numpy.zeros((5, 6))
    a[1:3, 2:5] = 1
    return xp.trim_zeros(xp.asarray(a), axis=axis)
