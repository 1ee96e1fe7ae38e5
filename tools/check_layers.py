"""Checks that every `#include "folder/..."` under csrc/ goes down the layers.

The folders of csrc/ are layers (docs/architecture.md): a file may include headers of its own
folder and of folders of a lower rank, never of a higher or an equal one. Nothing includes
emulator/: it is a separate shared library, which the runtime reaches through the driver API
and runtime/cuda/emulator_extension.h only. An include whose first part names no folder of
csrc/ (a kernels/ header, a file beside the includer) is not a layer's and is not checked.

Usage: python tools/check_layers.py [CSRC]   (default: this checkout's csrc/)
Prints one line per include that crosses a layer upwards, as path:line, and exits 1 if any.
"""

import pathlib
import re
import sys

# Lowest first. Folders of the same rank may not include each other.
RANKS = {
    "core": 0,      # value types with no dependencies: error, dtype, shapes, fp16, Device
    "cuda_api": 0,  # declarations of NVIDIA's libraries (NVRTC, cuBLAS, ...), ABI only
    "runtime": 1,   # backends, streams, drivers, the cpu block runner
    "memory": 2,    # pools, allocators, guarded memory
    "array": 3,     # the ndarray and its views, empty()
    "jit": 4,       # compilers, compile caches, RawModule, launch checks
    "ops": 5,       # the library's kernels
    "emulator": 5,  # the emulated GPU (libcupylike_cuda_emulator.so)
    "libs": 6,      # facades over vendor libraries
    "python": 7,    # pybind11 bindings
    "tests": 8,     # the C++ unit tests
}
# Separate libraries: no folder but their own includes them.
NOT_INCLUDABLE = {"emulator"}

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
SOURCE_SUFFIXES = {".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".cuh", ".inc"}


def problems(csrc):
    """Each include under `csrc` that crosses a layer upwards, as 'path:line: why'."""
    csrc = pathlib.Path(csrc)
    folders = {p.name for p in csrc.iterdir() if p.is_dir()}
    found = [f"{csrc.name}/{name}/: a folder with no rank in tools/check_layers.py"
             for name in sorted(folders - RANKS.keys())]
    for path in sorted(csrc.rglob("*")):
        if not path.is_file() or path.suffix not in SOURCE_SUFFIXES:
            continue
        relative = path.relative_to(csrc)
        if len(relative.parts) < 2:
            continue
        folder = relative.parts[0]
        shown = f"{csrc.name}/{relative.as_posix()}"
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for number, line in enumerate(lines, start=1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = match.group(1).split("/")[0]
            if target not in folders or target == folder:
                continue
            why = None
            if target in NOT_INCLUDABLE:
                why = f"{target}/ is a separate library that nothing includes"
            elif folder not in RANKS or target not in RANKS:
                continue  # already reported as a folder with no rank
            elif RANKS[target] >= RANKS[folder]:
                why = (f"{folder}/ (rank {RANKS[folder]}) includes {target}/ "
                       f"(rank {RANKS[target]}), which is not below it")
            if why:
                found.append(f'{shown}:{number}: #include "{match.group(1)}": {why}')
    return found


def main(argv):
    root = pathlib.Path(argv[1]) if len(argv) > 1 else pathlib.Path(__file__).parents[1] / "csrc"
    found = problems(root)
    for line in found:
        print(line)
    if found:
        ranks = sorted(set(RANKS.values()))
        order = " < ".join(", ".join(sorted(n for n in RANKS if RANKS[n] == r)) for r in ranks)
        print(f"{len(found)} include(s) against the layers ({order})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
