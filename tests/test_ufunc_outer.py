"""ufunc.outer against NumPy: every pair of elements, for arrays of any rank and scalars."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_equal


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("name", ["add", "multiply", "less", "maximum", "subtract", "hypot"])
@pytest.mark.parametrize("shapes", [((3,), (4,)), ((2, 3), (4,)), ((), (5,)), ((0,), (3,)),
                                    ((2,), (3, 0))], ids=str)
def test_outer_matches_numpy(name, shapes, xp):
    a = xp.asarray(numpy.arange(numpy.prod(shapes[0]), dtype=numpy.float64).reshape(shapes[0]))
    b = xp.asarray((numpy.arange(numpy.prod(shapes[1])) - 2.0).reshape(shapes[1]))
    return getattr(xp, name).outer(a, b)


@numpy_cupylike_equal()
def test_outer_with_a_scalar_and_a_non_contiguous_view(xp):
    a = xp.asarray(numpy.arange(12, dtype=numpy.int32).reshape(3, 4))[:, ::2]
    return xp.subtract.outer(a, 3), xp.subtract.outer(a.T, a[0])


def test_outer_needs_a_binary_ufunc():
    with pytest.raises(ValueError):
        cupylike.negative.outer(cupylike.zeros(2), cupylike.zeros(2))
