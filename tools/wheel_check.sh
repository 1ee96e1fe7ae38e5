#!/usr/bin/env bash
# The install path of a user without a CUDA toolkit, end to end (CI runs it):
#
#   bash tools/wheel_check.sh [WORKDIR]
#
# 1. builds the manylinux wheel with the toolkit hidden (tools/without_toolkit.sh,
#    tools/build_wheel.sh --without-toolkit): the build takes CUDA's headers from NVIDIA's wheels;
# 2. installs it with the `cuda13` extra into a fresh venv (NVIDIA's wheels from PyPI);
# 3. with the toolkit still hidden and CUPYLIKE_CUDA_SEARCH=wheels, on an empty kernel cache,
#    runs tools/wheel_check.py there: the demo, a RawKernel with cuda::std::complex and __half
#    on the cpu device, NVRTC for sm_90, cupylike.random, show_config's paths.
# WORKDIR (default: a temporary folder) keeps the wheelhouse, the venv and the logs.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
seconds() { date +%s; }

t0=$(seconds)
bash "$repo/tools/without_toolkit.sh" bash "$repo/tools/build_wheel.sh" --without-toolkit \
  "$work/wheelhouse"
wheels=("$work"/wheelhouse/cupylike-*manylinux*.whl)
[ -f "${wheels[0]}" ] || { echo "no manylinux wheel in $work/wheelhouse"; exit 1; }
echo "== built ${wheels[0]##*/} in $(($(seconds) - t0)) s"

t0=$(seconds)
rm -rf "$work/venv"
python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "${wheels[0]}[cuda13]"
echo "== installed with [cuda13] in $(($(seconds) - t0)) s"

t0=$(seconds)
rm -rf "$work/cache"
(cd "$work" && PATH="$work/venv/bin:$PATH" CUPYLIKE_CUDA_SEARCH=wheels \
  CUPYLIKE_CACHE_DIR="$work/cache" \
  bash "$repo/tools/without_toolkit.sh" "$work/venv/bin/python" "$repo/tools/wheel_check.py")
echo "== checked in $(($(seconds) - t0)) s"
