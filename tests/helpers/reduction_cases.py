"""Shared cases of the reduction tests: shapes, every axis argument of an array, values for each
dtype, a reference sum that is exact, and comparisons with NumPy (exact for integer, bool and
extremum results; for float sums within a pairwise-summation bound)."""

import itertools
import math
import warnings

import numpy

import cupylike
from cupylike.testing import ALL_DTYPES, assert_array_equal, same_error, sample_values

SHAPE4 = (2, 3, 4, 5)
FLOAT_KINDS = "fc"


def all_axes(ndim):
    """None, each axis as an int and as a negative int, and every tuple of distinct axes."""
    axes = [None] + list(range(ndim)) + list(range(-ndim, 0))
    for r in range(ndim + 1):
        axes += list(itertools.combinations(range(ndim), r))
    if ndim >= 2:
        axes.append((-1, 0))  # negative entries in a tuple, out of order
    return axes


def finite_values(dtype, shape, seed=0):
    """Values without NaN or infinity: normal floats (complex parts too), full-range ints."""
    dtype = numpy.dtype(dtype)
    if dtype.kind in "biu":
        return sample_values(dtype, shape, seed)
    rng = numpy.random.default_rng(seed)
    real = rng.standard_normal(shape) * 10
    if dtype.kind == "c":
        real = real + 1j * rng.standard_normal(shape) * 10
    return real.astype(dtype)


def near_one(dtype, shape, seed=0):
    """Values whose products neither overflow nor vanish: about 1 for floats, 1s and 2s (or
    wrapping ints) for integers."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    if dtype.kind in "biu":
        return sample_values(dtype, shape, seed)
    v = rng.uniform(0.7, 1.3, shape)
    if dtype.kind == "c":
        v = v * numpy.exp(1j * rng.uniform(-0.3, 0.3, shape))
    return v.astype(dtype)


def exact_sum(x, axis, keepdims=False):
    """The sum along `axis` correctly rounded to float64 (math.fsum per slice; complex parts
    separately), and the sum of magnitudes (for error bounds)."""
    x = numpy.asarray(x)
    if axis is None:
        axis = tuple(range(x.ndim))
    axes = tuple(a % x.ndim for a in numpy.atleast_1d(axis)) if x.ndim else ()
    kept = [a for a in range(x.ndim) if a not in axes]
    moved = numpy.transpose(x, kept + list(axes)) if x.ndim else x
    out_shape = tuple(x.shape[a] for a in kept)
    n = int(numpy.prod([x.shape[a] for a in axes], dtype=int))
    rows = moved.reshape(int(numpy.prod(out_shape, dtype=int)), n)
    wide = rows.astype(numpy.complex128 if x.dtype.kind == "c" else numpy.float64)
    total = numpy.array([complex(math.fsum(r.real), math.fsum(r.imag)) if x.dtype.kind == "c"
                         else math.fsum(r) for r in wide]).reshape(out_shape)
    magnitude = numpy.abs(wide).sum(axis=1).reshape(out_shape)
    if keepdims:
        total = numpy.expand_dims(total, axes)
        magnitude = numpy.expand_dims(magnitude, axes)
    return total, magnitude


def slice_length(shape, axis):
    if axis is None:
        return int(numpy.prod(shape, dtype=int))
    axes = axis if isinstance(axis, tuple) else (axis,)
    return int(numpy.prod([shape[a] for a in axes], dtype=int))


def sum_bound(dtype, n, magnitude, exact):
    """How far a pairwise float sum of n values may be from the exact one: (log2 n + 16)
    roundings of the accumulator (NumPy's blocks of 128 add 16 in sequence) on the sum of
    magnitudes, plus the rounding of the result to its dtype."""
    dtype = numpy.dtype(dtype)
    acc = numpy.float32 if dtype in (numpy.float16, numpy.complex64) else dtype
    eps_acc = numpy.finfo(acc).eps
    eps_out = numpy.finfo(dtype).eps
    return (math.log2(n + 1) + 16) * eps_acc * magnitude + eps_out * numpy.abs(exact) + 1e-300


def assert_sum_close(actual, expected_numpy, x, axis, keepdims, exact=None):
    """A float sum of `x` close to NumPy's and to the exact sum (see sum_bound)."""
    got = actual.get() if isinstance(actual, cupylike.ndarray) else actual
    want = numpy.asarray(expected_numpy)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.dtype, want.dtype)
    total, magnitude = exact_sum(x, axis, keepdims) if exact is None else exact
    bound = sum_bound(got.dtype, slice_length(x.shape, axis), magnitude, total)
    g = got.astype(numpy.complex128 if got.dtype.kind == "c" else numpy.float64)
    w = want.astype(g.dtype)
    assert numpy.all(numpy.abs(g - total) <= bound), f"far from exact: {g} {total} {bound}"
    near_numpy = 2 * bound
    if got.dtype == numpy.float16:  # NumPy rounds to float16 after each step along outer axes
        near_numpy = near_numpy + slice_length(x.shape, axis) * 2.0**-11 * magnitude
    assert numpy.all(numpy.abs(g - w) <= near_numpy), f"far from NumPy: {g} {w} {bound}"


def run_both(np_fn, cp_fn, host, *args, **kwargs):
    """(NumPy's result, ours) or the exceptions raised, warnings silenced; NumPy arrays among
    the keywords (where=, out=) go to the device for ours."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = np_fn(host, *args, **kwargs)
        except Exception as e:  # compared with ours by the caller
            expected = e
        device_kwargs = {k: cupylike.asarray(v) if isinstance(v, numpy.ndarray) else v
                         for k, v in kwargs.items()}
        try:
            actual = cp_fn(cupylike.asarray(host), *args, **device_kwargs)
        except Exception as e:
            actual = e
    return expected, actual


def assert_same_outcome(expected, actual, context=""):
    """Both raised (ours an instance of NumPy's public type) or both equal exactly."""
    if isinstance(expected, Exception):
        assert isinstance(actual, Exception), f"NumPy raised {expected!r}, we did not {context}"
        assert same_error(actual, expected), f"{actual!r} vs NumPy's {expected!r} {context}"
        return
    if isinstance(actual, Exception):
        raise AssertionError(f"we raised {actual!r}, NumPy did not {context}") from actual
    assert_array_equal(actual, numpy.asarray(expected), err_msg=context)


DTYPES = ALL_DTYPES
DTYPE_IDS = [d.name for d in ALL_DTYPES]
INEXACT = [d for d in ALL_DTYPES if d.kind in FLOAT_KINDS]
INEXACT_IDS = [d.name for d in INEXACT]
