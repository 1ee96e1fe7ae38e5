"""unique, isin, in1d and the 1-d set operations (intersect1d, union1d, setdiff1d, setxor1d)
against NumPy: every dtype, duplicates, NaNs (unique's equal_nan collapses them into one, isin
and the set operations never match them), complex values with NaN parts, unique's
return_index/return_inverse/return_counts flattened and along an axis, isin's invert and kinds,
mixed dtypes, 0-d, empty and non-contiguous inputs, a large input, and NumPy's errors. A few
cases run on the GPU's radix sort kernels too, forced on the cpu device."""

import itertools

import numpy
import pytest
from helpers.sort_cases import tied_values

import cupylike
from cupylike.testing import ALL_DTYPES, FLOAT_DTYPES, assert_array_equal, numpy_cupylike_equal

INEXACT = FLOAT_DTYPES + [numpy.dtype(numpy.complex64), numpy.dtype(numpy.complex128)]
# (return_index, return_inverse, return_counts)
FLAGS = list(itertools.product([False, True], repeat=3))
FLAG_IDS = ["".join(n for n, f in zip("ivc", flags, strict=True) if f) or "plain"
            for flags in FLAGS]


def _ids(d):
    return numpy.dtype(d).name


def _arr(xp, dtype, shape, seed=0):
    return xp.asarray(tied_values(dtype, shape, seed))


def _parts(result):
    """Complex arrays as (real, imag): assert_array_equal takes any two complex values with a NaN
    part as equal, and which one a result holds is part of what is tested."""
    if isinstance(result, tuple):
        return tuple(_parts(r) for r in result)
    return (result.real, result.imag) if result.dtype.kind == "c" else result


def _rows_with_repeats(dtype, shape=(7, 4), seed=0):
    """A 2-d array whose rows (and columns) repeat, so that unique along an axis merges some."""
    base = tied_values(dtype, (3, shape[1]), seed)
    rows = base[numpy.random.default_rng(seed).integers(0, 3, shape[0])]
    return rows[:, [0, 1, 0, 2, 3, 1][: shape[1]]]


# unique


# NumPy's plain unique (no return_*) finds complex values with a hash table, which keeps the first
# NaN of the input; with any return_* it sorts and keeps the first NaN in sort order. cupylike
# does the same.


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype, flags", [
    pytest.param(dtype, flags, id=f"{dtype.name}-{fid}")
    for dtype in ALL_DTYPES for flags, fid in zip(FLAGS, FLAG_IDS, strict=True)])
def test_unique_flat(dtype, flags, xp):
    return _parts(xp.unique(_arr(xp, dtype, (6, 9)), *flags))


