"""The continuous distributions NumPy adds to the basic ones (chisquare ... weibull, dirichlet
and multivariate_normal), as functions of a Philox bit generator: direct transforms of the raw
words in one kernel each (_continuous_kernels.py), and the gamma-based ones from
_distributions.gamma. Generator and RandomState wrap these."""

import math

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike.random import _distributions as dist
from cupylike.random._bit_generator import shape_of
from cupylike.random._continuous_kernels import FINISH, VONMISES, kernel, words_per_draw
from cupylike.random._distributions import _as_f64, _check, _host, _rounds

_F64 = numpy.dtype(numpy.float64)
_add = UFUNCS["add"]


def draw_shape(size, hosts):
    """The shape of the draws: the parameters' broadcast shape, or `size`, which that shape
    must broadcast to (NumPy's ValueErrors otherwise)."""
    params = numpy.broadcast_shapes(*(h.shape for h in hosts))
    if size is None:
        return params
    shape = shape_of(size)
    if numpy.broadcast_shapes(shape, params) != shape:
        raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions of "
                         f"inputs {params}.")
    return shape


def _transform(bg, name, size, *params):
    """Draws of kernel `name` with these parameters (checked by the caller), float64."""
    shape = draw_shape(size, [_host(p) for p in params])
    n, k = math.prod(shape), words_per_draw(name)
    words = bg.words64((k * n,))
    blocks = [words[j * n:(j + 1) * n].reshape(shape) for j in range(k)]
    return kernel(name)(*blocks, *(_as_f64(p) for p in params))


def standard_cauchy(bg, size=None):
    return _transform(bg, "standard_cauchy", size)


def weibull(bg, a, size=None):
    _check(numpy.any(_host(a) < 0), "a < 0")
    return _transform(bg, "weibull", size, a)


def pareto(bg, a, size=None):
    _check(numpy.any(_host(a) <= 0), "a <= 0")
    return _transform(bg, "pareto", size, a)


def power(bg, a, size=None):
    _check(numpy.any(_host(a) <= 0), "a <= 0")
    return _transform(bg, "power", size, a)


def rayleigh(bg, scale=1.0, size=None):
    _check(numpy.any(_host(scale) < 0), "scale < 0")
    return _transform(bg, "rayleigh", size, scale)


def _location_scale(name):
    def draw(bg, loc=0.0, scale=1.0, size=None):
        _check(numpy.any(_host(scale) < 0), "scale < 0")
        return _transform(bg, name, size, loc, scale)

    draw.__name__ = name
    return draw


gumbel, laplace, logistic = (_location_scale(n) for n in ("gumbel", "laplace", "logistic"))


def triangular(bg, left, mode, right, size=None):
    lo, mo, hi = _host(left), _host(mode), _host(right)
    _check(numpy.any(lo > mo), "left > mode")
    _check(numpy.any(mo > hi), "mode > right")
    _check(numpy.any(lo == hi), "left == right")
    return _transform(bg, "triangular", size, left, mode, right)


def standard_t(bg, df, size=None):
    _check(numpy.any(_host(df) <= 0), "df <= 0")
    return _transform(bg, "standard_t", size, df)


def wald(bg, mean, scale, size=None):
    _check(numpy.any(_host(mean) <= 0), "mean <= 0")
    _check(numpy.any(_host(scale) <= 0), "scale <= 0")
    return _transform(bg, "wald", size, mean, scale)


def _vonmises_candidate(bg, n, params):
    mu, kappa = params
    words = bg.words64((2 * n,)).reshape(n, 2)
    return VONMISES(words[:, 0], words[:, 1], mu, kappa)


def vonmises(bg, mu, kappa, size=None):
    hm, hk = _host(mu), _host(kappa)
    _check(numpy.any(hk < 0), "kappa < 0")
    shape = draw_shape(size, [hm, hk])
    return _rounds(bg, shape, _vonmises_candidate, [_as_f64(mu), _as_f64(kappa)], _F64)


# The gamma-based distributions. _distributions.gamma takes no NaN shape; NumPy gives NaN
# draws for NaN parameters, so those draw with a stand-in and come out NaN.


def _nan_safe(hosts, shape, draw):
    """draw(hosts with NaN replaced by 1), with NaN where any parameter is NaN."""
    if not any(numpy.isnan(h).any() for h in hosts):
        return draw(*hosts)
    bad = numpy.broadcast_to(numpy.logical_or.reduce([numpy.isnan(h) for h in hosts]), shape)
    out = draw(*(numpy.where(numpy.isnan(h), 1.0, h) for h in hosts))
    out[_native.asarray(bad)] = numpy.nan
    return out


