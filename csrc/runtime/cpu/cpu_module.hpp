#pragma once
/// A kernel module compiled for the cpu device: a shared object opened with dlopen, exposing
/// for each kernel the entry points of kernels/cpu_runtime_abi.h.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/cpu/block_runner.hpp"

namespace cupylike::cpu {

class CpuModule {
 public:
  /// Opens `path`, whose glue was generated for `kernels` (in that order). Throws
  /// Error(runtime) when the file cannot be loaded or lacks the entry points (a corrupt cache
  /// entry: the caller recompiles).
  CpuModule(const std::string& path, std::vector<std::string> kernels);
  ~CpuModule();
  CpuModule(const CpuModule&) = delete;
  CpuModule& operator=(const CpuModule&) = delete;

  /// Index of a kernel by the name (or name expression) it was compiled for; -1 if absent.
  int find(const std::string& name) const;
  const KernelEntry& kernel(int index) const { return entries_[index]; }
  const std::vector<size_t>& param_sizes(int index) const { return params_[index]; }
  /// The __cpuk_param_kind of each parameter of kernel `index` (kernels/cpu_runtime_abi.h).
  const std::vector<unsigned char>& param_kinds(int index) const { return param_kinds_[index]; }
  /// Whether each parameter of kernel `index` is a pointer.
  const std::vector<bool>& pointer_params(int index) const { return pointer_params_[index]; }
  /// Bytes of static `__shared__` memory kernel `index` uses (runtime/cpu/static_shared.hpp).
  size_t static_shared(int index) const { return static_shared_[index]; }
  const std::string& kernel_name(int index) const { return names_[index]; }
  /// Address and size of a global variable (`__device__` / `__constant__`); {null, 0} if none.
  std::pair<void*, size_t> global(const std::string& name) const;

 private:
  void* handle_ = nullptr;
  std::vector<std::string> names_;
  std::vector<KernelEntry> entries_;
  std::vector<std::vector<size_t>> params_;
  std::vector<std::vector<unsigned char>> param_kinds_;
  std::vector<std::vector<bool>> pointer_params_;
  std::vector<size_t> static_shared_;
};

/// Runs `kernel` over the grid on the worker pool; launches with little work (fewer than a few
/// thousand threads, or `work_items` when the caller knows how many elements the kernel
/// handles) run on the calling thread alone.
void launch(const CpuModule& module, int kernel, const LaunchDims& dims, void** args,
            uint64_t work_items = 0);

}  // namespace cupylike::cpu
