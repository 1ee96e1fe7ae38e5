"""CuPy's show_config and NumPy's show_runtime: what this process of cupylike runs with, for
bug reports."""

import os
import platform
import sys

import numpy

from cupylike._core import _cuda_search, _native


def _one_line(text):
    return " ".join(str(text).split())  # NVRTC's reasons list each file tried, a line each


def _found_via(path):
    """How cuda-pathfinder found `path` (" (site-packages)"), or "" when it did not find it (an
    emulated GPU's stand-in, a file named by a CUPYLIKE_LIB* variable)."""
    real = os.path.realpath(path)
    for found, via in _cuda_search.found.values():
        if os.path.realpath(found) == real:
            return f" ({via})"
    return ""


def _library_value(info):
    """What one of _native._cuda_libraries()'s rows shows: "<version> at <path> (<found via>)",
    or why the library is missing."""
    reason = _one_line(info["error"])
    if not info["found"]:
        return f"not found: {reason}"
    version = ".".join(map(str, info["version"])) or "unknown version"
    value = f"{version} at {info['path']}{_found_via(info['path'])}"
    return f"{value} (unusable: {reason})" if reason else value


def _header_define(folder, header, macro):
    """The number of a header's `#define macro N`; None when it has none."""
    try:
        with open(os.path.join(folder, header)) as f:
            for line in f:
                parts = line.split()
                if parts[:2] == ["#define", macro] and len(parts) > 2 and parts[2].isdigit():
                    return int(parts[2])
    except OSError:
        pass
    return None


def _header_rows():
    """The CUDA header folders kernels are compiled with, as the compilers find them, with the
    versions their headers define (CUDART_VERSION is major * 1000 + minor * 10, CCCL_VERSION
    major * 1000000 + minor * 1000 + patch)."""
    try:
        _native._cuda_include_dirs()
    except RuntimeError as e:
        return [("CUDA headers", f"not found: {_one_line(e)}")]
    runtime, cccl = (_cuda_search.found["headers", name][0] for name in ("cudart", "cccl"))
    cudart = _header_define(runtime, "cuda_runtime_api.h", "CUDART_VERSION")
    cccl_n = _header_define(cccl, "cuda/std/__cccl/version.h", "CCCL_VERSION")
    cudart = "unknown version" if cudart is None else f"{cudart // 1000}.{cudart % 1000 // 10}"
    cccl_v = ("unknown version" if cccl_n is None else
              f"{cccl_n // 1000000}.{cccl_n // 1000 % 1000}.{cccl_n % 1000}")
    return [("CUDA runtime headers", f"{cudart} at {runtime}{_found_via(runtime)}"),
            ("CCCL headers", f"{cccl_v} at {cccl}{_found_via(cccl)}")]


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
    # Each component opened as the code that uses it opens it (csrc/runtime/cuda/library_info.hpp).
    search = "NVIDIA's wheels only" if _cuda_search.wheels_only() else (
        "NVIDIA's wheels, conda, then a system toolkit")
    rows.append(("CUDA search (cuda-pathfinder)", search))
    rows += [(info["component"], _library_value(info)) for info in _native._cuda_libraries()]
    rows += _header_rows()
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
            "CUPYLIKE_DEVICE", "CUPYLIKE_CUDA_EMULATOR", "CUPYLIKE_CUDA_SEARCH",
            "CUPYLIKE_CACHE_DIR", "CUDA_PATH", "CUDA_HOME", "CUPYLIKE_LIBCUDA", "CUPYLIKE_LIBNVRTC",
            "CUPYLIKE_LIBCURAND",
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
