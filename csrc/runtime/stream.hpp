#pragma once
/// Streams and events, and the current stream of each thread on each device.
#include <cstdint>
#include <memory>
#include <optional>

#include "runtime/backend.hpp"

namespace cupylike {

class Event;

class Stream {
 public:
  /// A new stream on `device`.
  Stream(Device device, bool non_blocking, int priority);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  /// A stream made elsewhere (another library's CUstream, as CuPy's ExternalStream): work goes
  /// to it, but it is never destroyed here. A cpu stream has no state, so any handle serves.
  static std::shared_ptr<Stream> external(Device device, StreamHandle handle);

  /// The null (legacy default) stream: it belongs to no device and means "the null stream of
  /// the device in use", like CUDA's stream 0.
  static const std::shared_ptr<Stream>& null();

  bool is_null() const { return !device_; }
  /// Unique for the life of the process (0 for the null stream). The pool keys its stream-ordered
  /// free lists by it, so a recycled handle value never inherits another stream's blocks.
  uint64_t id() const { return id_; }
  StreamHandle handle() const { return handle_; }
  /// The stream's device, or `fallback` for the null stream.
  Device device_or(Device fallback) const { return device_ ? *device_ : fallback; }
  std::optional<Device> device() const { return device_; }
  bool non_blocking() const { return non_blocking_; }
  int priority() const { return priority_; }

  void synchronize() const;
  bool done() const;
  /// Work issued on this stream after the call waits for `event`.
  void wait_event(const Event& event) const;

 private:
  Stream() = default;  // the null stream
  std::optional<Device> device_;
  StreamHandle handle_ = nullptr;
  uint64_t id_ = 0;
  bool non_blocking_ = false;
  int priority_ = 0;
  bool owned_ = true;  // false for an external stream
};

using StreamPtr = std::shared_ptr<Stream>;

/// The stream work on `device` goes to from this thread (the null stream unless set).
const StreamPtr& current_stream(Device device);
void set_current_stream(Device device, StreamPtr stream);
/// For `with stream:` blocks: make `stream` current on `device`, then restore the previous one.
void push_current_stream(Device device, StreamPtr stream);
void pop_current_stream();

class Event {
 public:
  Event(Device device, bool timing, bool blocking);
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  Device device() const { return device_; }
  bool recorded() const { return recorded_; }
  EventHandle handle() const { return handle_; }
  /// Marks the point `stream` has reached; ValueError if the stream is on another device.
  void record(const Stream& stream);
  void synchronize() const;
  bool done() const;
  /// Milliseconds from `start` to `end`; both recorded, timing enabled, on one device.
  static float elapsed_ms(const Event& start, const Event& end);

 private:
  Device device_;
  EventHandle handle_ = nullptr;
  bool timing_ = true;
  bool recorded_ = false;
};

}  // namespace cupylike
