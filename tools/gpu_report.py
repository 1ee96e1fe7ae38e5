"""Writes tools/gpu_check.sh's report from what its steps left in its output folder: the build
log, the suite's outcomes (tests.jsonl, from tests/helpers/run_report.py) and the benchmark rows
(bench.json). gpu_check.json holds the figures, summary.txt says the same in words; the exit
status is 0 when the build succeeded and no test that ran failed.

docs/gpu_status.md explains how to read them."""

import argparse
import collections
import json
import pathlib
import shutil
import subprocess
import sys

# Codes after which a CUDA context is unusable: every later test in that worker fails too, so
# the report points at the first.
_STICKY = ("CUDA_ERROR_ILLEGAL_ADDRESS", "CUDA_ERROR_LAUNCH_FAILED", "CUDA_ERROR_ASSERT",
           "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_MISALIGNED_ADDRESS",
           "CUDA_ERROR_LAUNCH_TIMEOUT")

# NVIDIA's libraries, which only a GPU runs (the emulated GPU runs stand-ins computing with host
# libraries): the report gives each its tests (files whose names start so) and benchmark rows
# (names starting so).
LIBRARIES = {
    "cuBLAS": (("test_products", "test_einsum", "test_blas_"),
               ("matmul 1024^2 float", "matmul 256 x", "dot of")),
    "cuSOLVER": (("test_linalg_", "test_solver_"), ("svd ", "solve ", "eigh ")),
    "cuFFT": (("test_fft",), ("fft of", "rfft of", "fft2 ")),
    "cuRAND": (("test_random_", "test_rand_"), ("uniform ", "normal ")),
}


def _device():
    """The GPU as the driver and cupylike see it."""
    info = {}
    if shutil.which("nvidia-smi"):
        query = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                                "--format=csv,noheader"], capture_output=True, text=True)
        info["nvidia_smi"] = query.stdout.strip() or query.stderr.strip()
    probe = subprocess.run(
        [sys.executable, "-P", "-c",
         "import cupylike as cp, json, numpy, platform; d = cp.Device('cuda'); "
         "print(json.dumps({'name': d.name, 'compute_capability': d.compute_capability, "
         "'emulated': cp._core._native._cuda_emulated(), 'numpy': numpy.__version__, "
         "'python': platform.python_version()}))"],
        capture_output=True, text=True)
    try:
        info.update(json.loads(probe.stdout.strip().splitlines()[-1]))
    except (IndexError, ValueError):
        info["error"] = (probe.stderr.strip().splitlines() or ["no output"])[-1]
    return info


def _tests(path, budget, seconds, rc):
    collected, results = [], {}
    if path.exists():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if "collected" in record:
                collected = record["collected"]
            elif record["when"] == "call" or record["outcome"] != "passed":
                # A failed teardown after a passed call still fails the test.
                previous = results.get(record["id"])
                if previous is None or previous["outcome"] == "passed":
                    results[record["id"]] = record
    outcomes = collections.Counter(r["outcome"] for r in results.values())
    failures = [{"id": r["id"], "when": r["when"], "message": r["message"]}
                for r in results.values() if r["outcome"] == "failed"]
    skips = collections.Counter(r["message"] for r in results.values()
                                if r["outcome"] == "skipped")
    not_run = [t for t in collected if t not in results]
    sticky = [f for f in failures if any(code in f["message"] for code in _STICKY)]
    return collected, results, {
        "seconds": round(seconds, 1), "budget_seconds": budget, "exit_status": rc,
        "timed_out": rc in (124, 137), "collected": len(collected),
        "passed": outcomes["passed"], "failed": len(failures), "skipped": outcomes["skipped"],
        "not_run": len(not_run),
        "not_run_files": sorted({t.split("::")[0] for t in not_run}),
        "failures": failures,
        "failures_after_a_sticky_cuda_error": len(sticky),
        "skip_reasons": dict(skips.most_common()),
    }


