#pragma once
/// Where NVIDIA's CUDA libraries and header folders are. The Python package installs a locator
/// at import (cupylike/_core/_cuda_search.py, over NVIDIA's cuda-pathfinder: their wheels,
/// conda, then a system toolkit); the C++ code asks it once per component, when it first needs
/// that component, so importing cupylike opens no CUDA library. The driver is not searched for:
/// it is the system's (runtime/cuda/driver.cpp).
#include <string>

namespace cupylike::cuda_search {

/// A search's answer: `path` (a library's file, or an include folder), or empty and `why`.
struct Found {
  std::string path;
  std::string why;
};

/// `kind` is "library" or "headers"; `name` is cuda-pathfinder's name of the component
/// ("nvrtc", "curand", "cublas", "cufft", "cusolver"; headers: "cudart", "cccl"). It may take
/// the GIL: it is never called with a lock held.
using Locator = Found (*)(const std::string& kind, const std::string& name);

/// Set once, at import. Without a locator (the C++ tests, the emulated GPU's own copy of the
/// kernel runtime) nothing is searched: callers fall back to the dynamic loader's own search.
void set_locator(Locator locator);
bool has_locator();

/// The locator's answer for a library or a header folder, asked once per name per process.
Found library(const std::string& name);
Found headers(const std::string& name);

}  // namespace cupylike::cuda_search
