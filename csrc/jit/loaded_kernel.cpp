#include "jit/loaded_kernel.hpp"

#include "core/error.hpp"

namespace cupylike {

void LoadedKernel::launch(const cpu::LaunchDims& dims, size_t shared_bytes, const Stream& stream,
                          void** args, uint64_t work_items) const {
  check_launch(name, device, *device_limits, limits, max_dynamic_shared.load(), dims, shared_bytes);
  if (device.is_cpu()) {
    cpu::launch(*cpu_module, cpu_index, dims, args, work_items);
    return;
  }
  check_same_device(stream.device_or(device), device);
  auto fn = static_cast<CUfunction>(cuda_function);
  try {
    cupylike::launch(device, fn, Dim3{dims.grid.x, dims.grid.y, dims.grid.z},
                     Dim3{dims.block.x, dims.block.y, dims.block.z}, unsigned(shared_bytes),
                     stream.handle(), args);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::cuda_driver) throw;
    raise(ErrorKind::cuda_driver, "kernel '" + name + "' on " + device.str() + ": " + e.what());
  }
}

KernelAttributes LoadedKernel::attributes() const {
  if (device.is_cuda()) return kernel_attributes(device, static_cast<CUfunction>(cuda_function));
  KernelAttributes a;
  a.max_threads_per_block = int(limits.max_threads_per_block);
  a.shared_size_bytes = int(limits.static_shared);
  a.max_dynamic_shared_size_bytes = int(max_dynamic_shared.load());
  a.preferred_shared_memory_carveout = -1;
  return a;
}

void LoadedKernel::set_max_dynamic_shared(long long bytes) {
  check_dynamic_shared_opt_in(name, device, *device_limits, limits.static_shared, bytes);
  if (device.is_cuda())
    cupylike::set_max_dynamic_shared(device, static_cast<CUfunction>(cuda_function), int(bytes));
  max_dynamic_shared.store(size_t(bytes));
}

}  // namespace cupylike
