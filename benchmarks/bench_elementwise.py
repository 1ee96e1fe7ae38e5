"""Elementwise work against NumPy (issue 4's targets): `a + b` on 1-element float32 arrays (the
per-call overhead), `a + b` and `exp(a)` on 10**7 float32, and an ElementwiseKernel computing
(x - y) * (x - y) in one pass against NumPy's two operations."""

import numpy
from harness import Row, per_call_seconds

import cupylike

N = 10**7


def _pair(name, ours, ref, ref_name, target, min_time=0.2):
    ours()  # compile (or load from the disk cache) outside the timing
    return Row(name, per_call_seconds(ours, min_time=min_time),
               per_call_seconds(ref, min_time=min_time), ref_name, target)


def bench_tiny_add():
    a, b = numpy.ones(1, numpy.float32), numpy.ones(1, numpy.float32)
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    return [_pair("a + b, 1 float32", lambda: da + db, lambda: a + b, "numpy a + b", 2.0)]


def bench_large():
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal(N).astype(numpy.float32)
    b = rng.standard_normal(N).astype(numpy.float32)
    da, db = cupylike.asarray(a), cupylike.asarray(b)
    squared_diff = cupylike.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)",
                                              "squared_diff")

    def numpy_squared_diff():
        d = a - b
        return d * d

    return [
        _pair("a + b, 1e7 float32", lambda: da + db, lambda: a + b, "numpy a + b", 1.0),
        _pair("exp(a), 1e7 float32", lambda: cupylike.exp(da), lambda: numpy.exp(a),
              "numpy exp", 1.0),
        _pair("ElementwiseKernel (x-y)^2, 1e7", lambda: squared_diff(da, db),
              numpy_squared_diff, "numpy d = a - b; d * d", 0.6),
    ]


def run():
    return bench_tiny_add() + bench_large()
