#pragma once
/// The cpu device's compiler: CUDA C++ compiled by the host C++ compiler (g++ or clang++) after
/// the prelude (kernels/cpu_prelude.h) into a shared object that the runtime dlopen's. Results
/// live in the disk cache under a key that covers everything that decides the binary.
#include <string>
#include <vector>

namespace cupylike::jit {

struct HostModuleSpec {
  std::string source;
  std::string name = "kernel.cu";    // the file name compiler messages use
  std::vector<std::string> options;  // NVRTC-style options; -D, -U, -I and -std pass through
  std::vector<std::string> kernels;  // kernel names or name expressions to expose
  /// Compile as the emulated GPU does: the source also sees NVRTC's macros for sm_90
  /// (kernels/gpu_flavour.h), so it takes the branches a GPU takes.
  bool gpu_flavour = false;
};

/// The cache key of `spec` (SHA-256 over the compiler's identity, flags, prelude, source, ...).
std::string host_module_key(const HostModuleSpec& spec);

/// Path of the shared object for `spec` in the disk cache, verified against the digest stored
/// beside it, or compiled and stored there. `key` is host_module_key(spec). CompileFailure with
/// the log and numbered source when it does not compile. Thread-safe; several processes may
/// compile the same key at once.
std::string host_compile(const HostModuleSpec& spec, const std::string& key);

/// The compiler in use ($CUPYLIKE_CXX, else $CXX, else g++, c++ or clang++ from PATH) and its
/// identity for cache keys (path, size and modification time: no process is started).
const std::string& host_compiler_path();

}  // namespace cupylike::jit
