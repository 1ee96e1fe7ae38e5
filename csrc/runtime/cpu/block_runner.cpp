#include "runtime/cpu/block_runner.hpp"

#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "core/error.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike::cpu {
namespace {

// Unwinds the native thread when the block is abandoned (another thread trapped, or deadlock).
struct Abort {};
// A __trap or failed assert in kernel code.
struct Trap {
  std::string message;
};

}  // namespace

bool reverse_thread_order() {
  static const bool reverse = [] {
    const char* v = std::getenv("CUPYLIKE_THREAD_ORDER");
    return v && std::strcmp(v, "reverse") == 0;
  }();
  return reverse;
}

BlockRunner& BlockRunner::of_this_thread() {
  static thread_local BlockRunner runner;
  return runner;
}

void BlockRunner::run(const KernelEntry& kernel, void** args, const LaunchDims& dims,
                      uint64_t index, LaunchControl& control) {
  control.check(kernel.name ? kernel.name->c_str() : "?");  // blocks not started are dropped
  control_ = &control;
  kernel_ = &kernel;
  args_ = args;
  ctx_ = kernel.context();
  uint64_t gx = dims.grid.x, gy = dims.grid.y;
  ctx_->bid = uint3{unsigned(index % gx), unsigned(index / gx % gy), unsigned(index / (gx * gy))};
  ctx_->bdim = uint3{dims.block.x, dims.block.y, dims.block.z};
  ctx_->gdim = uint3{dims.grid.x, dims.grid.y, dims.grid.z};
  ctx_->promoted = 0;
  nthreads_ = int(dims.block.x * dims.block.y * dims.block.z);
  reverse_ = reverse_thread_order();
  fibers_ = false;
  native_ = -1;
  aborting_ = false;
  error_.clear();
  // The watchdog looks for threads running a launch; the jump below lands here from a fault or
  // a stop anywhere in the block, on this stack or a fiber's.
  struct Running {
    KernelThread& t;
    ~Running() {
      t.in_kernel.store(0, std::memory_order_relaxed);
      t.launch.store(nullptr, std::memory_order_release);
    }
  } running{*self_};
  self_->launch.store(&control, std::memory_order_release);
  if (sigsetjmp(self_->escape, 0)) escaped();
  try {
    self_->in_kernel.store(1, std::memory_order_relaxed);
    int promoted = reverse_ ? run_reversed() : kernel.seq(args);
    self_->in_kernel.store(0, std::memory_order_relaxed);
    if (promoted) finish_promoted();
  } catch (const Abort&) {
  } catch (const Trap& t) {
    fail(t.message);
  } catch (const std::exception& e) {
    fail(std::string("a C++ exception escaped the kernel: ") + e.what());
  } catch (...) {
    fail("a C++ exception escaped the kernel");
  }
  self_->in_kernel.store(0, std::memory_order_relaxed);
  if (!error_.empty()) raise(ErrorKind::kernel, error_ + " (in block " + dim_str(ctx_->bid) + ")");
}

FaultSite BlockRunner::site() const {
  FaultSite s;
  s.kernel = kernel_->name ? *kernel_->name : "?";
  s.block = ctx_->bid;
  s.thread = ctx_->tid;
  s.args = args_;
  s.pointer_params = kernel_->pointer_params;
  bool on_fiber = fibers_ && current_ >= 0 && current_ < nthreads_ && current_ != native_;
  s.fiber_stack = on_fiber;
  s.stack_low = on_fiber ? stacks_[current_]->low() : self_->stack_low;
  return s;
}

