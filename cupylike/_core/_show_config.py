"""CuPy's show_config and NumPy's show_runtime: what this process of cupylike runs with, for
bug reports."""

import os
import platform
import sys

import numpy

from cupylike._core import _native
from cupylike.random import _bit_generator


def _library_value(info):
    """What one of _native._cuda_libraries()'s rows shows: "<version> at <path>", or why the
    library is missing. Reasons are flattened to one line (NVRTC's lists each file it tried)."""
    reason = " ".join(info["error"].split())
    if not info["found"]:
        return f"not found: {reason}"
    version = ".".join(map(str, info["version"])) or "unknown version"
    value = f"{version} at {info['path']}"
    return f"{value} (unusable: {reason})" if reason else value


def _rows():
    cupylike = sys.modules["cupylike"]  # the package that imports this module
    device = cupylike.Device()
    emulated = device.kind == "cuda" and _native._cuda_emulated()
    compiler = _native._host_compiler_path()
    rows = [
        ("cupylike", cupylike.__version__),
        ("NumPy", numpy.__version__),
        ("Python", f"{platform.python_version()} ({sys.executable})"),
        ("Device", f"{device}" + (" (emulated GPU)" if emulated else "")),
        ("Backend", f"{device.kind}; CUDA devices: {_native._cuda_device_count()}"),
    ]
    # Each component opened as the code that uses it opens it (csrc/runtime/cuda/library_info.hpp);
    # cuRAND's file is chosen once per process, so the random module's choice comes first.
    _bit_generator._use_curand_wheel()
    rows += [(info["component"], _library_value(info)) for info in _native._cuda_libraries()]
    rows.append(("Host compiler (cpu device)", compiler or "not found: no C++ compiler"))
    rows.append(("Kernel cache directory", _native._cache_dir()))
    return rows


def show_config(_full=False):
    """Prints the versions of cupylike, NumPy and Python, the current device and backend, each
    CUDA component with its version and the file it is loaded from (or why it is missing), the
    host compiler the cpu device uses and the kernel cache's folder. Never raises for a missing
    CUDA component. `_full` adds the environment variables that steer them."""
    rows = _rows()
    if _full:
        rows += [(name, os.environ.get(name, "(unset)")) for name in (
            "CUPYLIKE_DEVICE", "CUPYLIKE_CUDA_EMULATOR", "CUPYLIKE_CACHE_DIR", "CUDA_PATH",
            "CUDA_HOME", "CUPYLIKE_LIBCUDA", "CUPYLIKE_LIBNVRTC", "CUPYLIKE_LIBCURAND",
            "CUPYLIKE_CXX", "CXX")]
    width = max(len(name) for name, _ in rows)
    print("\n".join(f"{name:<{width}} : {value}" for name, value in rows))


def show_runtime():
    """Prints what the process has at run time, as numpy.show_runtime does for NumPy: the
    current device, the host's CPUs and the cpu device's worker threads, and the memory pools'
    use."""
    cupylike = sys.modules["cupylike"]
    pool, pinned = cupylike.get_default_memory_pool(), cupylike.get_default_pinned_memory_pool()
    rows = [
        ("Device", f"{cupylike.Device()}"),
        ("Host CPUs (usable)", f"{os.cpu_count()} ({len(os.sched_getaffinity(0))})"),
        ("cpu device worker threads", f"{_native._cpu_workers()}"),
        ("Memory pool (used / held bytes)", f"{pool.used_bytes()} / {pool.total_bytes()}"),
        ("Pinned memory pool (free blocks)", f"{pinned.n_free_blocks()}"),
    ]
    width = max(len(name) for name, _ in rows)
    print("\n".join(f"{name:<{width}} : {value}" for name, value in rows))
