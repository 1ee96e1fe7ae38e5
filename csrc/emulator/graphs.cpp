// Stream capture and graphs on the emulated GPU (the other rules are at the top of driver.cpp).
// - cuStreamBeginCapture puts a stream (not the legacy null stream: CUDA_ERROR_STREAM_CAPTURE_
//   UNSUPPORTED) into capture; CUDA_ERROR_ILLEGAL_STATE if it already captures. Until
//   cuStreamEndCapture, what is issued to it (launches, device copies and memsets, event
//   records, waits) is recorded with its arguments, not run.
// - Waiting on a capturing stream (cuStreamSynchronize, cuStreamQuery, a copy to or from
//   pageable memory, which completes before returning) gives CUDA_ERROR_STREAM_CAPTURE_
//   UNSUPPORTED; so does work on the legacy null stream while a blocking stream of its device
//   captures (CUDA_ERROR_STREAM_CAPTURE_IMPLICIT), cuCtxSynchronize while a stream of the
//   device captures, and cuMemAlloc and cuMemFree from a thread that captures in global or
//   thread-local mode or while any thread captures in global mode. Each invalidates the capture:
//   work issued to it afterwards fails with CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, and so does
//   cuStreamEndCapture, which ends it with no graph. A capture not begun in relaxed mode ends on
//   its own thread (CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD).
// - cuGraphInstantiate copies the graph's ops; cuGraphLaunch issues them in order on a stream
//   of the graph's device, where they run as any other work (and are recorded again when that
//   stream captures). A copy reads its source when it runs, so a replay sees the current
//   contents of the memory the capture named.
#include <algorithm>

#include "emulator/state.hpp"
#include "runtime/capture_errors.hpp"

