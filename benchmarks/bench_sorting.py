"""Sorting and searching against NumPy (issue 6's target: sort of 10**6 float32); argsort,
sort along rows, unique and searchsorted are reported without targets. cupylike's argsort is
always stable; NumPy's default is not, so its stable kind is shown too."""

import numpy
from harness import Case, measure


def run():
    rng = numpy.random.default_rng(0)
    x = rng.random(10**6, dtype=numpy.float32)
    m = rng.standard_normal((1000, 1000)).astype(numpy.float32)
    ints = rng.integers(0, 10**4, 10**6)
    table = numpy.sort(x)
    needles = rng.random(10**6, dtype=numpy.float32)

    def cases(xp):
        dx, dm, dints, dtable, dneedles = (xp.asarray(v) for v in (x, m, ints, table, needles))
        return [
            Case("sort, 1e6 float32", lambda: xp.sort(dx), lambda: numpy.sort(x),
                 "numpy sort", 1.0),
            Case("argsort, 1e6 float32", lambda: xp.argsort(dx),
                 lambda: numpy.argsort(x), "numpy argsort", None),
            Case("argsort, 1e6 float32 (NumPy stable)", lambda: xp.argsort(dx),
                 lambda: numpy.argsort(x, kind="stable"), "numpy argsort stable", None),
            Case("sort rows, 1000^2 float32", lambda: xp.sort(dm, axis=1),
                 lambda: numpy.sort(m, axis=1), "numpy sort", None),
            Case("unique, 1e6 int64 of 1e4", lambda: xp.unique(dints),
                 lambda: numpy.unique(ints), "numpy unique", None),
            Case("searchsorted, 1e6 in 1e6 float32", lambda: xp.searchsorted(dtable, dneedles),
                 lambda: numpy.searchsorted(table, needles), "numpy searchsorted", None),
        ]

    return measure(cases)
