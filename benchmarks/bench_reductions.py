"""Reductions and scans against NumPy (issue 5's targets): sum of 10**7 float32, sum over each
axis of a 4096 x 4096 float32 array, argmax of 10**7 float32 and cumsum of 10**7 float32; the
per-call cost of a tiny sum and a few other reductions are reported without targets, but for
issue 16's x.sum() method on one float64 (at most 1.5x NumPy's, the ndarray methods' C-level
path)."""

import numpy
from harness import Case, measure

N = 10**7


def run():
    rng = numpy.random.default_rng(0)
    x = rng.standard_normal(N).astype(numpy.float32)
    m = rng.standard_normal((4096, 4096)).astype(numpy.float32)
    tiny = numpy.ones(1, numpy.float32)
    one = numpy.ones(1, numpy.float64)

    def cases(xp):
        dx, dm, dtiny, done = xp.asarray(x), xp.asarray(m), xp.asarray(tiny), xp.asarray(one)
        return [
            Case("sum, 1e7 float32", lambda: xp.sum(dx), lambda: numpy.sum(x), "numpy sum",
                 1.0),
            Case("sum(axis=0), 4096^2 float32", lambda: xp.sum(dm, axis=0),
                 lambda: numpy.sum(m, axis=0), "numpy sum", 1.0),
            Case("sum(axis=1), 4096^2 float32", lambda: xp.sum(dm, axis=1),
                 lambda: numpy.sum(m, axis=1), "numpy sum", 1.5),
            Case("argmax, 1e7 float32", lambda: xp.argmax(dx), lambda: numpy.argmax(x),
                 "numpy argmax", 1.0),
            Case("cumsum, 1e7 float32", lambda: xp.cumsum(dx), lambda: numpy.cumsum(x),
                 "numpy cumsum", 1.5),
            Case("max, 1e7 float32", lambda: xp.max(dx), lambda: numpy.max(x), "numpy max",
                 None),
            Case("mean, 1e7 float32", lambda: xp.mean(dx), lambda: numpy.mean(x),
                 "numpy mean", None),
            Case("sum, 1 float32", lambda: xp.sum(dtiny), lambda: numpy.sum(tiny),
                 "numpy sum", None),
            Case("x.sum() method, 1 float64", lambda: done.sum(), lambda: one.sum(),
                 "numpy x.sum()", 1.5),
        ]

    return measure(cases)
