"""The distributions, as functions of a Philox bit generator: cuRAND draws (raw words,
normals, log-normals, Poisson counts) and the kernels of _kernels.py on top of them. The
Generator and RandomState classes are thin wrappers around these."""

import numpy

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import flatnonzero
from cupylike._logic._truth import any as _any
from cupylike.random._bit_generator import shape_of
from cupylike.random._kernels import kernel, normals_from_words

_F32, _F64 = numpy.dtype(numpy.float32), numpy.dtype(numpy.float64)
_add, _multiply, _divide, _exp = (UFUNCS[n] for n in ("add", "multiply", "divide", "exp"))


def float_dtype(dtype, name):
    """float32 or float64, as NumPy's `dtype=` of `name` takes them; TypeError otherwise."""
    dt = numpy.dtype(dtype)
    if dt not in (_F32, _F64):
        raise TypeError(f"Unsupported dtype {dt!r} for {name}")
    return dt


def _is_scalar(x):
    return numpy.ndim(x) == 0 and not isinstance(x, _native.ndarray)


def _host(x):
    """x as a NumPy value for checks (parameters are small or scalars)."""
    return _native.asnumpy(x) if isinstance(x, _native.ndarray) else numpy.asarray(x)


def _check(condition_failed, message):
    if condition_failed:
        raise ValueError(message)


def _param_shape(size, *params):
    """The shape of the draws: `size`, or the broadcast of the parameters when size is None."""
    if size is not None:
        return shape_of(size)
    shapes = [numpy.shape(p) for p in params]
    return numpy.broadcast_shapes(*shapes) if shapes else ()


def random(bg, size=None, dtype=numpy.float64):
    """Uniform on [0, 1)."""
    dt = float_dtype(dtype, "random")
    shape = shape_of(size)
    if dt == _F32:
        return kernel("float32_from_word")(bg.draw("raw32", shape, numpy.uint32))
    return kernel("float64_from_words")(bg.words64(shape))


def uniform(bg, low=0.0, high=1.0, size=None, check_order=False):
    """low + (high - low) * u; check_order: Generator's ValueError when high < low."""
    lo, hi = _host(low), _host(high)
    span = hi - lo
    if not numpy.all(numpy.isfinite(span)):
        raise OverflowError("Range exceeds valid bounds")
    if check_order:
        _check(numpy.any(span < 0), "high - low < 0")
    shape = _param_shape(size, lo, hi)
    u = random(bg, shape)
    return kernel("affine")(u, _as_f64(low), _as_f64(high))


def _as_f64(x):
    if isinstance(x, _native.ndarray):
        return x.astype(numpy.float64, copy=False)
    return numpy.float64(x) if numpy.ndim(x) == 0 else _native.asarray(x, dtype=numpy.float64)


