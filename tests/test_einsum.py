"""einsum and einsum_path against NumPy: matrix products, batches, diagonals, traces, sums,
outer products, chains of three and four operands, '...' broadcasting, size-1 broadcasting,
scalar operands, the interleaved form, every dtype, transposed and reversed operands, out= and
dtype=, and NumPy's errors; hypothesis draws further subscripts and shapes."""

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cupylike
from cupylike.testing import ALL_DTYPES

RTOL = {numpy.dtype(numpy.float16): 1e-2, numpy.dtype(numpy.float32): 1e-5,
        numpy.dtype(numpy.complex64): 1e-5}


def _values(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(0, 4, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _check(subscripts, *host, **kwargs):
    expected = numpy.asarray(numpy.einsum(subscripts, *host, **kwargs))
    ours = [cupylike.asarray(h) if isinstance(h, numpy.ndarray) else h for h in host]
    actual = cupylike.asnumpy(cupylike.einsum(subscripts, *ours, **kwargs))
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    tol = RTOL.get(expected.dtype, 1e-12)
    if expected.dtype.kind in "fc":
        numpy.testing.assert_allclose(actual, expected, rtol=tol, atol=tol * 10)
    else:
        numpy.testing.assert_array_equal(actual, expected)


CASES = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("bij,bjk->bik", [(5, 2, 3), (5, 3, 4)]),
    ("bij,bkj->bki", [(2, 2, 3), (2, 4, 3)]),
    ("ii", [(4, 4)]),
    ("ii->i", [(4, 4)]),
    ("iij->ji", [(3, 3, 2)]),
    ("ij->ji", [(2, 3)]),
    ("ij->", [(2, 3)]),
    ("ij->j", [(2, 3)]),
    ("i,i", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ij,ij->ij", [(2, 3), (2, 3)]),
    ("ij,kl->ilkj", [(2, 3), (4, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("ab,bc,cd,de->ae", [(2, 3), (3, 2), (2, 4), (4, 3)]),
    ("ijk,jil->kl", [(3, 2, 4), (2, 3, 5)]),
    ("...ij,...jk->...ik", [(2, 1, 2, 3), (4, 3, 2)]),
    ("...i,...i", [(2, 3), (4, 1, 3)]),
    ("i...->...", [(3, 2)]),
    ("i,i", [(3,), (1,)]),
    ("ij,j", [(2, 3), (1,)]),
    ("i,i->", [(0,), (0,)]),
    ("ij,jk", [(2, 0), (0, 3)]),
]


@pytest.mark.vendor_library
@pytest.mark.parametrize("subscripts,shapes", CASES, ids=[c[0] for c in CASES])
def test_einsum_matches_numpy_float64(subscripts, shapes):
    _check(subscripts, *[_values(s, numpy.float64, i) for i, s in enumerate(shapes)])


@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_einsum_product_keeps_numpy_result_dtypes(dtype):
    _check("ij,jk->ik", _values((2, 3), dtype, 0), _values((3, 4), dtype, 1))


# Sums of one operand and batched products: the reductions' few kinds of result type.
@pytest.mark.vendor_library
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128, numpy.int8, numpy.bool_],
                         ids=str)
@pytest.mark.parametrize("subscripts,shapes", [("ii->", [(3, 3)]),
                                               ("bi,bi->b", [(2, 3), (2, 3)])],
                         ids=["trace", "batched-dot"])
def test_einsum_sums_keep_numpy_result_dtypes(subscripts, shapes, dtype):
    _check(subscripts, *[_values(s, dtype, i) for i, s in enumerate(shapes)])


@pytest.mark.vendor_library
def test_einsum_mixes_dtypes_and_scalars_as_numpy():
    a = _values((3,), numpy.float32, 0)
    _check("i,i", a, _values((3,), numpy.int16, 1))
    _check("i,->i", a, 3)
    _check("i,->i", _values((3,), numpy.int8, 0), 3)
    _check(",", 2.5, 4)
    _check("", 3)


VIEWS = {"transposed": lambda x: x.T, "reversed": lambda x: x[::-1, ::-1],
         "strided": lambda x: x[::2, 1::2]}


@pytest.mark.vendor_library
@pytest.mark.parametrize("view", VIEWS.values(), ids=VIEWS.keys())
@pytest.mark.parametrize("subscripts", ["ij,jk->ik", "ij,ij->", "ii->i", "ij,ji"])
def test_einsum_reads_non_contiguous_operands(view, subscripts):
    host = [_values((6, 6), numpy.complex128, i) for i in range(2)]
    count = subscripts.split("->")[0].count(",") + 1
    expected = numpy.einsum(subscripts, *[view(h) for h in host[:count]])
    actual = cupylike.einsum(subscripts, *[view(cupylike.asarray(h)) for h in host[:count]])
    numpy.testing.assert_allclose(cupylike.asnumpy(actual), expected, rtol=1e-12)


@pytest.mark.vendor_library
def test_einsum_interleaved_form_matches_numpy():
    a, b = _values((2, 3), numpy.float64, 0), _values((3, 4), numpy.float64, 1)
    expected = numpy.einsum(a, [0, 1], b, [1, 2], [2, 0])
    actual = cupylike.einsum(cupylike.asarray(a), [0, 1], cupylike.asarray(b), [1, 2], [2, 0])
    numpy.testing.assert_allclose(cupylike.asnumpy(actual), expected, rtol=1e-12)
    c = _values((2, 3, 4), numpy.float64, 2)
    expected = numpy.einsum(c, [0, Ellipsis], [Ellipsis])
    actual = cupylike.einsum(cupylike.asarray(c), [0, Ellipsis], [Ellipsis])
    numpy.testing.assert_allclose(cupylike.asnumpy(actual), expected, rtol=1e-12)


def test_einsum_out_and_dtype_follow_numpy_casting():
    a = _values((3, 3), numpy.float32, 0)
    out = cupylike.zeros(3, numpy.float64)
    result = cupylike.einsum("ii->i", cupylike.asarray(a), out=out)
    assert result is out
    numpy.testing.assert_allclose(cupylike.asnumpy(out), numpy.diagonal(a), rtol=1e-7)
    _check("ij->i", a, dtype=numpy.float64)
    with pytest.raises(TypeError):
        cupylike.einsum("ij->i", cupylike.asarray(a), dtype=numpy.int32)
    with pytest.raises(TypeError):
        cupylike.einsum("ii->i", cupylike.asarray(a), out=cupylike.zeros(3, numpy.int64))


BAD = [
    ("i,i", [(3,), (2,)]),
    ("i%", [(3,)]),
    ("ij", [(3,)]),
    ("i", [(2, 3)]),
    ("i->ii", [(3,)]),
    ("i->j", [(3,)]),
    ("i,j", [(3,)]),
    ("i", [(3,), (3,)]),
    ("ii", [(2, 3)]),
    ("i...->", [(2, 3)]),
    (".i", [(3,)]),
    ("i->i->i", [(3,)]),
]


@pytest.mark.parametrize("subscripts,shapes", BAD, ids=[b[0] for b in BAD])
def test_einsum_rejects_what_numpy_rejects(subscripts, shapes):
    host = [numpy.ones(s) for s in shapes]
    with pytest.raises(ValueError):
        numpy.einsum(subscripts, *host)
    with pytest.raises(ValueError):
        cupylike.einsum(subscripts, *[cupylike.asarray(h) for h in host])


def test_einsum_needs_operands_and_device_arrays():
    with pytest.raises(ValueError):
        cupylike.einsum("")
    with pytest.raises(TypeError, match="cupylike.ndarray"):
        cupylike.einsum("i,i", numpy.ones(3), cupylike.ones(3))


def test_einsum_path_is_numpys_path():
    shapes = [(2, 3), (3, 4), (4, 5)]
    ours = cupylike.einsum_path("ij,jk,kl->il", *[cupylike.ones(s) for s in shapes])
    theirs = numpy.einsum_path("ij,jk,kl->il", *[numpy.ones(s) for s in shapes])
    assert ours == theirs


@st.composite
def _problems(draw):
    sizes = {c: draw(st.integers(1, 3)) for c in "abcd"}
    count = draw(st.integers(1, 3))
    terms = [draw(st.lists(st.sampled_from("abcd"), max_size=3)) for _ in range(count)]
    used = sorted({c for t in terms for c in t})
    if draw(st.booleans()):
        output = "".join(draw(st.permutations(used))[:draw(st.integers(0, len(used)))])
        subscripts = ",".join("".join(t) for t in terms) + "->" + output
    else:
        subscripts = ",".join("".join(t) for t in terms)
    shapes = [tuple(sizes[c] for c in t) for t in terms]
    return subscripts, shapes


@pytest.mark.vendor_library
@settings(max_examples=40, deadline=None)
@given(_problems())
def test_einsum_matches_numpy_on_drawn_subscripts(problem):
    subscripts, shapes = problem
    _check(subscripts, *[_values(s, numpy.float64, i) for i, s in enumerate(shapes)])