// Landed from the signal handler (a fault, or the watchdog's stop) or from a collective that
// found the launch stopping: the block is abandoned where it stands. Its fibers are restarted
// from scratch by the next promotion, so nothing of it survives but the error.
void BlockRunner::escaped() {
  self_->in_kernel.store(0, std::memory_order_relaxed);
  const FaultRecord fault = self_->fault;
  const FaultSite where = site();
  if (fault.signo != stop_signal()) throw fault_error(fault, where);
  if (control_->stop() == LaunchControl::Stop::timed_out) {
    // Stopped inside kernel code (not at a collective) while others wait at a barrier.
    std::string stuck = fault.code == SI_TKILL ? describe_stuck() : "";
    if (!stuck.empty()) throw KernelFault(KernelFault::Kind::deadlock, fault_place(where) + stuck);
    throw KernelFault(KernelFault::Kind::timeout,
                      fault_place(where) + "it ran longer than " + kernel_timeout_setting() +
                          "; memory the kernel wrote may be inconsistent");
  }
  control_->check(where.kernel.c_str());
  throw Interrupted();
}

// A block stopped by the timeout while some of its threads wait at a barrier: the running thread
// never reaches it. Threads of a block take turns here, so one that spins on a flag another
// thread sets after the barrier keeps that thread from ever running.
std::string BlockRunner::describe_stuck() const {
  if (!fibers_ || current_ < 0 || current_ >= nthreads_) return "";
  std::string waiting;
  int listed = 0, total = 0;
  for (const Thread& t : threads_) {
    if (t.state != State::waiting || t.op != Op::barrier) continue;
    ++total;
    if (listed++ < 4) waiting.append(listed > 1 ? ", " : "").append(dim_str(t.tid));
  }
  if (total == 0) return "";
  if (total > 4) waiting.append(" and " + std::to_string(total - 4) + " more");
  return "deadlock found by " + kernel_timeout_setting() + ": thread " +
         dim_str(threads_[current_].tid) +
         " still runs without reaching the __syncthreads that thread(s) " + waiting +
         " wait at (threads of a block take turns on the host, so one spinning on a flag that "
         "another sets after the barrier never lets it run)";
}

int BlockRunner::current_linear() const {
  const uint3& t = ctx_->tid;
  return int(t.x + ctx_->bdim.x * (t.y + ctx_->bdim.y * t.z));
}

// The block's threads last to first, one call each (kernel.seq runs them first to last).
int BlockRunner::run_reversed() {
  const uint3 b = ctx_->bdim;
  for (int i = nthreads_ - 1; i >= 0; --i) {
    ctx_->tid = uint3{unsigned(i) % b.x, unsigned(i) / b.x % b.y, unsigned(i) / (b.x * b.y)};
    kernel_->thr(args_);
    if (ctx_->promoted) return 1;
  }
  return 0;
}

void BlockRunner::promote(int me) {
  fibers_ = true;
  ctx_->promoted = 1;
  native_ = me;
  current_ = me;
  threads_.assign(size_t(nthreads_), Thread{});
  contexts_.resize(size_t(nthreads_) + 1);
  starts_.resize(size_t(nthreads_));
  while (stacks_.size() < size_t(nthreads_)) stacks_.push_back(nullptr);
  const uint3 b = ctx_->bdim;
  for (int i = 0; i < nthreads_; ++i) {
    Thread& t = threads_[i];
    t.tid = uint3{unsigned(i) % b.x, unsigned(i) / b.x % b.y, unsigned(i) / (b.x * b.y)};
    if (reverse_ ? i > me : i < me) {
      t.state = State::done;  // ran to completion without a collective: exited, as in CUDA
    } else if (i == me) {
      t.state = State::running;
    } else {
      if (!stacks_[i]) stacks_[i] = std::make_unique<FiberStack>(fiber_stack_bytes());
      starts_[i] = FiberStart{this, i};
      contexts_[i] = stacks_[i]->start(&BlockRunner::fiber_main, &starts_[i]);
    }
  }
}

void BlockRunner::finish_promoted() {
  threads_[native_].state = State::done;
  native_ = -1;
  current_ = nthreads_;  // the native stack is now the driver
  schedule();
}

