"""matmul, @, dot, vdot, inner, outer, tensordot, kron and trace against NumPy: every dtype
(BLAS's four, float16 through float32, integers and bool through their own kernel), 1-d
operands, stacks with broadcast batch axes, transposed, sliced, reversed and broadcast operands
(read in place or copied), empty matrices (k = 0 gives zeros), out=, and NumPy's errors. Results
agree within a bound that grows with k for float types and exactly for the others."""

import numpy
import pytest

import cupylike
from cupylike.testing import ALL_DTYPES, assert_allclose

RTOL = {numpy.dtype(numpy.float16): 2e-3, numpy.dtype(numpy.float32): 2e-5,
        numpy.dtype(numpy.complex64): 2e-5, numpy.dtype(numpy.float64): 1e-12,
        numpy.dtype(numpy.complex128): 1e-12}


def _values(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0 if dtype.kind == "u" else -9, 10, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _close(actual, expected, k=1):
    """Equal dtypes and shapes; floating values within RTOL, exact others. Sums of k products:
    the bound scales with k and the operands' magnitude (about 1)."""
    tol = {dtype: rtol * max(k, 1) for dtype, rtol in RTOL.items()}
    assert_allclose(actual, expected, rtol=tol, atol=tol)


SHAPES = [((3, 4), (4, 5)), ((4,), (4, 5)), ((3, 4), (4,)), ((4,), (4,)), ((2, 3, 4), (4, 5)),
          ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((0, 4), (4, 3)), ((3, 0), (0, 2)),
          ((2, 0, 3, 4), (4, 1)), ((1, 1), (1, 1))]


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_matmul_matches_numpy(shapes, dtype):
    a, b = _values(shapes[0], dtype, 1), _values(shapes[1], dtype, 2)
    _close(cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b)), numpy.matmul(a, b),
           a.shape[-1])
    _close(cupylike.asarray(a) @ cupylike.asarray(b), a @ b, a.shape[-1])


VIEWS = {
    "transposed": lambda x: x.swapaxes(-1, -2),
    "sliced": lambda x: x[..., ::2, 1::2],
    "reversed": lambda x: x[..., ::-1, :],
    "reversed columns": lambda x: x[..., :, ::-1],
    "batch reversed": lambda x: x[::-1],
    "batch strided": lambda x: x[::2],
    "row": lambda x: x[..., :1, :],
}


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128], ids=str)
@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("side", ["left", "right", "both"])
def test_operands_in_any_layout(view, side, dtype):
    # Transposed operands are read in place with BLAS's transpose flags, others are copied.
    a, b = _values((4, 6, 6), dtype, 3), _values((4, 6, 6), dtype, 4)
    pick = VIEWS[view]
    ha = pick(a) if side != "right" else a
    hb = pick(b) if side != "left" else b
    if ha.shape[-1] != hb.shape[-2]:
        hb = hb[..., : ha.shape[-1], :] if hb.shape[-2] > ha.shape[-1] else hb
        ha = ha[..., : hb.shape[-2]]
    if ha.shape[:-2] != hb.shape[:-2]:
        n = min(ha.shape[0], hb.shape[0])
        ha, hb = ha[:n], hb[:n]
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    va = pick(da) if side != "right" else da
    vb = pick(db) if side != "left" else db
    va = va[tuple(slice(0, s) for s in ha.shape)]
    vb = vb[tuple(slice(0, s) for s in hb.shape)]
    _close(cupylike.matmul(va, vb), numpy.matmul(ha, hb), ha.shape[-1])


@pytest.mark.vendor_library
def test_broadcast_operands_with_zero_strides():
    a = _values((1, 3, 4), numpy.float64, 5)
    b = _values((4, 2), numpy.float64, 6)
    da = cupylike.broadcast_to(cupylike.asarray(a), (5, 3, 4))
    _close(cupylike.matmul(da, cupylike.asarray(b)), numpy.matmul(numpy.broadcast_to(a, (5, 3, 4)),
                                                                   b), 4)
    column = cupylike.broadcast_to(cupylike.asarray(numpy.arange(4.0)), (3, 4))
    _close(cupylike.matmul(column, cupylike.asarray(b)),
           numpy.matmul(numpy.broadcast_to(numpy.arange(4.0), (3, 4)), b), 4)


@pytest.mark.vendor_library
def test_a_large_product():
    a, b = _values((300, 200), numpy.float32, 7), _values((200, 100), numpy.float32, 8)
    _close(cupylike.asarray(a) @ cupylike.asarray(b), a @ b, 200)


@pytest.mark.vendor_library
def test_mixed_dtypes_promote_as_numpy():
    a, b = _values((3, 4), numpy.int16, 9), _values((4, 2), numpy.float32, 10)
    _close(cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b)), numpy.matmul(a, b), 4)
    c = _values((4, 2), numpy.complex64, 11)
    _close(cupylike.matmul(cupylike.asarray(b.T), cupylike.asarray(c)), numpy.matmul(b.T, c), 4)


