#pragma once
/// Where arrays get their memory: a set of pools (one per device, made on first use), and the
/// process-wide allocator hook that lets another allocator take over (dask-cuda installs RMM's
/// this way, as with CuPy's set_allocator).
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

#include "memory/pool.hpp"

namespace cupylike {

class PoolSet {
 public:
  /// `env_limit`: apply CUPYLIKE_GPU_MEMORY_LIMIT ("1073741824" or "50%") to each new pool.
  explicit PoolSet(bool env_limit = false);
  ~PoolSet();
  std::shared_ptr<Pool> pool(Device device);
  MemoryPtr malloc(Device device, size_t bytes, uint64_t stream_id);

 private:
  static constexpr int kSlots = kDeviceSlots;
  bool env_limit_;
  std::mutex mutex_;
  std::atomic<Pool*> fast_[kSlots] = {};
  std::shared_ptr<Pool> pools_[kSlots];
};

/// The pools arrays use unless an allocator is set (cupylike.get_default_memory_pool()).
PoolSet& default_pool_set();

/// The pool of page-locked host memory that stages cuda transfers: the process's own, or the
/// one set by use_pinned_pool. Without CUDA its blocks are plain host memory.
std::shared_ptr<Pool> pinned_pool();
/// A new pool of page-locked host memory (cupylike.cuda.PinnedMemoryPool()).
std::shared_ptr<Pool> new_pinned_pool();
/// Makes `pool` the one transfers stage through (cupy.cuda.set_pinned_memory_allocator(
/// pool.malloc)); nullptr restores the process's own.
void use_pinned_pool(std::shared_ptr<Pool> pool);

using AllocatorFn = std::function<MemoryPtr(Device device, size_t bytes, uint64_t stream_id)>;
/// Replaces the allocator of every device; an empty function restores the default pools.
void set_allocator(AllocatorFn allocator);
bool has_custom_allocator();

/// Memory for `bytes` on `device` for work on the device's current stream (null for 0 bytes).
MemoryPtr allocate(Device device, size_t bytes);

/// Parses a limit setting: a number of bytes, or a percentage ("50%") of `capacity`.
size_t parse_memory_limit(const std::string& text, size_t capacity);

}  // namespace cupylike
