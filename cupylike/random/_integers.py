"""Bounded integers, unbiased: Lemire's multiply-and-reject on 64-bit words, rejected words
redrawn in rounds (rare unless the range is near 2**64). Array-valued bounds give each element
its own range."""

import operator

import numpy

from cupylike._core import _native
from cupylike._indexing._indexing import flatnonzero
from cupylike._logic._truth import any as _any
from cupylike.random._bit_generator import shape_of
from cupylike.random._kernels import kernel


def _scalar_bound(value, name):
    if isinstance(value, (float, numpy.floating)):
        if value != int(value):
            raise TypeError(f"{name} must be an integer")
        value = int(value)
    return operator.index(value)


def _array_bound(value):
    """An array-valued bound on the host as integers (floats truncate, as NumPy casts them)."""
    if isinstance(value, _native.ndarray):
        h = _native.asnumpy(value)
    elif isinstance(value, numpy.ndarray):
        h = value
    else:  # a Python sequence: its ints exactly (NumPy would make [2**63, -4] float64)
        h = numpy.array(value, dtype=object)
        if not all(isinstance(v, (int, numpy.integer)) for v in h.flat):
            h = numpy.asarray(value)
    if h.dtype.kind == "f":
        if not numpy.all(numpy.isfinite(h)):
            raise ValueError("bounds must be finite")
        return h.astype(numpy.int64)
    if h.dtype.kind == "O":
        return numpy.asarray(numpy.frompyfunc(operator.index, 1, 1)(h), dtype=object)
    if h.dtype.kind not in "iub":
        raise TypeError(f"bounds must be integers, not {h.dtype}")
    return h


def _modular(h):
    """h modulo 2**64 as uint64 (two's complement for negatives)."""
    if h.dtype == object:
        return numpy.asarray(h % 2**64).astype(numpy.uint64)
    return h.astype(numpy.uint64)


def _empty_range(one_argument, endpoint):
    if one_argument:
        return ValueError("high < 0" if endpoint else "high <= 0")
    return ValueError("low > high" if endpoint else "low >= high")


def integers(bg, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
    """Uniform integers in [low, high) ([low, high] with endpoint) as `dtype`; low and high
    may be arrays, broadcast against each other and `size`."""
    dt = numpy.dtype(dtype)
    if dt.kind not in "iub":
        raise TypeError(f"Unsupported dtype {dt!r} for integers")
    one_argument = high is None
    if one_argument:
        low, high = 0, low
    if numpy.ndim(low) != 0 or numpy.ndim(high) != 0:
        return _integers_of_arrays(bg, low, high, size, dt, endpoint, one_argument)
    if isinstance(low, (_native.ndarray, numpy.ndarray)):
        low = low.item()
    if isinstance(high, (_native.ndarray, numpy.ndarray)):
        high = high.item()
    low, high = _scalar_bound(low, "low"), _scalar_bound(high, "high")
    info = numpy.iinfo(dt) if dt.kind != "b" else None
    lo_limit, hi_limit = (0, 1) if info is None else (info.min, info.max)
    top = high if endpoint else high - 1
    if low < lo_limit:
        raise ValueError(f"low is out of bounds for {dt.name}")
    if top > hi_limit:
        raise ValueError(f"high is out of bounds for {dt.name}")
    if top < low:
        raise _empty_range(one_argument, endpoint)
    span = top - low + 1  # at most 2**64; 0 below stands for the whole 2**64
    r = span % 2**64
    threshold = (2**64 - r) % r if r else 0
    args = (numpy.uint64(r), numpy.uint64(threshold), numpy.uint64(low % 2**64))
    return _draw(bg, shape_of(size), dt, args, whole_range=r == 0)


def _integers_of_arrays(bg, low, high, size, dt, endpoint, one_argument):
    lo, hi = _array_bound(low), _array_bound(high)
    shape = numpy.broadcast_shapes(lo.shape, hi.shape)
    if size is not None:
        size = shape_of(size)
        if numpy.broadcast_shapes(shape, size) != size:  # NumPy's shape-mismatch ValueError too
            raise ValueError(f"size {size} cannot hold the bounds' broadcast shape {shape}")
        shape = size
    info = numpy.iinfo(dt) if dt.kind != "b" else None
    lo_limit, hi_limit = (0, 1) if info is None else (info.min, info.max)
    if numpy.any(lo < lo_limit):
        raise ValueError(f"low is out of bounds for {dt.name}")
    if numpy.any(hi > (hi_limit if endpoint else hi_limit + 1)):
        raise ValueError(f"high is out of bounds for {dt.name}")
    if numpy.any(lo > hi if endpoint else lo >= hi):
        raise _empty_range(one_argument, endpoint)
    # Modulo 2**64 the span is hi - lo (+ 1), and 0 stands for the whole 2**64, as above.
    lo_u, hi_u = _modular(lo), _modular(hi)
    r = hi_u - lo_u + numpy.uint64(endpoint)
    threshold = numpy.where(r == 0, numpy.uint64(0), (numpy.uint64(0) - r) % numpy.maximum(r, 1))
    args = tuple(_native.asarray(numpy.ascontiguousarray(numpy.broadcast_to(a, shape)))
                 for a in (r, threshold, numpy.broadcast_to(lo_u, shape)))
    return _draw(bg, shape, dt, args, whole_range=False)


def _draw(bg, shape, dt, args, whole_range):
    """Lemire's draws for `args` = (r, threshold, low): scalars, or arrays of `shape`; rejected
    elements are drawn again, in rounds."""
    out = _native.empty(shape, dt)
    rejected = _native.empty(shape, numpy.bool_)
    kernel("bounded")(bg.words64(shape), *args, out, rejected)
    if out.size == 0 or whole_range:
        return out
    per_element = isinstance(args[0], _native.ndarray)
    flat_args = tuple(a.reshape(-1) for a in args) if per_element else args
    flat = out.reshape(-1)
    rejected = rejected.reshape(-1)
    pending = None
    while bool(_any(rejected)):
        pending = flatnonzero(rejected) if pending is None else pending[rejected]
        round_args = tuple(a[pending] for a in flat_args) if per_element else args
        values = _native.empty((pending.size,), dt)
        rejected = _native.empty((pending.size,), numpy.bool_)
        kernel("bounded")(bg.words64((pending.size,)), *round_args, values, rejected)
        flat[pending] = values
    return out
