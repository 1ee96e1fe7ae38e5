"""NEP 18: NumPy's functions called with cupylike arrays run cupylike's function, for every
function the dispatch table holds (generated from the namespaces), and NumPy's TypeError for
the others.

Each dispatched function needs a sample call below (SAMPLES or one of the groups): a function
added to cupylike that NumPy has is dispatched at once, and fails
test_every_dispatched_function_has_a_sample until it is given one here.
"""

import io

import numpy
import pytest

import cupylike
from cupylike._core._array_function import dispatch_table
from cupylike.testing import assert_allclose, assert_array_equal


def _v(xp):
    return xp.asarray([3.0, 1.0, 2.0, 5.0, 0.0])


def _m(xp):  # symmetric positive definite
    return xp.asarray([[4.0, 1.0, 2.0], [1.0, 3.0, 0.0], [2.0, 0.0, 5.0]])


def _i(xp):
    return xp.asarray([3, 1, 2, 1, 0])


def _t(xp):  # a tensor for tensorinv/tensorsolve: (2, 2, 2, 2), invertible as 4 x 4
    return (xp.eye(4) * 2 + xp.asarray(numpy.triu(numpy.ones((4, 4)), 1))).reshape(2, 2, 2, 2)


# Functions of one vector, and of one square matrix: f(x).
ON_VECTOR = {
    "all", "any", "amax", "amin", "argmax", "argmin", "argsort", "argwhere", "atleast_1d",
    "atleast_2d", "atleast_3d", "average", "copy", "count_nonzero", "cumprod", "cumsum", "diag",
    "diagflat", "diff", "ediff1d", "fix", "flatnonzero", "flip", "imag", "real", "angle", "max",
    "mean", "median", "min", "nan_to_num", "nanargmax", "nanargmin", "nancumprod", "nancumsum",
    "nanmax", "nanmean", "nanmin", "nanprod", "nanstd", "nansum", "nanvar", "ndim", "nonzero",
    "ones_like", "zeros_like", "prod", "ptp", "ravel", "round", "around", "shape", "size", "sort",
    "sort_complex", "squeeze", "std", "sum", "trim_zeros", "unique", "var", "histogram",
    "fft.fft", "fft.ifft", "fft.rfft", "fft.ihfft", "fft.hfft", "fft.irfft", "fft.fftshift",
    "fft.ifftshift", "cumulative_sum", "cumulative_prod", "unique_all", "unique_counts",
    "unique_inverse", "unique_values", "linalg.vector_norm", "lib.scimath.sqrt",
    "lib.scimath.log", "lib.scimath.log2", "lib.scimath.log10", "lib.scimath.arccos",
    "lib.scimath.arcsin", "lib.scimath.arctanh",
    # math and signal functions (issue 18)
    "gradient", "i0", "sinc", "trapezoid", "unwrap", "vander",
}
ON_MATRIX = {
    "linalg.cholesky", "linalg.cond", "linalg.det", "linalg.inv", "linalg.eigvals",
    "linalg.eigvalsh", "linalg.matrix_rank", "linalg.norm", "linalg.pinv", "linalg.slogdet",
    "fliplr", "flipud", "transpose", "trace", "tril", "triu", "diagonal", "rot90", "corrcoef",
    "cov", "fft.fft2", "fft.ifft2", "fft.fftn", "fft.ifftn", "fft.rfft2", "fft.rfftn",
    "fft.irfft2", "fft.irfftn", "matrix_transpose", "linalg.diagonal", "linalg.matrix_norm",
    "linalg.matrix_transpose", "linalg.svdvals", "linalg.trace",
}