def _gamma(bg, k, shape):
    return dist.gamma(bg, k, 1.0, shape)


def chisquare(bg, df, size=None):
    hd = _host(df).astype(_F64)
    _check(numpy.any(hd <= 0), "df <= 0")
    shape = draw_shape(size, [hd])
    return _nan_safe([hd], shape, lambda d: dist.gamma(bg, d / 2, 2.0, shape))


def f(bg, dfnum, dfden, size=None):
    hn, hd = _host(dfnum).astype(_F64), _host(dfden).astype(_F64)
    _check(numpy.any(hn <= 0), "dfnum <= 0")
    _check(numpy.any(hd <= 0), "dfden <= 0")
    shape = draw_shape(size, [hn, hd])

    def draw(n, d):
        x, y = _gamma(bg, n / 2, shape), _gamma(bg, d / 2, shape)
        return FINISH["ratio"](x, y, _as_f64(d / n))

    return _nan_safe([hn, hd], shape, draw)


def _noncentral_chisquare(bg, df, nonc, shape):
    """Chi-square(df - 1) + (z + sqrt(nonc))**2 where df > 1, else chi-square(df + 2i) of a
    Poisson(nonc / 2) count i (the mixture that defines it), both from one gamma draw."""
    big = df > 1
    k = numpy.where(big, (df - 1) / 2, df / 2)
    if not numpy.all(big):
        lam = numpy.where(big, 0.0, nonc / 2)
        i = dist.poisson(bg, lam if lam.ndim else float(lam), shape)
        k = _add(i, _as_f64(k))
    z = dist.standard_normal(bg, shape) if numpy.any(big) else 0.0
    return FINISH["noncentral_chisquare"](_gamma(bg, k, shape), z, _as_f64(df), _as_f64(nonc))


def noncentral_chisquare(bg, df, nonc, size=None):
    hd, hn = _host(df).astype(_F64), _host(nonc).astype(_F64)
    _check(numpy.any(hd <= 0), "df <= 0")
    _check(numpy.any(hn < 0), "nonc < 0")
    shape = draw_shape(size, [hd, hn])
    return _nan_safe([hd, hn], shape, lambda d, n: _noncentral_chisquare(bg, d, n, shape))


def noncentral_f(bg, dfnum, dfden, nonc, size=None):
    hn, hd, hc = (_host(p).astype(_F64) for p in (dfnum, dfden, nonc))
    _check(numpy.any(hn <= 0), "dfnum <= 0")
    _check(numpy.any(hd <= 0), "dfden <= 0")
    _check(numpy.any(hc < 0), "nonc < 0")
    shape = draw_shape(size, [hn, hd, hc])

    def draw(n, d, c):
        x = _noncentral_chisquare(bg, n, c, shape)
        # x / n over chi-square(d) / d, the chi-square being 2 gamma(d / 2)
        return FINISH["ratio"](x, _gamma(bg, d / 2, shape), _as_f64(d / (2 * n)))

    return _nan_safe([hn, hd, hc], shape, draw)


def _dirichlet(bg, alpha, shape):
    """Rows of gamma(alpha) draws over their sums, the gammas kept in logs until a row's
    largest is known: alphas far below 1 then still give points of the simplex."""
    g = dist.gamma(bg, numpy.where(alpha < 1, alpha + 1, alpha), 1.0, shape)
    logs = FINISH["log_gamma"](g, dist.random(bg, shape), _as_f64(alpha))
    e = FINISH["exp_shifted"](logs, logs.max(axis=-1, keepdims=True))
    return FINISH["normalize"](e, e.sum(axis=-1, keepdims=True))


def dirichlet(bg, alpha, size=None, legacy=False):
    """Dirichlet draws of shape size + alpha.shape. The Generator takes alpha 0 (its component
    is 0); RandomState needs alpha > 0; a NaN alpha makes every draw NaN, as in NumPy."""
    ha = _host(alpha).astype(_F64)
    if ha.ndim != 1:
        raise ValueError("alpha must be a 1-dimensional sequence")
    if legacy:
        _check(numpy.any(ha <= 0), "alpha <= 0")
    else:
        _check(numpy.any(ha < 0), "alpha < 0")
    shape = shape_of(size) + ha.shape
    if ha.size == 0:
        return _native.empty(shape, _F64)
    if numpy.isnan(ha).any():
        out = _dirichlet(bg, numpy.where(numpy.isnan(ha), 1.0, ha), shape)
        out[...] = numpy.nan
        return out
    return _dirichlet(bg, ha, shape)
