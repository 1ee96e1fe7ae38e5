"""Prints the folder of CUDA's headers that cuda-pathfinder finds, for CMakeLists.txt where no
CUDA toolkit is found; exits 1 naming what is missing when it finds none.

The headers are those of NVIDIA's nvidia-cuda-runtime wheel (cuda.h, library_types.h,
vector_types.h, cuComplex.h, driver_types.h), with crt/ from nvidia-cuda-crt, which
vector_types.h includes; pyproject.toml lists both as build requirements. Both wheels install
into one folder (nvidia/cu13/include).

cuda-pathfinder looks for wheels in site.getsitepackages(), which in pip's isolated build
environment names only the base interpreter's folders: pip adds the build environment's own
folders to sys.path (site.addsitedir) without changing sys.prefix. So the prefix of each
<prefix>/lib/pythonX.Y/site-packages on sys.path is added to site.PREFIXES, from which
getsitepackages() derives its folders, before pathfinder is asked.
"""

import os
import pathlib
import site
import sys

NEEDED = {
    "cuda.h": "nvidia-cuda-runtime",
    "library_types.h": "nvidia-cuda-runtime",
    "vector_types.h": "nvidia-cuda-runtime",
    "cuComplex.h": "nvidia-cuda-runtime",
    "driver_types.h": "nvidia-cuda-runtime",
    "crt/host_defines.h": "nvidia-cuda-crt",
}


def add_sys_path_prefixes():
    for entry in sys.path:
        path = pathlib.PurePath(entry)
        if (path.name == "site-packages" and path.parent.name.startswith("python")
                and path.parent.parent.name in ("lib", "lib64")):
            prefix = str(path.parents[2])
            if prefix not in site.PREFIXES:
                site.PREFIXES.append(prefix)


def main():
    add_sys_path_prefixes()
    try:
        from cuda.pathfinder import locate_nvidia_header_directory
    except ImportError as e:
        sys.exit(f"cuda-pathfinder cannot be imported ({e}); pip install cuda-pathfinder")
    found = locate_nvidia_header_directory("cudart")
    if found is None or found.abs_path is None:
        sys.exit("cuda-pathfinder finds no CUDA runtime headers; "
                 "pip install 'nvidia-cuda-runtime==13.0.*' 'nvidia-cuda-crt==13.0.*'")
    missing = sorted({wheel for name, wheel in NEEDED.items()
                      if not os.path.isfile(os.path.join(found.abs_path, name))})
    if missing:
        sys.exit(f"{found.abs_path} (found via {found.found_via}) lacks headers of "
                 + ", ".join(missing))
    print(found.abs_path)
    print(found.found_via, file=sys.stderr)


if __name__ == "__main__":
    main()
