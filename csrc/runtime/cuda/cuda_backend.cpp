#include "runtime/cuda/cuda_backend.hpp"

#include "runtime/cuda/driver.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike {

using cuda::check;
using cuda::driver;

namespace {
CUstream as_stream(StreamHandle s) { return static_cast<CUstream>(s); }
CUevent as_event(EventHandle e) { return static_cast<CUevent>(e); }
CUdeviceptr as_dptr(const void* p) { return reinterpret_cast<CUdeviceptr>(p); }
}  // namespace

CudaBackend::CudaBackend(int index) : index_(index) {
  check(driver().cuDeviceGet(&device_, index), "cuDeviceGet");
  // The primary context is the one the CUDA runtime uses, so arrays interoperate with other
  // CUDA libraries in the process. It is retained for the life of the process.
  check(driver().cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
}

void CudaBackend::activate() {
  // Another library may have made a different context current on this thread, so ask the
  // driver (a thread-local read) instead of remembering.
  CUcontext current = nullptr;
  check(driver().cuCtxGetCurrent(&current), "cuCtxGetCurrent");
  if (current != context_) check(driver().cuCtxSetCurrent(context_), "cuCtxSetCurrent");
}

void* CudaBackend::allocate(size_t bytes) {
  activate();
  CUdeviceptr ptr = 0;
  CUresult r = driver().cuMemAlloc(&ptr, bytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
  check(r, "cuMemAlloc");
  return reinterpret_cast<void*>(ptr);
}

void CudaBackend::deallocate(void* ptr, size_t) {
  activate();
  // cuMemFree waits for the device to finish with the memory, so a block still used by work
  // queued on another stream is never released under it.
  CUresult r = driver().cuMemFree(as_dptr(ptr));
  if (r != CUDA_ERROR_DEINITIALIZED) check(r, "cuMemFree");  // at exit the driver may be gone
}

size_t CudaBackend::total_memory() {
  size_t bytes = 0;
  check(driver().cuDeviceTotalMem(&bytes, device_), "cuDeviceTotalMem");
  return bytes;
}

std::pair<size_t, size_t> CudaBackend::memory_info() {
  activate();
  size_t free = 0, total = 0;
  check(driver().cuMemGetInfo(&free, &total), "cuMemGetInfo");
  return {free, total};
}

int CudaBackend::compute_capability() {
  int major = 0, minor = 0;
  check(
      driver().cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device_),
      "cuDeviceGetAttribute");
  check(
      driver().cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device_),
      "cuDeviceGetAttribute");
  return major * 10 + minor;
}

std::string CudaBackend::name() {
  char buf[256] = {};
  check(driver().cuDeviceGetName(buf, sizeof buf - 1, device_), "cuDeviceGetName");
  return buf;
}

void CudaBackend::copy_from_host(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  activate();
  check(driver().cuMemcpyHtoDAsync(as_dptr(dst), src, bytes, as_stream(stream)),
        "cuMemcpyHtoDAsync");
}

void CudaBackend::copy_to_host(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  activate();
  check(driver().cuMemcpyDtoHAsync(dst, as_dptr(src), bytes, as_stream(stream)),
        "cuMemcpyDtoHAsync");
  // Ctrl-C during a wait: the emulated GPU cuts its kernel short and returns; a GPU finishes.
  // Either way the interrupt is raised here, when the wait ends (also in the other waits).
  InterruptWatch watch;
  check(driver().cuStreamSynchronize(as_stream(stream)), "cuStreamSynchronize");
  watch.check();
}

void CudaBackend::copy_on_device(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  activate();
  check(driver().cuMemcpyDtoDAsync(as_dptr(dst), as_dptr(src), bytes, as_stream(stream)),
        "cuMemcpyDtoDAsync");
}

void CudaBackend::fill_bytes(void* dst, uint8_t value, size_t bytes, StreamHandle stream) {
  activate();
  check(driver().cuMemsetD8Async(as_dptr(dst), value, bytes, as_stream(stream)), "cuMemsetD8Async");
}

StreamHandle CudaBackend::create_stream(bool non_blocking, int priority) {
  activate();
  CUstream s = nullptr;
  unsigned flags = non_blocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT;
  check(driver().cuStreamCreateWithPriority(&s, flags, priority), "cuStreamCreateWithPriority");
  return s;
}

void CudaBackend::destroy_stream(StreamHandle stream) {
  activate();
  CUresult r = driver().cuStreamDestroy(as_stream(stream));
  if (r != CUDA_ERROR_DEINITIALIZED) check(r, "cuStreamDestroy");
}

void CudaBackend::synchronize_stream(StreamHandle stream) {
  activate();
  InterruptWatch watch;
  check(driver().cuStreamSynchronize(as_stream(stream)), "cuStreamSynchronize");
  watch.check();
}