@pytest.mark.vendor_library
def test_out_and_in_place_matmul():
    a, b = _values((3, 3), numpy.float64, 12), _values((3, 3), numpy.float64, 13)
    out = cupylike.empty((3, 3), numpy.float64)
    result = cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b), out=out)
    assert result is out
    _close(out, a @ b, 3)
    x = cupylike.asarray(a)
    x @= cupylike.asarray(b)
    _close(x, a @ b, 3)
    with pytest.raises(ValueError):
        cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b), out=cupylike.empty((3, 2)))


@pytest.mark.parametrize("shapes", [((3, 4), (5, 6)), ((4,), (3,)), ((2, 3, 4), (3, 4, 5)),
                                    ((), (3,)), ((3,), ())], ids=str)
def test_matmul_errors_match_numpy(shapes):
    a, b = numpy.ones(shapes[0]), numpy.ones(shapes[1])
    with pytest.raises(ValueError) as expected:
        numpy.matmul(a, b)
    with pytest.raises(ValueError) as actual:
        cupylike.matmul(cupylike.asarray(a), cupylike.asarray(b))
    assert str(actual.value) == str(expected.value) or "matmul" not in str(expected.value)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128, numpy.int32, numpy.bool_],
                         ids=str)
@pytest.mark.parametrize("shapes", [((), (3, 4)), ((4,), (4,)), ((3, 4), (4,)), ((3, 4), (4, 2)),
                                    ((2, 3, 4), (4,)), ((2, 3, 4), (5, 4, 2)), ((4,), (2, 4, 3))],
                         ids=str)
def test_dot_and_inner_match_numpy(shapes, dtype):
    a, b = _values(shapes[0], dtype, 14), _values(shapes[1], dtype, 15)
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    _close(cupylike.dot(da, db), numpy.dot(a, b), 4)
    b_inner = _values(shapes[1][:-1] + (a.shape[-1],) if a.ndim and b.ndim else shapes[1], dtype,
                      16)
    _close(cupylike.inner(da, cupylike.asarray(b_inner)), numpy.inner(a, b_inner), 4)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int16], ids=str)
@pytest.mark.parametrize("shapes", [((2, 4, 0), (0, 3)), ((0, 5, 3), (3,)), ((5, 4, 0), (0, 2)),
                                    ((3, 0), (4, 0, 2)), ((2, 3, 0), (4, 0)), ((0,), (0,))],
                         ids=str)
def test_dot_inner_and_tensordot_of_empty_operands(shapes, dtype):
    """Sums over no terms and results with no elements, in every stacking: the operands'
    matrices have k = 0 columns or rows, which reshape(-1, 0) cannot size."""
    a, b = _values(shapes[0], dtype, 14), _values(shapes[1], dtype, 15)
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    if a.shape[-1] == b.shape[0 if b.ndim == 1 else -2]:
        _close(cupylike.dot(da, db), numpy.dot(a, b), 0)
    if a.shape[-1] == b.shape[-1]:
        _close(cupylike.inner(da, db), numpy.inner(a, b), 0)
    axes = ([a.ndim - 1], [0])
    if a.shape[-1] == b.shape[0]:
        _close(cupylike.tensordot(da, db, axes), numpy.tensordot(a, b, axes), 0)


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128], ids=str)
def test_one_by_one_products_match_numpy(dtype):
    # The host BLAS runs 1 x 1 products as dot products: every operand layout reaches it.
    x, y = _values((3, 1000), dtype, 21), _values((1000, 3), dtype, 22)
    dx, dy = cupylike.asarray(x), cupylike.asarray(y)
    k = 1000
    _close(cupylike.dot(dx[0], dy[:, 1]), numpy.dot(x[0], y[:, 1]), k)  # contiguous, strided
    _close(cupylike.dot(dx[1, ::3], dx[2, ::3]), numpy.dot(x[1, ::3], x[2, ::3]), k)
    _close(dx[0, ::-1] @ dy[::-1, 2], x[0, ::-1] @ y[::-1, 2], k)  # reversed: copied first
    _close(dx[:1] @ dy[:, :1], x[:1] @ y[:, :1], k)  # (1, k) @ (k, 1)
    _close(dy.T[:1] @ dx.T[:, 1:2], y.T[:1] @ x.T[:, 1:2], k)  # transposed views
    stack_a, stack_b = _values((4, 1, 7), dtype, 23), _values((4, 7, 1), dtype, 24)
    _close(cupylike.asarray(stack_a) @ cupylike.asarray(stack_b), stack_a @ stack_b, 7)
    _close(cupylike.inner(dx[2], dx[2]), numpy.inner(x[2], x[2]), k)