@numpy_cupylike_equal()
def test_unique_complex_nan_representative(xp):
    host = numpy.array([complex(numpy.nan, numpy.nan), complex(1, numpy.nan), 2])
    return _parts(xp.unique(xp.asarray(host)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("equal_nan", [True, False])
@pytest.mark.parametrize("dtype", INEXACT, ids=_ids)
def test_unique_equal_nan(dtype, equal_nan, xp):
    # Several NaNs (complex: values with a NaN part): with equal_nan the first in NumPy's order
    # stands for them all, and return_index must name its first occurrence.
    host = numpy.array([numpy.nan, 2, numpy.nan, 1, numpy.nan, 2], dtype=dtype)
    if dtype.kind == "c":
        host[[2, 4]] = [complex(1, numpy.nan), complex(numpy.nan, 0)]
        host = numpy.concatenate([host, [complex(0, numpy.nan), complex(numpy.nan, numpy.nan)]])
    return _parts(xp.unique(xp.asarray(host), True, True, True, equal_nan=equal_nan))


@numpy_cupylike_equal()
@pytest.mark.parametrize("equal_nan", [True, False])
def test_unique_all_nan(equal_nan, xp):
    return xp.unique(xp.asarray(numpy.full(5, numpy.nan, numpy.float32)), True, True, True,
                     equal_nan=equal_nan)


@numpy_cupylike_equal()
@pytest.mark.parametrize("flags", [FLAGS[0], FLAGS[-1], (False, True, False)],
                         ids=["plain", "ivc", "v"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dtype", ALL_DTYPES[::2] + [numpy.dtype(numpy.complex128)], ids=_ids)
def test_unique_axis(dtype, axis, flags, xp):
    return _parts(xp.unique(xp.asarray(_rows_with_repeats(dtype)), *flags, axis=axis))


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, 1, 2, -2])
def test_unique_axis_3d(axis, xp):
    host = numpy.arange(2 * 3 * 4).reshape(2, 3, 4) % 5
    host = numpy.concatenate([host, host], axis=axis)
    return xp.unique(xp.asarray(host), True, True, True, axis=axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("equal_nan", [True, False])
def test_unique_axis_nan_rows(equal_nan, xp):
    # Along an axis NaN equals nothing whatever equal_nan says: equal rows with a NaN stay apart.
    host = numpy.array([[1, numpy.nan], [0, 5], [1, numpy.nan], [0, 5], [numpy.nan, 0]])
    return xp.unique(xp.asarray(host), True, True, True, axis=0, equal_nan=equal_nan)


@numpy_cupylike_equal()
@pytest.mark.parametrize("view", ["step", "reversed", "transposed", "column"])
def test_unique_non_contiguous(view, xp):
    a = _arr(xp, numpy.float64, (8, 10), seed=3)
    a = {"step": a[::2, ::3], "reversed": a[::-1], "transposed": a.T, "column": a[:, 4]}[view]
    return xp.unique(a, True, True, True)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, 1])
def test_unique_axis_non_contiguous(axis, xp):
    return xp.unique(xp.asarray(_rows_with_repeats(numpy.int16, (8, 5)))[::-1, ::2].T, True, True,
                     True, axis=axis)


@numpy_cupylike_equal()
@pytest.mark.parametrize("flags", [FLAGS[0], FLAGS[-1]], ids=["plain", "ivc"])
@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (1,)], ids=str)
def test_unique_small(shape, flags, xp):
    # A 0-d input gives a 1-d result, and its inverse keeps the 0-d shape.
    return xp.unique(_arr(xp, numpy.int32, shape), *flags)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("shape", [(3, 0), (0, 3)], ids=str)
def test_unique_axis_zero_size(shape, axis, xp):
    return xp.unique(xp.asarray(numpy.zeros(shape)), True, True, True, axis=axis)


@numpy_cupylike_equal(accept_error=numpy.exceptions.AxisError)
@pytest.mark.parametrize("axis", [2, -3])
def test_unique_axis_out_of_range(axis, xp):
    return xp.unique(_arr(xp, numpy.int8, (3, 4)), axis=axis)


@numpy_cupylike_equal(accept_error=numpy.exceptions.AxisError)
def test_unique_axis_on_0d(xp):
    return xp.unique(xp.asarray(numpy.float32(2)), axis=0)


@numpy_cupylike_equal()
def test_unique_python_list(xp):
    return xp.unique([3, 1, 3, 2])


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32], ids=_ids)
def test_unique_large(dtype, xp):
    host = numpy.random.default_rng(7).integers(-5000, 5000, 10**5).astype(dtype)
    return xp.unique(xp.asarray(host), True, True, True)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float64, numpy.complex64], ids=_ids)
def test_unique_sort_paths(dtype, sort_path, xp):
    return _parts(xp.unique(_arr(xp, dtype, (5, 40), seed=11), True, True, True))


@numpy_cupylike_equal()
def test_unique_axis_sort_paths(sort_path, xp):
    return xp.unique(xp.asarray(_rows_with_repeats(numpy.float32, (9, 4))), True, True, True,
                     axis=0)


# isin and in1d


@numpy_cupylike_equal()
@pytest.mark.parametrize("kind", [None, "sort"])
@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=_ids)
def test_isin(dtype, invert, kind, xp):
    element = _arr(xp, dtype, (3, 5), seed=1)
    test = _arr(xp, dtype, (4, 2), seed=2)
    return xp.isin(element, test, invert=invert, kind=kind)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=_ids)
