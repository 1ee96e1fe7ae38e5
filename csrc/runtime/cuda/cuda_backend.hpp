#pragma once
/// A CUDA device through the driver API: the device's primary context (shared with the CUDA
/// runtime and other libraries in the process), made current on the calling thread per call.
///
/// Written against the driver API documentation; CI runs it against the emulated GPU
/// (csrc/emulator/), a real GPU only where one is lent (docs/gpu_status.md).
#include <cuda.h>

#include <string>

#include "runtime/backend.hpp"

namespace cupylike {

class CudaBackend final : public Backend {
 public:
  explicit CudaBackend(int index);
  Device device() const override { return Device{DeviceKind::cuda, index_}; }

  void* allocate(size_t bytes) override;
  void deallocate(void* ptr, size_t bytes) override;
  size_t total_memory() override;
  std::pair<size_t, size_t> memory_info() override;
  void* allocate_pinned(size_t bytes) override;
  void deallocate_pinned(void* ptr, size_t bytes) override;

  void copy_from_host(void* dst, const void* src, size_t bytes, StreamHandle stream) override;
  void copy_to_host(void* dst, const void* src, size_t bytes, StreamHandle stream) override;
  void copy_on_device(void* dst, const void* src, size_t bytes, StreamHandle stream) override;
  void fill_bytes(void* dst, uint8_t value, size_t bytes, StreamHandle stream) override;

  StreamHandle create_stream(bool non_blocking, int priority) override;
  void destroy_stream(StreamHandle stream) override;
  void synchronize_stream(StreamHandle stream) override;
  bool stream_done(StreamHandle stream) override;
  void stream_wait_event(StreamHandle stream, EventHandle event) override;

  EventHandle create_event(bool timing, bool blocking) override;
  void destroy_event(EventHandle event) override;
  void record_event(EventHandle event, StreamHandle stream) override;
  void synchronize_event(EventHandle event) override;
  bool event_done(EventHandle event) override;
  float elapsed_ms(EventHandle start, EventHandle end) override;

  void begin_capture(StreamHandle stream, int mode) override;
  GraphHandle end_capture(StreamHandle stream) override;
  bool is_capturing(StreamHandle stream) override;
  void launch_graph(GraphHandle graph, StreamHandle stream) override;
  void upload_graph(GraphHandle graph, StreamHandle stream) override;
  void destroy_graph(GraphHandle graph) override;

  DeviceProperties properties() override;

  void synchronize() override;

  const LaunchPolicy& launch_policy() const override;
  bool stages_uploads() const override { return true; }

  /// major * 10 + minor, e.g. 90 for an H100.
  int compute_capability();
  std::string name();

  /// Makes this device's primary context current on the calling thread.
  void activate();

 private:
  int index_;
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
};

}  // namespace cupylike
