#pragma once
// The state behind the mock driver: devices, allocations, and streams as queues of work that
// runs lazily, and the checks the driver calls share. The rules it keeps are written at the top
// of mock_libcuda.cpp.
//
// The library builds with hidden visibility; cuda.h's declarations are made visible, so the
// driver API is exported and nothing here is.
#pragma GCC visibility push(default)
#include <cuda.h>
#pragma GCC visibility pop

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mock_cuda {

using Clock = std::chrono::steady_clock;

struct Queue;
struct EventState;

}  // namespace mock_cuda

// The driver's opaque handle types, given bodies here.
struct CUctx_st {
  int device = 0;
};
struct CUstream_st {
  std::shared_ptr<mock_cuda::Queue> queue;
};
struct CUevent_st {
  std::shared_ptr<mock_cuda::EventState> state;
};

namespace mock_cuda {

// Fake device addresses: bits 52-55 set, which no host pointer has (x86-64 and AArch64 user
// space ends far below, and AArch64's top-byte-ignore covers bits 56-63 only), so a host
// dereference faults. Each device owns 2^44 bytes of them; addresses are never reused, so a
// stale pointer never reaches a newer allocation.
constexpr uint64_t kFakeBase = 0x00F0'0000'0000'0000ull;
constexpr int kDeviceShift = 44;
constexpr uint64_t kFakeAlign = uint64_t(64) << 10;  // also the gap left after each allocation
constexpr int kMaxDevices = 64;

inline bool is_fake(const void* p) {
  auto a = reinterpret_cast<uintptr_t>(p);
  return a >= kFakeBase && a < kFakeBase + (uint64_t(kMaxDevices) << kDeviceShift);
}

/// 64-bit hash of a byte range, 8 bytes a step (fast enough to run over every staged byte).
inline uint64_t checksum(const char* p, size_t n) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  for (; i < n; ++i) h = (h ^ uint8_t(p[i])) * 0x100000001B3ull;
  return h;
}

/// "Run `queue` up to `position` first."
struct Dependency {
  std::shared_ptr<Queue> queue;
  uint64_t position;
};

struct EventState {
  int device = 0;
  bool timing = true;
  std::shared_ptr<Queue> queue;  // null until recorded
  uint64_t position = 0;         // the record has run once queue->executed >= position
  uint64_t generation = 0;       // bumped by each record, so a stale record op stamps nothing
  Clock::time_point stamp;
  bool reported_not_ready = false;
};

struct Op {
  enum Kind { copy, fill, record, wait, kernel } kind = wait;  // kernels run nothing
  char* dst = nullptr;
  const char* src = nullptr;
  size_t bytes = 0;
  uint8_t value = 0;
  bool check_source = false;  // a pinned host source: its bytes must not change before the copy
  uint64_t source_sum = 0;
  std::shared_ptr<EventState> event;
  uint64_t generation = 0;
  std::vector<Dependency> deps;
};

struct Queue {
  int device = 0;
  bool null = false;      // the device's legacy null stream
  bool blocking = true;   // synchronises with the null stream (not CU_STREAM_NON_BLOCKING)
  std::deque<Op> ops;     // ops[i] runs at position executed + i
  uint64_t executed = 0;  // ops run so far
  uint64_t enqueued = 0;  // ops issued so far
  uint64_t reported_not_ready = 0;  // cuStreamQuery said NOT_READY for work up to here
};

struct Allocation {
  char* real;
  size_t size;
  int device;
};

struct DeviceState {
  CUctx_st context;
  int primary_refs = 0;
  size_t capacity = 0;
  size_t live_bytes = 0;
  uint64_t next_fake = 0;
  std::shared_ptr<Queue> null_queue;
  std::vector<std::shared_ptr<Queue>> streams;  // created and not destroyed
};

struct Stats {
  long long h2d_pinned = 0, h2d_pageable = 0, d2h = 0, staging_violations = 0;
};

struct State {
  std::mutex mutex;
  CUresult init_result = CUDA_ERROR_NOT_INITIALIZED;  // until cuInit succeeds
  CUresult sticky = CUDA_SUCCESS;              // set by tests: what every context call fails with
  std::deque<DeviceState> devices;             // a deque: contexts never move
  std::map<uint64_t, Allocation> allocations;  // by fake address
  std::map<uintptr_t, size_t> pinned;          // cuMemHostAlloc'ed ranges by address
  std::set<CUstream> streams;
  std::set<CUevent> events;
  Stats stats;

  DeviceState& device(int d) { return devices[size_t(d)]; }

  /// A fresh range of fake addresses on `dev` for `bytes` bytes, mapped to `real`.
  uint64_t add_allocation(int dev, char* real, size_t bytes) {
    DeviceState& d = device(dev);
    uint64_t fake = d.next_fake;
    d.next_fake += (bytes + kFakeAlign - 1) / kFakeAlign * kFakeAlign + kFakeAlign;
    allocations[fake] = {real, bytes, dev};
    d.live_bytes += bytes;
    return fake;
  }

  /// The host address behind [ptr, ptr + bytes), if it lies in one live allocation of `dev`.
  char* translate(CUdeviceptr ptr, size_t bytes, int dev) const {
    auto it = allocations.upper_bound(ptr);
    if (it == allocations.begin()) return nullptr;
    --it;
    const Allocation& a = it->second;
    uint64_t offset = ptr - it->first;
    if (a.device != dev || offset > a.size || bytes > a.size - offset) return nullptr;
    return a.real + offset;
  }

