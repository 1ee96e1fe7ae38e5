"""median, percentile and quantile.

The reduced axes move last into a contiguous work copy [slices][n]; the selection kernel of
kernels/cupylike/select.cuh (one thread per slice) moves the order statistics each method needs
into place and gathers them; each method's interpolation is then arithmetic with ufuncs on the
gathered values. The positions and weights of the order statistics depend only on n and q, so
they are computed on the host with NumPy, in q's dtype as NumPy does.

On a GPU the selection is one thread per slice: correct, but slow for one huge slice (the
device sorts of issue 6 will serve that case).
"""

import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._statistics_kernels import C_TYPES, function, launch
from cupylike._core._ufuncs import UFUNCS

_add = UFUNCS["add"]
_subtract = UFUNCS["subtract"]
_multiply = UFUNCS["multiply"]
_true_divide = UFUNCS["true_divide"]
_where = UFUNCS["_where"]

# H&F's continuous estimators 4-9 by their (alpha, beta): numpy.quantile's m = alpha +
# q * (1 - alpha - beta) in j + g = q * n + m - 1.
_CONTINUOUS = {
    "interpolated_inverted_cdf": (0.0, 1.0),
    "hazen": (0.5, 0.5),
    "weibull": (0.0, 0.0),
    "linear": (1.0, 1.0),
    "median_unbiased": (1 / 3, 1 / 3),
    "normal_unbiased": (3 / 8, 3 / 8),
}
METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest")
# Methods that only pick an order statistic (and so keep the input's dtype).
_PICKING = frozenset(("inverted_cdf", "closest_observation", "lower", "higher", "nearest"))


def select_name(dtype):
    """The selection kernel's instantiation for `dtype`."""
    return f"cupylike::select_kernel<{C_TYPES[numpy.dtype(dtype)]}>"


def select_names():
    """The instantiations of select.cuh, one per dtype (each compiled on first use; the NVRTC
    test compiles them together)."""
    return [select_name(dtype) for dtype in C_TYPES]


def _select_kernel(dtype):
    return function("cupylike/select.cuh", select_name(dtype))


def _work_copy(a, axis, overwrite_input):
    """a with the reduced axes last, as a contiguous [slices][n] array the kernel may reorder,
    and the shape of the result's non-q part (without and with keepdims)."""
    axes = tuple(range(a.ndim)) if axis is None else normalize_axis_tuple(axis, a.ndim)
    kept = [d for d in range(a.ndim) if d not in axes]
    n = 1
    for d in axes:
        n *= a.shape[d]
    kept_shape = tuple(a.shape[d] for d in kept)
    if len(axes) > 1 and a.size == 0 and 0 in kept_shape:
        # NumPy merges several reduced axes with reshape(kept_shape + (-1,)), which cannot
        # infer the -1 of an empty array whose kept axes are empty too.
        shape = ",".join([str(s) for s in kept_shape] + ["newaxis"])
        raise ValueError(f"cannot reshape array of size 0 into shape ({shape})")
    keep_shape = tuple(1 if d in axes else a.shape[d] for d in range(a.ndim))
    moved = a.transpose(kept + sorted(axes))
    if overwrite_input and moved.flags.c_contiguous:
        work = moved  # NumPy lets overwrite_input leave the input partially sorted
    else:
        work = moved.copy(order="C")
    slices = 1
    for s in kept_shape:
        slices *= s
    return work.reshape(slices, n), kept_shape, keep_shape


# Partition rounds before the selection falls back to heapsort; None is the kernel's default
# (about 2*log2(n)). Tests set 0 to run the fallback.
_select_rounds = None


def _order_statistics(work, positions):
    """values[j, s] = the positions[j]-th smallest value of slice s (or a NaN of the slice)."""
    slices, n = work.shape
    positions = numpy.asarray(positions, dtype=numpy.int64).reshape(-1)
    out = _native.empty((positions.size, slices), work.dtype)
    if slices == 0 or positions.size == 0:
        return out
    ks = numpy.unique(positions)
    args = (work, slices, n, _native.asarray(ks), int(ks.size), _native.asarray(positions),
            int(positions.size), out, -1 if _select_rounds is None else int(_select_rounds))
    launch(_select_kernel(work.dtype), slices, args, work=slices * n, block=128)
    return out


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _finish(result, q_shape, kept_shape, keep_shape, keepdims, out):
    shape = tuple(q_shape) + (keep_shape if keepdims else kept_shape)
    result = result.reshape(shape)
    if out is None:
        return result
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if out.shape != shape:
        raise ValueError(f"out has shape {out.shape}, the result has shape {shape}")
    if not numpy.can_cast(result.dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast the result from {result.dtype} to out's dtype {out.dtype} "
                        "with casting rule 'same_kind'")
    out[...] = result
    return out


