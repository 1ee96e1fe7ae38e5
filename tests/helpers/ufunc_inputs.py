"""Inputs for comparing the transcendental ufuncs with NumPy (tests/helpers/ufunc_accuracy.py):
values that reach every part of each function's range, its special values and the extremes
where complex formulas overflow or cancel in their intermediates."""

import numpy


def all_halves():
    """Every float16 value."""
    return numpy.arange(1 << 16, dtype=numpy.uint16).view(numpy.float16)


def random_reals(dtype, n, seed=0):
    """n values of each kind: random bit patterns (every exponent, subnormals included),
    uniform in [-1, 1], [-20, 20] and [-1000, 1000], log-uniform over the positive range
    and uniform around 1."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    uints = numpy.uint32 if dtype == numpy.float32 else numpy.uint64
    bits = rng.integers(0, numpy.iinfo(uints).max, n, dtype=uints, endpoint=True).view(dtype)
    top = float(numpy.log(numpy.finfo(dtype).max))
    parts = [bits[numpy.isfinite(bits)], rng.uniform(-1, 1, n), rng.uniform(-20, 20, n),
             rng.uniform(-1000, 1000, n), numpy.exp(rng.uniform(-top, top, n)),
             rng.uniform(0.9, 1.1, n)]
    return numpy.concatenate([numpy.asarray(p).astype(dtype) for p in parts])


def special_reals(dtype):
    """Zeros, infinities, NaN, limits and the edges of the functions' domains and ranges
    (exp's overflow and underflow, log's 0 and 1, arcsin's and arctanh's +-1, ...)."""
    dtype = numpy.dtype(dtype)
    f = numpy.finfo(dtype)
    magnitudes = [0.0, numpy.inf, numpy.nan, 1.0, 0.5, 2.0, 3.0, 8.0, 10.0, 100.0,
                  float(f.max), float(f.tiny), float(f.smallest_subnormal), float(f.eps),
                  1 - float(f.epsneg), 1 + float(f.eps), numpy.pi, numpy.pi / 2, numpy.pi / 4,
                  88.72, 88.73, 89.5, 103.9, 104.0, 127.9, 128.0, 149.0, 150.0, 709.78,
                  709.79, 710.5, 745.1, 746.0, 1023.9, 1024.0, 1074.0, 1075.0, 1e10, 1e22,
                  1e300]
    values = numpy.array(magnitudes, numpy.float64)
    with numpy.errstate(over="ignore"):
        return numpy.concatenate([values, -values]).astype(dtype)


def special_complexes(dtype):
    """Every pair of a set of special parts: zeros, infinities, NaN, +-1, small and large."""
    real = numpy.dtype(dtype).type(0).real.dtype
    parts = numpy.array([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, numpy.inf, -numpy.inf, numpy.nan,
                         1e30, -1e30, 1e-30, 700.0, -700.0], real)
    re, im = numpy.meshgrid(parts, parts)
    out = numpy.empty(re.size, dtype)
    out.real, out.imag = re.ravel(), im.ravel()
    return out


def extreme_complexes(dtype):
    """Every pair of parts, both signs, where complex functions overflow, underflow or cancel in
    their intermediates: subnormals, the smallest normal, eps, 1 and its neighbours (the branch
    points of the inverse functions), pi/2 (where cos is tiny), around ln(max) and 2 ln(max)
    (exp and cosh overflow while the result need not), sqrt(max), max; and inf and NaN."""
    real = numpy.dtype(dtype).type(0).real.dtype
    f = numpy.finfo(real)
    top = float(numpy.log(f.max))
    magnitudes = [0.0, f.smallest_subnormal, f.tiny, f.eps, 0.5, 1 - f.epsneg, 1.0, 1 + f.eps,
                  2.0, numpy.pi / 2, top - 1, top + 0.5, top + 1, 2 * top, numpy.sqrt(f.max),
                  f.max / 2, f.max, numpy.inf]
    values = numpy.array([real.type(m) for m in magnitudes])
    parts = numpy.concatenate([values, -values, [numpy.nan]])
    re, im = numpy.meshgrid(parts, parts)
    out = numpy.empty(re.size, dtype)
    out.real, out.imag = re.ravel(), im.ravel()
    return out


def random_complexes(dtype, n, seed=0):
    """n values each with parts uniform in [-5, 5], normal with scale 100, and small."""
    real = numpy.dtype(dtype).type(0).real.dtype
    rng = numpy.random.default_rng(seed)
    scales = [5, 100, 1e-3]
    re = numpy.concatenate([rng.uniform(-s, s, n) for s in scales])
    im = numpy.concatenate([rng.uniform(-s, s, n) for s in scales])
    rng.shuffle(im)
    out = numpy.empty(re.size, dtype)
    out.real, out.imag = re.astype(real), im.astype(real)
    return out