  bool is_pinned(const void* p, size_t bytes) const {
    auto addr = reinterpret_cast<uintptr_t>(p);
    auto it = pinned.upper_bound(addr);
    if (it == pinned.begin()) return false;
    --it;
    return addr - it->first <= it->second && bytes <= it->second - (addr - it->first);
  }

  /// Issues `op` on `q` with the legacy null stream's implicit ordering; returns its position
  /// (the op has run once q.executed reaches it).
  uint64_t enqueue(Queue& q, Op op) {
    DeviceState& d = device(q.device);
    auto after = [&op](const std::shared_ptr<Queue>& other) {
      if (other->executed < other->enqueued) op.deps.push_back({other, other->enqueued});
    };
    if (q.null) {
      for (const auto& s : d.streams)
        if (s->blocking) after(s);
    } else if (q.blocking) {
      after(d.null_queue);
    }
    q.ops.push_back(std::move(op));
    return ++q.enqueued;
  }

  /// Runs `q`'s work up to `position`, and first whatever each op depends on. Dependencies
  /// always point at work issued earlier, so this terminates.
  void run_until(Queue& q, uint64_t position) {
    while (q.executed < position) {
      for (const Dependency& dep : q.ops.front().deps) run_until(*dep.queue, dep.position);
      Op op = std::move(q.ops.front());
      q.ops.pop_front();
      execute(op);
      ++q.executed;
    }
  }

  void run_all(Queue& q) { run_until(q, q.enqueued); }

  /// Runs all work issued on a device (cuCtxSynchronize).
  void run_device(int dev) {
    DeviceState& d = device(dev);
    run_all(*d.null_queue);
    for (size_t i = 0; i < d.streams.size(); ++i) run_all(*d.streams[i]);
  }

  void execute(Op& op) {
    switch (op.kind) {
      case Op::copy:
        if (op.check_source && checksum(op.src, op.bytes) != op.source_sum)
          ++stats.staging_violations;
        std::memmove(op.dst, op.src, op.bytes);
        break;
      case Op::fill:
        std::memset(op.dst, op.value, op.bytes);
        break;
      case Op::record:
        if (op.event->generation == op.generation) op.event->stamp = Clock::now();
        break;
      case Op::wait:
      case Op::kernel:
        break;
    }
  }
};

inline State& state() {
  static State* s = new State;  // never destroyed: the library may call in during exit
  return *s;
}

inline thread_local CUctx_st* t_current = nullptr;

using Lock = std::lock_guard<std::mutex>;

inline long long env_int(const char* name, long long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  long long x = std::strtoll(v, &end, 0);
  return *end == '\0' ? x : fallback;
}

inline CUresult need_init(const State& s) {
  return s.init_result == CUDA_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

inline CUresult need_device(const State& s, CUdevice dev) {
  if (need_init(s) != CUDA_SUCCESS) return CUDA_ERROR_NOT_INITIALIZED;
  return dev >= 0 && size_t(dev) < s.devices.size() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

// What every memory, stream and event call needs first.
inline CUresult need_context(const State& s) {
  if (need_init(s) != CUDA_SUCCESS) return CUDA_ERROR_NOT_INITIALIZED;
  if (s.sticky != CUDA_SUCCESS) return s.sticky;
  return t_current ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

// The queue behind a stream handle; 0 and CU_STREAM_LEGACY name the current device's null
// stream. Call after need_context.
inline CUresult queue_of(State& s, CUstream h, std::shared_ptr<Queue>& out) {
  if (h == nullptr || h == CU_STREAM_LEGACY) {
    out = s.device(t_current->device).null_queue;
    return CUDA_SUCCESS;
  }
  if (!s.streams.count(h)) return CUDA_ERROR_INVALID_HANDLE;
  out = h->queue;
  return CUDA_SUCCESS;
}

inline CUresult event_state(const State& s, CUevent e, EventState*& out) {
  if (!s.events.count(e)) return CUDA_ERROR_INVALID_HANDLE;
  out = e->state.get();
  return CUDA_SUCCESS;
}

// Issues a copy or fill on stream `h` of the current device; `complete`: run it (and what it
// depends on) before returning, as copies to or from pageable memory do.
inline CUresult issue(State& s, CUstream h, Op op, bool complete) {
  std::shared_ptr<Queue> q;
  if (CUresult r = queue_of(s, h, q); r != CUDA_SUCCESS) return r;
  if (q->device != t_current->device) return CUDA_ERROR_INVALID_HANDLE;  // another context's
  uint64_t position = s.enqueue(*q, std::move(op));
  if (complete) s.run_until(*q, position);
  return CUDA_SUCCESS;
}

inline Op copy_op(char* dst, const char* src, size_t bytes) {
  Op op;
  op.kind = Op::copy;
  op.dst = dst;
  op.src = src;
  op.bytes = bytes;
  return op;
}

inline bool event_done(const EventState& e) { return !e.queue || e.queue->executed >= e.position; }

/// mock_cuda_stat's counters of modules and launches (mock_modules.cpp); -1 for other names.
/// Call with State::mutex held.
long long module_stat(const std::string& name);

}  // namespace mock_cuda
