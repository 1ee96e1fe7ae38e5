// The block simulator behind the prelude tests (see block_simulator.hpp).
#include "block_simulator.hpp"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <iterator>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

// The two symbols the compiler driver's glue defines in every kernel module.
extern "C" {
__attribute__((visibility("hidden"))) thread_local __cpuk_ctx_t __cpuk_ctx;
__attribute__((visibility("hidden"))) const __cpuk_rt_t* __cpuk_rt = nullptr;
}

namespace cupylike::prelude_test {
namespace {

// One rendezvous point: the lanes (or threads) expected deposit a value and a predicate, the
// last to arrive snapshots them for everyone and opens the next generation.
struct Meeting {
  unsigned arrived = 0, generation = 0;
  unsigned long long value[1024] = {}, value_seen[1024] = {};
  int predicate[1024] = {}, predicate_seen[1024] = {};
};

struct Simulator {
  std::mutex mutex;
  std::condition_variable changed;
  unsigned threads = 0;
  unsigned active_lanes = 0xffffffffu;
  std::map<std::pair<unsigned, unsigned>, Meeting> meetings;  // (warp or ~0u, mask)
  ShflCall last_shfl{};

  bool runs(unsigned linear) const {
    return linear < threads && ((active_lanes >> (linear % 32)) & 1u);
  }
  // Lanes of `warp` that run.
  unsigned live_lanes(unsigned warp) const {
    unsigned mask = 0;
    for (unsigned lane = 0; lane < 32; ++lane)
      if (runs(warp * 32 + lane)) mask |= 1u << lane;
    return mask;
  }

  // Waits for the participants; afterwards `seen` holds everyone's deposits. `slot` indexes the
  // caller's deposit (lane for warp meetings, linear index for the block barrier).
  Meeting& meet(std::pair<unsigned, unsigned> key, unsigned expected, unsigned slot,
                unsigned long long value, int predicate, std::unique_lock<std::mutex>& lock) {
    Meeting& m = meetings[key];
    m.value[slot] = value;
    m.predicate[slot] = predicate;
    const unsigned generation = m.generation;
    if (++m.arrived == expected) {
      std::copy(std::begin(m.value), std::end(m.value), std::begin(m.value_seen));
      std::copy(std::begin(m.predicate), std::end(m.predicate), std::begin(m.predicate_seen));
      m.arrived = 0;
      ++m.generation;
      changed.notify_all();
    } else {
      changed.wait(lock, [&] { return m.generation != generation; });
    }
    return m;
  }
};

Simulator sim;

unsigned linear_tid() {
  return __cpuk_ctx.tid.x +
         __cpuk_ctx.bdim.x * (__cpuk_ctx.tid.y + __cpuk_ctx.bdim.y * __cpuk_ctx.tid.z);
}

// A warp meeting of the lanes in `mask` that run; returns the meeting with the snapshot.
Meeting& warp_meet(unsigned mask, unsigned long long value, int predicate,
                   std::unique_lock<std::mutex>& lock) {
  const unsigned warp = linear_tid() / 32, lane = linear_tid() % 32;
  const unsigned expected = static_cast<unsigned>(__builtin_popcount(mask & sim.live_lanes(warp)));
  return sim.meet({warp, mask}, expected, lane, value, predicate, lock);
}

int rt_syncthreads(int kind, int predicate) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  unsigned expected = 0;
  for (unsigned t = 0; t < sim.threads; ++t) expected += sim.runs(t);
  Meeting& m = sim.meet({~0u, 0u}, expected, linear_tid(), 0, predicate, lock);
  int count = 0;
  for (unsigned t = 0; t < sim.threads; ++t)
    if (sim.runs(t)) count += m.predicate_seen[t];
  switch (kind) {
    case __CPUK_BAR_COUNT:
      return count;
    case __CPUK_BAR_AND:
      return count == static_cast<int>(expected);
    case __CPUK_BAR_OR:
      return count > 0;
    default:
      return 0;
  }
}

void rt_syncwarp(unsigned mask) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  warp_meet(mask, 0, 0, lock);
}

unsigned participants(unsigned mask) { return mask & sim.live_lanes(linear_tid() / 32); }

unsigned rt_vote(int kind, unsigned mask, int predicate) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  Meeting& m = warp_meet(mask, 0, predicate, lock);
  unsigned ballot = 0;
  const unsigned lanes = participants(mask);
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((lanes >> lane) & 1u && m.predicate_seen[lane]) ballot |= 1u << lane;
  switch (kind) {
    case __CPUK_VOTE_BALLOT:
      return ballot;
    case __CPUK_VOTE_ALL:
      return ballot == lanes;
    case __CPUK_VOTE_ANY:
      return ballot != 0;
    default:
      return ballot == 0 || ballot == lanes;
  }
}

