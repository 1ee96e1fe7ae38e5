"""The cpu device walks elementwise operations a row at a time: rows whose operands are
contiguous or broadcast along their innermost axis (x - x.mean(axis=0), x / v[:, None]) take
the contiguous loop, other rows a loop by each operand's inner stride, and a thread's share of
the elements may start or end inside a row. Every layout is compared with NumPy, value by
value."""

import numpy
import pytest

import cupylike
from cupylike.testing import assert_array_equal

RNG = numpy.random.default_rng(5)


def _host(shape, dtype):
    values = RNG.standard_normal(shape) * 8
    return values.astype(dtype)


# (shape of x, shape of y): y broadcast against x.
PAIRS = [
    ((64, 300), (1, 300)),       # a row against every row
    ((64, 300), (64, 1)),        # a column: the inner axis of y has stride 0
    ((1, 300), (64, 300)),       # the broadcast operand first
    ((64, 1), (64, 300)),
    ((5, 7, 33), (7, 33)),       # 3-d, the outer axis broadcast
    ((5, 7, 33), (5, 1, 33)),    # the middle axis broadcast
    ((5, 7, 33), (5, 7, 1)),
    ((3, 1), (1, 4)),            # an outer product
    ((2, 0, 5), (1, 5)),         # empty
    ((3000, 2), (1, 2)),         # many short rows (split between threads by rows)
    ((2, 70_001), (1, 70_001)),  # two long rows
]


@pytest.mark.parametrize("xs,ys", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int16, numpy.complex64,
                                   numpy.bool_], ids=str)
def test_binary_broadcast_matches_numpy(xs, ys, dtype):
    x, y = _host(xs, dtype), _host(ys, dtype)
    cx, cy = cupylike.asarray(x), cupylike.asarray(y)
    for op in (numpy.add, numpy.multiply, numpy.maximum, numpy.not_equal):
        assert_array_equal(getattr(cupylike, op.__name__)(cx, cy), op(x, y))


@pytest.mark.parametrize("xs,ys", PAIRS[:7], ids=[f"{a}-{b}" for a, b in PAIRS[:7]])
def test_mixed_dtypes_and_a_scalar(xs, ys):
    x, y = _host(xs, numpy.float32), _host(ys, numpy.int8)
    cx, cy = cupylike.asarray(x), cupylike.asarray(y)
    assert_array_equal(cx - cy, x - y)
    assert_array_equal(cupylike.where(cx > 0, cy, 2.5), numpy.where(x > 0, y, 2.5))
    assert_array_equal(cupylike.clip(cx, cy, 3), numpy.clip(x, y, 3))


def test_in_place_update_by_a_row():
    x = _host((40, 129), numpy.float64)
    cx = cupylike.asarray(x)
    cx -= cx.mean(axis=0)
    x -= x.mean(axis=0)
    numpy.testing.assert_allclose(cx.get(), x, rtol=1e-12, atol=1e-12)


def test_views_with_contiguous_rows():
    x, y = _host((20, 50), numpy.float32), _host((50,), numpy.float32)
    cx, cy = cupylike.asarray(x), cupylike.asarray(y)
    assert_array_equal(cx[::3, 5:45] * cy[5:45], x[::3, 5:45] * y[5:45])
    assert_array_equal(cx[::-2] / cy, x[::-2] / y)
    out = cupylike.zeros((40, 50), dtype=numpy.float32)[::2]  # rows apart in the output too
    cupylike.add(cx, cy, out=out)
    assert_array_equal(out, x + y)


def test_layouts_that_are_not_rows_still_match():
    x, y = _host((30, 40), numpy.float64), _host((40,), numpy.float64)
    cx, cy = cupylike.asarray(x), cupylike.asarray(y)
    assert_array_equal(cx.T[:30] + cy[:30], x.T[:30] + y[:30])        # inner stride 320
    assert_array_equal(cx[:, ::2] - cy[::2], x[:, ::2] - y[::2])      # inner stride 2
    assert_array_equal(cupylike.add(cx, cy, where=cx > 0, out=cupylike.zeros_like(cx)),
                       numpy.add(x, y, where=x > 0, out=numpy.zeros_like(x)))
    assert_array_equal(cupylike.asfortranarray(cx) + cy, numpy.asfortranarray(x) + y)


# (view of x, view of y) of two (4, 200_001) arrays: inner strides other than the itemsize,
# reversed, transposed; shares of the elements split inside rows (over 2^18 elements: the
# worker pool runs them, in several blocks).
STRIDED = {
    "inner step 2": lambda x, y: (x[:, :-1:2], y[:, 1::2]),
    "reversed rows": lambda x, y: (x[:, ::-1], y[::-1, :]),
    "one strided row": lambda x, y: (x[2, ::3], y[3, 1::3]),
    "transposed": lambda x, y: (x[:, :4].T, y[:, 4:8]),
    "row and column": lambda x, y: (x[:, ::7], y[:, 3:4]),
}


@pytest.mark.parametrize("case", sorted(STRIDED))
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.uint8, numpy.complex128], ids=str)
def test_strided_rows_match_numpy(case, dtype):
    x, y = _host((4, 200_001), dtype), _host((4, 200_001), dtype)
    a, b = STRIDED[case](x, y)
    ca, cb = STRIDED[case](cupylike.asarray(x), cupylike.asarray(y))
    assert_array_equal(ca * cb, a * b)
    assert_array_equal(cupylike.multiply(ca, 3, dtype=numpy.complex128),
                       numpy.multiply(a, 3, dtype=numpy.complex128))
    out = numpy.zeros(numpy.broadcast_shapes(a.shape, b.shape), dtype)
    cout = cupylike.asarray(out)
    numpy.add(a, b, where=a.real > b.real, out=out)
    cupylike.add(ca, cb, where=ca.real > cb.real, out=cout)
    assert_array_equal(cout, out)
