#include "jit/loaded_kernel.hpp"

namespace cupylike {

void LoadedKernel::launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream,
                          void** args, uint64_t work_items) const {
  check_launch(name, device, *device_limits, limits, max_dynamic_shared.load(), dims, shared_bytes);
  kernel->launch(dims, shared_bytes, stream, args, work_items);
}

void LoadedKernel::set_max_dynamic_shared(long long bytes) {
  check_dynamic_shared_opt_in(name, device, *device_limits, limits.static_shared, bytes);
  kernel->set_max_dynamic_shared(int(bytes));
  max_dynamic_shared.store(size_t(bytes));
}

}  // namespace cupylike