def _benchmarks(path, seconds, rc):
    bench = {"seconds": round(seconds, 1), "exit_status": rc, "rows": []}
    if path.exists():
        data = json.loads(path.read_text())
        bench.update({k: v for k, v in data.items() if k != "rows"})
        bench["rows"] = data.get("rows", [])
    return bench


def _libraries(collected, results, rows):
    """Per library: its tests' outcomes and its benchmark rows."""
    out = {}
    for name, (files, benches) in LIBRARIES.items():
        mine = [t for t in collected if t.split("::")[0].rsplit("/", 1)[-1].startswith(files)]
        outcomes = collections.Counter(results[t]["outcome"] for t in mine if t in results)
        out[name] = {"passed": outcomes["passed"], "failed": outcomes["failed"],
                     "skipped": outcomes["skipped"],
                     "not_run": sum(t not in results for t in mine),
                     "benchmarks": [r for r in rows if r["name"].startswith(benches)]}
    return out


def _summary(report):
    t, b = report["tests"], report["benchmarks"]
    lines = [f"device: {report['device']}",
             f"build: {'ok' if report['build']['ok'] else 'FAILED'} in "
             f"{report['build']['seconds']:.0f} s",
             f"tests: {t['passed']} passed, {t['failed']} failed, {t['skipped']} skipped, "
             f"{t['not_run']} not run of {t['collected']} in {t['seconds']:.0f} s "
             f"(budget {t['budget_seconds']} s{', cut off' if t['timed_out'] else ''})"]
    for f in t["failures"]:
        lines.append(f"  FAILED {f['id']}: {f['message']}")
    if t["failures_after_a_sticky_cuda_error"]:
        lines.append(f"  ({t['failures_after_a_sticky_cuda_error']} failures carry a sticky "
                     "CUDA error: look for the first in its worker's log)")
    lines.append(f"benchmarks: {len(b['rows'])} rows in {b['seconds']:.0f} s")
    for r in b["rows"]:
        cupy = r.get("cupy")
        lines.append(f"  {r['name']}: ours {r['ours']:.3g} s, numpy {r.get('reference') or 0:.3g}"
                     f" s" + (f", cupy {cupy:.3g} s" if cupy else ""))
    for name, lib in report["libraries"].items():
        lines.append(f"{name}: {lib['passed']} passed, {lib['failed']} failed, "
                     f"{lib['skipped']} skipped, {lib['not_run']} not run; " + "; ".join(
                         f"{r['name']} ours {r['ours']:.3g} s"
                         + (f", cupy {r['cupy']:.3g} s" if r.get("cupy") else "")
                         for r in lib["benchmarks"]))
    lines.append(f"total: {report['total_seconds']} s")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", type=pathlib.Path, required=True)
    for step in ("build", "tests", "bench"):
        p.add_argument(f"--{step}-rc", type=int, required=True)
        p.add_argument(f"--{step}-ms", type=int, required=True)
    p.add_argument("--tests-budget", type=int, required=True)
    p.add_argument("--total-seconds", type=int, required=True)
    a = p.parse_args()
    build_log = a.out / "build.log"
    log = build_log.read_text(errors="replace") if build_log.exists() else ""
    collected, results, tests = _tests(a.out / "tests.jsonl", a.tests_budget, a.tests_ms / 1000,
                            a.tests_rc)
    benchmarks = _benchmarks(a.out / "bench.json", a.bench_ms / 1000, a.bench_rc)
    report = {
        "device": _device() if a.build_rc == 0 else {},
        "build": {"ok": a.build_rc == 0, "seconds": round(a.build_ms / 1000, 1),
                  "log_tail": log.splitlines()[-5:]},
        "tests": tests,
        "benchmarks": benchmarks,
        "libraries": _libraries(collected, results, benchmarks["rows"]),
        "total_seconds": a.total_seconds,
    }
    (a.out / "gpu_check.json").write_text(json.dumps(report, indent=2) + "\n")
    text = _summary(report)
    (a.out / "summary.txt").write_text(text)
    print(text, end="")
    return 0 if report["build"]["ok"] and report["tests"]["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
