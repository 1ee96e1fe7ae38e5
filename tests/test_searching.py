"""searchsorted (the function and the ndarray method) and digitize against NumPy: every dtype,
both sides, sorters, scalar, N-d, empty and non-contiguous values, NaNs (last in the sort order,
in `a` and in `v`), complex values with NaN parts, mixed dtypes of `a` and `v`, increasing,
decreasing and constant bins, a large search, and NumPy's errors. A few searches run with the
sorter made by the GPU's radix sort kernels, forced on the cpu device."""

import numpy
import pytest
from helpers.sort_cases import tied_values

import cupylike
from cupylike.testing import ALL_DTYPES, numpy_cupylike_equal


def _ids(d):
    return numpy.dtype(d).name


def _sorted(xp, dtype, n, seed=0):
    return xp.asarray(numpy.sort(tied_values(dtype, (n,), seed)))


def _a(xp, values, dtype=None):
    return xp.asarray(numpy.array(values, dtype=dtype))


# searchsorted


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=_ids)
def test_searchsorted(dtype, side, xp):
    # `v` holds every value of `a` (ties, NaNs) and others, in an N-d shape.
    a = _sorted(xp, dtype, 30, seed=1)
    v = xp.asarray(tied_values(dtype, (3, 4, 5), seed=2))
    return xp.searchsorted(a, v, side=side), xp.searchsorted(a, a, side=side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=_ids)
def test_searchsorted_sorter(dtype, side, xp):
    host = tied_values(dtype, (25,), seed=3)
    sorter = numpy.argsort(host, kind="stable")
    v = xp.asarray(tied_values(dtype, (2, 7), seed=4))
    return (xp.searchsorted(xp.asarray(host), v, side, xp.asarray(sorter)),
            xp.searchsorted(xp.asarray(host), v, side, xp.asarray(sorter.astype(numpy.int32))))


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64], ids=_ids)
def test_searchsorted_nan_last(dtype, side, xp):
    a = _a(xp, [-numpy.inf, 0, 1, 1, numpy.inf, numpy.nan, numpy.nan], dtype)
    v = _a(xp, [numpy.nan, numpy.inf, 1, -numpy.inf, 5], dtype)
    return xp.searchsorted(a, v, side), xp.searchsorted(a[:5], v, side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128], ids=_ids)
