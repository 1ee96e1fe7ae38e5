#!/usr/bin/env bash
# The check for a real GPU, in one command that fits a lent machine's minutes (8 at most):
#
#   bash tools/gpu_check.sh
#
# 1. builds and installs this checkout without network (no build isolation, no dependencies:
#    the machine has numpy, pybind11, scikit-build-core, cmake and ninja);
# 2. runs the test suite with CUPYLIKE_DEVICE=cuda on every core under a hard time budget, the
#    most telling files first (tools/gpu_check_order.txt), each test limited to
#    CUPYLIKE_TEST_TIMEOUT seconds; what the budget leaves unrun is reported as not run;
# 3. runs benchmarks/run.py on the GPU, with CuPy measured in the same run beside NumPy;
# 4. writes its report to $OUT (if set) or gpu_check_out/: gpu_check.json (the summary read
#    by docs/gpu_status.md's instructions), summary.txt, and the logs.
#
# The same script rehearses on the emulated GPU: CUPYLIKE_CUDA_EMULATOR=1 bash tools/gpu_check.sh
# Budgets (seconds) and workers: GPU_CHECK_TEST_SECONDS (default 270), GPU_CHECK_BENCH_SECONDS
# (90), CUPYLIKE_TEST_TIMEOUT (120), GPU_CHECK_JOBS (the number of CPUs). A second, shorter run
# in the same lease checks fixes: GPU_CHECK_TESTS (test files or node ids, default the whole
# suite) and GPU_CHECK_BENCH_SUITES (benchmarks/run.py's suites, default all).
set -uo pipefail
cd "$(dirname "$0")/.."

out="${OUT:-gpu_check_out}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
jobs="${GPU_CHECK_JOBS:-$(nproc)}"
test_seconds="${GPU_CHECK_TEST_SECONDS:-270}"
read -r -a test_targets <<<"${GPU_CHECK_TESTS:-tests}"
read -r -a bench_suites <<<"${GPU_CHECK_BENCH_SUITES:-}"
bench_seconds="${GPU_CHECK_BENCH_SECONDS:-90}"
export CUPYLIKE_TEST_TIMEOUT="${CUPYLIKE_TEST_TIMEOUT:-120}"
export PYTHONUNBUFFERED=1
started=$(date +%s)
ms() { echo $(($(date +%s%N) / 1000000)); }

# cuda-pathfinder (a pure-Python dependency that finds NVIDIA's libraries) may be missing on a
# machine without network: install it from gpu_wheels/ when the session carried that folder
# (`pip download cuda-pathfinder -d gpu_wheels`, then the device tool's carry: ["gpu_wheels"]).
if ! python3 -c "import cuda.pathfinder" 2>/dev/null && [ -d gpu_wheels ]; then
  PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install -q --no-index --find-links gpu_wheels \
    cuda-pathfinder >"$out/pathfinder.log" 2>&1
fi
python3 -c "import cuda.pathfinder" 2>/dev/null || echo "!! cuda-pathfinder is missing: no CUDA component will be found"

echo "== build ($jobs jobs)"
t0=$(ms)
# No network and no isolation: what the machine has is what the build uses.
# PIP_BREAK_SYSTEM_PACKAGES: a machine's system Python may be marked externally managed.
CMAKE_BUILD_PARALLEL_LEVEL="$jobs" PIP_BREAK_SYSTEM_PACKAGES=1 \
  python3 -m pip install --no-build-isolation --no-deps --no-index . >"$out/build.log" 2>&1
build_rc=$?
build_ms=$(($(ms) - t0))
tail -n 3 "$out/build.log"

tests_rc=125
tests_ms=0
if [ "$build_rc" -eq 0 ]; then
  echo "== tests on cuda (budget ${test_seconds} s, ${CUPYLIKE_TEST_TIMEOUT} s a test)"
  t0=$(ms)
  # -P: the checkout's cupylike/ (no compiled core) must not shadow the installed package.
  # A crashed worker is replaced: the budget bounds the run.
  CUPYLIKE_DEVICE=cuda CUPYLIKE_TEST_REPORT="$out/tests.jsonl" \
    CUPYLIKE_TEST_ORDER="$PWD/tools/gpu_check_order.txt" \
    timeout -k 15 "$test_seconds" python3 -P -m pytest -p no:cacheprovider -q -rfE \
    -n "$jobs" --dist loadfile --no-loadscope-reorder --max-worker-restart="$jobs" \
    --rootdir "$PWD" "${test_targets[@]}" >"$out/tests.log" 2>&1
  tests_rc=$?
  tests_ms=$(($(ms) - t0))
  tail -n 2 "$out/tests.log"

  echo "== benchmarks (budget ${bench_seconds} s)"
  t0=$(ms)
  CUPYLIKE_DEVICE=cuda timeout -k 10 "$bench_seconds" \
    python3 -P benchmarks/run.py --quick --json "$out/bench.json" "${bench_suites[@]}" \
    >"$out/bench.log" 2>&1
  bench_rc=$?
  bench_ms=$(($(ms) - t0))
else
  bench_rc=125
  bench_ms=0
fi

python3 -P tools/gpu_report.py --out "$out" --build-rc "$build_rc" --build-ms "$build_ms" \
  --tests-rc "$tests_rc" --tests-ms "$tests_ms" --tests-budget "$test_seconds" \
  --bench-rc "$bench_rc" --bench-ms "$bench_ms" --total-seconds "$(($(date +%s) - started))"
