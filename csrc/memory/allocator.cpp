#include "memory/allocator.hpp"

#include <cstdlib>

#include "core/error.hpp"
#include "memory/guarded.hpp"
#include "runtime/backend.hpp"
#include "runtime/checked_mode.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/graph.hpp"
#include "runtime/stream.hpp"

namespace cupylike {
namespace {

std::mutex g_allocator_mutex;
std::atomic<bool> g_has_custom{false};
std::shared_ptr<AllocatorFn> g_custom;

// Pinned memory is CUDA's (cuMemHostAlloc, portable to every context), so one CUDA device's
// backend serves the whole process; device 0 is the one every CUDA machine has. Without CUDA
// there is nothing to pin for, and host memory serves (CuPy programs' pinned pools still work).
Backend& pinned_backend() {
  return backend_for(cuda::device_count() > 0 ? Device{DeviceKind::cuda, 0} : Device{});
}

std::mutex g_pinned_mutex;
// Set by use_pinned_pool (empty: the default); never destroyed, as pools outlive static teardown.
std::shared_ptr<Pool>* g_pinned_in_use = new std::shared_ptr<Pool>();

std::shared_ptr<Pool> default_pinned_pool() {
  static std::shared_ptr<Pool>* pool = new std::shared_ptr<Pool>(new_pinned_pool());
  return *pool;
}

}  // namespace

size_t parse_memory_limit(const std::string& text, size_t capacity) {
  std::string t = text;
  bool percent = !t.empty() && t.back() == '%';
  if (percent) t.pop_back();
  size_t used = 0;
  double value = -1;
  try {
    value = std::stod(t, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != t.size() || value < 0 || (percent && value > 100))
    raise(ErrorKind::value, "memory limit '" + text +
                                "' is neither a number of bytes nor a percentage such as '50%'");
  return percent ? size_t(value / 100.0 * double(capacity)) : size_t(value);
}

PoolSet::PoolSet(bool env_limit) : env_limit_(env_limit) {}
PoolSet::~PoolSet() = default;

std::shared_ptr<Pool> PoolSet::pool(Device device) {
  int s = device.slot();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!pools_[s]) {
    Backend& b = backend_for(device);
    Pool::Source src{[&b](size_t n) { return b.allocate(n); },
                     [&b](void* p, size_t n) { b.deallocate(p, n); }, b.total_memory()};
    auto p = std::make_shared<Pool>(device, device.str(), std::move(src));
    const char* env = std::getenv("CUPYLIKE_GPU_MEMORY_LIMIT");
    if (env_limit_ && env && *env) p->set_limit(parse_memory_limit(env, b.total_memory()));
    pools_[s] = p;
    fast_[s].store(p.get(), std::memory_order_release);
  }
  return pools_[s];
}

MemoryPtr PoolSet::malloc(Device device, size_t bytes, uint64_t stream_id) {
  // Pools are never removed from a set, so the raw pointer stays valid while the set lives.
  Pool* p = fast_[device.slot()].load(std::memory_order_acquire);
  if (!p) p = pool(device).get();
  return p->malloc(bytes, stream_id);
}

PoolSet& default_pool_set() {
  static PoolSet* set = new PoolSet(true);  // never destroyed: arrays may outlive static teardown
  return *set;
}

std::shared_ptr<Pool> new_pinned_pool() {
  Pool::Source src{[](size_t n) { return pinned_backend().allocate_pinned(n); },
                   [](void* p, size_t n) { pinned_backend().deallocate_pinned(p, n); }, 0};
  return std::make_shared<Pool>(Device{}, "pinned host memory", std::move(src), /*reclaim=*/false);
}

std::shared_ptr<Pool> pinned_pool() {
  std::lock_guard<std::mutex> lock(g_pinned_mutex);
  return *g_pinned_in_use ? *g_pinned_in_use : default_pinned_pool();
}

void use_pinned_pool(std::shared_ptr<Pool> pool) {
  std::lock_guard<std::mutex> lock(g_pinned_mutex);
  *g_pinned_in_use = std::move(pool);
}

void set_allocator(AllocatorFn allocator) {
  std::lock_guard<std::mutex> lock(g_allocator_mutex);
  g_custom = allocator ? std::make_shared<AllocatorFn>(std::move(allocator)) : nullptr;
  g_has_custom.store(g_custom != nullptr, std::memory_order_release);
}

bool has_custom_allocator() { return g_has_custom.load(std::memory_order_acquire); }

namespace {
MemoryPtr allocate_on(Device device, size_t bytes, uint64_t stream) {
  if (has_custom_allocator()) {
    std::shared_ptr<AllocatorFn> fn;
    {
      std::lock_guard<std::mutex> lock(g_allocator_mutex);
      fn = g_custom;
    }
    if (fn) return (*fn)(device, bytes, stream);
  }
  if (device.is_cpu() && checked_mode()) return guarded_allocate(device, bytes);
  return default_pool_set().malloc(device, bytes, stream);
}
}  // namespace

MemoryPtr allocate(Device device, size_t bytes) {
  if (bytes == 0) return nullptr;
  const StreamPtr& stream = current_stream(device);
  MemoryPtr memory = allocate_on(device, bytes, stream->id());
  // A graph captured on the stream may replay work on this memory long after its array is gone.
  keep_while_captured(*stream, memory);
  return memory;
}

}  // namespace cupylike
