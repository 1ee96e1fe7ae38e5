// The collectives of a block as the block runner serves them: the entry points a module's
// runtime table reaches, each a request that parks the calling thread (BlockRunner::wait), and
// the rules by which the scheduler releases requests and what each returns, as CUDA defines
// them. The running of blocks, promotion to fibers and scheduling are in block_runner.cpp.
#include <algorithm>
#include <vector>

#include "runtime/cpu/block_runner.hpp"

namespace cupylike::cpu {
namespace {

int rt_syncthreads(int kind, int pred) {
  return BlockRunner::of_this_thread().syncthreads(kind, pred);
}
void rt_syncwarp(unsigned mask) { BlockRunner::of_this_thread().syncwarp(mask); }
unsigned rt_vote(int kind, unsigned mask, int pred) {
  return BlockRunner::of_this_thread().vote(kind, mask, pred);
}
unsigned long long rt_shfl(int mode, unsigned mask, unsigned long long v, int lane, int width) {
  return BlockRunner::of_this_thread().shfl(mode, mask, v, lane, width);
}
unsigned rt_match(int kind, unsigned mask, unsigned long long v, int* pred) {
  return BlockRunner::of_this_thread().match(kind, mask, v, pred);
}
unsigned rt_reduce(int op, unsigned mask, unsigned v, int is_signed) {
  return BlockRunner::of_this_thread().reduce(op, mask, v, is_signed);
}
unsigned rt_activemask() { return BlockRunner::of_this_thread().activemask(); }
void rt_trap(const char* message) { BlockRunner::of_this_thread().trap(message); }

}  // namespace

const __cpuk_rt_t* runtime_table() {
  static const __cpuk_rt_t table = {CUPYLIKE_CPU_ABI_VERSION,
                                    &rt_syncthreads,
                                    &rt_syncwarp,
                                    &rt_vote,
                                    &rt_shfl,
                                    &rt_match,
                                    &rt_reduce,
                                    &rt_activemask,
                                    &rt_trap};
  return &table;
}

int BlockRunner::syncthreads(int kind, int predicate) {
  Thread r;
  r.op = Op::barrier;
  r.kind = kind;
  r.value = predicate != 0;
  return int(wait(r));
}

void BlockRunner::syncwarp(unsigned mask) {
  Thread r;
  r.op = Op::syncwarp;
  r.mask = mask;
  wait(r);
}

unsigned BlockRunner::vote(int kind, unsigned mask, int predicate) {
  Thread r;
  r.op = Op::vote;
  r.kind = kind;
  r.mask = mask;
  r.value = predicate != 0;
  return unsigned(wait(r));
}

unsigned long long BlockRunner::shfl(int mode, unsigned mask, unsigned long long value, int lane,
                                     int width) {
  if (width <= 0 || width > 32 || (width & (width - 1)))
    trap("__shfl_sync: width must be a power of two no larger than warpSize");
  Thread r;
  r.op = Op::shfl;
  r.kind = mode;
  r.mask = mask;
  r.value = value;
  r.lane = lane;
  r.width = width;
  return wait(r);
}

unsigned BlockRunner::match(int kind, unsigned mask, unsigned long long value, int* pred) {
  Thread r;
  r.op = Op::match;
  r.kind = kind;
  r.mask = mask;
  r.value = value;
  unsigned result = unsigned(wait(r));
  int me = fibers_ ? current_ : current_linear();
  if (pred) *pred = threads_[me].pred;
  return result;
}

unsigned BlockRunner::reduce(int op, unsigned mask, unsigned value, int is_signed) {
  Thread r;
  r.op = Op::reduce;
  r.kind = op;
  r.mask = mask;
  r.value = value;
  r.is_signed = is_signed;
  return unsigned(wait(r));
}

unsigned BlockRunner::activemask() {
  int me = fibers_ ? current_ : current_linear();
  int base = me / 32 * 32;
  unsigned mask = 0;
  for (int lane = 0; lane < 32 && base + lane < nthreads_; ++lane) {
    int i = base + lane;
    // Before promotion the threads after `me` have yet to run: they are live.
    bool live = fibers_ ? threads_[i].state != State::done : i >= me;
    mask |= unsigned(live) << lane;
  }
  return mask;
}

bool BlockRunner::release() {
  bool released = release_barrier();
  for (int i = 0; i < nthreads_; ++i) {
    const Thread& t = threads_[i];
    if (t.state == State::waiting && t.op != Op::barrier) released |= release_warp_group(i);
  }
  return released;
}

// A block barrier opens when every thread that has not exited waits at one (CUDA counts
// arrivals, not call sites, and exited threads never hold a barrier).
bool BlockRunner::release_barrier() {
  int live = 0, arrived = 0, count = 0;
  for (const Thread& t : threads_) {
    if (t.state == State::done) continue;
    ++live;
    if (t.state == State::waiting && t.op == Op::barrier) {
      ++arrived;
      count += t.value != 0;
    }
  }
  if (live == 0 || arrived != live) return false;
  for (Thread& t : threads_) {
    if (t.state != State::waiting) continue;
    switch (t.kind) {
      case __CPUK_BAR_COUNT:
        t.result = unsigned(count);
        break;
      case __CPUK_BAR_AND:
        t.result = count == live;
        break;
      case __CPUK_BAR_OR:
        t.result = count > 0;
        break;
      default:
        t.result = 0;
    }
    t.state = State::runnable;
  }
  return true;
}

// A warp collective opens when every lane named in its mask that has not exited waits at the
// same operation with the same mask.
bool BlockRunner::release_warp_group(int first) {
  const Thread& t = threads_[first];
  int base = first / 32 * 32;
  unsigned mask = t.mask | (1u << (first % 32));
  std::vector<int> members;
  for (int lane = 0; lane < 32; ++lane) {
    int i = base + lane;
    if (!(mask >> lane & 1u) || i >= nthreads_ || threads_[i].state == State::done) continue;
    const Thread& u = threads_[i];
    if (u.state != State::waiting || u.op != t.op || u.kind != t.kind || u.mask != t.mask)
      return false;
    members.push_back(i);
  }
  compute_warp_results(members);
  for (int i : members) threads_[i].state = State::runnable;
  return true;
}

void BlockRunner::compute_warp_results(const std::vector<int>& members) {
  const Thread& first = threads_[members[0]];
  int base = members[0] / 32 * 32;
  auto member_at = [&](int lane) -> const Thread* {
    for (int i : members)
      if (i - base == lane) return &threads_[i];
    return nullptr;
  };
  unsigned ballot = 0;
  bool all_equal = true;
  for (int i : members) {
    ballot |= unsigned(threads_[i].value != 0) << (i - base);
    all_equal &= threads_[i].value == first.value;
  }
  for (int i : members) {
    Thread& t = threads_[i];
    int lane = i - base;
    switch (t.op) {
      case Op::vote:
        if (t.kind == __CPUK_VOTE_BALLOT)
          t.result = ballot;
        else {
          unsigned voters = 0;
          for (int m : members) voters |= 1u << (m - base);
          bool all = ballot == voters, any = ballot != 0;
          t.result = t.kind == __CPUK_VOTE_ALL   ? all
                     : t.kind == __CPUK_VOTE_ANY ? any
                                                 : (all || !any);
        }
        break;
      case Op::shfl: {
        int w = t.width, group = lane / w * w, src = lane;
        switch (t.kind) {
          case __CPUK_SHFL_IDX:
            src = group + (t.lane & (w - 1));
            break;
          case __CPUK_SHFL_UP:
            src = lane - t.lane < group ? lane : lane - t.lane;
            break;
          case __CPUK_SHFL_DOWN:
            src = lane + t.lane >= group + w ? lane : lane + t.lane;
            break;
          default:
            src = (lane ^ t.lane) >= group + w ? lane : (lane ^ t.lane);
            break;
        }
        const Thread* s = src >= 0 && src < 32 ? member_at(src) : nullptr;
        t.result = s ? s->value : t.value;  // a lane outside the group: undefined in CUDA
        break;
      }
      case Op::match: {
        unsigned same = 0;
        for (int m : members) same |= unsigned(threads_[m].value == t.value) << (m - base);
        if (t.kind == __CPUK_MATCH_ANY) {
          t.result = same;
        } else {
          t.pred = all_equal;
          t.result = all_equal ? same : 0;
        }
        break;
      }
      case Op::reduce: {
        unsigned acc = unsigned(first.value);
        for (int m : members) {
          unsigned v = unsigned(threads_[m].value);
          switch (t.kind) {
            case __CPUK_REDUCE_ADD:
              acc = m == members[0] ? v : acc + v;
              break;
            case __CPUK_REDUCE_MIN:
              acc = t.is_signed ? unsigned(std::min(int(acc), int(v))) : std::min(acc, v);
              break;
            case __CPUK_REDUCE_MAX:
              acc = t.is_signed ? unsigned(std::max(int(acc), int(v))) : std::max(acc, v);
              break;
            case __CPUK_REDUCE_AND:
              acc &= v;
              break;
            case __CPUK_REDUCE_OR:
              acc |= v;
              break;
            default:
              acc = m == members[0] ? v : acc ^ v;
          }
        }
        t.result = acc;
        break;
      }
      default:
        t.result = 0;  // syncwarp
    }
  }
}

}  // namespace cupylike::cpu
