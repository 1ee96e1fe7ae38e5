#include "runtime/backend.hpp"

#include <atomic>
#include <mutex>

#include "runtime/cpu/cpu_backend.hpp"
#include "runtime/cuda/cuda_backend.hpp"

namespace cupylike {

Backend& backend_for(Device device) {
  static CpuBackend cpu;
  if (device.is_cpu()) return cpu;
  static std::atomic<Backend*> cuda[kMaxCudaDevices] = {};
  static std::mutex mutex;
  Backend* b = cuda[device.index].load(std::memory_order_acquire);
  if (b) return *b;
  std::lock_guard<std::mutex> lock(mutex);
  b = cuda[device.index].load(std::memory_order_relaxed);
  if (!b) {
    check_device_usable(device);
    b = new CudaBackend(device.index);  // intentionally never deleted: see backend_for's doc
    cuda[device.index].store(b, std::memory_order_release);
  }
  return *b;
}

}  // namespace cupylike