def test_isin_table(dtype, invert, xp):
    # NumPy's table needs ar2's range to fit its dtype (RuntimeError otherwise, see below):
    # small values here. The inexact dtypes raise ValueError in both libraries.
    element = xp.asarray((numpy.arange(15).reshape(3, 5) % 7).astype(dtype))
    test = xp.asarray(numpy.array([[5, 1], [1, 9]]).astype(dtype))
    return xp.isin(element, test, invert=invert, kind="table")


@numpy_cupylike_equal()
@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float64, numpy.complex64], ids=_ids)
def test_isin_nan_is_in_nothing(dtype, invert, xp):
    nan = numpy.nan if numpy.dtype(dtype).kind == "f" else complex(1, numpy.nan)
    element = xp.asarray(numpy.array([nan, 1, 2, nan], dtype=dtype))
    return xp.isin(element, xp.asarray(numpy.array([nan, 2], dtype=dtype)), invert=invert)


@numpy_cupylike_equal()
@pytest.mark.parametrize("pair", [
    (numpy.int8, numpy.float64), (numpy.bool_, numpy.int64), (numpy.uint8, numpy.int8),
    (numpy.int32, numpy.uint16), (numpy.float16, numpy.float32), (numpy.float32, numpy.complex128),
    (numpy.uint64, numpy.int64),
], ids=lambda p: f"{_ids(p[0])}-{_ids(p[1])}")
@pytest.mark.parametrize("kind", [None, "sort"])
def test_isin_mixed_dtypes(pair, kind, xp):
    # Small values: the common dtype of both holds each of them exactly.
    element = xp.asarray((numpy.arange(12).reshape(3, 4) % 5 - 1).astype(pair[0]))
    test = xp.asarray(numpy.array([-1, 0, 2, 3.5, 7]).astype(pair[1]))
    return xp.isin(element, test, kind=kind), xp.isin(test, element, kind=kind)


@numpy_cupylike_equal()
@pytest.mark.parametrize("pair", [(numpy.uint64, numpy.int64), (numpy.int64, numpy.uint64)],
                         ids=lambda p: f"{_ids(p[0])}-{_ids(p[1])}")
def test_isin_uint64_int64_exact(pair, xp):
    # Promotion gives float64, where 2**60 + 1 rounds to 2**60; the comparison must not.
    element = xp.asarray(numpy.array([2**60 + 1, 5], dtype=pair[0]))
    return xp.isin(element, xp.asarray(numpy.array([2**60, 5], dtype=pair[1])))


@numpy_cupylike_equal()
@pytest.mark.parametrize("test", [[2, 7], 3, [], [[1], [4]], (0,)], ids=str)
@pytest.mark.parametrize("element", [[1, 2, 3], 2, [[4, 7], [0, 2]], []], ids=str)
def test_isin_shapes(element, test, xp):
    # Results keep element's shape, 0-d included; Python lists and scalars are accepted.
    element = xp.asarray(numpy.array(element, dtype=numpy.int64))
    return (xp.isin(element, test), xp.isin(element, xp.asarray(numpy.array(test, numpy.int64))),
            xp.isin(element, test, invert=True))


@numpy_cupylike_equal()
@pytest.mark.parametrize("kind", [None, "sort", "table"])
def test_isin_empty(kind, xp):
    empty = xp.asarray(numpy.zeros((0, 3), numpy.int32))
    full = xp.asarray(numpy.array([[4, 1, 0], [2, 2, -3]], numpy.int32))
    return (xp.isin(empty, full, kind=kind), xp.isin(full, empty, kind=kind),
            xp.isin(full, empty, invert=True, kind=kind))


@numpy_cupylike_equal()
def test_isin_non_contiguous(xp):
    element = _arr(xp, numpy.float32, (6, 8), seed=4)
    test = _arr(xp, numpy.float32, (10,), seed=5)
    return (xp.isin(element.T, test[::-2]), xp.isin(element[::2, 1::3], test[::3]),
            xp.isin(element[:, ::-1], test, invert=True))


@numpy_cupylike_equal()
def test_isin_table_bool(xp):
    element = xp.asarray(numpy.array([[0, 1, 2], [-1, 1, 0]]))
    return (xp.isin(element, xp.asarray(numpy.array([True])), kind="table"),
            xp.isin(xp.asarray(numpy.array([True, False])), element, kind="table"))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int64, numpy.uint64], ids=_ids)
