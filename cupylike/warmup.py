"""Compile cupylike's common kernels ahead, so that a program's first run does not wait for them.

    python -m cupylike.warmup [--device cpu|cuda|cuda:N] [--only NAME,NAME,...]

cupylike compiles each kernel (a ufunc's loop for one dtype, a reduction's, a copy between two
dtypes, ...) on its first use and keeps it in the kernel cache (``CUPYLIKE_CACHE_DIR``, else
``$XDG_CACHE_HOME/cupylike/kernels``, else ``~/.cache/cupylike/kernels``), so only a cold cache
makes a program wait, for a fraction of a second per kernel. This command compiles the kernels
typical code needs on the given device (default: the default device, ``CUPYLIKE_DEVICE``):

- ufuncs: arithmetic, comparisons, the common math functions, rounding, NaN tests, logic and
  ``where``, over bool, int32, int64, float32 and float64 (and complex128 where usual);
- reductions: sum, prod, max, min, argmax, argmin, all, any, count_nonzero and norms;
- creation and copies: zeros/ones/full, arange, linspace, astype between those dtypes;
- indexing (boolean masks, nonzero, integer arrays), searchsorted and sort, random numbers,
  matrix products, solve, inv, svd and norms in float32 and float64, and everything
  ``cupylike-demo`` runs (but its own RawKernel).

The compiles run side by side, one compiler per CPU (``CUPYLIKE_COMPILE_JOBS`` sets another
number), with a progress line. Kernels already in the cache are only loaded, so a second run
takes a second or two. ``--only`` limits the work to the named groups (ufunc names such as
``add``; ``sum``, ``max``, ``astype``, ``random``, ... ; ``--list`` prints them). The exit status
is 0 when every kernel is ready, 1 when some failed to compile (their errors are printed).

The same from Python: ``cupylike.warmup.warm(device=None, only=None)``.
"""

import argparse
import glob
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

import numpy

import cupylike as cp
from cupylike._core import _native
from cupylike._core._reductions import REDUCTIONS
from cupylike._core._ufuncs import UFUNCS
from cupylike._sorting import _kernels as _sort_kernels

__all__ = ["warm", "groups", "main"]

# NumPy's type characters of the dtypes typical code uses: bool, int32, int64, float32,
# float64; complex128 where programs commonly meet it (FFTs, complex arithmetic).
_REAL = "?ilfd"
_NUMBERS = "ilfd"
_FLOATS = "fd"

# ufunc name -> the dtypes of the loops to compile (every input of the loop among them).
_UFUNCS = {
    "add": _REAL + "D", "subtract": _NUMBERS + "D", "multiply": _REAL + "D",
    "divide": _FLOATS + "D", "negative": _NUMBERS, "absolute": _NUMBERS + "D",
    "power": "lfd", "square": _NUMBERS, "floor_divide": "lfd", "remainder": "lfd",
    "maximum": _REAL, "minimum": _REAL, "sign": _NUMBERS,
    "equal": _REAL, "not_equal": _REAL, "less": _REAL, "less_equal": _REAL, "greater": _REAL,
    "greater_equal": _REAL,
    "sqrt": _FLOATS + "D", "exp": _FLOATS + "D", "log": _FLOATS + "D", "sin": _FLOATS,
    "cos": _FLOATS, "tanh": _FLOATS, "arctan2": _FLOATS, "hypot": _FLOATS,
    "floor": _FLOATS, "ceil": _FLOATS, "rint": _FLOATS, "isnan": _FLOATS,
    "isinf": _FLOATS, "isfinite": _FLOATS,
    "logical_and": "?", "logical_or": "?", "logical_not": "?", "invert": "?",
    "_where": _REAL,
}

# The ndarray method -> (its reduction, the dtypes of its loops).
_REDUCTIONS = {
    "sum": ("add", _REAL + "D"), "prod": ("multiply", "lfd"), "max": ("maximum", _REAL),
    "min": ("minimum", _REAL), "argmax": ("argmax", _NUMBERS), "argmin": ("argmin", _NUMBERS),
    "all": ("logical_and", "?"), "any": ("logical_or", "?"),
    "count_nonzero": ("count_nonzero", "?"), "norm": ("abs2_add", _FLOATS + "D"),
}