# The other functions: xp -> (args, kwargs).
SAMPLES = {
    "lib.scimath.logn": lambda xp: ((3, -_v(xp)), {}),
    "lib.scimath.power": lambda xp: ((-_v(xp), _i(xp)), {}),
    "append": lambda xp: ((_v(xp), _v(xp)), {}),
    "apply_along_axis": lambda xp: ((xp.sum, 1, _m(xp)), {}),
    "apply_over_axes": lambda xp: ((xp.sum, _m(xp), [0, 1]), {}),
    "block": lambda xp: (([[_m(xp), _m(xp)], [_m(xp), _m(xp)]],), {}),
    "piecewise": lambda xp: ((_v(xp), [_v(xp) > 0], [lambda v: v * 2, 1.5]), {}),
    "astype": lambda xp: ((_v(xp), numpy.float32), {}),
    "unstack": lambda xp: ((_m(xp),), {"axis": 1}),
    "argpartition": lambda xp: ((_v(xp), 2), {}),
    "array_split": lambda xp: ((_v(xp), 2), {}),
    "bincount": lambda xp: ((_i(xp),), {}),
    "broadcast_arrays": lambda xp: ((_v(xp), _m(xp)[:, :1]), {}),
    "broadcast_to": lambda xp: ((_v(xp), (2, 5)), {}),
    "can_cast": lambda xp: ((_v(xp), numpy.float32), {}),
    "choose": lambda xp: ((xp.asarray([0, 1, 0]), [xp.asarray([1, 2, 3]),
                                                    xp.asarray([4, 5, 6])]), {}),
    "clip": lambda xp: ((_v(xp), 1.5, 4.0), {}),
    "column_stack": lambda xp: (([_v(xp), _v(xp)],), {}),
    "compress": lambda xp: ((xp.asarray([True, False, True]), _v(xp)), {}),
    "concatenate": lambda xp: (([_v(xp), _v(xp) * 2],), {}),
    "copyto": lambda xp: ((xp.zeros(5), _v(xp)), {}),
    "delete": lambda xp: ((_v(xp), 1), {}),
    "digitize": lambda xp: ((_v(xp), xp.asarray([1.5, 3.5])), {}),
    "dot": lambda xp: ((_m(xp), _m(xp)), {}),
    "convolve": lambda xp: ((_v(xp), _v(xp)[:3]), {}),
    "correlate": lambda xp: ((_v(xp), _v(xp)[:3]), {"mode": "same"}),
    "cross": lambda xp: ((_m(xp), _m(xp)[::-1]), {}),
    "geomspace": lambda xp: ((xp.asarray(1.0), xp.asarray(8.0), 4), {}),
    "interp": lambda xp: ((_v(xp), xp.asarray([0.0, 2.0, 4.0]), xp.asarray([1.0, 0.0, 3.0])), {}),
    "dsplit": lambda xp: ((xp.ones((2, 2, 4)), 2), {}),
    "dstack": lambda xp: (([_v(xp), _v(xp)],), {}),
    "einsum": lambda xp: (("ij,jk->ik", _m(xp), _m(xp)), {}),
    "einsum_path": lambda xp: (("ij,jk->ik", _m(xp), _m(xp)), {}),
    "empty_like": lambda xp: ((_v(xp),), {}),
    "expand_dims": lambda xp: ((_v(xp), 0), {}),
    "extract": lambda xp: ((_v(xp) > 1.5, _v(xp)), {}),
    "fill_diagonal": lambda xp: ((_m(xp), 7.0), {}),
    "full_like": lambda xp: ((_v(xp), 7), {}),
    "hsplit": lambda xp: ((_m(xp), 3), {}),
    "hstack": lambda xp: (([_v(xp), _v(xp)],), {}),
    "inner": lambda xp: ((_v(xp), _v(xp)), {}),
    "insert": lambda xp: ((_v(xp), 1, 9.0), {}),
    "intersect1d": lambda xp: ((_v(xp), _v(xp)[1:3]), {}),
    "isin": lambda xp: ((_v(xp), xp.asarray([1.0, 5.0])), {}),
    "ix_": lambda xp: ((xp.asarray([0, 1]), xp.asarray([2])), {}),
    "kron": lambda xp: ((_m(xp), _m(xp)), {}),
    "lexsort": lambda xp: (((_v(xp), _i(xp)),), {}),
    "linspace": lambda xp: ((xp.asarray(0.0), xp.asarray(1.0), 5), {}),
    "logspace": lambda xp: ((xp.asarray(0.0), xp.asarray(1.0), 5), {}),
    "meshgrid": lambda xp: ((_v(xp), _i(xp)), {}),
    "moveaxis": lambda xp: ((_m(xp)[:2], 0, 1), {}),
    "outer": lambda xp: ((_v(xp), _v(xp)), {}),
    "pad": lambda xp: ((_v(xp), 2), {}),
    "partition": lambda xp: ((_v(xp), 2), {}),
    "percentile": lambda xp: ((_v(xp), 30), {}),
    "place": lambda xp: ((_v(xp), _v(xp) > 1.5, xp.asarray([8.0, 9.0])), {}),
    "put": lambda xp: ((_v(xp), xp.asarray([0, 2]), xp.asarray([8.0, 9.0])), {}),
    "put_along_axis": lambda xp: ((_m(xp), xp.asarray([[0], [1], [2]]), 9.0, 1), {}),
    "putmask": lambda xp: ((_v(xp), _v(xp) > 1.5, xp.asarray([8.0, 9.0])), {}),
    "quantile": lambda xp: ((_v(xp), 0.3), {}),
    "ravel_multi_index": lambda xp: (((xp.asarray([0, 1]), xp.asarray([1, 2])), (3, 3)), {}),
    "repeat": lambda xp: ((_v(xp), 2), {}),
    "reshape": lambda xp: ((_v(xp), (5, 1)), {}),
    "resize": lambda xp: ((_v(xp), (2, 4)), {}),
    "result_type": lambda xp: ((_v(xp), _i(xp)), {}),
    "roll": lambda xp: ((_v(xp), 2), {}),
    "rollaxis": lambda xp: ((_m(xp)[:2], 1), {}),
    "searchsorted": lambda xp: ((xp.asarray([0.0, 1.0, 2.0, 3.0]), _v(xp)), {}),
    "select": lambda xp: (([_v(xp) > 2, _v(xp) < 2], [_v(xp), -_v(xp)]), {}),
    "setdiff1d": lambda xp: ((_v(xp), _v(xp)[1:3]), {}),
    "setxor1d": lambda xp: ((_v(xp), xp.asarray([1.0, 7.0])), {}),
    "split": lambda xp: ((_v(xp), 5), {}),
    "stack": lambda xp: (([_v(xp), _v(xp)],), {}),
    "swapaxes": lambda xp: ((_m(xp)[:2], 0, 1), {}),
    "take": lambda xp: ((_v(xp), xp.asarray([0, 2, 2])), {}),
    "take_along_axis": lambda xp: ((_m(xp), xp.asarray([[2], [0], [1]]), 1), {}),
    "tensordot": lambda xp: ((_m(xp), _m(xp)), {}),
    "tile": lambda xp: ((_v(xp), 2), {}),
    "union1d": lambda xp: ((_v(xp), xp.asarray([1.0, 7.0])), {}),
    "unravel_index": lambda xp: ((xp.asarray([3, 5]), (3, 3)), {}),
    "vdot": lambda xp: ((_v(xp), _v(xp)), {}),
    "vsplit": lambda xp: ((_m(xp), 3), {}),
    "vstack": lambda xp: (([_v(xp), _v(xp)],), {}),
    "where": lambda xp: ((_v(xp) > 1.5, _v(xp), 0.0), {}),
    "linalg.cross": lambda xp: ((_m(xp), _m(xp)[::-1]), {}),
    "linalg.matmul": lambda xp: ((_m(xp), _v(xp)[:3]), {}),
    "linalg.outer": lambda xp: ((_v(xp), _i(xp)), {}),
    "linalg.tensordot": lambda xp: ((_m(xp), _m(xp)), {"axes": 1}),
    "linalg.vecdot": lambda xp: ((_m(xp), _v(xp)[:3]), {}),
    "linalg.eig": lambda xp: ((xp.asarray([[2.0, 0.0], [0.0, 3.0]]),), {}),
    "linalg.eigh": lambda xp: ((xp.asarray([[2.0, 0.0], [0.0, 3.0]]),), {}),
    "linalg.lstsq": lambda xp: ((_m(xp), _v(xp)[:3]), {"rcond": None}),
    "linalg.matrix_power": lambda xp: ((_m(xp), 3), {}),
    "linalg.multi_dot": lambda xp: (([_m(xp), _m(xp), _m(xp)],), {}),
    "linalg.qr": lambda xp: ((xp.asarray([[2.0, 0.0], [0.0, 3.0]]),), {}),
    "linalg.solve": lambda xp: ((_m(xp), _v(xp)[:3]), {}),
    "linalg.svd": lambda xp: ((_m(xp),), {"compute_uv": False}),
    "linalg.tensorinv": lambda xp: ((_t(xp),), {}),
    "linalg.tensorsolve": lambda xp: ((_t(xp), xp.ones((2, 2))), {}),
}
# Issue 18's utilities (logic, dtype queries, printing, index helpers).
ON_VECTOR |= {
    "array2string", "array_repr", "array_str", "common_type", "iscomplex", "iscomplexobj",
    "isneginf", "isposinf", "isreal", "isrealobj", "min_scalar_type", "real_if_close",
}
ON_MATRIX |= {"diag_indices_from", "tril_indices_from", "triu_indices_from"}
SAMPLES.update({
    "allclose": lambda xp: ((_v(xp), _v(xp) + 1e-9), {}),
    "array_equal": lambda xp: ((_v(xp), _v(xp)), {"equal_nan": True}),
    "array_equiv": lambda xp: ((_m(xp)[:1], _m(xp)), {}),
    "isclose": lambda xp: ((_v(xp), 2.0), {"atol": 1.0}),
    "may_share_memory": lambda xp: ((_v(xp), _v(xp)), {}),
    "shares_memory": lambda xp: ((_v(xp), _v(xp)), {}),
})
# Polynomials and I/O (issue 18); the writers return None on both sides.
ON_VECTOR |= {"poly", "polyder", "polyint", "roots"}
SAMPLES.update({
    "polyadd": lambda xp: ((_v(xp), _v(xp)[:2]), {}),
    "polysub": lambda xp: ((_v(xp), _v(xp)[:2]), {}),
    "polymul": lambda xp: ((_v(xp), _v(xp)[:2]), {}),
    "polydiv": lambda xp: ((_v(xp), _v(xp)[:2]), {}),
    "polyval": lambda xp: ((_v(xp), _v(xp)), {}),
    "polyfit": lambda xp: ((_v(xp), _v(xp) * 2, 2), {}),
    "save": lambda xp: ((io.BytesIO(), _v(xp)), {}),
    "savez": lambda xp: ((io.BytesIO(), _v(xp)), {}),
    "savez_compressed": lambda xp: ((io.BytesIO(), _v(xp)), {}),
    "savetxt": lambda xp: ((io.StringIO(), _m(xp)), {}),
})
# Issue 18's statistics and bit packing.
ON_VECTOR |= {"nanmedian", "histogram_bin_edges"}
ON_MATRIX |= {"histogramdd"}
SAMPLES.update({
    "nanquantile": lambda xp: ((_v(xp), 0.3), {}),
    "nanpercentile": lambda xp: ((_v(xp), [10, 90]), {}),
    "histogram2d": lambda xp: ((_v(xp), _v(xp)[::-1]), {"bins": 3}),
    "packbits": lambda xp: ((_i(xp),), {}),
    "unpackbits": lambda xp: ((_i(xp).astype(numpy.uint8),), {}),
})
# Functions that write into their first argument and return None.
IN_PLACE = {"copyto", "fill_diagonal", "place", "put", "put_along_axis", "putmask"}
UNDEFINED_VALUES = {"empty_like"}  # shape and dtype only
# NumPy dispatches these only on array arguments (start, stop), which ours does not take yet:
# the call reaches ours and raises its error, as cupylike.linspace(array, ...) does.
OURS_RAISE = {"linspace": NotImplementedError, "logspace": NotImplementedError}