def test_isin_table_answers_where_numpy_overflows(dtype):
    # A documented difference: NumPy's kind='table' raises when the test values' range
    # overflows their dtype (RuntimeError) or its table (ValueError); a sort serves every kind
    # here, so the answer is the one kind='sort' gives.
    info = numpy.iinfo(dtype)
    a = numpy.array([info.min, info.max, 0], dtype)
    b = numpy.array([info.max, info.min], dtype)
    assert_array_equal(cupylike.isin(cupylike.asarray(a), cupylike.asarray(b), kind="table"),
                       numpy.isin(a, b, kind="sort"))


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("case", [
    ("table", numpy.float64, numpy.int64), ("table", numpy.int64, numpy.float32),
    ("table", numpy.int8, numpy.complex64), ("bogus", numpy.int64, numpy.int64),
    ("Sort", numpy.float64, numpy.float64),
], ids=str)
def test_isin_errors(case, xp):
    kind, d1, d2 = case
    return xp.isin(xp.asarray(numpy.arange(3, dtype=d1)), xp.asarray(numpy.arange(2, dtype=d2)),
                   kind=kind)


@numpy_cupylike_equal()
@pytest.mark.parametrize("invert", [False, True])
def test_isin_large(invert, xp):
    rng = numpy.random.default_rng(9)
    element = xp.asarray(rng.integers(0, 3 * 10**5, 10**5))
    return xp.isin(element, xp.asarray(rng.integers(0, 3 * 10**5, 5 * 10**4)), invert=invert)


@numpy_cupylike_equal()
@pytest.mark.parametrize("kind", [None, "sort"])
@pytest.mark.parametrize("dtype", [numpy.uint8, numpy.float64, numpy.complex128], ids=_ids)
def test_isin_sort_paths(dtype, kind, sort_path, xp):
    return xp.isin(_arr(xp, dtype, (4, 30), seed=6), _arr(xp, dtype, (25,), seed=8), kind=kind)


def _in1d(xp, ar1, ar2, **kwargs):
    """NumPy 2.4 removed in1d: its result is isin of the flattened ar1."""
    if xp is numpy:
        return numpy.isin(numpy.ravel(ar1), ar2, **kwargs)
    return cupylike.in1d(ar1, ar2, **kwargs)


@numpy_cupylike_equal(accept_error=ValueError)
@pytest.mark.parametrize("kind", [None, "sort", "table"])
@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int32, numpy.uint64, numpy.float32,
                                   numpy.complex64], ids=_ids)
def test_in1d(dtype, invert, kind, xp):
    element = _arr(xp, dtype, (3, 4, 2), seed=12)
    if kind == "table" and numpy.dtype(dtype).kind in "biu":  # small range, as NumPy needs
        return _in1d(xp, element[:, ::-1] % 2, element[0] % 3, invert=invert, kind=kind)
    return _in1d(xp, element[:, ::-1], _arr(xp, dtype, (2, 3), seed=13), invert=invert,
                 kind=kind)


@numpy_cupylike_equal()
@pytest.mark.parametrize("ar1", [5, [], [[1, 2], [3, 4]]], ids=str)
def test_in1d_shapes(ar1, xp):
    return _in1d(xp, xp.asarray(numpy.array(ar1, numpy.int8)), xp.asarray(numpy.array([2, 5])))


# intersect1d, union1d, setdiff1d, setxor1d


SET_DTYPES = [numpy.bool_, numpy.int8, numpy.uint32, numpy.int64, numpy.float16, numpy.float64,
              numpy.complex64]


def _pair(xp, dtype, assume_unique):
    """Two 2-d inputs (the set operations flatten them) with shared values; unique ones (in
    shuffled order) when the operation may assume so."""
    a, b = tied_values(dtype, (4, 6), 20), tied_values(dtype, (3, 5), 21)
    if assume_unique:
        rng = numpy.random.default_rng(22)
        a = rng.permutation(numpy.unique(a, equal_nan=False))
        b = rng.permutation(numpy.unique(b, equal_nan=False))
    return xp.asarray(a), xp.asarray(b)


