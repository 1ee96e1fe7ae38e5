#include "runtime/stream.hpp"

#include <atomic>
#include <vector>

#include "core/error.hpp"
#include "runtime/graph.hpp"

namespace cupylike {
namespace {
std::atomic<uint64_t> g_next_stream_id{1};
thread_local StreamPtr t_current[kDeviceSlots];
thread_local std::vector<std::pair<Device, StreamPtr>> t_saved;
}  // namespace

Stream::Stream(Device device, bool non_blocking, int priority)
    : device_(device),
      id_(g_next_stream_id.fetch_add(1, std::memory_order_relaxed)),
      non_blocking_(non_blocking),
      priority_(priority) {
  handle_ = backend_for(device).create_stream(non_blocking, priority);
}

std::shared_ptr<Stream> Stream::external(Device device, StreamHandle handle) {
  check_device_usable(device);
  std::shared_ptr<Stream> s(new Stream());
  s->device_ = device;
  s->handle_ = handle;
  s->id_ = g_next_stream_id.fetch_add(1, std::memory_order_relaxed);
  s->owned_ = false;
  return s;
}

Stream::~Stream() {
  forget_capture(id_);  // a stream destroyed while it captures ends the capture
  if (!device_ || !owned_) return;
  try {
    backend_for(*device_).destroy_stream(handle_);
  } catch (const Error&) {
    // A destructor must not throw (it would abort the process). After a sticky CUDA error,
    // such as a kernel's illegal address, every driver call fails; the calls that can raise
    // report it.
  }
}

const StreamPtr& Stream::null() {
  static const StreamPtr s(new Stream());
  return s;
}

void Stream::synchronize() const {
  backend_for(device_or(current_device())).synchronize_stream(handle_);
}

bool Stream::done() const { return backend_for(device_or(current_device())).stream_done(handle_); }

void Stream::wait_event(const Event& event) const {
  if (!event.recorded()) return;  // CUDA: waiting on an unrecorded event is a no-op
  Device d = device_or(current_device());
  if (d.kind == event.device().kind) {
    backend_for(d).stream_wait_event(handle_, event.handle());
  } else {
    // Across kinds no stream can wait for the other; the host waits instead, which orders
    // everything issued afterwards.
    event.synchronize();
  }
}

const StreamPtr& current_stream(Device device) {
  const StreamPtr& s = t_current[device.slot()];
  return s ? s : Stream::null();
}

void set_current_stream(Device device, StreamPtr stream) {
  if (stream && !stream->is_null()) check_same_device(*stream->device(), device);
  t_current[device.slot()] = std::move(stream);
}

void push_current_stream(Device device, StreamPtr stream) {
  StreamPtr previous = t_current[device.slot()];
  set_current_stream(device, std::move(stream));
  t_saved.emplace_back(device, std::move(previous));
}

void pop_current_stream() {
  if (t_saved.empty()) raise(ErrorKind::runtime, "no stream to restore: unbalanced stream block");
  auto [device, previous] = std::move(t_saved.back());
  t_saved.pop_back();
  t_current[device.slot()] = std::move(previous);
}

Event::Event(Device device, bool timing, bool blocking) : device_(device), timing_(timing) {
  handle_ = backend_for(device).create_event(timing, blocking);
}

Event::~Event() {
  try {
    backend_for(device_).destroy_event(handle_);
  } catch (const Error&) {
    // As in ~Stream: a destructor must not throw.
  }
}

void Event::record(const Stream& stream) {
  Device d = stream.device_or(device_);
  if (d != device_)
    raise(ErrorKind::value,
          "cannot record an event of " + device_.str() + " on a stream of " + d.str());
  backend_for(device_).record_event(handle_, stream.handle());
  recorded_ = true;
}

void Event::synchronize() const {
  if (recorded_) backend_for(device_).synchronize_event(handle_);
}

bool Event::done() const { return !recorded_ || backend_for(device_).event_done(handle_); }

float Event::elapsed_ms(const Event& start, const Event& end) {
  check_same_device(start.device_, end.device_);
  if (!start.timing_ || !end.timing_)
    raise(ErrorKind::value, "elapsed time needs events created with timing enabled");
  if (!start.recorded_ || !end.recorded_)
    raise(ErrorKind::value, "elapsed time needs both events to be recorded");
  return backend_for(start.device_).elapsed_ms(start.handle_, end.handle_);
}

}  // namespace cupylike
