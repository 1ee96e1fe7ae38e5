#pragma once
/// The cpu device: host memory, and streams on which work runs when it is issued, so every cpu
/// stream is in order and synchronising one only has to wait for nothing.
#include "runtime/backend.hpp"

namespace cupylike {

class CpuBackend final : public Backend {
 public:
  Device device() const override { return Device{DeviceKind::cpu, 0}; }

  void* allocate(size_t bytes) override;
  void deallocate(void* ptr, size_t bytes) override;
  size_t total_memory() override;
  std::pair<size_t, size_t> memory_info() override;
  /// The cpu device's memory is host memory and its copies are synchronous: ordinary host
  /// memory serves. (The pinned pool stages transfers for CUDA devices and asks device 0's
  /// backend, so nothing asks this one today.)
  void* allocate_pinned(size_t bytes) override { return allocate(bytes); }
  void deallocate_pinned(void* ptr, size_t bytes) override { deallocate(ptr, bytes); }

  void copy_from_host(void* dst, const void* src, size_t bytes, StreamHandle) override;
  void copy_to_host(void* dst, const void* src, size_t bytes, StreamHandle) override;
  void copy_on_device(void* dst, const void* src, size_t bytes, StreamHandle) override;
  void fill_bytes(void* dst, uint8_t value, size_t bytes, StreamHandle) override;

  StreamHandle create_stream(bool non_blocking, int priority) override;
  void destroy_stream(StreamHandle stream) override;
  /// Nothing to wait for; refused while the stream captures, as CUDA refuses it.
  void synchronize_stream(StreamHandle stream) override;
  bool stream_done(StreamHandle) override { return true; }
  void stream_wait_event(StreamHandle, EventHandle) override {}

  EventHandle create_event(bool timing, bool blocking) override;
  void destroy_event(EventHandle event) override;
  void record_event(EventHandle event, StreamHandle stream) override;
  void synchronize_event(EventHandle) override {}
  bool event_done(EventHandle) override { return true; }
  float elapsed_ms(EventHandle start, EventHandle end) override;

  /// runtime/cpu/capture: the work issued to a capturing stream is recorded, and a graph
  /// replays it on the calling thread when launched.
  void begin_capture(StreamHandle stream, int mode) override;
  GraphHandle end_capture(StreamHandle stream) override;
  bool is_capturing(StreamHandle stream) override;
  void launch_graph(GraphHandle graph, StreamHandle stream) override;
  void upload_graph(GraphHandle, StreamHandle) override {}
  void destroy_graph(GraphHandle graph) override;

  DeviceProperties properties() override;

  void synchronize() override;

  const LaunchPolicy& launch_policy() const override;
  bool stages_uploads() const override { return false; }
};

/// memcpy split over a few threads when the copy is large enough to be worth it.
void host_memcpy(void* dst, const void* src, size_t bytes);

}  // namespace cupylike
