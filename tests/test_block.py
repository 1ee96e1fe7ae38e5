"""block and row_stack against NumPy: nesting depths, mixed ndims, scalars and 0-d blocks,
promotion, non-contiguous blocks, and NumPy's errors for tuples, empty and uneven lists."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal, numpy_cupylike_equal, sample_values


def _a(xp, shape, dtype=numpy.float64, seed=0):
    return xp.asarray(sample_values(numpy.dtype(dtype), shape, seed))


@numpy_cupylike_equal()
def test_block_2x2(xp):
    a, b = _a(xp, (2, 2)), _a(xp, (2, 3), numpy.int32, 1)
    c, d = _a(xp, (1, 2), numpy.float32, 2), _a(xp, (1, 3), numpy.int8, 3)
    return xp.block([[a, b], [c, d]])


@numpy_cupylike_equal()
def test_block_1d_and_scalars(xp):
    return xp.block([_a(xp, (3,), numpy.int16), 7, numpy.int16(2), _a(xp, (), numpy.int16, 4)])


@numpy_cupylike_equal()
def test_block_mixed_ndim_and_views(xp):
    big = _a(xp, (4, 6, 2), numpy.float32)
    # The 2-d block is lifted to (1, 2, 3) and the 1-d one to (1, 1, 3), as NumPy's atleast_nd.
    inner = [big[::2, ::-2], big[:2, :3, :1]]
    return xp.block([[inner], [[_a(xp, (3, 4), numpy.int64, 5)[:2, ::-1][:, :3]], [xp.arange(3)]]])


@numpy_cupylike_equal()
@pytest.mark.parametrize("arg", [1.5, "zero_d", "plain"])
def test_block_without_lists(arg, xp):
    if arg == "zero_d":
        return xp.block(_a(xp, (), numpy.complex64))
    if arg == "plain":
        return xp.block(_a(xp, (2, 3), numpy.uint8))
    return xp.block(arg)


@numpy_cupylike_equal()
def test_block_empty_blocks(xp):
    return xp.block([[xp.zeros((2, 0)), _a(xp, (2, 2))], [xp.zeros((0, 2)), xp.zeros((0, 0))]])


def test_block_returns_a_copy():
    a = _a(cupylike, (3,))
    b = cupylike.block(a)
    b[0] = 99
    assert a[0].item() != 99


@pytest.mark.parametrize("bad, error, match", [
    ([[1], 2], ValueError, r"First element was at depth 2, but there is an element at depth 1 "
                           r"\(arrays\[1\]\)"),
    ([[1, 2], [[3]]], ValueError, r"at depth 3 \(arrays\[1\]\[0\]\[0\]\)"),
    ([], ValueError, r"List at arrays cannot be empty"),
    ([[1], []], ValueError, r"List at arrays\[1\] cannot be empty"),
    (([1],), TypeError, r"arrays is a tuple\. Only lists"),
    ([[1], ([2],)], TypeError, r"arrays\[1\] is a tuple"),
    ([[1, 2], [3]], ValueError, r"along dimension 1, the array at index 0 has size 2"),
])
def test_block_errors_as_numpy(bad, error, match):
    with pytest.raises(error, match=match):
        numpy.block(bad)
    with pytest.raises(error, match=match):
        cupylike.block(bad)


def test_block_refuses_host_arrays():
    with pytest.raises(TypeError, match="block"):
        cupylike.block([numpy.ones(2), cupylike.ones(2)])


def test_row_stack_warns_and_stacks_as_vstack():
    # NumPy 2.5 removed its deprecated alias; cupylike keeps NumPy 2.4's, warning as it does
    # (docs/differences_breadth.md, "NumPy 2.4 and 2.5").
    host = [_a(numpy, (3,), numpy.int32), _a(numpy, (2, 3), numpy.float32)]
    with pytest.warns(DeprecationWarning, match="`row_stack` alias is deprecated"):
        ours = cupylike.row_stack([cupylike.asarray(h) for h in host], dtype=numpy.float64)
    assert_array_equal(ours, numpy.vstack(host, dtype=numpy.float64))
    if hasattr(numpy, "row_stack"):  # NumPy 2.4 installed: the same warning there
        with pytest.warns(DeprecationWarning, match="`row_stack` alias is deprecated"):
            numpy.row_stack(host, dtype=numpy.float64)
