"""Reductions and scans against NumPy (issue 5's targets): sum of 10**7 float32, sum over each
axis of a 4096 x 4096 float32 array, argmax of 10**7 float32 and cumsum of 10**7 float32; the
per-call cost of a tiny sum and a few other reductions are reported without targets."""

import numpy
from harness import Row, per_call_seconds

import cupylike

N = 10**7


def _pair(name, ours, ref, ref_name, target, min_time=0.3):
    ours()  # compile (or load from the disk cache) outside the timing
    return Row(name, per_call_seconds(ours, min_time=min_time),
               per_call_seconds(ref, min_time=min_time), ref_name, target)


def run():
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal(N).astype(numpy.float32)
    m = rng.standard_normal((4096, 4096)).astype(numpy.float32)
    tiny = numpy.ones(1, numpy.float32)
    dx, dm, dtiny = cupylike.asarray(x), cupylike.asarray(m), cupylike.asarray(tiny)
    rows = [
        _pair("sum, 1e7 float32", lambda: cupylike.sum(dx), lambda: numpy.sum(x), "numpy sum",
              1.0),
        _pair("sum(axis=0), 4096^2 float32", lambda: cupylike.sum(dm, axis=0),
              lambda: numpy.sum(m, axis=0), "numpy sum", 1.5),
        _pair("sum(axis=1), 4096^2 float32", lambda: cupylike.sum(dm, axis=1),
              lambda: numpy.sum(m, axis=1), "numpy sum", 1.5),
        _pair("argmax, 1e7 float32", lambda: cupylike.argmax(dx), lambda: numpy.argmax(x),
              "numpy argmax", 1.0),
        _pair("cumsum, 1e7 float32", lambda: cupylike.cumsum(dx), lambda: numpy.cumsum(x),
              "numpy cumsum", 1.5),
        _pair("max, 1e7 float32", lambda: cupylike.max(dx), lambda: numpy.max(x), "numpy max",
              None),
        _pair("mean, 1e7 float32", lambda: cupylike.mean(dx), lambda: numpy.mean(x),
              "numpy mean", None),
        _pair("sum, 1 float32", lambda: cupylike.sum(dtiny), lambda: numpy.sum(tiny),
              "numpy sum", None),
    ]
    return rows
