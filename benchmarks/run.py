"""Runs the benchmarks against NumPy, and CuPy where it sees a GPU, in one process; prints a table,
and --json writes the rows.

    python benchmarks/run.py [--quick] [--no-cupy] [--json results.json] [--plot sweep.png]
                             [name ...]

Targets are ratios ours/NumPy measured in the same run (or absolute times where the issue sets
one); they are reported, never asserted in the test suite. CuPy's time for the same work and
the ratio ours/CuPy are shown beside them, without targets. --quick shortens every timing, so
that the whole run fits a GPU check's minute. A suite that raises (linalg, fft and random need
vendor libraries that the emulated GPU lacks) is skipped with a line naming the error.

Suites in NAMED_ONLY run only when named: `python benchmarks/run.py --no-cupy dask` times a 4 GiB
computation on a local Dask cluster with NumPy chunks and then cupylike chunks (needs dask and
distributed; a minute or two; with --quick a 64 MiB array).
"""

import argparse
import importlib
import json
import pathlib
import platform
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import harness  # noqa: E402
from harness import fmt_time  # noqa: E402
from plot import write_plot  # noqa: E402

import cupylike  # noqa: E402

SUITES = ["foundation", "kernels", "copy", "elementwise", "reductions", "indexing",
          "manipulation", "sorting", "linalg", "fft", "random", "signal", "statistics", "fusion",
          "sweep"]
NAMED_ONLY = ["dask"]  # long, and needs packages the rest do not: not in the default run


def _header(with_cupy):
    cupy = f" {'cupy':>10}  {'vs cupy':>7}" if with_cupy else ""
    return f"{'benchmark':<28} {'cupylike':>10} {'reference':>10}  {'ratio':>6}{cupy}  target  ok"


def _line(r, with_cupy):
    ratio = "" if r.ratio is None else f"{r.ratio:.2f}x"
    if r.target is None:
        target = "-"
    else:
        target = fmt_time(r.target) if r.reference is None else f"<={r.target:g}x"
    ref = "" if r.reference is None else fmt_time(r.reference)
    cupy = ""
    if with_cupy:
        vs = "" if r.vs_cupy is None else f"{r.vs_cupy:.2f}x"
        cupy = f" {'' if r.cupy is None else fmt_time(r.cupy):>10}  {vs:>7}"
    ok = {None: "-", True: "yes", False: "NO"}[r.passed]
    return (f"{r.name:<28} {fmt_time(r.ours):>10} {ref:>10}  {ratio:>6}{cupy}  {target:<7} "
            f"{ok:<3}  ({r.reference_name})")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suites", nargs="*", default=SUITES,
                        help=f"any of {SUITES + NAMED_ONLY} (default: all but {NAMED_ONLY})")
    parser.add_argument("--json", type=pathlib.Path, help="write the results here")
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of each timing's length, at most 3 repeats")
    parser.add_argument("--no-cupy", action="store_true", help="do not measure CuPy")
    parser.add_argument("--plot", type=pathlib.Path,
                        help="draw the size sweep's ratios into this PNG (needs matplotlib)")
    args = parser.parse_args()

    if args.no_cupy:
        cupy, cupy_line = None, "cupy not measured (--no-cupy)"
    else:
        cupy, cupy_line = harness.find_cupy()
    harness.configure(quick=args.quick, cupy=cupy)
    device = cupylike.Device()
    print(f"cupylike {cupylike.__version__} on {device} ({device.name}); "
          f"numpy {cupylike._numpy.__version__}; python {platform.python_version()}; "
          f"{cupy_line}{'; quick timings' if args.quick else ''}")
    with_cupy = cupy is not None
    print(_header(with_cupy))
    print("-" * len(_header(with_cupy)))
    rows, skipped = [], {}
    for suite in args.suites:
        # Rows come out suite by suite, and the JSON is rewritten after each, so a run cut off
        # by a time limit still leaves what it measured.
        try:
            suite_rows = importlib.import_module(f"bench_{suite}").run()
        except Exception as e:
            skipped[suite] = f"{type(e).__name__}: {harness.first_line(e)}"
            print(f"{suite}: skipped, {skipped[suite]}")
            suite_rows = []
        for r in suite_rows:
            print(_line(r, with_cupy))
        rows += suite_rows
        if args.json:
            args.json.write_text(json.dumps(
                {"device": str(device), "device_name": device.name, "cupy": cupy_line,
                 "quick": args.quick, "skipped": skipped,
                 "rows": [r.as_dict() for r in rows]}, indent=2))
    if args.plot:
        print(write_plot(rows, args.plot, f"cupylike on {device.name} against "
                         f"numpy {cupylike._numpy.__version__}, {platform.node()}"))

if __name__ == "__main__":
    main()
