"""cupylike arrays as Dask chunks (docs/dask.md) against NumPy chunks, on a local distributed
cluster of 2 worker processes with one thread each: `((x - x.mean(axis=0)) / x.std(axis=0))
.sum()` over a 4 GiB float32 x (2**15 x 2**15, in 32 row blocks of 128 MiB, so the axis-0
reductions cross chunks), made on the workers by dask.array.random's default_rng under
array.backend "numpy" and then "cupylike", and persisted before the clock starts. Target: at
most 1.0x the NumPy chunks' time.

Only run when named (`python benchmarks/run.py --no-cupy dask`): it needs dask and distributed,
and takes a minute or two. The two backends' arrays are made one after the other, the first
released before the second is made, so the workers hold one 4 GiB array at a time. --quick
uses a 64 MiB x (2**12 x 2**12, same 32 row blocks).
"""

import time

import harness
import numpy
from harness import Row, per_call_seconds

import cupylike  # before dask.array: cupylike registers with Dask when it is imported

N_CHUNKS = 32  # row blocks: 128 MiB each for the full 4 GiB array


def _side():
    return 2**12 if harness.QUICK else 2**15


def _wait_released(client, timeout=120.0):
    """Block until no worker holds a key (the cancelled array's chunks are gone)."""
    deadline = time.monotonic() + timeout
    while any(client.has_what().values()):
        if time.monotonic() > deadline:
            raise RuntimeError(f"workers still hold {client.has_what()} after {timeout:g} s")
        time.sleep(0.1)


def _worker_rss(client):
    def rss():
        import psutil

        return psutil.Process().memory_info().rss

    return " + ".join(f"{v / 2**30:.2f}" for v in client.run(rss).values()) + " GiB"


def _chunk_modules(client):
    """The top-level modules of the chunks the workers hold, e.g. {'cupylike'}."""

    def modules(dask_worker):
        return sorted({type(v).__module__.split(".")[0] for v in dask_worker.data.values()})

    return sorted({m for ms in client.run(modules).values() for m in ms})


def _one_backend(client, backend):
    """(seconds per compute, the result as a float, a note) for one array.backend."""
    import dask
    import dask.array as da
    from distributed import wait

    side = _side()
    with dask.config.set({"array.backend": backend}):
        x = da.random.default_rng(0).standard_normal(
            (side, side), chunks=(side // N_CHUNKS, side), dtype=numpy.float32)
    expected = cupylike.ndarray if backend == "cupylike" else numpy.ndarray
    if not isinstance(x._meta, expected):
        raise TypeError(f"array.backend {backend!r} made {type(x._meta)} chunks")
    t0 = time.perf_counter()
    x = client.persist(x)
    wait(x)
    made = time.perf_counter() - t0
    held = _chunk_modules(client)
    if held != [expected.__module__.split(".")[0]]:
        raise TypeError(f"array.backend {backend!r}: workers hold chunks of {held}")

    expr = ((x - x.mean(axis=0)) / x.std(axis=0)).sum()
    results = []

    def compute():
        results.append(float(expr.compute()))

    # One call finds that a single compute is long enough (the warm-up); then best of 3.
    seconds = per_call_seconds(compute, min_time=1.0, repeats=3)
    note = (f"{backend}: {held[0]} chunks {x.chunksize} x {x.numblocks[0]}, "
            f"random + persist {harness.fmt_time(made)}, result {results[-1]:.4g}, "
            f"worker RSS {_worker_rss(client)}")
    client.cancel(x)
    x = expr = None  # drop the futures this graph holds, so the workers free the chunks
    _wait_released(client)
    if backend == "cupylike":  # the pool keeps freed chunks for reuse: give them back too
        client.run(lambda: cupylike.get_default_memory_pool().free_all_blocks())
    return seconds, results[-1], note


def run():
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:
        raise ImportError(f"the dask suite needs dask and distributed ({e})") from e

    side = _side()
    name = f"dask {side * side * 4 / 2**30:g} GiB standardize+sum"
    if side * side * 4 < 2**30:
        name = f"dask {side * side * 4 >> 20} MiB standardize+sum"
    with (LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                       dashboard_address=None) as cluster,
          Client(cluster) as client):
        # NumPy's first: its freed chunks go back to the system at once, where cupylike's stay
        # in its memory pool until they are given back (see _one_backend).
        ref, ref_sum, ref_note = _one_backend(client, "numpy")
        print(f"  {ref_note}")
        print(f"  freed: worker RSS {_worker_rss(client)}")
        ours, our_sum, our_note = _one_backend(client, "cupylike")
        print(f"  {our_note}")
    # Standardized data sums to ~0 (the two backends draw different streams: PCG64 and
    # Philox): both sums are rounding error, small beside the n elements of |z| ~ 0.8 each.
    n = side * side
    if max(abs(ref_sum), abs(our_sum)) > 1e-3 * n:
        raise RuntimeError(f"sums disagree: numpy chunks {ref_sum}, cupylike chunks {our_sum} "
                           f"(n = {n})")
    return [Row(name, ours, ref, "numpy chunks", 1.0)]
