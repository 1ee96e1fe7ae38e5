"""The cpu device's fast paths of issue 19 against NumPy, on shapes that reach them: copies
that walk rows of at least 16 elements (roll's block copies, strided and cast copies, rows cut
between blocks), mask compaction without branches (nonzero, x[mask], with runs of many blocks
and masks whose bytes are not 0 or 1). On the emulated GPU the same calls take the GPU paths
and must agree too."""

import numpy
import pytest

from cupylike.testing import numpy_cupylike_equal

# Large enough that the cpu device cuts the work into several blocks, and a block's range
# starts in the middle of a row.
ROWS, COLS = 301, 517


def matrix(xp, dtype=numpy.float32, shape=(ROWS, COLS)):
    values = numpy.random.default_rng(0).standard_normal(shape).astype(dtype)
    return xp.asarray(values)


@numpy_cupylike_equal()
@pytest.mark.parametrize("shift, axis", [(100, 1), (-7, 0), ((3, 200), (0, 1)), (12345, None),
                                         (517, 1), ((20, -20), (1, 1))], ids=str)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128, numpy.bool_], ids=str)
def test_roll_long_rows(shift, axis, dtype, xp):
    return xp.roll(matrix(xp, dtype), shift, axis)


@numpy_cupylike_equal()
def test_roll_of_a_strided_view(xp):
    return xp.roll(matrix(xp, shape=(40, 3, 600))[::-2, 1, 5:], 33, 1)


@numpy_cupylike_equal(strides=True)
@pytest.mark.parametrize("key", [numpy.s_[:, 17:], numpy.s_[::3, ::-1], numpy.s_[5:, :-40]],
                         ids=["cols", "reversed", "window"])
@pytest.mark.parametrize("dtype", [None, numpy.float64, numpy.int16], ids=str)
def test_copy_of_rows(key, dtype, xp):
    view = matrix(xp)[key]
    return view.copy() if dtype is None else view.astype(dtype)


@numpy_cupylike_equal()
def test_assignment_into_rows(xp):
    out = xp.zeros((ROWS, COLS + 50), numpy.float64)
    out[:, 50:] = matrix(xp)
    out[:, :50] = matrix(xp)[:, -50:]
    return out


def mask(xp, shape, p, seed=1):
    return xp.asarray(numpy.random.default_rng(seed).random(shape) < p)


@numpy_cupylike_equal()
@pytest.mark.parametrize("shape", [(200003,), (301, 517), (3, 101, 517)], ids=str)
@pytest.mark.parametrize("p", [0.5, 0.0, 1.0, 0.001])
def test_nonzero_of_random_masks(shape, p, xp):
    return xp.nonzero(mask(xp, shape, p))


@numpy_cupylike_equal()
@pytest.mark.parametrize("p", [0.5, 0.999])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int8, numpy.complex128], ids=str)
def test_masked_values(p, dtype, xp):
    return matrix(xp, dtype)[mask(xp, (ROWS, COLS), p)]


@numpy_cupylike_equal()
def test_nonzero_of_mask_bytes_beyond_one(xp):
    # A bool array viewed from bytes 0, 1 and 2: any nonzero byte is true.
    data = numpy.random.default_rng(2).integers(0, 3, 70001).astype(numpy.uint8)
    return xp.nonzero(xp.asarray(data).view(numpy.bool_))
