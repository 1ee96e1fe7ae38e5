"""multinomial and multivariate_hypergeometric as chains of conditional draws: category j
takes a binomial (a hypergeometric) of what the categories before it left, one vectorised draw
per category, and the last category takes the rest. Parameter checks follow NumPy's for
Generator and for RandomState (whose multinomial takes a scalar n and 1-d pvals)."""

import operator

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of
from cupylike.random._discrete import draw_hypergeometric, draw_shape

_I64 = numpy.dtype(numpy.int64)
_subtract = UFUNCS["subtract"]
# NumPy lets the first k - 1 probabilities sum to a little over 1 (rounding).
_SUM_TOLERANCE = 1e-12


def _check_pvals(hp):
    if numpy.any(~(hp >= 0)) or numpy.any(hp > 1):
        raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
    if numpy.any(hp[..., :-1].sum(axis=-1) > 1.0 + _SUM_TOLERANCE):
        raise ValueError("sum(pvals[:-1]) > 1.0")


def multinomial(bg, n, pvals, size=None, legacy=False):
    """Counts of n trials over len(pvals[-1]) categories, int64 of shape `size` (or the
    broadcast of n and pvals[..., 0]) + (k,)."""
    if legacy:
        if numpy.ndim(n) != 0:
            raise TypeError("an integer is required")
        if numpy.ndim(pvals) == 0:
            raise TypeError("pvals must be a 1-d sequence")
        if numpy.ndim(pvals) > 1:
            raise ValueError("setting an array element with a sequence. The requested array "
                             "would exceed the maximum number of dimension of 1.")
    hp = dist._host(pvals).astype(numpy.float64)
    if not legacy and (hp.ndim == 0 or hp.shape[-1] == 0):
        raise ValueError("pvals must have at least 1 dimension and the last dimension of "
                         "pvals must be greater than 0.")
    hn = dist._host(n)
    if hn.dtype.kind == "f" and numpy.any(numpy.isnan(hn)):
        raise ValueError("cannot convert float NaN to integer")
    hn = hn.astype(numpy.int64)
    if numpy.any(hn < 0):
        raise ValueError("n < 0")
    _check_pvals(hp)
    k = hp.shape[-1]
    shape = draw_shape(size, hn, numpy.empty(hp.shape[:-1]))
    out = _native.empty(shape + (k,), _I64)
    if out.size == 0:
        return out
    # Category j's share of what the ones before it left: p_j / (1 - sum of those before).
    left = 1.0 - numpy.cumsum(hp, axis=-1) + hp
    with numpy.errstate(divide="ignore", invalid="ignore"):
        share = numpy.clip(numpy.where(left > 0, hp / left, 1.0), 0.0, 1.0)
    rest = _native.asarray(numpy.array(numpy.broadcast_to(hn, shape)))
    for j in range(k - 1):
        pj = share[..., j]
        pj = numpy.float64(pj) if pj.ndim == 0 else _native.asarray(
            numpy.array(numpy.broadcast_to(pj, shape)))
        counts = dist._rounds(bg, shape, dist._binomial_candidate, [rest, pj], _I64)
        out[..., j] = counts
        rest = _subtract(rest, counts)
    out[..., k - 1] = rest
    return out


def _colors(colors):
    h = numpy.asarray(dist._host(colors))
    bad = h.ndim != 1 or (h.size and (h.dtype.kind not in "iu" or numpy.any(h < 0)))
    if bad:
        raise ValueError("colors must be a one-dimensional sequence of nonnegative integers "
                         "not exceeding 9223372036854775807.")
    counts = [int(c) for c in h]
    if sum(counts) > 2**63 - 1:
        raise ValueError("sum(colors) must not exceed the maximum value of a 64 bit signed "
                         "integer (9223372036854775807)")
    return counts


def multivariate_hypergeometric(bg, colors, nsample, size=None, method="marginals"):
    """How many of each color nsample draws without replacement take, int64 of shape
    `size` + (len(colors),). Both of NumPy's methods draw the marginals chain here."""
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    counts = _colors(colors)
    if isinstance(nsample, bool) or numpy.ndim(nsample) != 0:
        raise ValueError("nsample must be an integer")
    try:
        nsample = operator.index(nsample)
    except TypeError:
        raise ValueError("nsample must be an integer") from None
    if nsample < 0:
        raise ValueError("nsample must be nonnegative.")
    total = sum(counts)
    if nsample > total:
        raise ValueError("nsample > sum(colors)")
    shape = shape_of(size)
    k = len(counts)
    out = _native.empty(shape + (k,), _I64)
    if out.size == 0:
        return out
    rest = _native.full(shape, nsample, _I64)
    for j in range(k - 1):
        total -= counts[j]
        drawn = draw_hypergeometric(bg, shape, numpy.int64(counts[j]), numpy.int64(total), rest)
        out[..., j] = drawn
        rest = _subtract(rest, drawn)
    out[..., k - 1] = rest
    return out