void BlockRunner::fiber_main(void* start) {
  auto* s = static_cast<FiberStart*>(start);
  BlockRunner& r = *s->runner;
  try {
    r.self_->in_kernel.store(1, std::memory_order_relaxed);
    r.kernel_->thr(r.args_);
    r.self_->in_kernel.store(0, std::memory_order_relaxed);
  } catch (const Abort&) {
  } catch (const Trap& t) {
    r.fail(t.message);
  } catch (const std::exception& e) {
    r.fail(std::string("a C++ exception escaped the kernel: ") + e.what());
  } catch (...) {
    r.fail("a C++ exception escaped the kernel");
  }
  r.self_->in_kernel.store(0, std::memory_order_relaxed);
  r.threads_[s->index].state = State::done;
  r.schedule();
  __builtin_trap();  // a finished fiber is never resumed
}

void BlockRunner::fail(const std::string& message) {
  if (error_.empty()) error_ = message;
  aborting_ = true;
}

void BlockRunner::switch_to(int next) {
  int driver = nthreads_;
  if (next != driver) {
    threads_[next].state = State::running;
    ctx_->tid = threads_[next].tid;
  }
  if (next == current_) return;
  int prev = current_;
  current_ = next;
  fiber_switch(contexts_[prev], contexts_[next]);
}

void BlockRunner::schedule() {
  for (;;) {
    if (aborting_) {
      // Leave the fibers where they stand: the native thread (if it still runs) unwinds with
      // Abort; otherwise the driver reports the error.
      bool native_alive = native_ >= 0 && threads_[native_].state != State::done;
      switch_to(native_alive ? native_ : nthreads_);
      return;
    }
    // The next runnable thread after the current one, in the order the block started in.
    const int step = reverse_ ? nthreads_ - 1 : 1;
    int start = current_ < nthreads_ ? (current_ + step) % nthreads_ : reverse_ ? nthreads_ - 1 : 0;
    for (int k = 0; k < nthreads_; ++k) {
      int i = (start + k * step) % nthreads_;
      if (threads_[i].state == State::runnable) {
        switch_to(i);
        return;
      }
    }
    if (release()) continue;
    bool all_done = true;
    for (const Thread& t : threads_) all_done &= t.state == State::done;
    if (all_done) {
      switch_to(nthreads_);
      return;
    }
    fail(describe_deadlock());
  }
}

unsigned long long BlockRunner::wait(Thread request) {
  // Runtime code from here on: a stop must not jump out of the scheduler half-way.
  self_->in_kernel.store(0, std::memory_order_relaxed);
  if (control_->stop() != LaunchControl::Stop::none) {
    self_->fault = FaultRecord{stop_signal(), 0, 0, -1};
    siglongjmp(self_->escape, 1);
  }
  int me = fibers_ ? current_ : current_linear();
  if (!fibers_) promote(me);
  Thread& t = threads_[me];
  request.tid = t.tid;
  request.state = State::waiting;
  t = request;
  schedule();
  if (aborting_) throw Abort{};
  self_->in_kernel.store(1, std::memory_order_relaxed);
  return threads_[me].result;
}

std::string BlockRunner::describe_deadlock() const {
  std::string waits;
  int listed = 0;
  for (const Thread& t : threads_) {
    if (t.state != State::waiting || listed == 4) continue;
    waits.append(listed++ ? "; thread " : "thread ");
    waits.append(dim_str(t.tid));
    if (t.op == Op::barrier) {
      waits.append(" waits at __syncthreads");
    } else {
      waits.append(" waits at a warp collective with mask ");
      waits.append(std::to_string(t.mask));
    }
  }
  return "deadlock: the threads of the block wait at collectives that can never complete (" +
         waits + ")";
}

void BlockRunner::trap(const char* message) {
  self_->in_kernel.store(0, std::memory_order_relaxed);  // the unwinder takes locks
  throw Trap{message && *message ? message : "__trap() was called"};
}

}  // namespace cupylike::cpu
