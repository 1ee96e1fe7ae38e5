"""Foundation: import time, per-call transfer overhead, bulk transfers against a host memcpy,
and the pool's malloc + free pair."""

import statistics
import subprocess
import sys
import tempfile
import time

import numpy
from harness import Row, per_call_seconds

import cupylike


def _import_seconds(module, runs=15):
    """Median wall time of `python -c 'import module'` minus an empty interpreter's."""

    def run(code):
        # Outside the source tree, so `import cupylike` finds the installed package.
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=tempfile.gettempdir())
        return time.perf_counter() - t0

    times = {c: [] for c in ("pass", f"import {module}")}
    for _ in range(runs):  # interleaved, so load changes affect both alike
        for code in times:
            times[code].append(run(code))
    return statistics.median(times[f"import {module}"]) - statistics.median(times["pass"])


def bench_import():
    np_time = _import_seconds("numpy")
    return Row("import cupylike", _import_seconds("cupylike"), np_time, "import numpy", 2.0)


def bench_small_transfers():
    host = numpy.ones(1, dtype=numpy.float32)
    dev = cupylike.asarray(host)
    np_copy = per_call_seconds(lambda: numpy.array(host))
    return [
        Row("asarray, 1 element", per_call_seconds(lambda: cupylike.asarray(host)), np_copy,
            "numpy.array (copy)", 5.0),
        Row("asnumpy, 1 element", per_call_seconds(lambda: cupylike.asnumpy(dev)), np_copy,
            "numpy.array (copy)", 5.0),
    ]


def bench_bulk_transfers():
    n = 256 << 20
    host = numpy.ones(n, dtype=numpy.uint8)
    out = numpy.empty_like(host)
    dev = cupylike.asarray(host)
    memcpy = per_call_seconds(lambda: numpy.copyto(out, host), min_time=0.5, repeats=3)
    ref = "host memcpy" if dev.device.kind == "cpu" else "host memcpy (not a GPU figure)"
    return [
        Row("asarray, 256 MB", per_call_seconds(lambda: cupylike.asarray(host), min_time=0.5,
                                                repeats=3), memcpy, ref, 1.5),
        Row("asnumpy, 256 MB", per_call_seconds(lambda: dev.get(out=out), min_time=0.5,
                                                repeats=3), memcpy, ref, 1.5),
    ]


def bench_pool():
    ns = min(cupylike._core._pool_malloc_free_ns(1_000_000, 4096) for _ in range(5))
    empty = per_call_seconds(lambda: cupylike.empty(16, dtype=numpy.uint8))
    np_empty = per_call_seconds(lambda: numpy.empty(16, dtype=numpy.uint8))
    return [
        Row("pool malloc + free pair", ns * 1e-9, None, "absolute", 200e-9),
        Row("cupylike.empty(16)", empty, np_empty, "numpy.empty(16)", 10.0),
    ]


def run():
    rows = [bench_import()]
    rows += bench_small_transfers()
    rows += bench_bulk_transfers()
    rows += bench_pool()
    return rows