def _key(func):
    sub = func.__module__.removeprefix("numpy").lstrip(".")
    return f"{sub}.{func.__name__}" if sub else func.__name__


DISPATCHED = sorted((_key(f), f) for f in dispatch_table()
                    if isinstance(f, type(numpy.concatenate)))  # NEP 35's are tested below


def _sample(key, xp):
    if key in ON_VECTOR:
        return (_v(xp),), {}
    if key in ON_MATRIX:
        return (_m(xp),), {}
    return SAMPLES[key](xp)


def _compare(actual, expected):
    """Our result against NumPy's: arrays are cupylike arrays with NumPy's dtype and values
    (within rounding, as the libraries' BLAS/LAPACK/FFT may order their sums otherwise)."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected)
        for a, e in zip(actual, expected, strict=True):
            _compare(a, e)
    elif isinstance(expected, numpy.ndarray):
        assert isinstance(actual, cupylike.ndarray), type(actual)
        if expected.dtype.kind in "fc":
            assert_allclose(actual, expected, rtol=1e-12, atol=1e-12)
        else:
            assert_array_equal(actual, expected)
    elif isinstance(expected, numpy.generic) and not isinstance(actual, (int, float)):
        assert isinstance(actual, (cupylike.ndarray, numpy.generic)), type(actual)
        assert_allclose(actual, expected, rtol=1e-12, atol=1e-12)
    elif isinstance(expected, numpy.generic):  # linalg.lstsq's rank: a Python int here
        assert actual == expected
    else:
        assert actual == expected


def test_dispatch_table_is_built_from_the_namespaces():
    keys = {k for k, _ in DISPATCHED}
    assert {"concatenate", "sort", "where", "linalg.norm", "fft.fft"} <= keys
    for key, func in DISPATCHED:
        ours = cupylike
        for part in key.split(".")[:-1]:
            ours = getattr(ours, part)
        assert dispatch_table()[func] is getattr(ours, key.split(".")[-1])


def test_every_dispatched_function_has_a_sample():
    missing = [k for k, _ in DISPATCHED if k not in ON_VECTOR | ON_MATRIX | SAMPLES.keys()]
    assert not missing, f"dispatched functions without a sample in this file: {missing}"


@pytest.mark.parametrize("key,func", DISPATCHED, ids=[k for k, _ in DISPATCHED])
def test_numpy_function_runs_ours(key, func):
    if key not in ON_VECTOR | ON_MATRIX | SAMPLES.keys():
        pytest.fail(f"no sample for {key}")
    np_args, np_kwargs = _sample(key, numpy)
    cp_args, cp_kwargs = _sample(key, cupylike)
    expected = func(*np_args, **np_kwargs)
    if key in OURS_RAISE:
        with pytest.raises(OURS_RAISE[key], match=key):
            func(*cp_args, **cp_kwargs)
        return
    actual = func(*cp_args, **cp_kwargs)
    if key in IN_PLACE:
        assert actual is None and expected is None
        expected, actual = np_args[0], cp_args[0]
    if key in UNDEFINED_VALUES:
        assert isinstance(actual, cupylike.ndarray)
        assert (actual.shape, actual.dtype) == (expected.shape, expected.dtype)
        return
    _compare(actual, expected)


def test_concatenate_sort_where_norm_fft_named_in_the_issue():
    x, y = cupylike.asarray([3.0, 1.0]), cupylike.asarray([2.0])
    r = numpy.concatenate([x, y])
    assert isinstance(r, cupylike.ndarray)
    assert_array_equal(r, numpy.asarray([3.0, 1.0, 2.0]))
    assert_array_equal(numpy.sort(r), numpy.asarray([1.0, 2.0, 3.0]))
    assert_array_equal(numpy.where(r > 1.5, r, 0.0), numpy.asarray([3.0, 0.0, 2.0]))
    assert_allclose(numpy.linalg.norm(r), numpy.linalg.norm(numpy.asarray([3.0, 1.0, 2.0])))
    assert_allclose(numpy.fft.fft(r), numpy.fft.fft(numpy.asarray([3.0, 1.0, 2.0])))


def test_unimplemented_numpy_function_raises_numpys_type_error():
    x = cupylike.arange(4.0)
    assert not hasattr(cupylike, "is_busday")  # datetime: out of scope (docs/differences.md)
    with pytest.raises(TypeError, match="no implementation found for 'numpy.is_busday'"):
        numpy.is_busday(x)


def test_unknown_overriding_type_gets_not_implemented():
    class Other:
        def __array_function__(self, func, types, args, kwargs):
            return NotImplemented

    x = cupylike.arange(3.0)
    assert x.__array_function__(numpy.concatenate, (cupylike.ndarray, Other), ([x],), {}) \
        is NotImplemented
    with pytest.raises(TypeError, match="no implementation found"):
        numpy.concatenate([x, Other()])


def test_numpy_array_operand_meets_our_functions_check():
    # As calling cupylike.concatenate directly: host arrays do not move implicitly.
    x = cupylike.arange(3.0)
    with pytest.raises(TypeError):
        cupylike.concatenate([x, numpy.arange(2.0)])
    with pytest.raises(TypeError):
        numpy.concatenate([x, numpy.arange(2.0)])


def test_numpy_arrays_alone_stay_numpys():
    r = numpy.concatenate([numpy.arange(2.0), numpy.arange(1.0)])
    assert type(r) is numpy.ndarray


# NEP 35: NumPy's creation functions with like= a cupylike array make cupylike arrays.
LIKE_CALLS = {
    "array": lambda **k: numpy.array([[1, 2], [3, 4]], dtype=numpy.int16, **k),
    "asarray": lambda **k: numpy.asarray([1.5, 2.5], **k),
    "asanyarray": lambda **k: numpy.asanyarray((1, 2, 3), **k),
    "ascontiguousarray": lambda **k: numpy.ascontiguousarray([[1, 2], [3, 4]], **k),
    "asfortranarray": lambda **k: numpy.asfortranarray([[1, 2], [3, 4]], **k),
    "arange": lambda **k: numpy.arange(2, 11, 3, dtype=numpy.float32, **k),
    "empty": lambda **k: numpy.empty((2, 0), **k),
    "ones": lambda **k: numpy.ones((2, 3), dtype=numpy.uint8, **k),
    "zeros": lambda **k: numpy.zeros(4, dtype=numpy.complex64, **k),
    "full": lambda **k: numpy.full((3,), 7, dtype=numpy.int64, **k),
    "eye": lambda **k: numpy.eye(3, 4, k=1, **k),
    "identity": lambda **k: numpy.identity(3, dtype=numpy.bool_, **k),
    "tri": lambda **k: numpy.tri(3, 2, **k),
}


@pytest.mark.parametrize("name", sorted(LIKE_CALLS))
def test_like_creates_a_cupylike_array(name):
    expected = LIKE_CALLS[name]()
    actual = LIKE_CALLS[name](like=cupylike.zeros(()))
    assert isinstance(actual, cupylike.ndarray)
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    if name != "empty":
        assert_array_equal(actual, expected)


def test_like_a_numpy_array_stays_numpy():
    assert type(numpy.asarray([1, 2], like=numpy.zeros(()))) is numpy.ndarray


def test_numpy_matmul_ufunc_runs_ours():
    a = numpy.arange(6.0).reshape(2, 3)
    b = numpy.arange(12.0).reshape(3, 4)
    r = numpy.matmul(cupylike.asarray(a), cupylike.asarray(b))
    assert isinstance(r, cupylike.ndarray)
    assert_array_equal(r, a @ b)


def test_array_priority_is_above_numpys():
    assert cupylike.zeros(1).__array_priority__ > numpy.zeros(1).__array_priority__