@numpy_cupylike_equal()
@pytest.mark.parametrize("return_indices", [False, True])
@pytest.mark.parametrize("assume_unique", [False, True])
@pytest.mark.parametrize("dtype", SET_DTYPES, ids=_ids)
def test_intersect1d(dtype, assume_unique, return_indices, xp):
    a, b = _pair(xp, dtype, assume_unique)
    return _parts(xp.intersect1d(a, b, assume_unique, return_indices))


def _set_cases(assume_unique_values):
    """(dtype, assume_unique) pairs."""
    return [pytest.param(dtype, assume, id=f"{_ids(dtype)}-{assume}")
            for dtype in SET_DTYPES for assume in assume_unique_values]


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype, assume_unique", _set_cases([False]))
def test_union1d(dtype, assume_unique, xp):
    a, b = _pair(xp, dtype, assume_unique)
    return _parts((xp.union1d(a, b), xp.union1d(a[::-1, ::2], b.T)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype, assume_unique", _set_cases([False, True]))
def test_setdiff1d(dtype, assume_unique, xp):
    a, b = _pair(xp, dtype, assume_unique)
    return _parts((xp.setdiff1d(a, b, assume_unique), xp.setdiff1d(b, a, assume_unique)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype, assume_unique", _set_cases([False, True]))
def test_setxor1d(dtype, assume_unique, xp):
    a, b = _pair(xp, dtype, assume_unique)
    return _parts((xp.setxor1d(a, b, assume_unique), xp.setxor1d(b, a, assume_unique)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("op", ["intersect1d", "union1d", "setdiff1d", "setxor1d"])
def test_set_ops_nan(op, xp):
    # unique collapses each side's NaNs into one; NaN then matches nothing on the other side.
    a = xp.asarray(numpy.array([numpy.nan, 1, numpy.nan, 3, 2]))
    b = xp.asarray(numpy.array([2, numpy.nan, 4, numpy.nan]))
    return getattr(xp, op)(a, b), getattr(xp, op)(b, a)


@numpy_cupylike_equal()
@pytest.mark.parametrize("op", ["intersect1d", "union1d", "setdiff1d", "setxor1d"])
@pytest.mark.parametrize("shapes", [((0,), (0,)), ((0,), (3,)), ((3,), (0,)), ((), (2, 2))],
                         ids=str)
def test_set_ops_small(op, shapes, xp):
    a = _arr(xp, numpy.int32, shapes[0], seed=1)
    b = xp.asarray(numpy.zeros(shapes[1], numpy.float32) + 1)
    return getattr(xp, op)(a, b)


@numpy_cupylike_equal()
@pytest.mark.parametrize("op", ["intersect1d", "union1d", "setdiff1d", "setxor1d"])
def test_set_ops_mixed_dtypes_and_lists(op, xp):
    a = xp.asarray(numpy.array([[3, 1], [1, 200]], numpy.uint8))
    b = xp.asarray(numpy.array([1, -5, 3.5], numpy.float32))
    return getattr(xp, op)(a, b), getattr(xp, op)(a, [1, 7, 200])


@numpy_cupylike_equal()
def test_intersect1d_indices_of_first_occurrences(xp):
    a = xp.asarray(numpy.array([5, 1, 5, 3, 1, 9, 3]))
    b = xp.asarray(numpy.array([3, 3, 7, 5, 1, 5]))
    return xp.intersect1d(a, b, return_indices=True), xp.intersect1d(b, a, return_indices=True)


@numpy_cupylike_equal()
@pytest.mark.parametrize("op", ["intersect1d", "union1d", "setdiff1d", "setxor1d"])
def test_set_ops_large(op, xp):
    rng = numpy.random.default_rng(10)
    a = xp.asarray(rng.integers(0, 2 * 10**5, 10**5))
    b = xp.asarray(rng.integers(0, 2 * 10**5, 10**5))
    return getattr(xp, op)(a, b)


@numpy_cupylike_equal()
@pytest.mark.parametrize("op", ["intersect1d", "setxor1d"])
def test_set_ops_sort_paths(op, sort_path, xp):
    a, b = _pair(xp, numpy.float32, False)
    return getattr(xp, op)(a, b)
