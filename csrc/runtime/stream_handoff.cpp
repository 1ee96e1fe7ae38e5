#include "runtime/stream_handoff.hpp"

#include <string>

#include "core/error.hpp"

namespace cupylike {

namespace {
constexpr int64_t kLegacyDefault = 1;
}  // namespace

int64_t protocol_stream_value(const Stream& stream) {
  return stream.is_null() ? kLegacyDefault : int64_t(reinterpret_cast<intptr_t>(stream.handle()));
}

StreamHandle protocol_stream_handle(int64_t value) {
  if (value <= 0)
    raise(ErrorKind::value, "stream " + std::to_string(value) +
                                " is not a CUDA stream (0 is ambiguous; use 1 for the legacy "
                                "default stream, 2 for the per-thread default stream)");
  if (value == kLegacyDefault) return nullptr;
  return reinterpret_cast<StreamHandle>(intptr_t(value));
}

void stream_wait_stream(Device device, StreamHandle waiter, StreamHandle producer) {
  if (waiter == producer) return;
  Backend& backend = backend_for(device);
  EventHandle event = backend.create_event(false, false);
  try {
    backend.record_event(event, producer);
    backend.stream_wait_event(waiter, event);
  } catch (...) {
    backend.destroy_event(event);
    throw;
  }
  // CUDA keeps an event's pending waits valid after it is destroyed.
  backend.destroy_event(event);
}

}  // namespace cupylike
