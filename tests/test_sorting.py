"""sort, argsort, lexsort, partition, argpartition, sort_complex and the ndarray methods against
NumPy: every dtype, every axis and the flattened array, 0-d and empty arrays, NaNs (last),
signed zeros, complex values with NaN parts (NumPy's order), many ties (argsort is stable: it
equals NumPy's kind='stable'), non-contiguous inputs, a long row (sorted in two halves and
merged on the cpu device), lengths around each path's threshold, and NumPy's errors. The GPU's
kernels (rank sort for short rows, radix passes) run here too, forced on the cpu device."""

import numpy
import pytest
from numpy.exceptions import AxisError

import cupylike
from cupylike.testing import ALL_DTYPES, assert_array_equal, numpy_cupylike_equal


def _values(dtype, shape, seed=0):
    """Values with ties, and for floats NaNs, infinities and both zeros; complex values with
    NaN in either part."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    if dtype == numpy.bool_:
        return rng.random(n).reshape(shape) < 0.5
    if dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        picks = numpy.array([info.min, info.max, 0, 1, 2, 3, info.max - 1], dtype=dtype)
        return rng.choice(picks, n).reshape(shape)
    special = numpy.array([numpy.nan, -numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1.5, -2.25,
                           1.0, 1e-3])
    if dtype.kind == "f":
        return rng.choice(special, n).astype(dtype).reshape(shape)
    out = numpy.empty(n, dtype)
    out.real = rng.choice(special, n)
    out.imag = rng.choice(special, n)
    return out.reshape(shape)


def _assert_equal_with_nans(actual, expected):
    actual = cupylike.asnumpy(actual)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    assert numpy.array_equal(actual, expected, equal_nan=True), (actual, expected)


def _check_sort_and_argsort(host, axis):
    a = cupylike.asarray(host)
    _assert_equal_with_nans(cupylike.sort(a, axis=axis), numpy.sort(host, axis=axis))
    if isinstance(axis, bool):  # numpy.argsort refuses a bool axis that numpy.sort takes
        for xp, x in ((numpy, host), (cupylike, a)):
            with pytest.raises(TypeError, match="integer is required"):
                xp.argsort(x, axis=axis)
        return
    assert_array_equal(cupylike.argsort(a, axis=axis),
                       numpy.argsort(host, axis=axis, kind="stable"))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("axis", [-1, 0, 1, None])
def test_sort_and_argsort_match_numpy(dtype, axis, sort_path):
    _check_sort_and_argsort(_values(dtype, (6, 37)), axis)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128, numpy.int8], ids=str)
@pytest.mark.parametrize("shape", [(0,), (3, 0), (0, 4), (1,), (2, 1, 3)], ids=str)
def test_small_and_empty_shapes(dtype, shape, sort_path):
    host = _values(dtype, shape)
    a = cupylike.asarray(host)
    for axis in [None, *range(-len(shape), len(shape))]:
        _assert_equal_with_nans(cupylike.sort(a, axis=axis), numpy.sort(host, axis=axis))
        assert_array_equal(cupylike.argsort(a, axis=axis),
                           numpy.argsort(host, axis=axis, kind="stable"))


def test_zero_dimensional_arrays(sort_path):
    # sort needs axis=None; argsort takes the element as a 1-d array whatever the axis.
    for xp in (numpy, cupylike):
        with pytest.raises(AxisError):
            xp.sort(xp.asarray(3.0))
    assert_array_equal(cupylike.sort(cupylike.asarray(3.0), axis=None), numpy.array([3.0]))
    for axis in (-1, 0, None):
        assert_array_equal(cupylike.argsort(cupylike.asarray(3.0), axis=axis),
                           numpy.argsort(numpy.asarray(3.0), axis=axis))


@pytest.mark.parametrize("view", ["reversed", "strided", "transposed"])
def test_non_contiguous_inputs(view, sort_path):
    host = _values(numpy.float64, (9, 14))
    a = cupylike.asarray(host)
    pick = {"reversed": lambda x: x[::-1, ::-1], "strided": lambda x: x[::2, 1::3],
            "transposed": lambda x: x.T}[view]
    for axis in (-1, 0, None):
        _assert_equal_with_nans(cupylike.sort(pick(a), axis=axis),
                                numpy.sort(pick(host), axis=axis))
        order = cupylike.argsort(pick(a), axis=axis)
        assert order.flags.c_contiguous
        assert_array_equal(order, numpy.argsort(pick(host), axis=axis, kind="stable"))


_UNSIGNED = {2: numpy.uint16, 4: numpy.uint32, 8: numpy.uint64}


def _bits(x):
    x = cupylike.asnumpy(x) if isinstance(x, cupylike.ndarray) else x
    return x.view(_UNSIGNED[x.dtype.itemsize // (2 if x.dtype.kind == "c" else 1)])


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64,
                                   numpy.complex64], ids=str)
@pytest.mark.parametrize("n", [1, 2, 16, 17, 63, 64, 65, 300])
def test_short_rows_keep_numpys_bits(dtype, n, sort_path):
    # Zeros of both signs and NaNs of both signs, bit for bit: the host path is NumPy's own sort
    # (its default kind) on a copy, the kernels (a GPU's way) sort stably as NumPy's
    # kind='stable'. 64: the longest row the kernels sort by rank whatever the row count.
    host = _values(dtype, (3, n), seed=n)
    a = cupylike.asarray(host)
    kind = None if sort_path == "host" and a.device.kind == "cpu" else "stable"
    for axis in (-1, 0, None):
        numpy.testing.assert_array_equal(_bits(cupylike.sort(a, axis=axis)),
                                         _bits(numpy.sort(host, axis=axis, kind=kind)))
    assert_array_equal(cupylike.argsort(a), numpy.argsort(host, kind="stable"))
    numpy.testing.assert_array_equal(_bits(a), _bits(host))  # the input is left as it was


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64], ids=str)
@pytest.mark.parametrize("shape", [(64,), (65,), (2, 64), (200, 3), (3, 2049)], ids=str)
def test_integer_rows_around_the_rank_threshold(dtype, shape, sort_path):
    host = _values(dtype, shape, seed=len(shape))
    a = cupylike.asarray(host)
    for axis in (-1, 0, None):
        assert_array_equal(cupylike.sort(a, axis=axis), numpy.sort(host, axis=axis))
        assert_array_equal(cupylike.argsort(a, axis=axis),
                           numpy.argsort(host, axis=axis, kind="stable"))


@pytest.mark.parametrize("axis", [numpy.int64(0), numpy.int8(-1), True], ids=repr)
def test_axis_objects_as_numpy_takes_them(axis, sort_path):
    _check_sort_and_argsort(_values(numpy.float32, (4, 5)), axis)


@pytest.mark.parametrize("axis, error, match", [
    (1.5, TypeError, "integer"), ("0", TypeError, "integer"), ([0], TypeError, "integer"),
    (-(1 << 70), OverflowError, "too large")], ids=repr)
def test_axis_errors(axis, error, match, sort_path):
    for xp in (numpy, cupylike):
        with pytest.raises(error, match=match):
            xp.sort(xp.asarray(numpy.ones((2, 2))), axis=axis)
        with pytest.raises(error, match=match):
            xp.argsort(xp.asarray(numpy.ones((2, 2))), axis=axis)


def test_result_is_c_contiguous_for_every_axis():
    a = cupylike.asarray(_values(numpy.float32, (4, 5, 6)))
    for axis in range(3):
        assert cupylike.sort(a, axis=axis).flags.c_contiguous
        assert cupylike.argsort(a, axis=axis).flags.c_contiguous


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int64, numpy.complex64], ids=str)
@pytest.mark.parametrize("n", [31, 33, 1023, 1024, 2048, 2049, (1 << 17) - 1, (1 << 17) + 3])
def test_lengths_across_thresholds(dtype, n, sort_path):
    # 32: the host radix argsort's insertion sort below; 1024: the first row the cpu device
    # argsorts by the host radix sort rather than NumPy's; 2048: the last row the kernels sort
    # by rank (n * n <= _RANK_WORK); 1 << 17: the cpu device sorts halves on two threads and
    # merges, below it one native call sorts.
    host = _values(dtype, (n,), seed=n)
    a = cupylike.asarray(host)
    _assert_equal_with_nans(cupylike.sort(a), numpy.sort(host))
    assert_array_equal(cupylike.argsort(a), numpy.argsort(host, kind="stable"))


def test_many_rows_sort_on_threads():
    host = numpy.random.default_rng(1).standard_normal((300, 1000)).astype(numpy.float32)
    a = cupylike.asarray(host)
    assert_array_equal(cupylike.sort(a), numpy.sort(host))
    assert_array_equal(cupylike.sort(a, axis=0), numpy.sort(host, axis=0))
    assert_array_equal(cupylike.argsort(a, axis=0), numpy.argsort(host, axis=0, kind="stable"))


def test_one_million_floats():
    host = numpy.random.default_rng(2).random(10**6, dtype=numpy.float32)
    host[::1000] = numpy.nan
    _assert_equal_with_nans(cupylike.sort(cupylike.asarray(host)), numpy.sort(host))


def test_argsort_keeps_ties_in_order(sort_path):
    host = numpy.repeat(numpy.array([3, 1, 2], numpy.int16), 500)
    assert_array_equal(cupylike.argsort(cupylike.asarray(host)),
                       numpy.argsort(host, kind="stable"))


@numpy_cupylike_equal()
@pytest.mark.parametrize("kind", [None, "quicksort", "mergesort", "heapsort", "stable"])
def test_every_kind_sorts(kind, xp):
    a = xp.asarray(numpy.array([3.0, numpy.nan, -1.0, 2.0, -0.5]))
    return xp.sort(a, kind=kind), xp.argsort(a, kind=kind)


@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("call", ["bad kind", "kind and stable", "order", "axis", "argsort axis"])
def test_errors_match_numpy(call, xp):
    a = xp.asarray(numpy.array([[3.0, 1.0], [2.0, 0.0]]))
    if call == "bad kind":
        return xp.sort(a, kind="bubble")
    if call == "kind and stable":
        return xp.sort(a, kind="quicksort", stable=True)
    if call == "order":
        return xp.sort(a, order="x")
    if call == "axis":
        return xp.sort(a, axis=2)
    return xp.argsort(a, axis=-3)


def test_ndarray_sort_is_in_place_on_views():
    host = _values(numpy.float32, (5, 8))
    a = cupylike.asarray(host)
    view = a[:, ::2]
    view.sort(axis=0)
    host[:, ::2].sort(axis=0)
    _assert_equal_with_nans(a, host)
    assert_array_equal(a.argsort(axis=None), host.argsort(axis=None, kind="stable"))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float64, numpy.complex64, numpy.bool_],
                         ids=str)
def test_lexsort_matches_numpy(dtype, sort_path):
    rng = numpy.random.default_rng(3)
    keys = [_values(dtype, (4, 50), seed=s) for s in range(3)]
    keys[1] = rng.integers(0, 2, (4, 50)).astype(dtype)  # many ties: later keys decide
    for axis in (-1, 0):
        assert_array_equal(cupylike.lexsort([cupylike.asarray(k) for k in keys], axis=axis),
                           numpy.lexsort(keys, axis=axis))
    stacked = numpy.stack([k[0] for k in keys])
    assert_array_equal(cupylike.lexsort(cupylike.asarray(stacked)), numpy.lexsort(stacked))


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("keys", ["none", "shapes", "0-d"])
def test_lexsort_errors(keys, xp):
    if keys == "none":
        return xp.lexsort([])
    if keys == "shapes":
        return xp.lexsort([xp.asarray([1, 2]), xp.asarray([1, 2, 3])])
    return xp.lexsort(xp.asarray(5))


def _assert_partitioned(values, kth, axis, host):
    """values (host) is a partition of `host` around every kth along `axis`."""
    expected = numpy.sort(host, axis=axis)
    values = numpy.moveaxis(values, axis, -1)
    expected = numpy.moveaxis(expected, axis, -1)
    assert numpy.array_equal(numpy.sort(values, axis=-1), expected, equal_nan=True)
    for k in kth:
        assert numpy.array_equal(values[..., k], expected[..., k], equal_nan=True)
        pivot = expected[..., k:k + 1]
        before, after = values[..., :k], values[..., k + 1:]
        assert numpy.all((before <= pivot) | numpy.isnan(pivot))
        assert numpy.all((after >= pivot) | numpy.isnan(after))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int64, numpy.uint8], ids=str)
@pytest.mark.parametrize("kth", [0, 3, -1, [1, 5], (2, 2, 9)], ids=str)
@pytest.mark.parametrize("axis", [-1, 0, None])
def test_partition_and_argpartition_keep_the_contract(dtype, kth, axis, sort_path):
    host = _values(dtype, (10, 12), seed=4)
    a = cupylike.asarray(host)
    n = host.size if axis is None else host.shape[axis]
    ks = sorted({k % n for k in numpy.atleast_1d(kth)})
    flat_host = host.reshape(-1) if axis is None else host
    ax = -1 if axis is None else axis
    _assert_partitioned(cupylike.asnumpy(cupylike.partition(a, kth, axis=axis)), ks, ax,
                        flat_host)
    idx = cupylike.asnumpy(cupylike.argpartition(a, kth, axis=axis))
    assert numpy.array_equal(numpy.sort(idx, axis=ax),
                             numpy.broadcast_to(numpy.arange(n).reshape(
                                 [-1 if d == (ax % flat_host.ndim) else 1
                                  for d in range(flat_host.ndim)]), idx.shape))
    _assert_partitioned(numpy.take_along_axis(flat_host, idx, ax), ks, ax, flat_host)


def test_partition_method_is_in_place():
    host = _values(numpy.float64, (20,))
    a = cupylike.asarray(host)
    a.partition(7)
    _assert_partitioned(cupylike.asnumpy(a), [7], -1, host)
    now = cupylike.asnumpy(a)
    _assert_partitioned(now[cupylike.asnumpy(a.argpartition(3))], [3], -1, now)


@numpy_cupylike_equal(accept_error=(TypeError, ValueError))
@pytest.mark.parametrize("kth", [5, -4, True, 1.0, [[1]]], ids=str)
def test_partition_errors(kth, xp):
    return xp.partition(xp.asarray(numpy.array([3, 1, 2])), kth)


@numpy_cupylike_equal(accept_error=(ValueError, numpy.exceptions.AxisError))
@pytest.mark.parametrize("call", ["kind", "0-d", "axis"])
def test_partition_argument_errors(call, xp):
    a = xp.asarray(numpy.array([3, 1, 2]))
    if call == "kind":
        return xp.partition(a, 1, kind="quick")
    if call == "0-d":
        return xp.partition(xp.asarray(3), 0)
    return xp.argpartition(a, 1, axis=1)


@numpy_cupylike_equal()
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint16, numpy.int32, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.bool_], ids=str)
def test_sort_complex_dtypes(dtype, xp):
    # Zeros of either sign compare equal, as do NaNs, and the order of equal elements is
    # unspecified for NumPy's default sort (a GPU's radix sort keeps their input order), so
    # those are compared without their signs.
    r = xp.sort_complex(xp.asarray(_values(dtype, (3, 7))))
    return xp.where(xp.isnan(r) | (r == 0), abs(r), r)


@numpy_cupylike_equal()
@pytest.mark.parametrize("axis", [0, -1, None])
def test_argsort_of_0d_is_argsort_of_one_element(axis, xp):
    return xp.argsort(xp.asarray(2.5), axis=axis)


@pytest.mark.parametrize("axis, error", [(1, AxisError), (-2, AxisError), ("0", TypeError)])
def test_argsort_of_0d_checks_its_axis_as_1d(axis, error):
    # NumPy argsorts a 0-d array as a 1-d array of one element, axis checks included.
    for xp in (numpy, cupylike):
        with pytest.raises(error):
            xp.argsort(xp.asarray(2.5), axis=axis)
