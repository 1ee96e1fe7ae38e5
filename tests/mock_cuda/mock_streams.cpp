// Streams, events and the hooks tests use, for the mock driver described in mock_libcuda.cpp.
#include <algorithm>
#include <string>

#include "mock_state.hpp"

using mock_cuda::Lock;
using mock_cuda::Op;
using mock_cuda::Queue;
using mock_cuda::State;
using mock_cuda::t_current;

extern "C" {

// --- streams --------------------------------------------------------------------------------

CUresult CUDAAPI cuStreamCreateWithPriority(CUstream* stream, unsigned int flags, int) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!stream || (flags & ~unsigned(CU_STREAM_NON_BLOCKING))) return CUDA_ERROR_INVALID_VALUE;
  auto q = std::make_shared<Queue>();
  q->device = t_current->device;
  q->blocking = !(flags & CU_STREAM_NON_BLOCKING);
  s.device(q->device).streams.push_back(q);
  CUstream h = new CUstream_st{q};
  s.streams.insert(h);
  *stream = h;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.streams.count(stream)) return CUDA_ERROR_INVALID_HANDLE;
  s.run_all(*stream->queue);  // work issued before the destroy still completes
  auto& list = s.device(stream->queue->device).streams;
  list.erase(std::find(list.begin(), list.end(), stream->queue));
  s.streams.erase(stream);
  delete stream;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamSynchronize(CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = mock_cuda::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  s.run_all(*q);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamQuery(CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = mock_cuda::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  s.run_until(*q, std::min(q->reported_not_ready, q->enqueued));  // reported once: runs now
  if (q->executed >= q->enqueued) return CUDA_SUCCESS;
  q->reported_not_ready = q->enqueued;
  return CUDA_ERROR_NOT_READY;
}

CUresult CUDAAPI cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  mock_cuda::EventState* e = nullptr;
  if (CUresult r = mock_cuda::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (CUresult r = mock_cuda::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (mock_cuda::event_done(*e)) return CUDA_SUCCESS;  // also: never recorded, a no-op
  Op op;
  op.kind = Op::wait;
  op.deps.push_back({e->queue, e->position});  // may be another device's stream
  s.enqueue(*q, std::move(op));
  return CUDA_SUCCESS;
}

// --- events ---------------------------------------------------------------------------------

CUresult CUDAAPI cuEventCreate(CUevent* event, unsigned int flags) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  unsigned known = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS;
  if (!event || (flags & ~known)) return CUDA_ERROR_INVALID_VALUE;
  auto state = std::make_shared<mock_cuda::EventState>();
  state->device = t_current->device;
  state->timing = !(flags & CU_EVENT_DISABLE_TIMING);
  CUevent h = new CUevent_st{state};
  s.events.insert(h);
  *event = h;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy(CUevent event) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.events.erase(event)) return CUDA_ERROR_INVALID_HANDLE;
  delete event;  // a pending record keeps its state alive
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent event, CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = mock_cuda::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (!s.events.count(event)) return CUDA_ERROR_INVALID_HANDLE;
  std::shared_ptr<mock_cuda::EventState> e = event->state;
  if (q->device != e->device) return CUDA_ERROR_INVALID_HANDLE;  // event and stream differ
  Op op;
  op.kind = Op::record;
  op.event = e;
  op.generation = ++e->generation;
  e->position = s.enqueue(*q, std::move(op));
  e->queue = q;
  e->reported_not_ready = false;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventSynchronize(CUevent event) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  mock_cuda::EventState* e = nullptr;
  if (CUresult r = mock_cuda::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (e->queue) s.run_until(*e->queue, e->position);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventQuery(CUevent event) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  mock_cuda::EventState* e = nullptr;
  if (CUresult r = mock_cuda::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (mock_cuda::event_done(*e)) return CUDA_SUCCESS;
  if (e->reported_not_ready) {  // answered NOT_READY once for this record: it completes now
    s.run_until(*e->queue, e->position);
    return CUDA_SUCCESS;
  }
  e->reported_not_ready = true;
  return CUDA_ERROR_NOT_READY;
}

CUresult CUDAAPI cuEventElapsedTime(float* ms, CUevent start, CUevent end) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  mock_cuda::EventState *a = nullptr, *b = nullptr;
  if (CUresult r = mock_cuda::event_state(s, start, a); r != CUDA_SUCCESS) return r;
  if (CUresult r = mock_cuda::event_state(s, end, b); r != CUDA_SUCCESS) return r;
  if (!ms) return CUDA_ERROR_INVALID_VALUE;
  if (!a->timing || !b->timing || !a->queue || !b->queue) return CUDA_ERROR_INVALID_HANDLE;
  if (!mock_cuda::event_done(*a) || !mock_cuda::event_done(*b)) return CUDA_ERROR_NOT_READY;
  *ms = std::chrono::duration<float, std::milli>(b->stamp - a->stamp).count();
  return CUDA_SUCCESS;
}

// --- for tests ------------------------------------------------------------------------------

/// A counter by name, for one device (`device` >= 0) or all (-1); -1 for an unknown name.
/// devices, allocations_live, bytes_live (per device or all), pinned_live, pinned_bytes_live,
/// h2d_pinned, h2d_pageable, d2h (copies issued), staging_violations (pinned sources rewritten
/// before their queued copy ran), streams_live, events_live, ops_pending, launches,
/// modules_live.
__attribute__((visibility("default"))) long long mock_cuda_stat(const char* name, int device) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  std::string n = name ? name : "";
  auto mine = [device](int d) { return device < 0 || d == device; };
  long long v = 0;
  if (n == "devices") return (long long)s.devices.size();
  if (n == "allocations_live" || n == "bytes_live") {
    for (const auto& [fake, a] : s.allocations)
      if (mine(a.device)) v += n == "allocations_live" ? 1 : (long long)a.size;
    return v;
  }
  if (n == "pinned_live") return (long long)s.pinned.size();
  if (n == "pinned_bytes_live") {
    for (const auto& [addr, size] : s.pinned) v += (long long)size;
    return v;
  }
  if (n == "h2d_pinned") return s.stats.h2d_pinned;
  if (n == "h2d_pageable") return s.stats.h2d_pageable;
  if (n == "d2h") return s.stats.d2h;
  if (n == "staging_violations") return s.stats.staging_violations;
  if (n == "streams_live") return (long long)s.streams.size();
  if (n == "events_live") return (long long)s.events.size();
  if (n == "ops_pending") {
    for (size_t d = 0; d < s.devices.size(); ++d) {
      if (!mine(int(d))) continue;
      v += (long long)s.devices[d].null_queue->ops.size();
      for (const auto& q : s.devices[d].streams) v += (long long)q->ops.size();
    }
    return v;
  }
  return mock_cuda::module_stat(n);
}

/// From now on every call that needs a context fails with `code` (0 clears it), as every call
/// does after a kernel fault such as CUDA_ERROR_ILLEGAL_ADDRESS.
__attribute__((visibility("default"))) void mock_cuda_set_sticky_error(int code) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  s.sticky = CUresult(code);
}

}  // extern "C"
