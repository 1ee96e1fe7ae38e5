"""bincount, histogram and histogram_bin_edges, on the counting kernels of
kernels/cupylike/histogram.cuh.

Both read a few scalars back to the host to size their output (bincount: the largest value;
histogram with a number of bins and no range: the data's minimum and maximum; with a bin
estimator's name, its statistics, _bin_estimators.py), then count on
the device with atomic adds. Sums of floating weights accumulate in float64 in an order the
atomics choose, so they can differ from NumPy's in the last bits.
"""

import operator
import warnings

import numpy

from cupylike._core import _native
from cupylike._core._statistics_kernels import C_TYPES, function, launch_dims
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import max as _max
from cupylike._math._sumprod import min as _min
from cupylike._math._sumprod import sum as _sum
from cupylike._statistics._bin_estimators import (
    ESTIMATORS,
    bin_width,
    host_scalar,
    unsigned_subtract,
)

_ACCUMULATORS = {"u": C_TYPES[numpy.dtype(numpy.uint64)], "d": C_TYPES[numpy.dtype(numpy.float64)]}
# Bins up to this many accumulators (8 bytes each) are counted per block in shared memory.
_PRIVATE_BINS = 4096
_PER_THREAD = 16


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _bincount_name(accumulator):
    return f"cupylike::bincount_kernel<{_ACCUMULATORS[accumulator]}>"


def _histogram_name(dtype, accumulator, uniform):
    return (f"cupylike::histogram_kernel<{C_TYPES[numpy.dtype(dtype)]}, "
            f"{_ACCUMULATORS[accumulator]}, {'true' if uniform else 'false'}>")


def kernel_names():
    """The instantiations of histogram.cuh: bincount's and histogram's for every real dtype
    (each compiled on first use; the NVRTC test compiles them together)."""
    return [_bincount_name(acc) for acc in _ACCUMULATORS] + [
        _histogram_name(dtype, acc, uniform) for dtype in C_TYPES if dtype.kind != "c"
        for acc in _ACCUMULATORS for uniform in (True, False)]


def _kernel(name):
    return function("cupylike/histogram.cuh", name)


