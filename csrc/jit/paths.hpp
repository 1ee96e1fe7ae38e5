#pragma once
/// Where the kernel compilers find things: the installed kernels/ folder, the CUDA headers, and
/// the on-disk compile cache.
#include <string>

namespace cupylike::jit {

/// The kernels/ folder holding the CUDA C++ templates. The Python package sets it once at
/// import (cupylike/__init__.py), before any kernel is compiled; empty until then.
void set_kernel_dir(std::string dir);
const std::string& kernel_dir();

/// SHA-256 over the names and contents of every file under kernel_dir(), for cache keys: a
/// kernel that includes a header from there must be recompiled when any of them changes.
/// Computed once per folder per process.
std::string kernel_dir_digest();

/// The CUDA toolkit's include folder (cuda.h, cuda_fp16.h, cccl/): $CUDA_PATH/include or
/// $CUDA_HOME/include when it has cuda.h, else the folder CMake found at build time, else
/// /usr/local/cuda/include.
std::string cuda_include_dir();

/// The compile cache's folder, created if missing: $CUPYLIKE_CACHE_DIR, else
/// $XDG_CACHE_HOME/cupylike/kernels, else ~/.cache/cupylike/kernels. Read from the environment
/// on each call, so a test may point it elsewhere.
std::string cache_dir();

}  // namespace cupylike::jit