@pytest.mark.vendor_library
def test_dot_method_and_errors():
    a, b = _values((3, 4), numpy.float64, 17), _values((4, 2), numpy.float64, 18)
    _close(cupylike.asarray(a).dot(cupylike.asarray(b)), a.dot(b), 4)
    with pytest.raises(ValueError):
        numpy.dot(a, a)
    with pytest.raises(ValueError):
        cupylike.dot(cupylike.asarray(a), cupylike.asarray(a))
    with pytest.raises(ValueError):
        cupylike.inner(cupylike.asarray(a), cupylike.asarray(b))


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex64, numpy.complex128, numpy.int8],
                         ids=str)
def test_vdot_and_outer_match_numpy(dtype):
    a, b = _values((2, 3), dtype, 19), _values((3, 2), dtype, 20)
    _close(cupylike.vdot(cupylike.asarray(a), cupylike.asarray(b)), numpy.vdot(a, b), 6)
    _close(cupylike.outer(cupylike.asarray(a), cupylike.asarray(b)), numpy.outer(a, b))


def test_host_arrays_raise_type_error():
    with pytest.raises(TypeError):
        cupylike.matmul(numpy.ones((2, 2)), cupylike.ones((2, 2)))


@pytest.mark.vendor_library
def test_front_end_describes_blas_calls():
    # What the BLAS facade is handed: C^T = B^T A^T in column-major terms, a transposed operand
    # read in place (flag T), batches strided, broadcast batches with stride 0.
    a = cupylike.asarray(_values((2, 3, 4), numpy.float32, 21))
    b = cupylike.asarray(_values((5, 4), numpy.float32, 22))
    cupylike._core._native._blas_log(True)
    try:
        cupylike.matmul(a, b.T)
        cupylike.matmul(a[0], b[:3].T)
        log = cupylike._core._native._take_blas_log()
    finally:
        cupylike._core._native._blas_log(False)
    assert log == [
        "gemm float32 T N m=5 n=3 k=4 lda=4 ldb=4 ldc=5 batch=2 strides=0,12,15",
        "gemm float32 T N m=3 n=3 k=4 lda=4 ldb=4 ldc=3 batch=1 strides=0,0,9",
    ]


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128, numpy.int16], ids=str)
@pytest.mark.parametrize("axes", [0, 1, 2, ([1, 2], [1, 0]), ([2], [0]), (-1, 0), ([], [])],
                         ids=str)
def test_tensordot_matches_numpy(axes, dtype):
    a, b = _values((2, 3, 4), dtype, 23), _values((4, 3, 5), dtype, 24)
    if axes == 2:
        b = _values((3, 4, 5), dtype, 24)
    _close(cupylike.tensordot(cupylike.asarray(a), cupylike.asarray(b), axes),
           numpy.tensordot(a, b, axes), 12)


@pytest.mark.parametrize("axes", [1, ([1, 0], [0]), 4])
def test_tensordot_errors_match_numpy(axes):
    a, b = numpy.ones((2, 3)), numpy.ones((4, 5))
    with pytest.raises((ValueError, IndexError)) as expected:
        numpy.tensordot(a, b, axes)
    with pytest.raises(expected.type):
        cupylike.tensordot(cupylike.asarray(a), cupylike.asarray(b), axes)


@pytest.mark.parametrize("shapes", [((2, 3), (4,)), ((2,), (3, 2)), ((), (2,)), ((2, 2), (3, 1, 2)),
                                    ((0, 2), (2, 2))], ids=str)
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64, numpy.bool_], ids=str)
def test_kron_matches_numpy(shapes, dtype):
    a, b = _values(shapes[0], dtype, 25), _values(shapes[1], dtype, 26)
    _close(cupylike.kron(cupylike.asarray(a), cupylike.asarray(b)), numpy.kron(a, b))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint16, numpy.float32, numpy.complex64,
                                   numpy.bool_], ids=str)
@pytest.mark.parametrize("args", [(), (1,), (-1, 2, 0), (5,), (0, 1, 2)], ids=str)
def test_trace_matches_numpy(args, dtype):
    m = _values((3, 4, 5), dtype, 27)
    _close(cupylike.trace(cupylike.asarray(m), *args), numpy.trace(m, *args), 5)
    _close(cupylike.asarray(m).trace(*args), m.trace(*args), 5)
    wide = numpy.complex128 if m.dtype.kind == "c" else numpy.float64
    _close(cupylike.trace(cupylike.asarray(m), dtype=wide), numpy.trace(m, dtype=wide), 5)


def test_trace_needs_two_axes():
    for xp in (numpy, cupylike):
        with pytest.raises(ValueError):
            xp.trace(xp.asarray(numpy.ones(3)))
