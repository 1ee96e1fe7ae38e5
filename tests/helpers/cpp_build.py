"""Builds the C++ test targets (GoogleTest unit tests, the emulated GPU without
cuFuncGetParamInfo) once per test run.

The build lives in build/cpptests and is incremental, so a warm run costs a few seconds; a cold
CI run compiles the core once more with warnings as errors. A file lock serialises the build
between pytest-xdist workers (two builds in one folder would overwrite each other's outputs).
"""

import fcntl
import functools
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "cpptests"


@functools.cache
def build_dir():
    """Configures and builds the C++ test targets; returns the build folder."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("cmake is needed to build the C++ tests (pip install cmake)")
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD.parent / "cpptests.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(cmake)


def _build(cmake):
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    subprocess.run(
        [cmake, "-S", str(ROOT), "-B", str(BUILD), *generator, "-DCMAKE_BUILD_TYPE=Release",
         "-DCUPYLIKE_BUILD_PYTHON=OFF", "-DCUPYLIKE_BUILD_TESTS=ON"],
        check=True, capture_output=True, text=True,
    )
    jobs = str(os.cpu_count() or 2)
    result = subprocess.run([cmake, "--build", str(BUILD), "-j", jobs],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("C++ test build failed:\n" + result.stdout[-20000:] + result.stderr)
    return BUILD
