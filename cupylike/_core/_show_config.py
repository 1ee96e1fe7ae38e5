"""CuPy's show_config: what this process of cupylike runs with, for bug reports."""

import os
import platform
import sys

import numpy

from cupylike._core import _native

# The CUDA components cupylike opens with dlopen, by the file names it asks for
# (csrc/runtime/cuda/driver.cpp, csrc/jit/nvrtc.cpp, csrc/libs/*.cpp).
_COMPONENTS = {
    "CUDA driver": "libcuda.so",
    "NVRTC": "libnvrtc.so",
    "cuBLAS": "libcublas.so",
    "cuFFT": "libcufft.so",
    "cuRAND": "libcurand.so",
    "cuSOLVER": "libcusolver.so",
    "CUDA emulator": "libcupylike_cuda_emulator.so",
}


def _loaded_libraries():
    """{file name: path} of the shared libraries mapped into this process (Linux)."""
    found = {}
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.split(maxsplit=5)[-1].strip()
                if path.startswith("/") and ".so" in path:
                    found.setdefault(os.path.basename(path), path)
    except OSError:
        pass
    return found


def _where(stem, loaded):
    for name, path in loaded.items():
        if name == stem or name.startswith(stem + "."):
            return path
    return None


def _nvrtc_version():
    try:
        version = _native._nvrtc_version()
    except Exception as e:  # no NVRTC here: the report says so
        return f"not found ({type(e).__name__})"
    return f"{version // 1000}.{version % 1000 // 10}"


def _rows():
    cupylike = sys.modules["cupylike"]  # the package that imports this module
    device = cupylike.Device()
    emulated = device.kind == "cuda" and _native._cuda_emulated()
    cuda_count = _native._cuda_device_count()  # opens the driver, if there is one
    rows = [
        ("cupylike", cupylike.__version__),
        ("NumPy", numpy.__version__),
        ("Python", f"{platform.python_version()} ({sys.executable})"),
        ("Device", f"{device}" + (" (emulated GPU)" if emulated else "")),
        ("Backend", f"{device.kind}; CUDA devices: {cuda_count}"),
        ("NVRTC version", _nvrtc_version()),
    ]
    loaded = _loaded_libraries()
    for component, stem in _COMPONENTS.items():
        path = _where(stem, loaded)
        rows.append((f"{component} path", path or "not found (not loaded in this process)"))
    rows.append(("Host compiler (cpu device)", _host_compiler()))
    rows.append(("Kernel cache directory", _native._cache_dir()))
    return rows


def _host_compiler():
    """The compiler the cpu device would use, as far as Python can tell: the variable that
    picks it, else the names csrc/jit/host_compiler.cpp looks for on PATH (its
    host_compiler_path() has no binding yet; a build that adds one should print that)."""
    for env in ("CUPYLIKE_CXX", "CXX"):
        if os.environ.get(env):
            return f"${env}={os.environ[env]}"
    return "g++, c++ or clang++ from PATH"


def show_config(_full=False):
    """Prints the versions of cupylike, NumPy and Python, the current device and backend, each
    CUDA component with the path it was loaded from, the host compiler the cpu device uses
    and the kernel cache's folder. `_full` adds the environment variables that steer them."""
    rows = _rows()
    if _full:
        rows += [(name, os.environ.get(name, "(unset)")) for name in (
            "CUPYLIKE_DEVICE", "CUPYLIKE_CUDA_EMULATOR", "CUPYLIKE_CACHE_DIR", "CUDA_PATH",
            "CUDA_HOME", "CUPYLIKE_LIBCUDA", "CUPYLIKE_LIBNVRTC", "CUPYLIKE_LIBCURAND")]
    width = max(len(name) for name, _ in rows)
    print("\n".join(f"{name:<{width}} : {value}" for name, value in rows))
