#pragma once
/// What a device can do, behind one interface with a cpu and a cuda implementation: raw memory,
/// copies and fills on a stream, streams and events, and how launches are cut into blocks.
/// Everything above this layer is shared.
#include <cstddef>
#include <cstdint>
#include <utility>

#include "runtime/device.hpp"
#include "runtime/device_properties.hpp"

namespace cupylike {

using StreamHandle = void*;  // CUstream on cuda; nullptr is the null (legacy default) stream
using EventHandle = void*;   // CUevent on cuda
using GraphHandle = void*;   // CUgraphExec on cuda: an instantiated graph

class LaunchPolicy;  // runtime/launch.hpp

class Backend {
 public:
  virtual ~Backend() = default;
  virtual Device device() const = 0;

  /// Device memory; nullptr when the device has no room (the pool then frees and retries).
  virtual void* allocate(size_t bytes) = 0;
  virtual void deallocate(void* ptr, size_t bytes) = 0;
  /// Memory the device has in all (cpu: physical memory), for fractional pool limits.
  virtual size_t total_memory() = 0;
  /// Free and total bytes as the device reports them now.
  virtual std::pair<size_t, size_t> memory_info() = 0;
  /// Host memory the device copies from and to without waiting for the host (staging for
  /// transfers; cuda: page-locked, usable from every context); nullptr when there is no room.
  virtual void* allocate_pinned(size_t bytes) = 0;
  virtual void deallocate_pinned(void* ptr, size_t bytes) = 0;
  /// Whether uploads from pageable host memory are worth staging through pinned memory: a GPU
  /// copies only pinned memory without the host waiting; the cpu device copies directly.
  virtual bool stages_uploads() const = 0;

  /// Copies are ordered on `stream`. copy_from_host may return before the copy is done only if
  /// `src` is pinned; copy_to_host returns after the data has arrived.
  virtual void copy_from_host(void* dst, const void* src, size_t bytes, StreamHandle stream) = 0;
  virtual void copy_to_host(void* dst, const void* src, size_t bytes, StreamHandle stream) = 0;
  virtual void copy_on_device(void* dst, const void* src, size_t bytes, StreamHandle stream) = 0;
  virtual void fill_bytes(void* dst, uint8_t value, size_t bytes, StreamHandle stream) = 0;

  virtual StreamHandle create_stream(bool non_blocking, int priority) = 0;
  virtual void destroy_stream(StreamHandle stream) = 0;
  virtual void synchronize_stream(StreamHandle stream) = 0;
  virtual bool stream_done(StreamHandle stream) = 0;
  virtual void stream_wait_event(StreamHandle stream, EventHandle event) = 0;

  virtual EventHandle create_event(bool timing, bool blocking) = 0;
  virtual void destroy_event(EventHandle event) = 0;
  virtual void record_event(EventHandle event, StreamHandle stream) = 0;
  virtual void synchronize_event(EventHandle event) = 0;
  virtual bool event_done(EventHandle event) = 0;
  /// Milliseconds between two recorded events.
  virtual float elapsed_ms(EventHandle start, EventHandle end) = 0;

  /// Stream capture (CUDA graphs, runtime/graph.hpp): from begin_capture until end_capture,
  /// work issued to `stream` is recorded, not run. `mode` is CUstreamCaptureMode's value.
  /// The errors are the driver's (CUDADriverError naming CUDA's code) on every device.
  virtual void begin_capture(StreamHandle stream, int mode) = 0;
  /// The recorded work as a graph ready to launch; the capture ends even when this throws
  /// (CUDA_ERROR_STREAM_CAPTURE_INVALIDATED after an illegal call during the capture).
  virtual GraphHandle end_capture(StreamHandle stream) = 0;
  virtual bool is_capturing(StreamHandle stream) = 0;
  /// Issues the graph's work on `stream`, in the order it was recorded.
  virtual void launch_graph(GraphHandle graph, StreamHandle stream) = 0;
  /// Readies the graph for a launch on `stream` (cuGraphUpload); nothing to do on the cpu.
  virtual void upload_graph(GraphHandle graph, StreamHandle stream) = 0;
  virtual void destroy_graph(GraphHandle graph) = 0;

  virtual void synchronize() = 0;

  /// What the device is and allows, as cudaDeviceProp's fields (runtime/device_properties.hpp).
  virtual DeviceProperties properties() = 0;

  /// How the library's kernels are cut into blocks on this device.
  virtual const LaunchPolicy& launch_policy() const = 0;
};

/// The backend of a device, created on first use and kept for the life of the process (so
/// memory freed during interpreter shutdown never reaches a destroyed backend).
Backend& backend_for(Device device);

}  // namespace cupylike
