#include "runtime/cpu/cpu_kernel.hpp"

#include "runtime/cpu/capture.hpp"

namespace cupylike::cpu {

CpuKernel::CpuKernel(std::shared_ptr<CpuModule> module, int index)
    : module_(std::move(module)),
      index_(index),
      max_dynamic_shared_(int(gpu_limits::kDefaultSharedPerBlock)) {}

void CpuKernel::launch(const LaunchDims& dims, size_t, const Stream& stream, void** args,
                       uint64_t work_items) const {
  if (capture_open()) {
    auto step = [module = module_, index = index_, dims, work_items,
                 values = std::make_shared<ArgumentCopy>(module_->param_sizes(index_), args)] {
      std::vector<void*> pointers = values->pointers();
      cpu::launch(*module, index, dims, pointers.data(), work_items);
    };
    if (record(stream.handle(), "cuLaunchKernel", std::move(step))) return;
  }
  cpu::launch(*module_, index_, dims, args, work_items);
}

KernelAttributes CpuKernel::attributes() const {
  KernelAttributes a;
  a.max_threads_per_block = int(gpu_limits::kMaxThreadsPerBlock);
  a.shared_size_bytes = int(module_->static_shared(index_));
  a.max_dynamic_shared_size_bytes = max_dynamic_shared_.load();
  a.preferred_shared_memory_carveout = -1;
  return a;
}

}  // namespace cupylike::cpu
