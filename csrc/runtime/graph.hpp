#pragma once
/// CUDA graphs made by stream capture, as CuPy exposes them (Stream.begin_capture, end_capture,
/// is_capturing; cupy.cuda.Graph's launch and upload), on every device through its backend: the
/// driver's graph API on cuda, runtime/cpu/capture on the cpu.
///
/// Memory allocated for work on a capturing stream (allocator.cpp asks keep_while_captured)
/// belongs to the graph as well as to its arrays: it returns to the pool only when both are
/// gone, so a replay never writes into memory the pool has since handed to another array.
/// Memory allocated before the capture is the caller's to keep alive, as with CuPy.
#include <memory>
#include <vector>

#include "runtime/stream.hpp"

namespace cupylike {

/// CUstreamCaptureMode's values (cupylike.cuda.runtime.streamCaptureMode*).
enum CaptureMode : int { capture_global = 0, capture_thread_local = 1, capture_relaxed = 2 };

class Graph {
 public:
  Graph(Device device, GraphHandle handle, std::vector<std::shared_ptr<const void>> owned);
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Device device() const { return device_; }
  /// Issues the recorded work on `stream` (the null stream: the device's).
  void launch(const Stream& stream) const;
  void upload(const Stream& stream) const;

 private:
  Device device_;
  GraphHandle handle_;
  std::vector<std::shared_ptr<const void>> owned_;
};

/// RuntimeError on the null stream, as CuPy (CUDA cannot capture the legacy stream); the
/// driver's errors otherwise (CUDA_ERROR_ILLEGAL_STATE when it already captures).
void begin_capture(const Stream& stream, int mode);
/// The captured work as a graph; the capture is over even when this raises.
std::shared_ptr<Graph> end_capture(const Stream& stream);
bool is_capturing(const Stream& stream);
/// is_capturing for captures begun here (begin_capture), answered without asking the driver
/// while none is open: for the checks on every transfer.
bool captured_here(const Stream& stream);
/// Drops what a capture on stream `stream_id` kept, when the stream goes while it captures.
void forget_capture(uint64_t stream_id);
/// Whether a capture begun here is open on any stream (one atomic read).
bool captures_open();
/// Makes `object` live as long as the graph being captured on `stream`, if it captures.
void keep_captured(const Stream& stream, std::shared_ptr<const void> object);
/// keep_captured for every allocation: while nothing captures, one atomic read and no
/// reference counting.
template <class T>
void keep_while_captured(const Stream& stream, const std::shared_ptr<T>& object) {
  if (captures_open()) keep_captured(stream, object);
}

}  // namespace cupylike
