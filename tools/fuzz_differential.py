"""A long differential fuzzing campaign (tests/helpers/fuzz_run.py's calls) that a crash
cannot end silently: calls run in chunks in subprocesses; a subprocess that dies (a signal, an
abort) or hangs is recorded with the seed and index of the call it was running, and the
campaign goes on from the next call.

    python tools/fuzz_differential.py --calls 100000 [--seed S] [--report fuzz.json]

Run it with the installed cupylike on the path (PYTHONPATH), on the device chosen by
CUPYLIKE_DEVICE as usual. It prints the seed (drawn at random unless given), a summary of the
differences by outcome and class, and writes every difference and crash to the report.
Reproduce one call with `python -m helpers.fuzz_run SEED INDEX` in tests/.
"""

import argparse
import collections
import json
import os
import pathlib
import secrets
import subprocess
import sys
import tempfile
import time

TESTS = pathlib.Path(__file__).resolve().parent.parent / "tests"

WORKER = """
import sys
sys.path.insert(0, {tests!r})
from helpers import fuzz_run
fuzz_run.worker({seed}, {start}, {stop}, {progress!r}, {results!r})
"""


def _last_index(progress):
    lines = pathlib.Path(progress).read_text().split()
    return int(lines[-1]) if lines else None


def run_chunk(seed, start, stop, folder, timeout):
    """Runs calls start..stop-1 in subprocesses until all have run; yields (difference, None)
    for each difference and (None, crash) for each call that ended its subprocess."""
    progress, results = os.path.join(folder, "progress"), os.path.join(folder, "results")
    while start < stop:
        pathlib.Path(results).write_text("")
        pathlib.Path(progress).write_text("")
        code = WORKER.format(tests=str(TESTS), seed=seed, start=start, stop=stop,
                             progress=progress, results=results)
        try:
            proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                  timeout=timeout, cwd=folder)
            rc, err = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired as e:
            rc, err = "timeout", (e.stderr or b"").decode(errors="replace")
        found = [json.loads(line) for line in pathlib.Path(results).read_text().splitlines()]
        yield from ((d, None) for d in found)
        if rc == 0:
            return
        index = _last_index(progress)
        index = start if index is None else index
        crash = {"seed": seed, "index": index, "returncode": rc, "stderr": err[-3000:]}
        yield None, crash
        start = index + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=2000, help="calls per subprocess")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per chunk")
    parser.add_argument("--report", default="fuzz_report.json")
    args = parser.parse_args()
    seed = secrets.randbits(32) if args.seed is None else args.seed
    print(f"seed {seed}, calls {args.start}..{args.start + args.calls - 1}", flush=True)
    differences, crashes = [], []
    began = time.time()
    with tempfile.TemporaryDirectory() as folder:
        for first in range(args.start, args.start + args.calls, args.chunk):
            last = min(first + args.chunk, args.start + args.calls)
            for difference, crash in run_chunk(seed, first, last, folder, args.timeout):
                if crash is not None:
                    crashes.append(crash)
                    print(f"CRASH at seed {seed} index {crash['index']}: "
                          f"{crash['returncode']}", flush=True)
                else:
                    differences.append(difference)
            counts = collections.Counter((d["outcome"], d["class"]) for d in differences)
            print(f"{last - args.start} calls, {time.time() - began:.0f} s, "
                  f"{len(crashes)} crashes, {dict(counts)}", flush=True)
    report = {"seed": seed, "start": args.start, "calls": args.calls, "crashes": crashes,
              "differences": differences, "seconds": time.time() - began}
    pathlib.Path(args.report).write_text(json.dumps(report, indent=1))
    failures = [d for d in differences if d["class"] == "failure"]
    print(f"report: {args.report}; {len(crashes)} crashes, {len(failures)} failures")
    return 1 if crashes or failures else 0


if __name__ == "__main__":
    sys.exit(main())
