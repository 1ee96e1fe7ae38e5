#pragma once
// The emulated GPU's model: devices and their memory, contexts, streams as queues of work that
// runs lazily, events, and the checks the driver calls share. The rules it keeps are written at
// the top of driver.cpp; the functions live in driver.cpp (devices, contexts, memory, copies),
// streams.cpp, modules.cpp and launches.cpp.
//
// The library builds with hidden visibility; cuda.h's declarations are made visible, so the
// driver API is exported and nothing here is.
#pragma GCC visibility push(default)
#include <cuda.h>
#pragma GCC visibility pop

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "emulator/device_memory.hpp"
#include "runtime/gpu_limits.hpp"

namespace cupylike::emulator {

using Clock = std::chrono::steady_clock;

struct Queue;
struct EventState;
struct Launch;
struct Op;

}  // namespace cupylike::emulator

// The driver's opaque handle types, given bodies here.
struct CUctx_st {
  int device = 0;
};
struct CUstream_st {
  std::shared_ptr<cupylike::emulator::Queue> queue;
};
struct CUevent_st {
  std::shared_ptr<cupylike::emulator::EventState> state;
};
// A captured graph and an instantiated one (graphs.cpp): the ops a capture recorded, issued
// in order on the launch's stream.
struct CUgraph_st {
  int device = 0;
  std::vector<cupylike::emulator::Op> ops;
};
struct CUgraphExec_st {
  int device = 0;
  std::vector<cupylike::emulator::Op> ops;
};

namespace cupylike::emulator {

using namespace gpu_limits;  // the emulated device's limits, throughout the emulator

constexpr int kMaxDevices = 64;

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

/// A device address as the vendor stand-ins' fault messages print it, e.g. "0x7f0000001000".
inline std::string address_text(uint64_t address) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(address));
  return buf;
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

struct State;

/// A vendor library's work (emulated cuBLAS, ...): runs in stream order under the driver's
/// lock and returns "" or why a GPU would have faulted (a range outside live memory), which
/// becomes the sticky CUDA_ERROR_ILLEGAL_ADDRESS.
using Work = std::function<std::string(State&)>;

struct Op {
  enum Kind { copy, fill, record, wait, kernel, work } kind = wait;
  char* dst = nullptr;
  const char* src = nullptr;
  size_t bytes = 0;
  uint8_t value = 0;
  bool check_source = false;  // a pinned host source: its bytes must not change before the copy
  uint64_t source_sum = 0;
  std::shared_ptr<EventState> event;
  uint64_t generation = 0;
  std::shared_ptr<Launch> launch;  // kernel
  Work run;                        // work
  const char* library = nullptr;   // work: the vendor library it stands in for (counted)
  std::vector<Dependency> deps;
};

/// A stream's capture (graphs.cpp): the ops issued to the stream since cuStreamBeginCapture.
struct Capture {
  CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_GLOBAL;
  std::thread::id thread;  // that began it
  uint64_t id = 0;         // cuStreamGetCaptureInfo's unique id
  bool invalidated = false;
  std::vector<Op> ops;
};

struct Queue {
  int device = 0;
  bool null = false;      // the device's legacy null stream
  bool blocking = true;   // synchronises with the null stream (not CU_STREAM_NON_BLOCKING)
  std::deque<Op> ops;     // ops[i] runs at position executed + i
  uint64_t executed = 0;  // ops run so far
  uint64_t enqueued = 0;  // ops issued so far
  uint64_t reported_not_ready = 0;   // cuStreamQuery said NOT_READY for work up to here
  std::unique_ptr<Capture> capture;  // while capturing: ops go there, not to `ops`
};

/// A range of device addresses the emulator serves: memory from cuMemAlloc (host points into
/// the device's DeviceMemory), or a module's global variable (host is the variable itself).
struct Allocation {
  size_t size;
  int device;
  char* host;
  bool global;
};

struct DeviceState {
  CUctx_st context;
  int primary_refs = 0;
  size_t capacity = 0;
  size_t live_bytes = 0;
  DeviceMemory memory;
  std::shared_ptr<Queue> null_queue;
  std::vector<std::shared_ptr<Queue>> streams;  // created and not destroyed
};

struct Stats {
  long long h2d_pinned = 0, h2d_pageable = 0, d2h = 0, staging_violations = 0;
  long long kernels_run = 0;
  long long kernels_interrupted = 0;              // cut short by Ctrl-C (no sticky error)
  std::map<std::string, long long> library_work;  // vendor library work run, by library
};

struct State {
  std::mutex mutex;
  CUresult init_result = CUDA_ERROR_NOT_INITIALIZED;  // until cuInit succeeds
  CUresult sticky = CUDA_SUCCESS;   // a kernel's fault (or a test's): every context call fails
  std::string sticky_message;       // what caused it
  std::deque<DeviceState> devices;  // a deque: contexts never move
  std::map<uint64_t, Allocation> allocations;  // by device address
  std::map<uintptr_t, size_t> pinned;          // cuMemHostAlloc'ed ranges by address
  std::set<CUstream> streams;
  std::set<CUevent> events;
  std::set<CUgraph> graphs;
  std::set<CUgraphExec> graph_execs;
  uint64_t captures_begun = 0;
  Stats stats;

  DeviceState& device(int d) { return devices[size_t(d)]; }

