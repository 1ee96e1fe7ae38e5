"""Integer and bool matrix products (kernels/cupylike/int_matmul.cuh) against NumPy, exactly:
wrapping sums of products for every integer dtype, or-of-ands for bool, NumPy's promotion of
mixed dtypes, stacks with broadcast batch axes, 1-d operands, operands in any layout (read in
place through their strides, negative ones included), empty results and k = 0, the functions
that route through matmul, and no m x k x n temporary."""

import numpy
import pytest

import cupylike
from cupylike.testing._dtypes import BOOL_DTYPES, INT_DTYPES, UINT_DTYPES

INTEGER_DTYPES = BOOL_DTYPES + INT_DTYPES + UINT_DTYPES


def _wide(shape, dtype, seed):
    """Values over the dtype's whole range, so sums and products wrap."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.random(shape) < 0.3
    info = numpy.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


def _equal(actual, expected):
    actual = cupylike.asnumpy(actual)
    expected = numpy.asarray(expected)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    numpy.testing.assert_array_equal(actual, expected)


def _both(*host):
    return [cupylike.asarray(h) for h in host]


SHAPES = [((3, 4), (4, 5)), ((4,), (4, 5)), ((3, 4), (4,)), ((4,), (4,)), ((2, 3, 4), (4, 5)),
          ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((0, 4), (4, 3)), ((3, 0), (0, 2)),
          ((2, 0, 3, 4), (4, 1)), ((1, 1), (1, 1)), ((17, 33), (33, 19)), ((5, 70), (70, 37))]


@pytest.mark.parametrize("dtype", INTEGER_DTYPES, ids=str)
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_integer_matmul_wraps_as_numpy(shapes, dtype):
    a, b = _wide(shapes[0], dtype, 1), _wide(shapes[1], dtype, 2)
    da, db = _both(a, b)
    _equal(cupylike.matmul(da, db), numpy.matmul(a, b))
    _equal(da @ db, a @ b)


def test_bool_matmul_is_or_of_ands():
    a = numpy.array([[True, False], [False, False]])
    b = numpy.array([[True, True], [True, True]])
    da, db = _both(a, b)
    _equal(da @ db, a @ b)  # [[True, True], [False, False]], never a count of 2
    many = numpy.ones((3, 300), bool)
    _equal(cupylike.asarray(many) @ cupylike.asarray(many.T), many @ many.T)


@pytest.mark.parametrize("pair", [(numpy.int8, numpy.uint8), (numpy.int8, numpy.uint16),
                                  (numpy.bool_, numpy.int8), (numpy.uint32, numpy.int16),
                                  (numpy.bool_, numpy.uint64), (numpy.int64, numpy.uint8)],
                         ids=str)
def test_mixed_integer_dtypes_promote_as_numpy(pair):
    a, b = _wide((6, 7), pair[0], 3), _wide((7, 5), pair[1], 4)
    _equal(cupylike.matmul(*_both(a, b)), numpy.matmul(a, b))
    _equal(cupylike.matmul(*_both(b.T, a.T)), numpy.matmul(b.T, a.T))


VIEWS = {
    "transposed": lambda x: x.swapaxes(-1, -2),
    "sliced": lambda x: x[..., ::2, 1::2],
    "reversed rows": lambda x: x[..., ::-1, :],
    "reversed columns": lambda x: x[..., :, ::-1],
    "batch reversed": lambda x: x[::-1],
    "batch strided": lambda x: x[::2],
    "fortran": lambda x: x.swapaxes(-1, -2).copy().swapaxes(-1, -2),
}


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int32, numpy.uint64, numpy.bool_], ids=str)
@pytest.mark.parametrize("view", list(VIEWS))
def test_operands_in_any_layout_are_read_in_place(view, dtype):
    a, b = _wide((4, 9, 9), dtype, 5), _wide((4, 9, 9), dtype, 6)
    pick = VIEWS[view]
    ha, hb = pick(a), pick(b)
    hb = hb[..., : ha.shape[-1], :]
    da, db = _both(a, b)
    va, vb = pick(da), pick(db)[..., : ha.shape[-1], :]
    _equal(cupylike.matmul(va, vb), numpy.matmul(ha, hb))
    _equal(cupylike.matmul(va, db[: va.shape[0], : va.shape[-1]]),
           numpy.matmul(ha, b[: ha.shape[0], : ha.shape[-1]]))


def test_broadcast_batches_and_a_scalar_like_batch():
    a = _wide((1, 3, 4), numpy.int16, 7)
    b = _wide((5, 1, 4, 2), numpy.int16, 8)
    da, db = _both(a, b)
    _equal(cupylike.matmul(da, db), numpy.matmul(a, b))
    wide = cupylike.broadcast_to(da, (5, 2, 3, 4))
    _equal(cupylike.matmul(wide, db), numpy.matmul(numpy.broadcast_to(a, (5, 2, 3, 4)), b))
    # A broadcast inner batch axis under a real outer one does not step evenly: copied.
    inner = cupylike.broadcast_to(cupylike.asarray(_wide((2, 1, 3, 4), numpy.int16, 9)),
                                  (2, 3, 3, 4))
    _equal(cupylike.matmul(inner, db[:2, :1]),
           numpy.matmul(numpy.broadcast_to(_wide((2, 1, 3, 4), numpy.int16, 9), (2, 3, 3, 4)),
                        b[:2, :1]))


def test_k_zero_gives_zeros_and_out_works():
    a, b = numpy.ones((3, 0), numpy.int32), numpy.ones((0, 2), numpy.int32)
    _equal(cupylike.matmul(*_both(a, b)), numpy.matmul(a, b))
    _equal(cupylike.matmul(*_both(a.astype(bool), b.astype(bool))),
           numpy.matmul(a.astype(bool), b.astype(bool)))
    x, y = _wide((3, 4), numpy.int64, 10), _wide((4, 2), numpy.int64, 11)
    out = cupylike.zeros((3, 2), numpy.int64)
    assert cupylike.matmul(*_both(x, y), out=out) is out
    _equal(out, x @ y)


def test_functions_that_route_through_matmul():
    a, b = _wide((3, 4, 5), numpy.int32, 12), _wide((5, 6), numpy.int32, 13)
    c = _wide((2, 5), numpy.int32, 14)
    da, db, dc = _both(a, b, c)
    _equal(cupylike.dot(da, db), numpy.dot(a, b))
    _equal(cupylike.inner(da, dc), numpy.inner(a, c))
    _equal(cupylike.tensordot(da, db, axes=1), numpy.tensordot(a, b, axes=1))
    _equal(cupylike.einsum("ijk,kl->ijl", da, db), numpy.einsum("ijk,kl->ijl", a, b))
    _equal(cupylike.vdot(dc, dc), numpy.vdot(c, c))
    u8 = _wide((4, 4), numpy.uint8, 15)
    _equal(cupylike.dot(*_both(u8, u8)), numpy.dot(u8, u8))


def test_no_m_k_n_temporary():
    """The product of two 256 x 256 int32 matrices holds no more than its output and a few
    small blocks beyond its operands; a sum over an m x k x n product would hold 64 MiB."""
    n = 256
    a, b = _wide((n, n), numpy.int32, 16), _wide((n, n), numpy.int32, 17)
    da, db = _both(a, b)
    cupylike.matmul(da, db)  # compiles the module first
    pool = cupylike.get_default_memory_pool()
    pool.free_all_blocks()
    held_before = pool.total_bytes()
    c = cupylike.matmul(da, db)
    grown = pool.total_bytes() - held_before
    assert grown <= c.nbytes + (1 << 16), grown
    _equal(c, a @ b)
