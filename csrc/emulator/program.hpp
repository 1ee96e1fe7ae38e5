#pragma once
// A module's source compiled for the host in the GPU flavour (kernels/gpu_flavour.h) and
// loaded as its own instance, so that the module's kernels run on the block runner
// (runtime/cpu/). Each load is a separate instance with its own global variables, as each
// cuModuleLoadData is on a GPU, even when two loads share one compiled file.
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

// Exported: the library calls these (the rest of the emulator is hidden).
#pragma GCC visibility push(default)
#include "runtime/cuda/emulator_extension.h"
#pragma GCC visibility pop
#include "runtime/cpu/cpu_module.hpp"

namespace cupylike::emulator {

class Program {
 public:
  /// Compiles (or finds in the disk cache) and loads `source`. Throws cupylike::Error, a
  /// CompileFailure when the host compiler rejects the source.
  explicit Program(const cupylike_emulator_source& source);
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  /// The kernel cuModuleGetFunction names `symbol` (NVRTC's lowered name), or -1.
  int find(const std::string& symbol) const;
  const std::vector<size_t>& param_sizes(int kernel) const { return module_->param_sizes(kernel); }
  const std::vector<bool>& pointer_params(int kernel) const {
    return module_->pointer_params(kernel);
  }
  /// Address and size of a global variable by its symbol; {null, 0} if none.
  std::pair<void*, size_t> global(const std::string& symbol) const {
    return module_->global(symbol);
  }
  /// Runs every block of the kernel; throws cupylike::Error(kernel) when one traps, fails an
  /// assert or deadlocks.
  void run(int kernel, const LaunchDims& dims, void** args) const;

 private:
  std::string path_;  // the loaded file; a private copy when another instance holds the first
  bool copy_ = false;
  std::unique_ptr<cpu::CpuModule> module_;
  std::map<std::string, int> symbols_;
};

}  // namespace cupylike::emulator