// PTX shfl.sync: the source lane within the caller's width-segment; a source outside the
// segment (up/down past its ends, idx/xor outside it) returns the caller's own value.
unsigned long long rt_shfl(int mode, unsigned mask, unsigned long long value, int lane_arg,
                           int width) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  sim.last_shfl = {mode, mask, value, lane_arg, width};
  Meeting& m = warp_meet(mask, value, 0, lock);
  const int lane = static_cast<int>(linear_tid() % 32);
  const int segment = lane / width * width;
  int source = lane;
  switch (mode) {
    case __CPUK_SHFL_IDX:
      source = segment + lane_arg % width;
      break;
    case __CPUK_SHFL_UP:
      source = lane - lane_arg >= segment ? lane - lane_arg : lane;
      break;
    case __CPUK_SHFL_DOWN:
      source = lane + lane_arg < segment + width ? lane + lane_arg : lane;
      break;
    case __CPUK_SHFL_XOR:
      source = lane ^ lane_arg;
      break;
  }
  if (source < segment || source >= segment + width || !((participants(mask) >> source) & 1u))
    source = lane;
  return m.value_seen[source];
}

unsigned rt_match(int kind, unsigned mask, unsigned long long value, int* pred) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  Meeting& m = warp_meet(mask, value, 0, lock);
  const unsigned lanes = participants(mask);
  unsigned equal = 0;
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((lanes >> lane) & 1u && m.value_seen[lane] == value) equal |= 1u << lane;
  if (kind == __CPUK_MATCH_ANY) return equal;
  *pred = equal == lanes;
  return equal == lanes ? lanes : 0u;
}

unsigned rt_reduce(int op, unsigned mask, unsigned value, int is_signed) {
  std::unique_lock<std::mutex> lock(sim.mutex);
  Meeting& m = warp_meet(mask, value, 0, lock);
  const unsigned lanes = participants(mask);
  bool first = true;
  unsigned result = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((lanes >> lane) & 1u)) continue;
    const unsigned v = static_cast<unsigned>(m.value_seen[lane]);
    const bool less = is_signed ? static_cast<int>(v) < static_cast<int>(result) : v < result;
    if (first)
      result = v;
    else if (op == __CPUK_REDUCE_ADD)
      result += v;
    else if (op == __CPUK_REDUCE_MIN)
      result = less ? v : result;
    else if (op == __CPUK_REDUCE_MAX)
      result = less ? result : v;
    else if (op == __CPUK_REDUCE_AND)
      result &= v;
    else if (op == __CPUK_REDUCE_OR)
      result |= v;
    else
      result ^= v;
    first = false;
  }
  return result;
}

unsigned rt_activemask() {
  std::lock_guard<std::mutex> lock(sim.mutex);
  return sim.live_lanes(linear_tid() / 32);
}

void rt_trap(const char* message) { throw KernelTrap(message); }

const __cpuk_rt_t table = {CUPYLIKE_CPU_ABI_VERSION,
                           rt_syncthreads,
                           rt_syncwarp,
                           rt_vote,
                           rt_shfl,
                           rt_match,
                           rt_reduce,
                           rt_activemask,
                           rt_trap};

}  // namespace

void run_block_impl(dim3 block, void (*body)(void*), void* context, unsigned active_lanes,
                    dim3 grid, dim3 block_index) {
  __cpuk_rt = &table;
  sim.threads = block.x * block.y * block.z;
  sim.active_lanes = active_lanes;
  sim.meetings.clear();
  std::vector<std::thread> threads;
  std::vector<std::exception_ptr> errors(sim.threads);
  for (unsigned z = 0; z < block.z; ++z)
    for (unsigned y = 0; y < block.y; ++y)
      for (unsigned x = 0; x < block.x; ++x) {
        const unsigned linear = x + block.x * (y + block.y * z);
        if (!sim.runs(linear)) continue;
        threads.emplace_back([=, &errors] {
          __cpuk_ctx.tid = make_uint3(x, y, z);
          __cpuk_ctx.bid = make_uint3(block_index.x, block_index.y, block_index.z);
          __cpuk_ctx.bdim = make_uint3(block.x, block.y, block.z);
          __cpuk_ctx.gdim = make_uint3(grid.x, grid.y, grid.z);
          try {
            body(context);
          } catch (...) {
            errors[linear] = std::current_exception();
          }
        });
      }
  for (std::thread& t : threads) t.join();
  for (std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
}

ShflCall last_shfl_call() {
  std::lock_guard<std::mutex> lock(sim.mutex);
  return sim.last_shfl;
}

}  // namespace cupylike::prelude_test