namespace cupylike::emulator {

namespace {

CUresult capture_error(const DriverErrorText& e, const std::string& why) {
  return fail(CUresult(e.code), why);
}

// Every capturing queue of every device.
template <class Fn>
void for_each_capture(State& s, Fn fn) {
  for (DeviceState& d : s.devices)
    for (const auto& q : d.streams)
      if (q->capture) fn(*q);
}

}  // namespace

CUresult capture_allows(State& s, Queue& q, bool waits) {
  if (q.capture) {
    if (q.capture->invalidated)
      return capture_error(kCaptureInvalidated, "the stream's capture was invalidated earlier");
    if (waits) {
      q.capture->invalidated = true;
      return capture_error(kCaptureUnsupported,
                           "a copy that completes before returning cannot be captured");
    }
    return CUDA_SUCCESS;
  }
  if (!q.null) return CUDA_SUCCESS;
  bool implicit = false;
  for (const auto& other : s.device(q.device).streams) {
    if (other->capture && other->blocking) {
      other->capture->invalidated = true;
      implicit = true;
    }
  }
  return implicit ? capture_error(kCaptureImplicit,
                                  "work on the legacy stream while a blocking stream captures")
                  : CUDA_SUCCESS;
}

CUresult device_wait_allowed(State& s, int dev) {
  bool capturing = false;
  for (const auto& q : s.device(dev).streams) {
    if (!q->capture) continue;
    q->capture->invalidated = true;
    capturing = true;
  }
  return capturing ? capture_error(kCaptureUnsupported,
                                   "cuCtxSynchronize would wait for a capturing stream")
                   : CUDA_SUCCESS;
}

CUresult unsafe_call_allowed(State& s, const char* call) {
  const std::thread::id self = std::this_thread::get_id();
  bool refused = false;
  for_each_capture(s, [&](Queue& q) {
    const Capture& c = *q.capture;
    if (c.mode == CU_STREAM_CAPTURE_MODE_GLOBAL ||
        (c.mode == CU_STREAM_CAPTURE_MODE_THREAD_LOCAL && c.thread == self))
      refused = true;
  });
  if (!refused) return CUDA_SUCCESS;
  for_each_capture(s, [&](Queue& q) {
    const Capture& c = *q.capture;
    if (c.mode == CU_STREAM_CAPTURE_MODE_GLOBAL || c.thread == self) q.capture->invalidated = true;
  });
  return capture_error(kCaptureUnsupported,
                       std::string(call) +
                           " is not permitted while a stream captures in global "
                           "mode (or this thread captures in thread-local mode)");
}

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;
using emu::Queue;
using emu::State;

extern "C" {

CUresult CUDAAPI cuStreamBeginCapture(CUstream stream, CUstreamCaptureMode mode) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (stream == nullptr || stream == CU_STREAM_LEGACY)
    return emu::fail(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED,
                     "the legacy null stream cannot capture");
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (mode != CU_STREAM_CAPTURE_MODE_GLOBAL && mode != CU_STREAM_CAPTURE_MODE_THREAD_LOCAL &&
      mode != CU_STREAM_CAPTURE_MODE_RELAXED)
    return CUDA_ERROR_INVALID_VALUE;
  if (q->capture) return emu::fail(CUDA_ERROR_ILLEGAL_STATE, "the stream already captures");
  q->capture = std::make_unique<emu::Capture>();
  q->capture->mode = mode;
  q->capture->thread = std::this_thread::get_id();
  q->capture->id = ++s.captures_begun;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamEndCapture(CUstream stream, CUgraph* graph) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!graph) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (!q->capture) return emu::fail(CUDA_ERROR_ILLEGAL_STATE, "the stream does not capture");
  if (q->capture->mode != CU_STREAM_CAPTURE_MODE_RELAXED &&
      q->capture->thread != std::this_thread::get_id())
    return emu::fail(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD,
                     "the capture was begun on another thread, not in relaxed mode");
  std::unique_ptr<emu::Capture> c = std::move(q->capture);
  *graph = nullptr;
  if (c->invalidated)
    return emu::fail(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED,
                     "a call during the capture invalidated it");
  CUgraph g = new CUgraph_st{q->device, std::move(c->ops)};
  s.graphs.insert(g);
  *graph = g;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamIsCapturing(CUstream stream, CUstreamCaptureStatus* status) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!status) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  *status = !q->capture               ? CU_STREAM_CAPTURE_STATUS_NONE
            : q->capture->invalidated ? CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                      : CU_STREAM_CAPTURE_STATUS_ACTIVE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamGetCaptureInfo(CUstream stream, CUstreamCaptureStatus* status,
                                        cuuint64_t* id, CUgraph* graph,
                                        const CUgraphNode** dependencies,
                                        const CUgraphEdgeData** edges, size_t* count) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!status) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  *status = !q->capture               ? CU_STREAM_CAPTURE_STATUS_NONE
            : q->capture->invalidated ? CU_STREAM_CAPTURE_STATUS_INVALIDATED
                                      : CU_STREAM_CAPTURE_STATUS_ACTIVE;
  // The graph under construction and its nodes are not modelled: a capture is a list of ops.
  if (id) *id = q->capture ? q->capture->id : 0;
  if (graph) *graph = nullptr;
  if (dependencies) *dependencies = nullptr;
  if (edges) *edges = nullptr;
  if (count) *count = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGraphInstantiate(CUgraphExec* exec, CUgraph graph, unsigned long long flags) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!exec || !s.graphs.count(graph)) return CUDA_ERROR_INVALID_VALUE;
  const unsigned long long known = CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH |
                                   CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD |
                                   CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY;
  if (flags & ~known) return CUDA_ERROR_INVALID_VALUE;
  CUgraphExec e = new CUgraphExec_st{graph->device, graph->ops};
  // A replay reads what memory holds then: pinned sources may change between launches.
  for (emu::Op& op : e->ops) op.check_source = false;
  s.graph_execs.insert(e);
  *exec = e;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGraphUpload(CUgraphExec exec, CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.graph_execs.count(exec)) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  return q->device == exec->device ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGraphLaunch(CUgraphExec exec, CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.graph_execs.count(exec)) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (q->device != exec->device) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::capture_allows(s, *q, false); r != CUDA_SUCCESS) return r;
  for (const emu::Op& op : exec->ops) s.enqueue(*q, op);
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuGraphExecDestroy(CUgraphExec exec) {
  State& s = emu::state();
  emu::Call call(s);
  if (!s.graph_execs.erase(exec)) return CUDA_ERROR_INVALID_VALUE;
  delete exec;  // ops already issued keep their launches alive
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGraphDestroy(CUgraph graph) {
  State& s = emu::state();
  emu::Call call(s);
  if (!s.graphs.erase(graph)) return CUDA_ERROR_INVALID_VALUE;
  delete graph;
  return CUDA_SUCCESS;
}

}  // extern "C"