def _mean_dtypes(dtype):
    """median's accumulator and result dtypes: those of numpy.mean (integers and bool in
    float64, float16 summed in float32 and rounded back)."""
    if dtype.kind in "biu":
        return numpy.dtype(numpy.float64), numpy.dtype(numpy.float64)
    if dtype == numpy.float16:
        return numpy.dtype(numpy.float32), dtype
    return dtype, dtype


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the given axes (see numpy.median): the mean of the one or two middle values
    of each slice, NaN where a slice holds NaN.

    Integers and bool give float64; floating and complex inputs keep their dtype (complex values
    order by real, then imaginary part). An empty slice gives NaN with NumPy's RuntimeWarning.
    A result of one value is a 0-d array.
    """
    a = _as_array(a)
    work, kept_shape, keep_shape = _work_copy(a, axis, overwrite_input)
    accumulate, result_dtype = _mean_dtypes(a.dtype)
    slices, n = work.shape
    if n == 0:
        warnings.warn("Mean of empty slice", RuntimeWarning, stacklevel=2)
        with numpy.errstate(invalid="ignore"):
            nan = numpy.float64(0.0) / 0.0  # the host's 0/0, the NaN NumPy's mean returns
        nan = complex(nan, nan) if result_dtype.kind == "c" else nan
        result = _native.full((slices,), nan, result_dtype)
    else:
        middle = [n // 2] if n % 2 else [n // 2 - 1, n // 2]
        values = _order_statistics(work, middle)
        if n % 2:
            result = values[0].astype(result_dtype)
        else:
            total = _add(values[0], values[1], dtype=accumulate)
            result = _true_divide(total, 2).astype(result_dtype)
    return _finish(result, (), kept_shape, keep_shape, keepdims, out)


def _q_array(q, percent):
    """q as a NumPy array in [0, 1], and the operand that gives the result's dtype as NumPy's
    promotion does (a Python scalar stays weak)."""
    if isinstance(q, _native.ndarray):
        q = q.get()
    weak = type(q) in (int, float, bool)
    q_array = numpy.asarray(q)
    if q_array.dtype.kind not in "biuf":
        raise TypeError(f"q must be real numbers, got dtype {q_array.dtype}")
    if percent:
        q_array = numpy.true_divide(q_array, 100)
        operand = float(q) / 100 if weak else q_array.dtype
    else:
        operand = q if weak else q_array.dtype
    if not numpy.all((q_array >= 0) & (q_array <= 1)):
        kind = "Percentiles must be in the range [0, 100]" if percent else (
            "Quantiles must be in the range [0, 1]")
        raise ValueError(kind)
    if q_array.dtype.kind != "f":
        q_array = q_array.astype(numpy.float64)
    return q_array, operand


class _HostOps:
    """The array operations _plan uses, NumPy's (positions for one slice length n)."""

    floor, ceil, rint, where, mod = numpy.floor, numpy.ceil, numpy.rint, numpy.where, numpy.mod

    @staticmethod
    def positions(x, n):
        return numpy.clip(x, 0, n - 1).astype(numpy.int64)


def _plan(method, q, n, ops=_HostOps):
    """For each q: the positions of the two order statistics to interpolate between (equal
    where the method picks one) and the fraction g of the way from the first to the second.
    Arithmetic in q's dtype with Python-scalar constants, as NumPy computes it. `ops` are
    NumPy's for one length n, or the device's for arrays q (nq, 1) and n (1, slices) (the
    nan-functions' lengths, in q's dtype)."""
    if method in ("linear", "lower", "higher", "nearest", "midpoint"):
        v = (n - 1) * q  # linear's j + g; the exact form NumPy rounds
    elif method in _CONTINUOUS:
        alpha, beta = _CONTINUOUS[method]
        v = n * q + (alpha + q * (1 - alpha - beta)) - 1
    else:
        v = n * q + (-0.5 if method == "closest_observation" else 0.0) - 1
    j = ops.floor(v)
    g = v - j
    if method == "lower":
        lo = hi = j
    elif method == "higher":
        lo = hi = ops.ceil(v)
    elif method == "nearest":
        lo = hi = ops.rint(v)  # half to even, as NumPy rounds the index
    elif method == "midpoint":
        lo, hi, g = j, j + 1, ops.where(g > 0, 0.5, 0).astype(g.dtype)
    elif method == "inverted_cdf":
        lo = hi = ops.where(g > 0, j + 1, j)
    elif method == "averaged_inverted_cdf":
        lo, hi, g = j, j + 1, ops.where(g > 0, 1, 0.5).astype(g.dtype)
    elif method == "closest_observation":
        lo = hi = ops.where((g == 0) & (ops.mod(j, 2) == 1), j, j + 1)
    else:
        lo, hi = j, j + 1
    return ops.positions(lo, n), ops.positions(hi, n), g