def _count(kernel, n, length, accumulator, weights, make_args):
    """Runs a counting kernel over n elements into a new array of `length` accumulators
    (uint64 or float64); make_args(w, weighted, out, privatize) gives its arguments."""
    out = _native.zeros((length,), numpy.uint64 if accumulator == "u" else numpy.float64)
    if n == 0 or length == 0:
        return out
    # Each thread takes several elements so that a block's private counts (zeroed and added
    # to the output once per block) serve many elements.
    grid, block = launch_dims(n, per_thread=_PER_THREAD)
    privatize = length <= _PRIVATE_BINS and (block == 1 or 4 * length <= n // grid)
    w = out if weights is None else weights  # never read when not weighted
    args = make_args(w, int(weights is not None), out, int(privatize))
    kernel((grid,), (block,), args, shared_mem=8 * length if privatize else 0)
    return out


def _int_input(x):
    """bincount's x as a device array of int64 (an empty list counts as integers, as NumPy's
    does), with NumPy's errors for other shapes and dtypes."""
    if isinstance(x, (list, tuple)) and len(x) == 0:
        x = numpy.zeros(0, numpy.int64)
    x = _as_array(x)
    if x.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    if x.dtype.kind not in "biu":
        raise TypeError(f"Cannot cast array data from dtype('{x.dtype}') to dtype('int64') "
                        "according to the rule 'safe'")
    return x.astype(numpy.int64) if x.dtype != numpy.int64 else x


def bincount(x, /, weights=None, minlength=0):
    """Count of each value in an array of non-negative integers (see numpy.bincount).

    The result has length ``max(x.max() + 1, minlength)``: int64 counts, or float64 sums of
    `weights` (which must convert to float64 safely).
    """
    if minlength is None:
        raise TypeError("use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    x = _int_input(x)
    if x.size == 0:
        return _native.zeros((minlength,), numpy.int64)  # int64 even with weights, as NumPy's
    if weights is not None:
        weights = _as_array(weights)
        if weights.ndim > 1:
            raise ValueError("object too deep for desired array")
        if weights.shape != x.shape:
            raise ValueError("The weights and list don't have the same length.")
        if not numpy.can_cast(weights.dtype, numpy.float64, "safe"):
            raise TypeError(f"Cannot cast array data from dtype('{weights.dtype}') to "
                            "dtype('float64') according to the rule 'safe'")
        weights = _native.ascontiguousarray(weights.astype(numpy.float64))
    if int(_min(x)) < 0:
        raise ValueError("'list' argument must have no negative elements")
    length = max(int(_max(x)) + 1, minlength)
    x = _native.ascontiguousarray(x)
    accumulator = "u" if weights is None else "d"
    out = _count(_kernel(_bincount_name(accumulator)), x.size, length, accumulator, weights,
                 lambda w, weighted, out, private: (x, x.size, w, weighted, out, out.size,
                                                    private))
    return out.view(numpy.int64) if weights is None else out


def _outer_edges(a, range):  # noqa: A002 - NumPy's parameter name
    """The first and last edges (NumPy scalars or Python numbers), as numpy.histogram
    chooses them: range, else the data's extent, widened by 0.5 each way when empty."""
    if range is not None:
        first, last = range
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif a.size == 0:
        first, last = 0, 1
    else:
        first, last = host_scalar(_min(a)), host_scalar(_max(a))
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def _estimated_count(a, name, range, weights):  # noqa: A002
    """The number of equal bins the estimator `name` gives (numpy.histogram's string bins),
    over the data within `range`, and the outer edges."""
    if name not in ESTIMATORS:
        raise ValueError(f"{name!r} is not a valid estimator for `bins`")
    if weights is not None:
        raise TypeError("Automated estimation of the number of bins is not supported for "
                        "weighted data")
    first, last = _outer_edges(a, range)
    if range is not None:
        keep = UFUNCS["logical_and"](a >= first, a <= last)
        if not bool(keep.all()):
            a = a[keep]
    if a.size == 0:
        return 1, first, last

    def counts(nbins):
        edges = numpy.linspace(first, last, nbins + 1, dtype=_edge_dtype(first, last, a))
        return _binned(a, None, edges, True)

    width = bin_width(name, a, counts)
    if not width:
        return 1, first, last  # a zero width (fd's when the IQR is 0) gives one bin
    if a.dtype.kind in "iu" and width < 1:
        width = 1
    return int(numpy.ceil(unsigned_subtract(last, first) / width)), first, last


def _edge_dtype(first, last, a):
    dtype = numpy.result_type(first, last, a.dtype)
    return numpy.result_type(dtype, float) if dtype.kind in "biu" else dtype


def _bin_edges(a, bins, range, weights=None):  # noqa: A002
    """The bin edges as a NumPy array, and whether the bins are of equal width."""
    if isinstance(bins, str):
        count, first, last = _estimated_count(a, bins, range, weights)
    else:
        if isinstance(bins, _native.ndarray):
            bins = bins.get()
        if numpy.ndim(bins) != 0:
            edges = numpy.asarray(bins)
            if edges.ndim != 1:
                raise ValueError("`bins` must be 1d, when an array")
            if numpy.any(edges[:-1] > edges[1:]):
                raise ValueError("`bins` must increase monotonically, when an array")
            return edges, False
        try:
            count = operator.index(bins)
        except TypeError:
            raise TypeError("`bins` must be an integer, a string, or an array") from None
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(a, range)
    edges = numpy.linspace(first, last, count + 1, endpoint=True,
                           dtype=_edge_dtype(first, last, a))
    if numpy.any(edges[:-1] >= edges[1:]):
        raise ValueError(f"Too many bins for data range. Cannot create {count} finite-sized "
                         "bins.")
    return edges, True


def _binned(a, weights, edges, uniform):
    """The counts (int64) or sums of weights (in the weights' dtype) of a in the bins."""
    nbins = edges.size - 1
    edges_double = edges.astype(numpy.float64)
    with numpy.errstate(divide="ignore", over="ignore"):
        norm = nbins / (edges_double[-1] - edges_double[0]) if uniform else 0.0
    # Where nbins / span overflows (a subnormal span) the index formula is useless: search.
    uniform = uniform and bool(numpy.isfinite(norm)) and norm > 0
    device_edges = _native.asarray(edges_double)

    def sums(accumulator, part):
        kernel = _kernel(_histogram_name(a.dtype, accumulator, uniform))
        return _count(kernel, a.size, nbins, accumulator, part,
                      lambda w, weighted, out, private: (a, a.size, w, weighted, device_edges,
                                                         nbins, norm, out, private))

    if weights is None:
        return sums("u", None).view(numpy.int64)
    kind = weights.dtype.kind
    if kind in "biu":
        # Integer sums wrap as int64 (two's complement in the uint64 accumulators).
        total = sums("u", weights.astype(numpy.int64).view(numpy.uint64)).view(numpy.int64)
        return total.astype(weights.dtype)
    if kind != "c":
        return sums("d", weights.astype(numpy.float64)).astype(weights.dtype)
    hist = _native.empty((nbins,), weights.dtype)
    hist.real[...] = sums("d", weights.real.astype(numpy.float64))
    hist.imag[...] = sums("d", weights.imag.astype(numpy.float64))
    return hist


def _flat_data(a, weights):
    """a and weights as numpy.histogram takes them: flattened, contiguous, bool data as
    uint8 (with NumPy's warning), complex data refused."""
    a = _as_array(a)
    if a.dtype.kind == "c":
        raise TypeError("histogram of complex data is not supported")
    if a.dtype.kind == "b":
        warnings.warn(f"Converting input from {a.dtype} to {numpy.uint8} for compatibility.",
                      RuntimeWarning, stacklevel=3)
        a = a.astype(numpy.uint8)
    if weights is not None:
        weights = _as_array(weights)
        if weights.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        weights = _native.ascontiguousarray(weights.reshape(-1))
    return _native.ascontiguousarray(a.reshape(-1)), weights


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Histogram of the data, flattened (see numpy.histogram): returns ``(hist, bin_edges)``.

    `bins` is a number of equal-width bins over `range` (default: the data's extent), an
    increasing sequence of edges, or the name of NumPy's estimator of the bin width ('auto',
    'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt'); every bin is half-open
    except the last, which holds its right edge; values outside, and NaN, are not counted.
    `hist` is int64 counts, or sums in the dtype of `weights`; with `density`, float64
    densities. Complex data raises TypeError.
    """
    a, weights = _flat_data(a, weights)
    edges, uniform = _bin_edges(a, bins, range, weights)
    hist = _binned(a, weights, edges, uniform)
    if density:
        widths = _native.asarray(numpy.diff(edges).astype(numpy.float64))
        hist = hist / widths / _sum(hist)  # promotes as NumPy's n / db / n.sum()
    return hist, _native.asarray(edges)


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """The edges of the bins numpy.histogram would use (see numpy.histogram_bin_edges):
    `bins` as histogram's, string estimators included."""
    a, weights = _flat_data(a, weights)
    return _native.asarray(_bin_edges(a, bins, range, weights)[0])
