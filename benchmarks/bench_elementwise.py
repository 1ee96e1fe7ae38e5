"""Elementwise work against NumPy: `a + b` and `cupylike.add(a, b)` on 1-element float32 arrays
(the per-call overhead; issue 19's targets), `a + b` and `exp(a)` on 10**7 float32, and an
ElementwiseKernel computing (x - y) * (x - y) in one pass against NumPy's two operations
(issue 4's)."""

import numpy
from harness import Case, measure

N = 10**7


def bench_tiny_add():
    a, b = numpy.ones(1, numpy.float32), numpy.ones(1, numpy.float32)

    def cases(xp):
        da, db = xp.asarray(a), xp.asarray(b)
        return [
            Case("a + b, 1 float32", lambda: da + db, lambda: a + b, "numpy a + b", 1.2),
            Case("add(a, b), 1 float32", lambda: xp.add(da, db), lambda: numpy.add(a, b),
                 "numpy.add(a, b)", 1.5),
        ]

    return measure(cases, min_time=0.2)


def bench_large():
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal(N).astype(numpy.float32)
    b = rng.standard_normal(N).astype(numpy.float32)

    def numpy_squared_diff():
        d = a - b
        return d * d

    def cases(xp):
        da, db = xp.asarray(a), xp.asarray(b)
        squared_diff = xp.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)",
                                            "squared_diff")
        return [
            Case("a + b, 1e7 float32", lambda: da + db, lambda: a + b, "numpy a + b", 1.0),
            Case("exp(a), 1e7 float32", lambda: xp.exp(da), lambda: numpy.exp(a),
                 "numpy exp", 1.0),
            Case("ElementwiseKernel (x-y)^2, 1e7", lambda: squared_diff(da, db),
                 numpy_squared_diff, "numpy d = a - b; d * d", 0.6),
        ]

    return measure(cases, min_time=0.2)


def run():
    return bench_tiny_add() + bench_large()