def test_searchsorted_complex_order(dtype, side, xp):
    # NumPy's order: real part first, then imaginary; R+Rj < R+nanj < nan+Rj < nan+nanj.
    nan = numpy.nan
    a = _a(xp, [-1 + 5j, 1 - 1j, 1 + 0j, 1 + 0j, 1 + 2j, complex(1, nan), complex(2, nan),
                complex(nan, -1), complex(nan, 3), complex(nan, nan)], dtype)
    v = _a(xp, [1 + 0j, 1 + 1j, complex(1, nan), complex(3, nan), complex(nan, 0),
                complex(nan, nan), -5 + 0j, 1 + numpy.inf * 1j], dtype)
    return xp.searchsorted(a, v, side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("v", [2, 2.5, -1, 10**6, True, numpy.float32(1.5), numpy.int8(3),
                               numpy.uint64(2), 2 + 0j, numpy.nan], ids=repr)
def test_searchsorted_scalar_v(v, side, xp):
    # A scalar `v` gives a scalar (0-d) index.
    return xp.searchsorted(_a(xp, [0, 1, 2, 2, 3, 7]), v, side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("v", ["0d", "empty", "empty2d", "transposed", "reversed", "step"])
def test_searchsorted_v_shapes(v, side, xp):
    full = xp.asarray(tied_values(numpy.float32, (6, 8), seed=5))
    v = {"0d": xp.asarray(numpy.float32(1.5)), "empty": full[:0, 0],
         "empty2d": full[:, :0], "transposed": full.T, "reversed": full[::-1, ::-1],
         "step": full[1::2, ::3]}[v]
    return xp.searchsorted(_sorted(xp, numpy.float32, 20, seed=6), v, side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_non_contiguous_a(side, xp):
    a = _sorted(xp, numpy.int32, 40, seed=7)
    v = xp.asarray(tied_values(numpy.int32, (9,), seed=8))
    return xp.searchsorted(a[::3], v, side), xp.searchsorted(a[::-1][::-2], v, side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("v", [[1.5, 2], [], 3], ids=str)
def test_searchsorted_empty_a(v, side, xp):
    a = xp.asarray(numpy.zeros(0))
    return (xp.searchsorted(a, xp.asarray(numpy.array(v)), side),
            xp.searchsorted(a, xp.asarray(numpy.array(v)), side, xp.asarray(numpy.zeros(0, int))))


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtypes", [
    (numpy.int64, numpy.float64), (numpy.int8, numpy.float32), (numpy.float32, numpy.float64),
    (numpy.float64, numpy.float16), (numpy.uint8, numpy.int8), (numpy.int64, numpy.uint64),
    (numpy.bool_, numpy.int16), (numpy.int32, numpy.complex64), (numpy.float16, numpy.uint32),
    (numpy.uint64, numpy.float64),
], ids=lambda p: f"{_ids(p[0])}-{_ids(p[1])}")
def test_searchsorted_mixed_dtypes(dtypes, side, xp):
    # Both are compared in their common dtype: 2.5 falls between 2 and 3, -1 before uint8's 0,
    # and 0.1 (float64) is below float32's 0.1.
    a = xp.asarray(numpy.array([0, 1, 2, 2, 3, 100]).astype(dtypes[0]))
    v = numpy.array([-1, 0, 0.1, 2, 2.5, 3, 99.5, 300, numpy.nan])
    kind = numpy.dtype(dtypes[1]).kind
    if kind in "iub":  # the values v's dtype holds
        info = numpy.iinfo(dtypes[1]) if kind != "b" else numpy.iinfo(numpy.uint8)
        v = v[(v == numpy.round(v)) & (v >= info.min) & (v <= min(info.max, 1e6))]
        v = v[v <= 1] if kind == "b" else v
    v = xp.asarray(v.astype(dtypes[1]))
    return xp.searchsorted(a, v, side), xp.searchsorted(v[:3], a, side)


# NumPy types a Python scalar `v` by its value next to `a` (legacy promotion); cupylike applies
# NEP 50 (the scalar takes a's dtype), and turns lists into arrays with numpy.result_type.
@numpy_cupylike_equal()
@pytest.mark.parametrize("case", [
    (numpy.int8, 1000),
    (numpy.uint8, -1),
    (numpy.float32, 0.1),
    (numpy.float16, 1.0001),
    (numpy.int64, [1, 2]),
    (numpy.int64, (2.5, 0)),
], ids=lambda c: f"{_ids(c[0])}-{c[1]!r}")
def test_searchsorted_python_v(case, xp):
    dtype, v = case
    a = xp.asarray(numpy.array([0.1, 1, 2, 3]).astype(dtype))
    return xp.searchsorted(a, v, "left"), xp.searchsorted(a, v, "right")


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("error", [
    "a2d", "a0d", "side", "sorter_size", "sorter_high", "sorter_negative", "sorter_float",
    "sorter_complex",
    "side_none",
    "sorter_2d",
])
def test_searchsorted_errors(error, xp):
    a = _a(xp, [3, 1, 2])
    # NumPy checks only the sorter entries its searches read: `v` makes them read all.
    sorter = {"sorter_size": [1, 2], "sorter_2d": [[1, 2, 0]], "sorter_high": [1, 2, 3],
              "sorter_negative": [1, -1, 0], "sorter_float": [1.0, 2.0, 0.0],
              "sorter_complex": [1j, 2, 0]}.get(error)
    sorter = None if sorter is None else xp.asarray(numpy.array(sorter))
    side = {"side": "middle", "side_none": None}.get(error, "left")
    a = {"a2d": _a(xp, [[1, 2], [3, 4]]), "a0d": _a(xp, 2)}.get(error, a)
    return xp.searchsorted(a, _a(xp, [0, 1, 2, 3, 4]), side, sorter)


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("dtype", [
    numpy.uint64,
    numpy.bool_,
    numpy.uint8, numpy.int16,
], ids=_ids)
def test_searchsorted_sorter_dtypes(dtype, xp):
    return xp.searchsorted(_a(xp, [3, 1, 2]), _a(xp, [2, 3]), "right",
                           xp.asarray(numpy.array([1, 2, 0]).astype(dtype)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_method(side, xp):
    a = _sorted(xp, numpy.float64, 15, seed=9)
    v = xp.asarray(tied_values(numpy.float64, (4, 3), seed=10))
    host = tied_values(numpy.int16, (12,), seed=11)
    sorter = xp.asarray(numpy.argsort(host, kind="stable"))
    return (a.searchsorted(v, side), a.searchsorted(v, side=side), a.searchsorted(v[0, 0]),
            xp.asarray(host).searchsorted(xp.asarray(host[:5]), side, sorter))


@numpy_cupylike_equal()
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_large(side, xp):
    rng = numpy.random.default_rng(12)
    a = xp.asarray(numpy.sort(rng.integers(0, 10**4, 10**5)))
    return xp.searchsorted(a, xp.asarray(rng.integers(-10, 10**4 + 10, 10**5)), side)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float32, numpy.complex128], ids=_ids)
def test_searchsorted_sort_paths(dtype, sort_path, xp):
    # The sorter comes from the library's own stable argsort (NumPy: kind='stable').
    a = xp.asarray(tied_values(dtype, (50,), seed=13))
    sorter = xp.argsort(a, kind="stable")
    v = xp.asarray(tied_values(dtype, (20,), seed=14))
    return xp.searchsorted(a, v, "left", sorter), xp.searchsorted(a, v, "right", sorter)


# digitize


@numpy_cupylike_equal()
@pytest.mark.parametrize("right", [False, True])
@pytest.mark.parametrize("order", ["increasing", "decreasing"])
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint16, numpy.int64, numpy.float16,
                                   numpy.float32, numpy.float64, numpy.bool_], ids=_ids)
