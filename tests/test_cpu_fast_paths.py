"""The cpu device's fast paths of issue 19 against NumPy, on shapes that reach them: copies
that walk rows of at least 16 elements (roll's block copies and its one launch along an axis,
strided and cast copies, rows cut between blocks), mask compaction without branches (nonzero,
x[mask], with runs of many blocks and masks whose bytes are not 0 or 1). On the emulated GPU
the same calls take the GPU paths and must agree too."""

import numpy
import pytest

import cupylike
from cupylike.testing import numpy_cupylike_allclose, numpy_cupylike_equal

# Large enough that the cpu device cuts the work into several blocks (from 2^18 elements,
# runtime/cpu/cpu_launch_policy.cpp), and a block's range starts in the middle of a row.
ROWS, COLS = 601, 517


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
@pytest.mark.parametrize("shape, shift, axis", [((ROWS, 5, 3), 2, 1), ((7, ROWS * 3), -1000, 1),
                                                ((ROWS * COLS,), 99999, 0), ((ROWS, 2), 1, 1)],
                         ids=str)
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float16, numpy.complex64], ids=str)
def test_roll_along_one_axis(shape, shift, axis, dtype, xp):
    # One launch over rows of the axis and the later ones, copied in units of 1 to 8 bytes.
    return xp.roll(matrix(xp, dtype, shape), shift, axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("start", [1, 2, 3, 4], ids=str)
def test_roll_of_a_contiguous_view_at_any_address(start, xp):
    # The unit also divides the input's address: a view starting past an odd byte copies bytes.
    return xp.roll(matrix(xp, numpy.uint8, (ROWS * COLS,))[start:], 4321)


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


@numpy_cupylike_equal()
@pytest.mark.parametrize("n", [200003, 70])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int8, numpy.complex128], ids=str)
def test_take_of_random_indices(n, dtype, xp):
    # Negative indices too; n > 64: the prefetching loop, 70: mostly its tail.
    idx = numpy.random.default_rng(3).integers(-ROWS * COLS, ROWS * COLS, n)
    return xp.take(matrix(xp, dtype).ravel(), xp.asarray(idx))


@pytest.mark.parametrize("bad", [ROWS * COLS, -ROWS * COLS - 1, 2**63 - 1, -2**63])
@pytest.mark.parametrize("where", [0, 100000, 200001])
def test_take_reports_the_first_bad_index(bad, where):
    idx = numpy.random.default_rng(4).integers(0, ROWS * COLS, 200003)
    idx[where] = bad
    idx[-1] = -2**63 + 1  # a later bad index is not the one reported
    with pytest.raises(IndexError, match=f"^index {bad} is out of bounds for axis 0 with size "
                                         f"{ROWS * COLS}$"):
        numpy.take(matrix(numpy).ravel(), idx)
    with pytest.raises(IndexError, match=f"^index {bad} is out of bounds for axis 0 with size "
                                         f"{ROWS * COLS}$"):
        cupylike.take(matrix(cupylike).ravel(), cupylike.asarray(idx))


@numpy_cupylike_equal()
def test_put_at_random_indices(xp):
    out = matrix(xp).ravel()
    xp.put(out, xp.asarray(numpy.random.default_rng(5).permutation(ROWS * COLS)[:90001]),
           xp.arange(90001, dtype=numpy.float32))
    return out


# Outer-axis reductions whose rows are whole tiles (16 KiB of accumulators) and more: blocks of
# 16 rows summed at once, then the rows left over one by one.
WIDE = [((35, 4100), 0), ((5, 7, 8200), (0, 1)), ((40, 3, 2100), 0)]


@numpy_cupylike_equal()
@pytest.mark.parametrize("shape, axis", WIDE, ids=str)
@pytest.mark.parametrize("name", ["max", "argmax", "sum"])
def test_exact_outer_axis_reductions(shape, axis, name, xp):
    a = xp.asarray(numpy.random.default_rng(6).integers(-100, 100, shape).astype(numpy.int32))
    if name == "argmax":
        return xp.argmax(a.reshape(-1, shape[-1]), axis=0)
    return getattr(xp, name)(a, axis=axis)


@numpy_cupylike_allclose(rtol=1e-5, atol=1e-4)
@pytest.mark.parametrize("shape, axis", WIDE, ids=str)
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128], ids=str)
def test_outer_axis_sums(shape, axis, dtype, xp):
    return xp.sum(matrix(xp, dtype, shape), axis=axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype, value", [(numpy.float32, 1.5), (numpy.int8, -3),
                                          (numpy.complex128, 2 - 1j), (numpy.float16, 0.1)],
                         ids=str)
def test_large_fills_keep_their_neighbours(dtype, value, xp):
    # Over 8 MiB: streaming stores on the cpu device, from an address off the 32-byte grid.
    out = xp.zeros((8 << 20) // numpy.dtype(dtype).itemsize + 41, dtype)
    out[3:-5].fill(value)
    return out
