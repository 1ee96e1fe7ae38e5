// Streams and events of the emulated GPU (the rules are at the top of driver.cpp).
#include <algorithm>
#include <string>

#include "emulator/state.hpp"

namespace emu = cupylike::emulator;
using emu::Op;
using emu::Queue;
using emu::State;
using emu::t_current;

extern "C" {

// --- streams --------------------------------------------------------------------------------

CUresult CUDAAPI cuStreamCreateWithPriority(CUstream* stream, unsigned int flags, int) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
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
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.streams.count(stream)) return CUDA_ERROR_INVALID_HANDLE;
  s.run_all(*stream->queue);  // work issued before the destroy still completes
  auto& list = s.device(stream->queue->device).streams;
  list.erase(std::find(list.begin(), list.end(), stream->queue));
  s.streams.erase(stream);
  delete stream;
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuStreamSynchronize(CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (CUresult r = emu::capture_allows(s, *q, true); r != CUDA_SUCCESS) return r;
  s.run_all(*q);
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuStreamQuery(CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (CUresult r = emu::capture_allows(s, *q, true); r != CUDA_SUCCESS) return r;
  s.run_until(*q, std::min(q->reported_not_ready, q->enqueued));  // reported once: runs now
  if (q->executed >= q->enqueued) return emu::sticky_error(s);
  q->reported_not_ready = q->enqueued;
  return CUDA_ERROR_NOT_READY;
}

CUresult CUDAAPI cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  std::shared_ptr<Queue> q;
  emu::EventState* e = nullptr;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (CUresult r = emu::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (emu::event_done(*e)) return CUDA_SUCCESS;  // also: never recorded, a no-op
  Op op;
  op.kind = Op::wait;
  op.deps.push_back({e->queue, e->position});  // may be another device's stream
  s.enqueue(*q, std::move(op));
  return CUDA_SUCCESS;
}

// --- events ---------------------------------------------------------------------------------

CUresult CUDAAPI cuEventCreate(CUevent* event, unsigned int flags) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  unsigned known = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS;
  if (!event || (flags & ~known)) return CUDA_ERROR_INVALID_VALUE;
  auto state = std::make_shared<emu::EventState>();
  state->device = t_current->device;
  state->timing = !(flags & CU_EVENT_DISABLE_TIMING);
  CUevent h = new CUevent_st{state};
  s.events.insert(h);
  *event = h;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy(CUevent event) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!s.events.erase(event)) return CUDA_ERROR_INVALID_HANDLE;
  delete event;  // a pending record keeps its state alive
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent event, CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  std::shared_ptr<Queue> q;
  if (CUresult r = emu::queue_of(s, stream, q); r != CUDA_SUCCESS) return r;
  if (!s.events.count(event)) return CUDA_ERROR_INVALID_HANDLE;
  std::shared_ptr<emu::EventState> e = event->state;
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
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  emu::EventState* e = nullptr;
  if (CUresult r = emu::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (e->queue) s.run_until(*e->queue, e->position);
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuEventQuery(CUevent event) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  emu::EventState* e = nullptr;
  if (CUresult r = emu::event_state(s, event, e); r != CUDA_SUCCESS) return r;
  if (emu::event_done(*e)) return CUDA_SUCCESS;
  if (e->reported_not_ready) {  // answered NOT_READY once for this record: it completes now
    s.run_until(*e->queue, e->position);
    return emu::sticky_error(s);
  }
  e->reported_not_ready = true;
  return CUDA_ERROR_NOT_READY;
}

CUresult CUDAAPI cuEventElapsedTime(float* ms, CUevent start, CUevent end) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  emu::EventState *a = nullptr, *b = nullptr;
  if (CUresult r = emu::event_state(s, start, a); r != CUDA_SUCCESS) return r;
  if (CUresult r = emu::event_state(s, end, b); r != CUDA_SUCCESS) return r;
  if (!ms) return CUDA_ERROR_INVALID_VALUE;
  if (!a->timing || !b->timing || !a->queue || !b->queue) return CUDA_ERROR_INVALID_HANDLE;
  if (!emu::event_done(*a) || !emu::event_done(*b)) return CUDA_ERROR_NOT_READY;
  *ms = std::chrono::duration<float, std::milli>(b->stamp - a->stamp).count();
  return CUDA_SUCCESS;
}

}  // extern "C"
