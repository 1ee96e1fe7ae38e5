"""The cost curve over sizes (issue 19): `a + b` and `x.sum()` on float32 and `sort` from 1e2 to
1e8 elements, each against NumPy's same call in the same run. Small sizes measure per-call
overhead, large ones memory bandwidth and the use of both cores. Targets: `a + b` and `x.sum()`
at most 1.2x NumPy's time at every size and 0.7x from 1e6 on; `sort` at most 1.5x.

Row names are "<op>, n=1eK"; `plot.py` reads them back to draw the curve."""

import harness
import numpy
from harness import Case, measure

EXPONENTS = range(2, 9)
SORT_EXPONENTS = range(2, 9)


def _row_name(op, k):
    return f"{op}, n=1e{k}"


def _elementwise_and_sum(k):
    rng = numpy.random.default_rng(k)
    a = rng.standard_normal(10**k).astype(numpy.float32)
    b = rng.standard_normal(10**k).astype(numpy.float32)
    bound = 1.2 if k < 6 else 0.7

    def cases(xp):
        da, db = xp.asarray(a), xp.asarray(b)
        return [
            Case(_row_name("a + b float32", k), lambda: da + db, lambda: a + b, "numpy a + b",
                 bound),
            Case(_row_name("x.sum() float32", k), lambda: da.sum(), lambda: a.sum(),
                 "numpy x.sum()", bound),
        ]

    # Large sizes: a few long calls already time reliably.
    return measure(cases, min_time=0.2, repeats=5 if k < 7 else 3)


def _sort(k):
    a = numpy.random.default_rng(k).standard_normal(10**k).astype(numpy.float32)

    def cases(xp):
        da = xp.asarray(a)
        return [Case(_row_name("sort float32", k), lambda: xp.sort(da), lambda: numpy.sort(a),
                     "numpy sort", 1.5)]

    return measure(cases, min_time=0.2, repeats=5 if k < 7 else 2)


def run():
    rows = []
    for k in EXPONENTS:
        rows += _elementwise_and_sum(k)
    # 1e8 sorts take seconds a call: the GPU check's quick minute stops at 1e7.
    for k in SORT_EXPONENTS if not harness.QUICK else range(2, 8):
        rows += _sort(k)
    return rows
