"""Timing helpers shared by the benchmark files: best-of-N per-call times, a result row, and
`measure`, which times each case's device call on cupylike and, when CuPy is measured, on CuPy
(the same builder given `xp=cupy`), each against NumPy's call doing the same work.

On a GPU cupylike's and CuPy's calls return once their work is queued, so every timed loop ends
by synchronising the device before the clock is read; otherwise a loop times launch overhead.
"""

import dataclasses
import time

import cupylike


@dataclasses.dataclass
class Side:
    """An array module whose calls are timed, and the call that waits for the work they queued
    (None where a call returns after its work: cupylike's cpu device)."""

    xp: object
    sync: object = None


def _cupylike_side():
    if cupylike.Device().kind == "cpu":
        return Side(cupylike)
    return Side(cupylike, cupylike.cuda.Device().synchronize)


OURS = _cupylike_side()
CUPY = None  # CuPy's Side when it is measured (see configure)
QUICK = False  # a tenth of each min_time and at most 3 repeats: the GPU check's minute


def find_cupy():
    """(CuPy's Side or None, a line for the device banner). CuPy is measured when it imports and
    sees a GPU; it raises, rather than answering 0, where there is no driver."""
    try:
        import cupy

        if cupy.cuda.runtime.getDeviceCount() < 1:
            return None, "cupy not measured (no GPU)"
        device = cupy.cuda.Device()
        name = cupy.cuda.runtime.getDeviceProperties(device.id)["name"]
        name = name.decode() if isinstance(name, bytes) else name
    except Exception as e:  # ImportError, CUDARuntimeError, a CUDA library missing...
        return None, f"cupy not measured ({type(e).__name__}: {first_line(e)})"
    return Side(cupy, device.synchronize), f"cupy {cupy.__version__} on {name}"


def configure(*, quick, cupy):
    """Set before the suites run: --quick, and CuPy's Side (None: not measured)."""
    global QUICK, CUPY
    QUICK, CUPY = quick, cupy


def first_line(error):
    """An error's message cut to one line, for a note in the table."""
    return (str(error).splitlines() or [""])[0]


def _timed_loop(fn, n, sync):
    if sync is not None:
        sync()  # work queued before this loop is not its own
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    if sync is not None:
        sync()
    return time.perf_counter() - t0


def per_call_seconds(fn, *, min_time=0.2, repeats=5, sync=None):
    """Best over `repeats` of the mean time per call, each repeat running >= min_time; `sync`
    (a device's synchronize) waits for the queued work before each clock read."""
    if QUICK:
        min_time, repeats = min_time / 10, min(repeats, 3)
    n = 1
    # Find a loop count that runs long enough to time reliably. These loops synchronise too:
    # counted from launches alone, a GPU's loop would queue minutes of work per repeat.
    while True:
        elapsed = _timed_loop(fn, n, sync)
        if elapsed >= min_time / 4 or n >= 1 << 24:
            break
        n *= 4
    n = max(1, int(n * (min_time / max(elapsed, 1e-9))))
    return min(_timed_loop(fn, n, sync) for _ in range(repeats)) / n


@dataclasses.dataclass
class Row:
    """One benchmark: our time, the reference's time, and the target on their ratio (or on
    our absolute time when there is no reference); CuPy's time for the same work beside them."""

    name: str
    ours: float  # seconds
    reference: float | None  # seconds, or None for an absolute target
    reference_name: str
    target: float | None  # maximum ratio ours/reference, or maximum seconds when reference is
    # None; None: a figure reported without a target
    cupy: float | None = None  # seconds; None: CuPy not measured, or no equivalent call

    @property
    def ratio(self):
        return None if self.reference is None else self.ours / self.reference

    @property
    def vs_cupy(self):
        return None if self.cupy is None else self.ours / self.cupy

    @property
    def passed(self):
        if self.target is None:
            return None
        value = self.ours if self.reference is None else self.ratio
        return value <= self.target

    def as_dict(self):
        d = dataclasses.asdict(self)
        d.update(ratio=self.ratio, vs_cupy=self.vs_cupy, passed=self.passed)
        return d


@dataclasses.dataclass
class Case:
    """One benchmark's work, as a builder given an array module `xp` describes it: `call` runs it
    on xp's device, `ref` runs it in NumPy (None: a figure without a reference)."""

    name: str
    call: object
    ref: object
    ref_name: str
    target: float | None


def fmt_time(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds} s"


def _device_seconds(side, call, **timing):
    # One call outside the timing compiles its kernels (or loads them from the disk cache).
    call()
    if side.sync is not None:
        side.sync()
    return per_call_seconds(call, sync=side.sync, **timing)


def measure(build, *, min_time=0.3, repeats=5):
    """Rows for the Cases `build(xp)` returns: each call timed with xp=cupylike against its
    NumPy reference and, when CuPy is measured, with xp=cupy. Where CuPy's side raises, its
    time is None and a line says why: the benchmark is about cupylike, not CuPy."""
    timing = dict(min_time=min_time, repeats=repeats)
    cases = build(cupylike)
    theirs = [None] * len(cases)
    if CUPY is not None:
        try:
            theirs = [case.call for case in build(CUPY.xp)]
        except Exception as e:
            print(f"  cupy: none of {[c.name for c in cases]}: {type(e).__name__}: "
                  f"{first_line(e)}")
    rows = []
    for case, their_call in zip(cases, theirs, strict=True):
        ours = _device_seconds(OURS, case.call, **timing)
        ref = None if case.ref is None else per_call_seconds(case.ref, **timing)
        row = Row(case.name, ours, ref, case.ref_name, case.target)
        if their_call is not None:
            try:
                row.cupy = _device_seconds(CUPY, their_call, **timing)
            except Exception as e:
                print(f"  cupy: {case.name}: {type(e).__name__}: {first_line(e)}")
        rows.append(row)
    return rows
