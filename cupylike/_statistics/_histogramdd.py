"""histogramdd and histogram2d: one elementwise pass gives each sample its flat bin (each
dimension's bin as NumPy's searchsorted finds it, the last edge closed; -1 outside or NaN),
and histogram's counting kernel (kernels/cupylike/histogram.cuh) counts the flat bins, in
per-block private copies when there are at most 4096 of them. Counts and densities are
float64, as NumPy's.
"""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._sumprod import sum as _sum
from cupylike._statistics._histograms import _binned, _outer_edges

# One dimension's step of the flat bin: the last bin b whose left edge is <= v (NumPy's
# searchsorted(side='right') - 1, the last edge closed), from the equal-width formula's guess
# corrected against the edges when the bins are equal (norm > 0; few, predictable branches),
# else by binary search. NaN and values outside the edges make the sample count nowhere.
_DIMENSION = """
{
  const double v = (double)x@;
  const double* e = &edges[layout[2 * @]];
  const long long nb = layout[2 * @ + 1];
  const double norm = norms[@];
  long long b = 0;
  if (!(v >= e[0] && v <= e[nb])) {
    inside = false;
  } else if (norm > 0) {
    b = (long long)((v - e[0]) * norm);
    b = b < 0 ? 0 : (b > nb - 1 ? nb - 1 : b);
    while (b > 0 && v < e[b]) --b;
    while (b < nb - 1 && v >= e[b + 1]) ++b;
  } else {
    long long hi = nb;
    while (hi - b > 1) {
      const long long mid = b + (hi - b) / 2;
      if (e[mid] <= v) b = mid; else hi = mid;
    }
  }
  flat = flat * nb + b;
}
"""
_KERNELS = {}  # number of dimensions -> ElementwiseKernel
# Each coordinate's type placeholder (one letter each; more dimensions read float64 columns).
_PLACEHOLDERS = "ABCDEFGHIJKLMNOPQRSUVWXYZ"


def _flat_bin_kernel(ndim):
    letters = ndim <= len(_PLACEHOLDERS)
    kernel = _KERNELS.get(ndim)
    if kernel is None:
        types = _PLACEHOLDERS if letters else ["float64"] * ndim
        params = ", ".join(f"{types[d]} x{d}" for d in range(ndim)) \
            + ", raw float64 edges, raw int64 layout, raw float64 norms"
        body = ("long long flat = 0; bool inside = true;"
                + "".join(_DIMENSION.replace("@", str(d)) for d in range(ndim))
                + "out = inside ? flat : -1;")
        kernel = _native.ElementwiseKernel(params, "int64 out", body,
                                           f"cupylike_histogramdd_bin_{ndim}d")
        _KERNELS[ndim] = kernel
    return kernel


def _columns(sample):
    """The sample's D coordinate arrays, each of N values: the columns of an (N, D) array,
    or the arrays of a sequence (NumPy's atleast_2d(sample).T)."""
    if isinstance(sample, _native.ndarray):
        if sample.ndim == 2:
            return [sample[:, d] for d in range(sample.shape[1])]
        if sample.ndim > 2:
            raise ValueError("too many values to unpack (expected 2)")
        return [sample.reshape(-1)]
    columns = [c if isinstance(c, _native.ndarray) else _native.asarray(c) for c in sample]
    if any(c.ndim > 1 for c in columns):
        raise ValueError("too many values to unpack (expected 2)")
    sizes = {c.size for c in columns}
    if len(sizes) > 1:
        raise ValueError("setting an array element with a sequence. The requested array has "
                         "an inhomogeneous shape after 1 dimensions.")
    return [c.reshape(-1) for c in columns]


def _edges(columns, bins, range):  # noqa: A002 - NumPy's parameter name
    """Each dimension's edges as a NumPy array, with numpy.histogramdd's checks, and whether
    they are of equal width (made from a number of bins)."""
    ndim = len(columns)
    try:
        if len(bins) != ndim:
            raise ValueError("The dimension of bins must be equal to the dimension of the "
                             "sample x.")
    except TypeError:
        bins = ndim * [bins]
    if range is None:
        range = (None,) * ndim  # noqa: A001
    elif len(range) != ndim:
        raise ValueError("range argument must have one entry per dimension")
    edges, equal = [], []
    for i in builtins_range(ndim):
        b = bins[i].get() if isinstance(bins[i], _native.ndarray) else bins[i]
        if numpy.ndim(b) == 0:
            if b < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            first, last = _outer_edges(columns[i], range[i])
            try:
                n = operator.index(b)
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            edges.append(numpy.linspace(first, last, n + 1))
            equal.append(True)
        elif numpy.ndim(b) == 1:
            e = numpy.asarray(b)
            if numpy.any(e[:-1] > e[1:]):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
            edges.append(e)
            equal.append(False)
        else:
            raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
    return edges, equal