bool CudaBackend::stream_done(StreamHandle stream) {
  activate();
  CUresult r = driver().cuStreamQuery(as_stream(stream));
  if (r == CUDA_ERROR_NOT_READY) return false;
  check(r, "cuStreamQuery");
  return true;
}

void CudaBackend::stream_wait_event(StreamHandle stream, EventHandle event) {
  activate();
  check(driver().cuStreamWaitEvent(as_stream(stream), as_event(event), 0), "cuStreamWaitEvent");
}

EventHandle CudaBackend::create_event(bool timing, bool blocking) {
  activate();
  unsigned flags = (timing ? 0u : unsigned(CU_EVENT_DISABLE_TIMING)) |
                   (blocking ? unsigned(CU_EVENT_BLOCKING_SYNC) : 0u);
  CUevent e = nullptr;
  check(driver().cuEventCreate(&e, flags), "cuEventCreate");
  return e;
}

void CudaBackend::destroy_event(EventHandle event) {
  activate();
  CUresult r = driver().cuEventDestroy(as_event(event));
  if (r != CUDA_ERROR_DEINITIALIZED) check(r, "cuEventDestroy");
}

void CudaBackend::record_event(EventHandle event, StreamHandle stream) {
  activate();
  check(driver().cuEventRecord(as_event(event), as_stream(stream)), "cuEventRecord");
}

void CudaBackend::synchronize_event(EventHandle event) {
  activate();
  InterruptWatch watch;
  check(driver().cuEventSynchronize(as_event(event)), "cuEventSynchronize");
  watch.check();
}

bool CudaBackend::event_done(EventHandle event) {
  activate();
  CUresult r = driver().cuEventQuery(as_event(event));
  if (r == CUDA_ERROR_NOT_READY) return false;
  check(r, "cuEventQuery");
  return true;
}

float CudaBackend::elapsed_ms(EventHandle start, EventHandle end) {
  activate();
  float ms = 0;
  check(driver().cuEventElapsedTime(&ms, as_event(start), as_event(end)), "cuEventElapsedTime");
  return ms;
}

void CudaBackend::begin_capture(StreamHandle stream, int mode) {
  activate();
  check(driver().cuStreamBeginCapture(as_stream(stream), CUstreamCaptureMode(mode)),
        "cuStreamBeginCapture");
}

GraphHandle CudaBackend::end_capture(StreamHandle stream) {
  activate();
  CUgraph graph = nullptr;
  check(driver().cuStreamEndCapture(as_stream(stream), &graph), "cuStreamEndCapture");
  // The executable graph is all a launch needs (as CuPy keeps only it).
  CUgraphExec exec = nullptr;
  CUresult r = driver().cuGraphInstantiateWithFlags(&exec, graph, 0);
  driver().cuGraphDestroy(graph);
  check(r, "cuGraphInstantiate");
  return exec;
}

bool CudaBackend::is_capturing(StreamHandle stream) {
  activate();
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  check(driver().cuStreamIsCapturing(as_stream(stream), &status), "cuStreamIsCapturing");
  return status != CU_STREAM_CAPTURE_STATUS_NONE;
}

void CudaBackend::launch_graph(GraphHandle graph, StreamHandle stream) {
  activate();
  check(driver().cuGraphLaunch(static_cast<CUgraphExec>(graph), as_stream(stream)),
        "cuGraphLaunch");
}

void CudaBackend::upload_graph(GraphHandle graph, StreamHandle stream) {
  activate();
  check(driver().cuGraphUpload(static_cast<CUgraphExec>(graph), as_stream(stream)),
        "cuGraphUpload");
}

void CudaBackend::destroy_graph(GraphHandle graph) {
  activate();
  CUresult r = driver().cuGraphExecDestroy(static_cast<CUgraphExec>(graph));
  if (r != CUDA_ERROR_DEINITIALIZED) check(r, "cuGraphExecDestroy");
}

void CudaBackend::synchronize() {
  activate();
  InterruptWatch watch;
  check(driver().cuCtxSynchronize(), "cuCtxSynchronize");
  watch.check();
}

void* CudaBackend::allocate_pinned(size_t bytes) {
  activate();
  void* ptr = nullptr;
  CUresult r = driver().cuMemHostAlloc(&ptr, bytes, CU_MEMHOSTALLOC_PORTABLE);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) return nullptr;
  check(r, "cuMemHostAlloc");
  return ptr;
}

void CudaBackend::deallocate_pinned(void* ptr, size_t) {
  activate();
  CUresult r = driver().cuMemFreeHost(ptr);
  if (r != CUDA_ERROR_DEINITIALIZED) check(r, "cuMemFreeHost");
}

}  // namespace cupylike
