#pragma once
/// A kernel of a module compiled for the cpu device, as the runtime's `Kernel`.
#include <atomic>
#include <memory>

#include "runtime/cpu/cpu_module.hpp"
#include "runtime/launch.hpp"

namespace cupylike::cpu {

class CpuKernel final : public Kernel {
 public:
  /// Kernel `index` of `module`.
  CpuKernel(std::shared_ptr<CpuModule> module, int index);

  /// Runs the blocks on the worker pool, or on the calling thread when there is little work
  /// (cpu::launch); every cpu stream is in order and runs work when it is issued.
  void launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream, void** args,
              uint64_t work_items) const override;
  KernelAttributes attributes() const override;
  /// Recorded for attributes(): the per-worker buffer of `extern __shared__` arrays holds the
  /// most any launch may ask for (CUPYLIKE_CPU_DYNAMIC_SHARED_BYTES).
  void set_max_dynamic_shared(int bytes) override { max_dynamic_shared_.store(bytes); }

  const CpuModule& module() const { return *module_; }
  int index() const { return index_; }

 private:
  std::shared_ptr<CpuModule> module_;
  int index_;
  std::atomic<int> max_dynamic_shared_;
};

}  // namespace cupylike::cpu
