"""Sorting and searching against NumPy (issue 6's target: sort of 10**6 float32); argsort,
sort along rows, unique and searchsorted are reported without targets. cupylike's argsort is
always stable; NumPy's default is not, so its stable kind is shown too."""

import numpy
from harness import compare

import cupylike


def run():
    rng = numpy.random.default_rng(0)
    x = rng.random(10**6, dtype=numpy.float32)
    dx = cupylike.asarray(x)
    m = rng.standard_normal((1000, 1000)).astype(numpy.float32)
    dm = cupylike.asarray(m)
    ints = rng.integers(0, 10**4, 10**6)
    dints = cupylike.asarray(ints)
    table = numpy.sort(x)
    dtable = cupylike.asarray(table)
    needles = rng.random(10**6, dtype=numpy.float32)
    dneedles = cupylike.asarray(needles)
    return [
        compare("sort, 1e6 float32", lambda: cupylike.sort(dx), lambda: numpy.sort(x),
                "numpy sort", 1.0),
        compare("argsort, 1e6 float32", lambda: cupylike.argsort(dx),
                lambda: numpy.argsort(x), "numpy argsort", None),
        compare("argsort, 1e6 float32 (NumPy stable)", lambda: cupylike.argsort(dx),
                lambda: numpy.argsort(x, kind="stable"), "numpy argsort stable", None),
        compare("sort rows, 1000^2 float32", lambda: cupylike.sort(dm, axis=1),
                lambda: numpy.sort(m, axis=1), "numpy sort", None),
        compare("unique, 1e6 int64 of 1e4", lambda: cupylike.unique(dints),
                lambda: numpy.unique(ints), "numpy unique", None),
        compare("searchsorted, 1e6 in 1e6 float32", lambda: cupylike.searchsorted(dtable, dneedles),
                lambda: numpy.searchsorted(table, needles), "numpy searchsorted", None),
    ]
