"""Reductions and scans against NumPy (issue 5's targets): sum of 10**7 float32, sum over each
axis of a 4096 x 4096 float32 array, argmax of 10**7 float32 and cumsum of 10**7 float32; the
per-call cost of a tiny sum and a few other reductions are reported without targets."""

import numpy
from harness import compare

import cupylike

N = 10**7


def run():
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal(N).astype(numpy.float32)
    m = rng.standard_normal((4096, 4096)).astype(numpy.float32)
    tiny = numpy.ones(1, numpy.float32)
    dx, dm, dtiny = cupylike.asarray(x), cupylike.asarray(m), cupylike.asarray(tiny)
    rows = [
        compare("sum, 1e7 float32", lambda: cupylike.sum(dx), lambda: numpy.sum(x), "numpy sum",
              1.0),
        compare("sum(axis=0), 4096^2 float32", lambda: cupylike.sum(dm, axis=0),
              lambda: numpy.sum(m, axis=0), "numpy sum", 1.5),
        compare("sum(axis=1), 4096^2 float32", lambda: cupylike.sum(dm, axis=1),
              lambda: numpy.sum(m, axis=1), "numpy sum", 1.5),
        compare("argmax, 1e7 float32", lambda: cupylike.argmax(dx), lambda: numpy.argmax(x),
              "numpy argmax", 1.0),
        compare("cumsum, 1e7 float32", lambda: cupylike.cumsum(dx), lambda: numpy.cumsum(x),
              "numpy cumsum", 1.5),
        compare("max, 1e7 float32", lambda: cupylike.max(dx), lambda: numpy.max(x), "numpy max",
              None),
        compare("mean, 1e7 float32", lambda: cupylike.mean(dx), lambda: numpy.mean(x),
              "numpy mean", None),
        compare("sum, 1 float32", lambda: cupylike.sum(dtiny), lambda: numpy.sum(tiny),
              "numpy sum", None),
    ]
    return rows