  /// The live allocation of `dev` holding [ptr, ptr + bytes), or null.
  const Allocation* find(uint64_t ptr, size_t bytes, int dev, uint64_t* base = nullptr) const {
    auto it = allocations.upper_bound(ptr);
    if (it == allocations.begin()) return nullptr;
    --it;
    const Allocation& a = it->second;
    uint64_t offset = ptr - it->first;
    if (a.device != dev || offset > a.size || bytes > a.size - offset) return nullptr;
    if (base) *base = it->first;
    return &a;
  }

  /// The emulator's own address for [ptr, ptr + bytes), if it lies in one live allocation of
  /// `dev`.
  char* translate(CUdeviceptr ptr, size_t bytes, int dev) const {
    uint64_t base = 0;
    const Allocation* a = find(ptr, bytes, dev, &base);
    return a ? a->host + (ptr - base) : nullptr;
  }

  /// Whether `p` is an address of device memory, which host code must never dereference.
  bool is_device_address(const void* p) const {
    for (const DeviceState& d : devices)
      if (d.memory.contains(reinterpret_cast<uint64_t>(p))) return true;
    return false;
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
    if (q.capture) {  // recorded, not run: a launch of the graph orders it on its own stream
      if (!q.capture->invalidated) q.capture->ops.push_back(std::move(op));
      return q.enqueued;
    }
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
  /// always point at work issued earlier, so this terminates. Once a kernel has failed, the
  /// rest is dropped unrun, as a GPU drops the work queued behind a fault.
  void run_until(Queue& q, uint64_t position) {
    while (q.executed < position) {
      for (const Dependency& dep : q.ops.front().deps) run_until(*dep.queue, dep.position);
      Op op = std::move(q.ops.front());
      q.ops.pop_front();
      if (sticky == CUDA_SUCCESS) execute(op);
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
      case Op::kernel:
        run_launch(*op.launch);
        break;
      case Op::work:
        if (op.library) ++stats.library_work[op.library];
        if (std::string fault = op.run(*this); !fault.empty()) {
          sticky = CUDA_ERROR_ILLEGAL_ADDRESS;
          sticky_message = fault;
        }
        break;
      case Op::wait:
        break;
    }
  }

  /// Runs a kernel's blocks (launches.cpp); a fault sets the sticky error.
  void run_launch(Launch& launch);
};

State& state();

inline thread_local CUctx_st* t_current = nullptr;

using Lock = std::lock_guard<std::mutex>;

/// Why the calling thread's latest failing call failed (cupylikeEmulatorLastError).
inline thread_local std::string t_last_error;

/// What every entry point starts with: the driver's lock, and no reason left over from an
/// earlier call.
struct Call {
  Lock lock;
  explicit Call(State& s) : lock(s.mutex) { t_last_error.clear(); }
};

inline long long env_int(const char* name, long long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  long long x = std::strtoll(v, &end, 0);
  return *end == '\0' ? x : fallback;
}

/// Returns `code` after recording `message` as the calling thread's explanation of it
/// (cupylikeEmulatorLastError).
CUresult fail(CUresult code, const std::string& message);

inline CUresult need_init(const State& s) {
  return s.init_result == CUDA_SUCCESS ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

inline CUresult need_device(const State& s, CUdevice dev) {
  if (need_init(s) != CUDA_SUCCESS) return CUDA_ERROR_NOT_INITIALIZED;
  return dev >= 0 && size_t(dev) < s.devices.size() ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

/// The sticky error, if a kernel failed (or a test set one): what every later call returns.
inline CUresult sticky_error(const State& s) {
  return s.sticky == CUDA_SUCCESS ? CUDA_SUCCESS : fail(s.sticky, s.sticky_message);
}

// What every memory, stream and event call needs first.
inline CUresult need_context(const State& s) {
  if (need_init(s) != CUDA_SUCCESS) return CUDA_ERROR_NOT_INITIALIZED;
  if (CUresult r = sticky_error(s); r != CUDA_SUCCESS) return r;
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

/// CUDA's capture rules for work issued to `q` (graphs.cpp): work the host waits for is not
/// permitted on a capturing stream, nor work on the legacy stream while a blocking stream of its
/// device captures; either invalidates the capture. A capture already invalidated refuses
/// everything.
CUresult capture_allows(State& s, Queue& q, bool waits);
/// Whether the host may wait for all work of device `dev` (cuCtxSynchronize): not while one of
/// its streams captures, whose work cannot complete; if so, invalidates those captures.
CUresult device_wait_allowed(State& s, int dev);
/// Whether the calling thread may make a "potentially unsafe" call (cuMemAlloc, cuMemFree): not
/// while it captures in a mode other than relaxed, nor while any thread captures in global mode. If
/// not, invalidates those captures and returns CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED naming `call`.
CUresult unsafe_call_allowed(State& s, const char* call);

// Issues an op on stream `h` of the current device; `complete`: run it (and what it depends
// on) before returning, as copies to or from pageable memory do. A kernel that fails meanwhile
// makes this return its error.
inline CUresult issue(State& s, CUstream h, Op op, bool complete) {
  std::shared_ptr<Queue> q;
  if (CUresult r = queue_of(s, h, q); r != CUDA_SUCCESS) return r;
  if (q->device != t_current->device) return CUDA_ERROR_INVALID_HANDLE;  // another context's
  if (CUresult r = capture_allows(s, *q, complete); r != CUDA_SUCCESS) return r;
  uint64_t position = s.enqueue(*q, std::move(op));
  if (complete) s.run_until(*q, position);
  return sticky_error(s);
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

/// cupylikeEmulatorStat's counters of modules and launches (modules.cpp); -1 for other names.
/// Call with State::mutex held.
long long module_stat(const std::string& name);

}  // namespace cupylike::emulator
