"""Runs the differential fuzzer's calls. Call i of seed s is drawn from its own generator,
numpy.random.default_rng((s, i)), so any call is reproduced from (seed, index) alone:
`python -m helpers.fuzz_run SEED INDEX` in tests/ prints and judges that one call.

tools/fuzz_differential.py runs long campaigns in subprocesses on top of run_range."""

import json
import sys

import numpy

from helpers.fuzz_calls import draw
from helpers.fuzz_compare import classify, judge


def call_at(seed, index):
    return draw(numpy.random.default_rng((seed, index)))


def run_range(seed, start, stop, on_call=None):
    """Judges calls start..stop-1 of `seed`; returns [(index, outcome, class, detail, call)]
    for every call whose outcome differs from NumPy's. on_call(index) runs before each call
    (the campaign driver records it, so a crash names its call)."""
    found = []
    for index in range(start, stop):
        call = call_at(seed, index)
        if on_call is not None:
            on_call(index)
        outcome, detail = judge(call)
        if outcome not in (None, "unavailable"):  # on the emulated GPU, see judge
            found.append((index, outcome, classify(call, outcome), detail, call))
    return found


def worker(seed, start, stop, progress_path, results_path):
    """A campaign's subprocess: judges calls start..stop-1, writes each index to
    `progress_path` before its call (so the parent names the call a crash or hang stopped at)
    and each difference as a JSON line to `results_path`."""
    with open(progress_path, "w", buffering=1) as progress, \
            open(results_path, "a", buffering=1) as results:
        def on_call(index):
            progress.write(f"{index}\n")

        for index, outcome, kind, detail, call in run_range(seed, start, stop, on_call):
            results.write(json.dumps({"seed": seed, "index": index, "outcome": outcome,
                                      "class": kind, "function": call.name,
                                      "tags": sorted(call.tags), "call": repr(call)[:4000],
                                      "detail": detail[:4000]}) + "\n")


if __name__ == "__main__":
    seed, index = int(sys.argv[1]), int(sys.argv[2])
    call = call_at(seed, index)
    print(call)
    print(judge(call))
