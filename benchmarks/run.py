"""Runs the benchmarks against NumPy in one process and prints a table; --json writes the rows.

    python benchmarks/run.py [--json results.json] [name ...]

Targets are ratios ours/NumPy measured in the same run (or absolute times where the issue sets
one); they are reported, never asserted in the test suite.
"""

import argparse
import importlib
import json
import pathlib
import platform
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))

from harness import fmt_time  # noqa: E402

import cupylike  # noqa: E402

SUITES = ["foundation", "kernels", "copy", "elementwise", "reductions", "indexing",
          "manipulation", "sorting", "linalg", "fft", "random"]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("suites", nargs="*", default=SUITES, help=f"any of {SUITES}")
    parser.add_argument("--json", type=pathlib.Path, help="write the results here")
    args = parser.parse_args()

    device = cupylike.Device()
    print(f"cupylike {cupylike.__version__} on {device} ({device.name}); "
          f"numpy {cupylike._numpy.__version__}; python {platform.python_version()}")
    rows = []
    for suite in args.suites:
        rows += importlib.import_module(f"bench_{suite}").run()

    header = f"{'benchmark':<28} {'cupylike':>10} {'reference':>10}  {'ratio':>6}  target  ok"
    print(header)
    print("-" * len(header))
    for r in rows:
        ratio = "" if r.ratio is None else f"{r.ratio:.2f}x"
        if r.target is None:
            target = "-"
        else:
            target = fmt_time(r.target) if r.reference is None else f"<={r.target:g}x"
        ref = "" if r.reference is None else fmt_time(r.reference)
        ok = {None: "-", True: "yes", False: "NO"}[r.passed]
        print(f"{r.name:<28} {fmt_time(r.ours):>10} {ref:>10}  {ratio:>6}  {target:<7} "
              f"{ok:<3}  ({r.reference_name})")
    if args.json:
        args.json.write_text(json.dumps(
            {"device": str(device), "rows": [r.as_dict() for r in rows]}, indent=2))


if __name__ == "__main__":
    main()
