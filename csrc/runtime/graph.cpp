#include "runtime/graph.hpp"

#include <atomic>
#include <map>
#include <mutex>

#include "core/error.hpp"

namespace cupylike {
namespace {

// What each capture begun here keeps alive, by stream id.
std::mutex g_mutex;
std::map<uint64_t, std::vector<std::shared_ptr<const void>>> g_owned;  // guarded by g_mutex
std::atomic<int> g_open{0};  // g_owned.size(), read without the lock

Device device_of(const Stream& stream) { return stream.device_or(current_device()); }

std::vector<std::shared_ptr<const void>> take_owned(uint64_t stream_id) {
  std::lock_guard<std::mutex> lock(g_mutex);
  std::vector<std::shared_ptr<const void>> owned;
  auto it = g_owned.find(stream_id);
  if (it == g_owned.end()) return owned;
  owned = std::move(it->second);
  g_owned.erase(it);
  g_open.store(int(g_owned.size()), std::memory_order_release);
  return owned;
}

}  // namespace

Graph::Graph(Device device, GraphHandle handle, std::vector<std::shared_ptr<const void>> owned)
    : device_(device), handle_(handle), owned_(std::move(owned)) {}

Graph::~Graph() {
  try {
    backend_for(device_).destroy_graph(handle_);
  } catch (const Error&) {
    // As in ~Stream: a destructor must not throw.
  }
}

void Graph::launch(const Stream& stream) const {
  check_same_device(device_of(stream), device_);
  backend_for(device_).launch_graph(handle_, stream.handle());
}

void Graph::upload(const Stream& stream) const {
  check_same_device(device_of(stream), device_);
  backend_for(device_).upload_graph(handle_, stream.handle());
}

void begin_capture(const Stream& stream, int mode) {
  // CuPy's test: the null stream, or a stream object over handle 0 or 1 (CU_STREAM_LEGACY).
  const auto handle = reinterpret_cast<uintptr_t>(stream.handle());
  if (stream.is_null() || handle == 0 || handle == 1)
    raise(ErrorKind::runtime, "cannot capture on the default (legacy) stream");
  backend_for(*stream.device()).begin_capture(stream.handle(), mode);
  std::lock_guard<std::mutex> lock(g_mutex);
  g_owned[stream.id()];
  g_open.store(int(g_owned.size()), std::memory_order_release);
}

std::shared_ptr<Graph> end_capture(const Stream& stream) {
  Device device = device_of(stream);
  GraphHandle handle = nullptr;
  try {
    handle = backend_for(device).end_capture(stream.handle());
  } catch (const Error&) {
    // A capture the driver ended (invalidated) or never had: drop what it kept. A capture ended
    // from the wrong thread goes on, and so does what it keeps.
    if (!is_capturing(stream)) take_owned(stream.id());
    throw;
  }
  return std::make_shared<Graph>(device, handle, take_owned(stream.id()));
}

bool is_capturing(const Stream& stream) {
  if (stream.is_null()) return false;
  return backend_for(*stream.device()).is_capturing(stream.handle());
}

void forget_capture(uint64_t stream_id) {
  if (g_open.load(std::memory_order_acquire) > 0) take_owned(stream_id);
}

bool captured_here(const Stream& stream) {
  if (g_open.load(std::memory_order_acquire) == 0) return false;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!g_owned.count(stream.id())) return false;
  }
  return is_capturing(stream);
}

bool captures_open() { return g_open.load(std::memory_order_acquire) > 0; }

void keep_captured(const Stream& stream, std::shared_ptr<const void> object) {
  if (!captures_open() || !object) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_owned.find(stream.id());
  if (it != g_owned.end()) it->second.push_back(std::move(object));
}

}  // namespace cupylike
