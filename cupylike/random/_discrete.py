"""The discrete distributions NumPy has beyond binomial and Poisson: geometric, negative
binomial, logarithmic series, Zipf and hypergeometric, as functions of a Philox bit generator
(kernels in _discrete_kernels.py over uniforms of the raw words; rejection in rounds with
_distributions._rounds). The checks follow NumPy's; `legacy` picks RandomState's where its
differ from Generator's."""

import numpy

from cupylike._core import _native
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of
from cupylike.random._discrete_kernels import kernel

_I64 = numpy.dtype(numpy.int64)


def _check(failed, message):
    if failed:
        raise ValueError(message)


def _nan_words(x):
    """How NumPy's messages name NaN: 'is NaN' for a scalar, 'contains NaNs' for an array."""
    return "is NaN" if numpy.ndim(x) == 0 else "contains NaNs"


def draw_shape(size, *params):
    """The shape of the draws: `size`, which must hold the parameters' broadcast shape, or
    that shape when size is None (NumPy's ValueErrors otherwise)."""
    shape = numpy.broadcast_shapes(*(numpy.shape(p) for p in params))
    if size is None:
        return shape
    size = shape_of(size)
    both = numpy.broadcast_shapes(shape, size)
    if both != size:
        raise ValueError(f"Output size {size} is not compatible with broadcast dimensions of "
                         f"inputs {both}.")
    return size


def _device(x, dtype):
    """A parameter for a kernel: a NumPy scalar of `dtype`, or a cupylike array of it."""
    if dist._is_scalar(x):
        return numpy.dtype(dtype).type(x)
    return _native.asarray(x).astype(dtype, copy=False)


def _probability(p, legacy, zero_ok=False):
    """p on the host, checked in (0, 1] as NumPy's geometric and negative_binomial do
    (zero_ok: RandomState's negative_binomial, which lets 0 through to an int64 minimum;
    refused here)."""
    hp = dist._host(p).astype(numpy.float64)
    if legacy and zero_ok:
        _check(numpy.any(hp < 0) or numpy.any(hp > 1) or numpy.any(numpy.isnan(hp)),
               f"p < 0, p > 1 or p {_nan_words(p)}")
        _check(numpy.any(hp == 0), "p == 0")
    else:
        _check(numpy.any(~(hp > 0)) or numpy.any(hp > 1), "p <= 0, p > 1 or p contains NaNs")
    return hp


def geometric(bg, p, size=None):
    """Trials to the first success: int64 counts >= 1."""
    hp = _probability(p, legacy=False)
    shape = draw_shape(size, hp)
    u = dist.random(bg, shape)
    return kernel("geometric")(u, _device(p, numpy.float64))


def negative_binomial(bg, n, p, size=None, legacy=False):
    """Failures before the n-th success (n > 0 real), as Poisson(gamma(n) (1 - p) / p)."""
    hn = dist._host(n).astype(numpy.float64)
    _check(numpy.any(numpy.isnan(hn)), "n must not be NaN")
    _check(numpy.any(hn <= 0), "n <= 0")
    hp = _probability(p, legacy, zero_ok=True)
    if not legacy:
        with numpy.errstate(divide="ignore", invalid="ignore"):
            top = (1 - hp) / hp * (hn + 10 * numpy.sqrt(hn))
        _check(numpy.any(top > 2.0**61),
               "n too large or p too small, see Generator.negative_binomial Notes")
    shape = draw_shape(size, hn, hp)
    g = dist.gamma(bg, _device(n, numpy.float64), 1.0, shape)
    lam = kernel("negative_binomial_rate")(g, _device(p, numpy.float64))
    return dist._rounds(bg, shape, dist._poisson_candidate, [lam], _I64)


def _logseries_candidate(bg, n, params):
    (p,) = params
    v = dist.random(bg, (n,))
    u = dist.random(bg, (n,))
    return kernel("logseries_candidate")(v, u, p)


def logseries(bg, p, size=None):
    """Logarithmic series counts >= 1 for p in [0, 1) (Kemp's LK)."""
    hp = dist._host(p).astype(numpy.float64)
    _check(numpy.any(~(hp >= 0)) or numpy.any(hp >= 1), f"p < 0, p >= 1 or p {_nan_words(p)}")
    shape = draw_shape(size, hp)
    return dist._rounds(bg, shape, _logseries_candidate, [_device(p, numpy.float64)], _I64)


def _zipf_candidate(bg, n, params):
    (a,) = params
    u = dist.random(bg, (n,))
    v = dist.random(bg, (n,))
    return kernel("zipf_candidate")(u, v, a)


def zipf(bg, a, size=None):
    """Zipf counts >= 1 for a > 1 (Devroye's rejection)."""
    ha = dist._host(a).astype(numpy.float64)
    _check(numpy.any(~(ha > 1)), f"a <= 1 or a {_nan_words(a)}")
    shape = draw_shape(size, ha)
    return dist._rounds(bg, shape, _zipf_candidate, [_device(a, numpy.float64)], _I64)


def _hypergeometric_candidate(bg, n, params):
    u = dist.random(bg, (n,))
    v = dist.random(bg, (n,))
    return kernel("hypergeometric_candidate")(u, v, *params)


def _count(x):
    """An integer parameter on the host as int64 (floats truncate, as NumPy casts them)."""
    h = dist._host(x)
    if h.dtype.kind == "f":
        if numpy.any(numpy.isnan(h)):
            raise ValueError("cannot convert float NaN to integer")
        return h.astype(numpy.int64)
    return h.astype(numpy.int64, copy=False)


def hypergeometric(bg, ngood, nbad, nsample, size=None, legacy=False):
    """Good items among nsample drawn without replacement from ngood good and nbad bad ones;
    NumPy's checks in NumPy's order (RandomState: nsample >= 1 and no 10**9 limit)."""
    hg, hb, hs = _count(ngood), _count(nbad), _count(nsample)
    _check(numpy.any(hg + hb < hs), "ngood + nbad < nsample")
    _check(numpy.any(hg < 0), "ngood < 0")
    _check(numpy.any(hb < 0), "nbad < 0")
    if legacy:
        _check(numpy.any(hs < 1), "nsample < 1 or nsample is NaN")
    else:
        _check(numpy.any(hs < 0), "nsample < 0")
        _check(numpy.any(hg >= 10**9) or numpy.any(hb >= 10**9),
               "both ngood and nbad must be less than 1000000000")
    shape = draw_shape(size, hg, hb, hs)
    params = [_device(x if dist._is_scalar(x) else h, numpy.int64)
              for x, h in ((ngood, hg), (nbad, hb), (nsample, hs))]
    return draw_hypergeometric(bg, shape, *params)


def draw_hypergeometric(bg, shape, good, bad, nsample):
    """Hypergeometric int64 draws of `shape` for checked int64 parameters (scalars or arrays
    that broadcast to it)."""
    params = [good, bad, nsample]
    if all(dist._is_scalar(p) for p in params):  # the mode's pmf once, as scalars
        mode = kernel("hypergeometric_mode")(*(_native.asarray(p) for p in params))
        mode = [numpy.float64(m.item()) for m in mode]
    else:
        mode = list(kernel("hypergeometric_mode")(*params))
    return dist._rounds(bg, shape, _hypergeometric_candidate, params + mode, _I64)