def _normal64(bg, shape, loc=0.0, scale=1.0):
    """float64 normals of shape from the raw words (two 64-bit words a pair)."""
    n = 1
    for s in shape:
        n *= s
    words = bg.words64((2 * (-(-n // 2)),))
    return normals_from_words(words, n, numpy.float64, loc, scale).reshape(shape)


def standard_normal(bg, size=None, dtype=numpy.float64):
    dt = float_dtype(dtype, "standard_normal")
    if dt == _F32:
        return bg.draw("normal", shape_of(size), dt, 0.0, 1.0)
    return _normal64(bg, shape_of(size))


def normal(bg, loc=0.0, scale=1.0, size=None):
    sc = _host(scale)
    _check(numpy.any(sc < 0), "scale < 0")
    shape = _param_shape(size, _host(loc), sc)
    if _is_scalar(loc) and _is_scalar(scale):
        return _normal64(bg, shape, float(loc), float(scale))
    return _add(_multiply(_normal64(bg, shape), _as_f64(scale)), _as_f64(loc))


def lognormal(bg, mean=0.0, sigma=1.0, size=None):
    sg = _host(sigma)
    _check(numpy.any(sg < 0), "sigma < 0")
    return _exp(normal(bg, mean, sigma, size))


def exponential(bg, scale=1.0, size=None, dtype=numpy.float64):
    sc = _host(scale)
    _check(numpy.any(sc < 0), "scale < 0")
    dt = float_dtype(dtype, "exponential")
    shape = _param_shape(size, sc)
    u = random(bg, shape, dt)
    scale = dt.type(scale) if _is_scalar(scale) else _native.asarray(scale).astype(dt, copy=False)
    return kernel("exponential")(u, scale)


def _rounds(bg, shape, candidate, params, out_dtype):
    """Fills an array of `shape` by rejection in rounds: each round draws fresh candidates for
    the elements still rejected, from `candidate(bg, n, params_at_those)` -> (values,
    rejected). Parameters broadcast to `shape` are gathered for the pending elements."""
    n = 1
    for s in shape:
        n *= s
    flat = [p if _is_scalar(p) else _native.broadcast_to(_native.asarray(p), shape).reshape(n)
            for p in params]
    values, rejected = candidate(bg, n, flat)
    out = values
    pending = None
    while n and bool(_any(rejected)):
        idx = flatnonzero(rejected) if pending is None else pending[rejected]
        sub = [p if _is_scalar(p) else p[idx] for p in flat]
        values, rejected = candidate(bg, idx.size, sub)
        out[idx] = values
        pending = idx
    return out.reshape(shape).astype(out_dtype, copy=False)


def _gamma_candidate(bg, n, params):
    (k,) = params
    x = _normal64(bg, (n,))
    u = random(bg, (n,))
    return kernel("gamma_candidate")(x, u, k)


def gamma(bg, shape, scale=1.0, size=None):
    k, sc = _host(shape), _host(scale)
    _check(numpy.any(k < 0) or numpy.any(numpy.isnan(k)), "shape < 0")
    _check(numpy.any(sc < 0), "scale < 0")
    out_shape = _param_shape(size, k, sc)
    kf = numpy.float64(shape) if _is_scalar(shape) else _as_f64(shape)
    g = _rounds(bg, out_shape, _gamma_candidate, [kf], numpy.float64)
    u = random(bg, out_shape)
    return kernel("gamma_finish")(g, u, kf, _as_f64(scale))


def beta(bg, a, b, size=None):
    ha, hb = _host(a), _host(b)
    _check(numpy.any(ha <= 0), "a <= 0")
    _check(numpy.any(hb <= 0), "b <= 0")
    shape = _param_shape(size, ha, hb)
    x = gamma(bg, a, 1.0, shape)
    y = gamma(bg, b, 1.0, shape)
    return _divide(x, _add(x, y))


def _binomial_candidate(bg, m, params):
    n, p = params
    u = random(bg, (m,))
    v = random(bg, (m,))
    return kernel("binomial_candidate")(u, v, n, p)


def binomial(bg, n, p, size=None):
    hn, hp = _host(n), _host(p)
    if hn.dtype.kind == "f" and numpy.any(hn != numpy.floor(hn)):
        raise TypeError("n must be an integer")
    _check(numpy.any(hn < 0), "n < 0")
    _check(numpy.any(hp < 0) or numpy.any(hp > 1) or numpy.any(numpy.isnan(hp)),
           "p < 0, p > 1 or p is NaN")
    shape = _param_shape(size, hn, hp)
    nn = numpy.int64(n) if _is_scalar(n) else _native.asarray(n).astype(numpy.int64, copy=False)
    pp = numpy.float64(p) if _is_scalar(p) else _as_f64(p)
    return _rounds(bg, shape, _binomial_candidate, [nn, pp], numpy.int64)


def _poisson_candidate(bg, m, params):
    (lam,) = params
    u = random(bg, (m,))
    v = random(bg, (m,))
    return kernel("poisson_candidate")(u, v, lam)


# cuRAND's Poisson counts are 32-bit: lambda is held well below their range.
_MAX_LAMBDA = 1e9


def poisson(bg, lam=1.0, size=None):
    h = _host(lam)
    _check(numpy.any(h < 0) or numpy.any(numpy.isnan(h)), "lam < 0 or lam is NaN")
    _check(numpy.any(h > _MAX_LAMBDA), f"lam value too large (limit here: {_MAX_LAMBDA:g})")
    if not _is_scalar(lam):  # one cuRAND call draws for one lam: our kernel, per element
        return _rounds(bg, _param_shape(size, h), _poisson_candidate, [_as_f64(lam)],
                       numpy.int64)
    shape = shape_of(size)
    if float(lam) == 0:
        return _native.zeros(shape, numpy.int64)
    return bg.draw("poisson", shape, numpy.uint32, float(lam)).astype(numpy.int64)
