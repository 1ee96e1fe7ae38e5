"""Timing helpers shared by the benchmark files: best-of-N per-call times and a result row."""

import dataclasses
import time


def per_call_seconds(fn, *, min_time=0.2, repeats=5):
    """Best over `repeats` of the mean time per call, each repeat running >= min_time."""
    n = 1
    while True:  # find a loop count that runs long enough to time reliably
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - t0
        if elapsed >= min_time / 4 or n >= 1 << 24:
            break
        n *= 4
    n = max(1, int(n * (min_time / max(elapsed, 1e-9))))
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t0) / n)
    return best


@dataclasses.dataclass
class Row:
    """One benchmark: our time, the reference's time, and the target on their ratio (or on
    our absolute time when there is no reference)."""

    name: str
    ours: float  # seconds
    reference: float | None  # seconds, or None for an absolute target
    reference_name: str
    target: float | None  # maximum ratio ours/reference, or maximum seconds when reference is
    # None; None: a figure reported without a target

    @property
    def ratio(self):
        return None if self.reference is None else self.ours / self.reference

    @property
    def passed(self):
        if self.target is None:
            return None
        value = self.ours if self.reference is None else self.ratio
        return value <= self.target

    def as_dict(self):
        d = dataclasses.asdict(self)
        d.update(ratio=self.ratio, passed=self.passed)
        return d


def fmt_time(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds} s"


def compare(name, ours, ref, ref_name, target, min_time=0.3):
    """A Row timing `ours` against `ref` (each a call doing the same work), after one call of
    `ours` outside the timing to compile its kernels (or load them from the disk cache)."""
    ours()
    return Row(name, per_call_seconds(ours, min_time=min_time),
               per_call_seconds(ref, min_time=min_time), ref_name, target)
