"""Foundation: import time, per-call transfer overhead, bulk transfers against a host memcpy,
and the pool's malloc + free pair (cupylike's own pool: no CuPy figure)."""

import statistics
import subprocess
import sys
import tempfile
import time

import harness
import numpy
from harness import Case, Row, measure

import cupylike


def _import_seconds(module):
    """Median wall time of `python -c 'import module'` minus an empty interpreter's."""

    def run(code):
        # Outside the source tree, so `import cupylike` finds the installed package.
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=tempfile.gettempdir())
        return time.perf_counter() - t0

    times = {c: [] for c in ("pass", f"import {module}")}
    for _ in range(5 if harness.QUICK else 15):  # interleaved, so load changes affect both alike
        for code in times:
            times[code].append(run(code))
    return statistics.median(times[f"import {module}"]) - statistics.median(times["pass"])


def bench_import():
    np_time = _import_seconds("numpy")
    row = Row("import cupylike", _import_seconds("cupylike"), np_time, "import numpy", 2.0)
    if harness.CUPY is not None:
        row.cupy = _import_seconds("cupy")
    return row


def bench_small_transfers():
    host = numpy.ones(1, dtype=numpy.float32)

    def cases(xp):
        dev = xp.asarray(host)
        return [
            Case("asarray, 1 element", lambda: xp.asarray(host), lambda: numpy.array(host),
                 "numpy.array (copy)", 5.0),
            Case("asnumpy, 1 element", lambda: xp.asnumpy(dev), lambda: numpy.array(host),
                 "numpy.array (copy)", 5.0),
        ]

    return measure(cases, min_time=0.2)


def bench_bulk_transfers():
    host = numpy.ones(256 << 20, dtype=numpy.uint8)
    out = numpy.empty_like(host)
    ref = "host memcpy" if cupylike.Device().kind == "cpu" else "host memcpy (not a GPU figure)"

    def cases(xp):
        dev = xp.asarray(host)
        return [
            Case("asarray, 256 MB", lambda: xp.asarray(host), lambda: numpy.copyto(out, host),
                 ref, 1.5),
            Case("asnumpy, 256 MB", lambda: dev.get(out=out), lambda: numpy.copyto(out, host),
                 ref, 1.5),
        ]

    return measure(cases, min_time=0.5, repeats=3)


def bench_pool():
    ns = min(cupylike._core._native._pool_malloc_free_ns(1_000_000, 4096) for _ in range(5))

    def cases(xp):
        return [Case("cupylike.empty(16)", lambda: xp.empty(16, dtype=numpy.uint8),
                     lambda: numpy.empty(16, dtype=numpy.uint8), "numpy.empty(16)", 10.0)]

    return [Row("pool malloc + free pair", ns * 1e-9, None, "absolute", 200e-9)] + measure(cases)


def run():
    rows = [bench_import()]
    rows += bench_small_transfers()
    rows += bench_bulk_transfers()
    rows += bench_pool()
    return rows