def _loops(types, chars):
    """Indices of the loops (NumPy notation, "ff->f") whose inputs all have these dtypes."""
    return [i for i, t in enumerate(types) if set(t.split("->")[0]) <= set(chars)]


def _array(dtype, n=8):
    return cp.ones(n, dtype=dtype)


# Each group is a list of calls, each compiling one kernel or a few, so that the calls spread
# over the CPUs evenly.

def _astype(a, b):
    x = _array(a)
    x.astype(b)
    x[::2].astype(b)  # a strided copy


def _creation(dtype):
    cp.zeros(4, dtype)
    cp.full(4, 1, dtype)
    if dtype in _NUMBERS:
        cp.arange(4, dtype=dtype)
    if dtype in _FLOATS:
        cp.linspace(0, 1, 5, dtype=dtype)


def _random(dtype):
    rng = cp.random.default_rng(0)
    if dtype in _FLOATS:
        rng.random(4, dtype=dtype)
        rng.standard_normal(4, dtype=dtype)
    else:
        rng.integers(0, 10, 4, dtype=dtype)


def _legacy_random():
    cp.random.rand(4)
    cp.random.randn(4)
    cp.random.default_rng(0).uniform(0, 1, 4)


def _indexing(dtype):
    mask = cp.ones(8, dtype=bool)
    x = _array(dtype)
    x[mask]
    where = cp.arange(3)
    x[where]
    x[where] = x[:3]
    if dtype == "?":
        cp.nonzero(mask)


def _searchsorted(dtype):
    x = _array(dtype)
    cp.searchsorted(x, x[:2])


def _sort(dtype):
    if not _sort_kernels.use_kernels(_array(dtype)):
        return  # the cpu device sorts on the host
    key = _sort_kernels.KEYS[numpy.dtype(dtype)]
    for name in _sort_kernels.kernel_names():
        if f"<{key}" in name:
            _sort_kernels._function(name)


def _linalg(dtype):
    a = cp.eye(4, dtype=dtype) + 1
    a @ a
    cp.linalg.svd(a)
    cp.linalg.norm(a)
    cp.linalg.norm(a[0])
    cp.linalg.solve(a, a[0])
    cp.linalg.inv(a)


def _demo_extras():
    """What cupylike-demo runs beyond the groups above (float16 views, unique, FFT products)."""
    x = _array("f", 16)
    x.astype(cp.float16)[::-3].get()
    cp.unique(cp.floor(x * 2), return_counts=True)
    cp.linalg.norm(cp.array([1, 2, 3]))
    signal = cp.random.default_rng(7).standard_normal(16)
    cp.fft.irfft(cp.fft.rfft(signal, 32) * cp.fft.rfft(cp.ones(31) / 31, 32), 32)
    cp.where(x > 0, x, 0.0)
    cp.einsum("ij,ji->", x.reshape(4, 4), x.reshape(4, 4))


def _each(function, *dtype_lists):
    """A call of `function` per dtype (or per pair of dtypes)."""
    if len(dtype_lists) == 1:
        return [lambda d=d: function(d) for d in dtype_lists[0]]
    return [lambda a=a, b=b: function(a, b) for a in dtype_lists[0] for b in dtype_lists[1]]


_CALLS = {
    "astype": _each(_astype, _REAL, _REAL + "e"),
    "creation": _each(_creation, "?hilfdD"),  # every fill width: 1, 2, 4, 8 and 16 bytes
    "random": _each(_random, "lfd") + [_legacy_random],
    "indexing": _each(_indexing, _REAL),
    "searchsorted": _each(_searchsorted, _NUMBERS),
    "sort": _each(_sort, _NUMBERS),
    "linalg": _each(_linalg, _FLOATS),
    "demo": [_demo_extras],
}


def groups():
    """The names ``--only`` takes: ufuncs, reductions (by method) and the other groups."""
    return sorted(_UFUNCS) + sorted(_REDUCTIONS) + sorted(_CALLS)


