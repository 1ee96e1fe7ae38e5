#pragma once
/// Where the kernel compilers find things: the installed kernels/ folder, the CUDA headers, and
/// the on-disk compile cache.
#include <string>
#include <vector>

namespace cupylike::jit {

/// The kernels/ folder holding the CUDA C++ templates. The Python package sets it once at
/// import (cupylike/__init__.py), before any kernel is compiled; empty until then.
void set_kernel_dir(std::string dir);
const std::string& kernel_dir();

/// SHA-256 over the names and contents of every file under kernel_dir(), for cache keys: a
/// kernel that includes a header from there must be recompiled when any of them changes.
/// Computed once per folder per process.
std::string kernel_dir_digest();

/// The folders of CUDA's headers the kernel compilers include from: the CUDA runtime's
/// (cuda_fp16.h, vector_types.h), crt/'s when it is elsewhere (CUDA 12's wheels: nvcc's), then
/// CCCL's (<cuda/std/...>) when it has its own, as the locator finds them
/// (runtime/cuda_search.hpp), found once per process; without a locator, the toolkit's that CMake
/// found at build time. set_cuda_include_dirs' folders instead once it is called (the emulated
/// GPU takes the library's). Raises, saying where it looked, when the runtime's are not found.
std::vector<std::string> cuda_include_dirs();
void set_cuda_include_dirs(std::vector<std::string> dirs);

/// The compile cache's folder as configured: $CUPYLIKE_CACHE_DIR, else
/// $XDG_CACHE_HOME/cupylike/kernels, else ~/.cache/cupylike/kernels. Read from the environment
/// on each call, so a test may point it elsewhere.
std::string configured_cache_dir();

/// The folder the compile cache uses: configured_cache_dir(), created if missing, when files
/// can be made there; else (a regular file, a path under one, a read-only or virtual file
/// system) a private temporary folder of this process, removed at exit, with one warning per
/// unusable folder naming it and CUPYLIKE_CACHE_DIR.
std::string cache_dir();

}  // namespace cupylike::jit