def test_digitize(dtype, order, right, xp):
    # Values on the edges, between them, outside them and (floats) NaN; tied edges.
    bins = numpy.array([0, 1, 3, 3, 7, 50]).astype(dtype)
    if order == "decreasing":
        bins = bins[::-1]
    x = numpy.array([[-1, 0, 1, 2], [3, 4, 7, 100]]).astype(dtype)
    if dtype().dtype.kind == "f":
        x[0, 0] = numpy.nan
    return xp.digitize(xp.asarray(x), xp.asarray(bins), right)


@numpy_cupylike_equal()
@pytest.mark.parametrize("right", [False, True])
@pytest.mark.parametrize("bins", [[2.0], [2, 2, 2], [], [-numpy.inf, 0, numpy.inf],
                                  [5, 5, 1, 1]], ids=str)
def test_digitize_bins(bins, right, xp):
    # One edge, constant edges (increasing for NumPy), no edges, infinite edges.
    x = xp.asarray(numpy.array([-numpy.inf, 0, 1, 2, 3, 5, numpy.inf]))
    return xp.digitize(x, xp.asarray(numpy.array(bins)), right)


@numpy_cupylike_equal()
@pytest.mark.parametrize("right", [False, True])
def test_digitize_mixed_and_strided(right, xp):
    bins = xp.asarray(numpy.arange(0, 40, 2.5))
    x = xp.asarray(numpy.arange(-3, 45).reshape(6, 8))
    return (xp.digitize(x.T, bins[::2], right), xp.digitize(x[::-2], bins[::-3], right),
            xp.digitize(x.astype(numpy.uint8), bins, right), xp.digitize(x, bins.astype(int)))


@numpy_cupylike_equal()
@pytest.mark.parametrize("x", [2.5, 3, numpy.float32(7.5), True], ids=repr)
def test_digitize_scalar_x(x, xp):
    return xp.digitize(x, xp.asarray(numpy.array([1.0, 2.5, 5.0])))


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("error", ["not_monotonic", "nan_first", "complex_x", "bins_2d",
                                   "bins_0d"])
def test_digitize_errors(error, xp):
    x = _a(xp, [1.0, 2.0])
    bins = {"not_monotonic": [1, 3, 2], "nan_first": [numpy.nan, 1, 2],
            "bins_2d": [[1, 2], [3, 4]], "bins_0d": 1.0}.get(error, [0, 1, 2])
    if error == "complex_x":
        x = _a(xp, [1 + 1j])
    return xp.digitize(x, _a(xp, bins))


# NumPy checks the bins on a float64 copy, where a comparison with NaN fails silently. Bins
# with a NaN inside pass its check but are not sorted, so the indices of both libraries mean
# nothing there (only the check is compared, in test_digitize_accepts_what_numpy_accepts).
@numpy_cupylike_equal(accept_error=TypeError)
@pytest.mark.parametrize("case", [
    ([1, 2, numpy.nan], numpy.float64),
    ([3, 2, 1, numpy.nan], numpy.float64),
    ([1 + 1j, 2 + 0j], numpy.complex128),
    ([2**53 + 1, 2**53], numpy.int64),
], ids=lambda c: f"{_ids(c[1])}-{c[0]}")
def test_digitize_bins_numpy_reads_as_float64(case, xp):
    bins, dtype = case
    x = _a(xp, [0, 1.5, 2, 5, 2**53])
    if dtype == numpy.int64:
        x = _a(xp, [2**53], numpy.int64)
    return xp.digitize(x, _a(xp, bins, dtype))


@pytest.mark.parametrize("bins", [[1, numpy.nan, 2], [numpy.nan, numpy.nan], [2, numpy.nan, 1],
                                  [numpy.nan, 1, 2], [1, 1, numpy.nan], [2, numpy.nan, 3, 1]],
                         ids=str)
def test_digitize_accepts_what_numpy_accepts(bins):
    x = numpy.array([0.5, 1.5])
    outcomes = []
    for xp in (numpy, cupylike):
        try:
            xp.digitize(xp.asarray(x), xp.asarray(numpy.array(bins)))
            outcomes.append("accepted")
        except ValueError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]