def _tasks(only):
    """(name, function) pairs, each compiling (or loading) one kernel or a small group."""
    chosen = set(groups()) if only is None else set(only)
    unknown = chosen - set(groups())
    if unknown:
        raise ValueError(f"no warmup group named {', '.join(sorted(unknown))}; "
                         f"the groups: {', '.join(groups())}")
    # The calls that compile several kernels go first, so no long one is left for the end.
    tasks = [(name, call) for name, calls in _CALLS.items() if name in chosen for call in calls]
    for name, chars in _UFUNCS.items():
        if name in chosen:
            u = UFUNCS[name]
            tasks += [(name, lambda u=u, i=i: u._compile_loops([i]))
                      for i in _loops(u.types, chars)]
    for name, (reduction, chars) in _REDUCTIONS.items():
        if name in chosen:
            r = REDUCTIONS[reduction]
            tasks += [(name, lambda r=r, i=i: r._compile_loops([i]))
                      for i in _loops(r.types, chars)]
    return tasks


def _cached_kernels():
    folder = _native._cache_dir()
    return sum(len(glob.glob(os.path.join(folder, pattern))) for pattern in ("*.so", "*.nvrtc"))


def warm(device=None, only=None, progress=None):
    """Compiles (or loads from the kernel cache) the kernels typical code needs.

    Parameters
    ----------
    device : str or cupylike.Device, optional
        ``"cpu"``, ``"cuda"`` or ``"cuda:N"``; default: the current device.
    only : iterable of str, optional
        Limit the work to these groups (see ``groups()``).
    progress : file, optional
        Where to write the progress line (a terminal gets one line that rewrites itself).

    Returns
    -------
    dict
        ``tasks`` done, ``compiled`` (kernels the cache lacked), ``seconds``, ``failed``
        (a list of (group, error message)), ``device`` and ``cache`` (the folder).
    """
    device = cp.Device(device)
    with device:  # a device this process cannot use fails here, once
        pass
    tasks = _tasks(only)
    _native._set_compile_notice(False)  # the progress line says it instead
    before, start = _cached_kernels(), time.monotonic()
    failed, done = [], 0
    terminal = progress is not None and progress.isatty()

    def run(call):
        with device:
            call()
            device.synchronize()

    def report(final=False):
        if progress is None or not (terminal or final):
            return
        line = (f"cupylike.warmup: {done}/{len(tasks)} steps done for {device} "
                f"({time.monotonic() - start:.0f} s)")
        progress.write(("\r" if terminal else "") + line + ("\n" if final else ""))
        progress.flush()

    try:
        with ThreadPoolExecutor(max_workers=_native._compile_slots()) as pool:
            futures = {pool.submit(run, call): name for name, call in tasks}
            for future in as_completed(futures):
                done += 1
                error = future.exception()
                if error is not None:
                    failed.append((futures[future], f"{type(error).__name__}: {error}"))
                report()
        report(final=True)
    finally:
        _native._set_compile_notice(True)
    return {"tasks": len(tasks), "compiled": _cached_kernels() - before,
            "seconds": time.monotonic() - start, "failed": failed, "device": str(device),
            "cache": _native._cache_dir()}


def main(argv=None):
    """The command line: ``python -m cupylike.warmup``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m cupylike.warmup",
                                     description="Compile cupylike's common kernels ahead.")
    parser.add_argument("--device", help="cpu, cuda or cuda:N (default: the default device)")
    parser.add_argument("--only", help="comma-separated groups to compile (see --list)")
    parser.add_argument("--list", action="store_true", help="print the groups and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(groups()))
        return 0
    only = None if args.only is None else [n.strip() for n in args.only.split(",") if n.strip()]
    try:
        result = warm(args.device, only, progress=sys.stdout)
    except (ValueError, RuntimeError) as error:
        print(f"cupylike.warmup: {error}", file=sys.stderr)
        return 2
    for message in dict.fromkeys(message for _, message in result["failed"]):
        names = sorted({name for name, m in result["failed"] if m == message})
        print(f"cupylike.warmup: {', '.join(names)} failed: {message}", file=sys.stderr)
    print(f"cupylike.warmup: {result['compiled']} kernels compiled, the rest were cached, in "
          f"{result['seconds']:.1f} s; cache: {result['cache']}")
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
