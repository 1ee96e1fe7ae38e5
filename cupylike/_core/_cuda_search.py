"""Where NVIDIA's CUDA libraries and headers are, for the C++ core (csrc/runtime/cuda_search.hpp).

NVIDIA's cuda-pathfinder does the search: their wheels first (``pip install
"cupylike[cuda13]"``), then conda, then a system toolkit (the loader's path, CUDA_PATH,
CUDA_HOME, the usual folders). The core asks once per component, when it first needs it, so
importing cupylike searches nothing and opens no CUDA library.

``CUPYLIKE_CUDA_SEARCH=wheels`` takes NVIDIA's wheels only: a component found anywhere else
counts as not found. It shows that an installation works from the wheels alone on a machine that
also has a toolkit.
"""

import os
import site
import sysconfig
from typing import NamedTuple

from cupylike._core import _native

SEARCH_VARIABLE = "CUPYLIKE_CUDA_SEARCH"
_MODES = ("", "wheels")

# (kind, name) -> (path, how cuda-pathfinder found it), for show_config.
found = {}


class _Where(NamedTuple):
    abs_path: str
    found_via: str


def wheels_only():
    """Whether CUPYLIKE_CUDA_SEARCH restricts the search to NVIDIA's wheels."""
    return os.environ.get(SEARCH_VARIABLE, "") == "wheels"


def _site_packages():
    paths = sysconfig.get_paths()
    folders = [*site.getsitepackages(), site.getusersitepackages(), paths["purelib"],
               paths["platlib"]]
    return {os.path.realpath(folder) for folder in folders}


def _in_a_wheel(path):
    real = os.path.realpath(path)
    return any(real.startswith(folder + os.sep) for folder in _site_packages())


def _search(kind, name):
    try:
        from cuda import pathfinder  # noqa: PLC0415 (only when the core first needs a component)
    except ImportError as e:
        return None, (f"cuda-pathfinder, which finds NVIDIA's components, cannot be imported ({e});"
                      " it is a dependency of cupylike: pip install cuda-pathfinder")

    if kind == "headers":
        where = _headers(pathfinder, name)
        if where is None:
            return None, (f"cuda-pathfinder found no {name} headers (it searched NVIDIA's "
                          "wheels, conda, CUDA_PATH, CUDA_HOME and the system's folders)")
        return where, ""
    try:
        loaded = pathfinder.load_nvidia_dynamic_lib(name)
    except (pathfinder.DynamicLibNotFoundError, pathfinder.DynamicLibNotAvailableError) as e:
        return None, f"cuda-pathfinder found no lib{name}: {' '.join(str(e).split())}"
    return _Where(loaded.abs_path, getattr(loaded, "found_via", "unknown")), ""


def _headers(pathfinder, name):
    # Versions before locate_nvidia_header_directory (CuPy 14 accepts 1.3.4, and a machine with
    # CuPy but no network keeps its version) say only the folder.
    locate = getattr(pathfinder, "locate_nvidia_header_directory", None)
    if locate is not None:
        where = locate(name)
        return None if where is None else _Where(where.abs_path, where.found_via)
    folder = pathfinder.find_nvidia_header_directory(name)
    return None if folder is None else _Where(folder, "unknown")


def locate(kind, name):
    """(path, why): the file of library `name` (kind "library") or the folder of its headers
    (kind "headers"), or an empty path and why not. The core's locator."""
    mode = os.environ.get(SEARCH_VARIABLE, "")
    if mode not in _MODES:
        return "", f"{SEARCH_VARIABLE}={mode!r} is not one of {', '.join(map(repr, _MODES))}"
    where, why = _search(kind, name)
    if where is None:
        return "", why
    if wheels_only() and not _in_a_wheel(where.abs_path):
        return "", (f"{where.abs_path} (found via {where.found_via}) is not in an NVIDIA wheel, "
                    f"and {SEARCH_VARIABLE}=wheels takes the wheels only")
    found[kind, name] = (where.abs_path, where.found_via)
    return where.abs_path, ""


_native._set_cuda_locator(locate)
