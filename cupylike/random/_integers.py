"""Bounded integers, unbiased: Lemire's multiply-and-reject on 64-bit words, rejected words
redrawn in rounds (rare unless the range is near 2**64)."""

import operator

import numpy

from cupylike import _core
from cupylike._indexing import flatnonzero
from cupylike._reduction_api import any as _any
from cupylike.random._bit_generator import shape_of
from cupylike.random._kernels import kernel


def _bound(value, name):
    if isinstance(value, (_core.ndarray, numpy.ndarray)) and value.ndim == 0:
        value = value.item()
    if numpy.ndim(value) != 0:
        raise NotImplementedError(f"integers: {name} must be a scalar here (arrays are not "
                                  "supported)")
    if isinstance(value, (float, numpy.floating)):
        if value != int(value):
            raise TypeError(f"{name} must be an integer")
        value = int(value)
    return operator.index(value)


def integers(bg, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
    """Uniform integers in [low, high) ([low, high] with endpoint) as `dtype`."""
    dt = numpy.dtype(dtype)
    if dt.kind not in "iub":
        raise TypeError(f"Unsupported dtype {dt!r} for integers")
    if high is None:
        low, high = 0, low
    low, high = _bound(low, "low"), _bound(high, "high")
    info = numpy.iinfo(dt) if dt.kind != "b" else None
    lo_limit, hi_limit = (0, 1) if info is None else (info.min, info.max)
    top = high if endpoint else high - 1
    if low < lo_limit:
        raise ValueError(f"low is out of bounds for {dt.name}")
    if top > hi_limit:
        raise ValueError(f"high is out of bounds for {dt.name}")
    if top < low:
        raise ValueError("low > high" if endpoint else "low >= high")
    shape = shape_of(size)
    span = top - low + 1  # at most 2**64; 0 below stands for the whole 2**64
    r = span % 2**64
    threshold = (2**64 - r) % r if r else 0
    args = (numpy.uint64(r), numpy.uint64(threshold), numpy.uint64(low % 2**64))
    out = _core.empty(shape, dt)
    rejected = _core.empty(shape, numpy.bool_)
    kernel("bounded")(bg.words64(shape), *args, out, rejected)
    if out.size == 0 or r == 0:
        return out
    flat = out.reshape(-1)
    rejected = rejected.reshape(-1)
    pending = None
    while bool(_any(rejected)):
        pending = flatnonzero(rejected) if pending is None else pending[rejected]
        values = _core.empty((pending.size,), dt)
        rejected = _core.empty((pending.size,), numpy.bool_)
        kernel("bounded")(bg.words64((pending.size,)), *args, values, rejected)
        flat[pending] = values
    return out