def _norm(edges, equal):
    """Bins per unit of equal-width edges (the kernel's guess), 0 where it cannot guess."""
    if not equal:
        return 0.0
    with numpy.errstate(divide="ignore", over="ignore", invalid="ignore"):
        norm = (edges.size - 1) / (float(edges[-1]) - float(edges[0]))
    return norm if numpy.isfinite(norm) and norm > 0 else 0.0


builtins_range = range


def _float64_weights(weights, n):
    weights = weights if isinstance(weights, _native.ndarray) else _native.asarray(weights)
    if weights.ndim > 1:
        raise ValueError("object too deep for desired array")
    if weights.size != n:
        raise ValueError("The weights and list don't have the same length.")
    if not numpy.can_cast(weights.dtype, numpy.float64, "safe"):
        raise TypeError(f"Cannot cast array data from dtype('{weights.dtype}') to "
                        "dtype('float64') according to the rule 'safe'")
    return _native.ascontiguousarray(weights.astype(numpy.float64))


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """The multidimensional histogram of `sample` (see numpy.histogramdd): returns
    ``(hist, edges)``, hist a float64 array of counts (sums of `weights`; densities with
    `density`) and edges a list of D arrays.

    `sample` is an (N, D) array or a sequence of D arrays of N coordinates; `bins` a number
    of bins, a sequence of D numbers or D arrays of increasing edges; `range` D (min, max)
    pairs (or None each). Each bin is half-open but the last of each dimension; samples
    outside, and NaN, are not counted. Coordinates compare as float64.
    """
    columns = _columns(sample)
    n = columns[0].size if columns else 0
    edges, equal = _edges(columns, bins, range)
    nbins = [e.size - 1 for e in edges]
    total = int(numpy.prod(nbins))
    layout = numpy.empty(2 * len(edges), numpy.int64)
    layout[0::2] = numpy.cumsum([0] + [e.size for e in edges])[:-1]
    layout[1::2] = nbins
    all_edges = numpy.concatenate([e.astype(numpy.float64) for e in edges])
    norms = numpy.array([_norm(e, uniform) for e, uniform in zip(edges, equal, strict=True)])
    flat = _native.empty((n,), numpy.int64)
    if len(columns) > len(_PLACEHOLDERS):
        columns = [c.astype(numpy.float64) for c in columns]
    if n:
        _flat_bin_kernel(len(columns))(*columns, _native.asarray(all_edges),
                                       _native.asarray(layout), _native.asarray(norms), flat)
    w = None if weights is None else _float64_weights(weights, n)
    hist = _binned(flat, w, numpy.arange(total + 1, dtype=numpy.float64), True)
    hist = hist.astype(numpy.float64).reshape(tuple(nbins))
    if density:
        s = _sum(hist)
        for i, e in enumerate(edges):
            shape = [1] * len(edges)
            shape[i] = nbins[i]
            hist = UFUNCS["true_divide"](hist, _native.asarray(numpy.diff(e).reshape(shape)))
        hist = UFUNCS["true_divide"](hist, s, out=hist)
    return hist, [_native.asarray(e) for e in edges]


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """The 2-D histogram of points (x, y) (see numpy.histogram2d): returns ``(hist, xedges,
    yedges)``; `bins` is a number, a pair of numbers, one array of edges for both axes or a
    pair of arrays; as histogramdd otherwise."""
    if len(x) != len(y):
        raise ValueError("x and y must have the same length.")
    try:
        count = len(bins)
    except TypeError:
        count = 1
    if count not in (1, 2):
        edges = bins.get() if isinstance(bins, _native.ndarray) else numpy.asarray(bins)
        bins = [edges, edges]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
