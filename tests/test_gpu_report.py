"""tools/gpu_report.py, which writes tools/gpu_check.sh's report: from a suite's outcomes and
benchmark rows it counts the whole run and each NVIDIA library (its test files and benchmark
rows), including the tests the budget did not reach."""

import json
import pathlib
import subprocess
import sys

import pytest

pytestmark = pytest.mark.any_device(reason="reads files only: the same on every device")

REPORT = pathlib.Path(__file__).resolve().parents[1] / "tools" / "gpu_report.py"


def outcome(test, result, when="call"):
    return {"id": test, "when": when, "outcome": result, "message": result + " here"}


def test_the_report_counts_each_library(tmp_path):
    tests = ["tests/test_products.py::test_a", "tests/test_fft.py::test_b",
             "tests/test_random_api.py::test_c", "tests/test_linalg_solve.py::test_d",
             "tests/test_sorting.py::test_e", "tests/test_einsum.py::test_f"]
    records = [{"collected": tests}, outcome(tests[0], "passed"), outcome(tests[1], "failed"),
               outcome(tests[2], "skipped", "setup"), outcome(tests[4], "passed"),
               outcome(tests[5], "passed"), outcome(tests[5], "failed", "teardown")]
    (tmp_path / "tests.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    rows = [{"name": "matmul 1024^2 float32", "ours": 1e-3, "reference": 1e-2, "cupy": 2e-3},
            {"name": "matmul 1024^2 int32", "ours": 0.1, "reference": 10.0},  # our own kernel
            {"name": "svd 512x512 float64", "ours": 0.05, "reference": 0.06},
            {"name": "uniform 1e7 float32", "ours": 1e-3, "reference": 0.05}]
    (tmp_path / "bench.json").write_text(json.dumps({"rows": rows}))
    # A failed build: the report skips probing the device, and still reads what is there.
    proc = subprocess.run(
        [sys.executable, str(REPORT), "--out", str(tmp_path), "--build-rc", "1", "--build-ms",
         "1", "--tests-rc", "0", "--tests-ms", "1000", "--tests-budget", "10", "--bench-rc",
         "0", "--bench-ms", "1", "--total-seconds", "3"], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    report = json.loads((tmp_path / "gpu_check.json").read_text())
    assert (report["tests"]["passed"], report["tests"]["failed"]) == (2, 2)
    libraries = report["libraries"]
    assert list(libraries) == ["cuBLAS", "cuSOLVER", "cuFFT", "cuRAND"]
    counts = {name: (lib["passed"], lib["failed"], lib["skipped"], lib["not_run"])
              for name, lib in libraries.items()}
    assert counts == {"cuBLAS": (1, 1, 0, 0), "cuSOLVER": (0, 0, 0, 1),
                      "cuFFT": (0, 1, 0, 0), "cuRAND": (0, 0, 1, 0)}
    assert [r["name"] for r in libraries["cuBLAS"]["benchmarks"]] == ["matmul 1024^2 float32"]
    assert [r["name"] for r in libraries["cuSOLVER"]["benchmarks"]] == ["svd 512x512 float64"]
    assert "cuBLAS: 1 passed, 1 failed, 0 skipped, 0 not run; matmul 1024^2 float32 ours " \
           "0.001 s, cupy 0.002 s" in proc.stdout, proc.stdout