def _check_method(method, weights):
    if method not in METHODS:
        raise ValueError(f"'{method}' is not a valid method. Use one of: "
                         f"{dict.fromkeys(METHODS).keys()}")
    if weights is not None:
        if method != "inverted_cdf":
            raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
        raise NotImplementedError("weighted quantiles are not supported yet")


def _lerp(lo, hi, g, dtype):
    """NumPy's interpolation between gathered values lo and hi (shape (nq, slices)) with
    fractions g, (nq,) on the host or (nq, slices) on the device: lo + (hi - lo) * g below
    g = 0.5, hi - (hi - lo) * (1 - g) from there (exact at both ends; NaN when an end is
    infinite, as NumPy's). The difference is taken in the input's dtype for floating inputs
    (NumPy's rounding) and in 64 bits for integers (NumPy's narrow difference can wrap
    around; ours does not)."""
    if isinstance(g, numpy.ndarray):
        g = _native.asarray(g.reshape(g.shape[0], 1))
    if lo.dtype.kind == "f":
        diff = _subtract(hi, lo)
    else:
        diff = _subtract(hi, lo, dtype=numpy.int64 if lo.dtype.kind == "i" else numpy.uint64)
    diff = diff.astype(dtype)
    low, high = lo.astype(dtype), hi.astype(dtype)
    below = _add(low, _multiply(diff, g.astype(dtype)))
    above = _subtract(high, _multiply(diff, _subtract(1, g).astype(dtype)))
    return _where(g < 0.5, below, above)


def _quantile(a, q, axis, out, overwrite_input, method, keepdims, weights, percent):
    _check_method(method, weights)
    a = _as_array(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    q_array, operand = _q_array(q, percent)
    picking = method in _PICKING
    # NumPy's order of errors: the axes, an empty slice, then bool data it cannot subtract.
    work, kept_shape, keep_shape = _work_copy(a, axis, overwrite_input)
    slices, n = work.shape
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    if picking:
        dtype = a.dtype
    else:
        if a.dtype.kind == "b":
            raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use "
                            "the bitwise_xor, the `^` operator, or the logical_xor function "
                            "instead.")
        dtype = numpy.result_type(a.dtype, operand)
    q_flat = q_array.reshape(-1)
    lo, hi, g = _plan(method, q_flat, n)
    if picking or dtype.kind in "biu":
        # An integer result arises only from integer q (0 or 1), where g is 0.
        result = _order_statistics(work, lo).astype(dtype)
    else:
        values = _order_statistics(work, numpy.concatenate((lo, hi)))
        result = _lerp(values[:q_flat.size], values[q_flat.size:], g, dtype)
    return _finish(result, q_array.shape, kept_shape, keep_shape, keepdims, out)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, weights=None):
    """The q-th quantiles of the data along the given axes (see numpy.quantile), with all 13 of
    NumPy's methods; q's axes come first in the result. NaN where a slice holds NaN.

    Dtypes as NumPy: methods that pick a value keep the input's dtype; the interpolating ones
    give ``result_type(a, q)`` with integers as float64 and a Python-scalar q weak (so float16
    and float32 data with a Python float q stay float16/float32). `weights` raises
    NotImplementedError (NumPy supports them for method='inverted_cdf' only). Complex input
    raises TypeError, as in NumPy.

    The selection runs one thread per slice: on a GPU that is slow for one huge slice.
    """
    return _quantile(a, q, axis, out, overwrite_input, method, keepdims, weights, False)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None):
    """The q-th percentiles of the data along the given axes (see numpy.percentile): quantile
    with q / 100; q in [0, 100]."""
    return _quantile(a, q, axis, out, overwrite_input, method, keepdims, weights, True)
