#pragma once
/// Runs the blocks of a kernel on one OS thread with CUDA's semantics
/// (research/cpu_backend.md §1-2): the threads of a block run one after another as plain calls;
/// when one reaches a barrier or a warp collective the block is promoted — the threads that
/// already returned count as exited, the caller keeps the native stack, the rest become fibers —
/// and a scheduler releases each collective once every live participant has arrived. A state
/// where nothing can run or be released is a deadlock: the launch fails instead of hanging.
#include <cpu_runtime_abi.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/cpu/fiber.hpp"
#include "runtime/cpu/kernel_fault.hpp"
#include "runtime/cpu/kernel_signals.hpp"
#include "runtime/cpu/launch_control.hpp"
#include "runtime/launch.hpp"

namespace cupylike::cpu {

/// A compiled kernel as the runtime calls it (see kernels/cpu_runtime_abi.h).
struct KernelEntry {
  int (*seq)(void** args) = nullptr;
  void (*thr)(void** args) = nullptr;
  __cpuk_ctx_t* (*context)() = nullptr;
  // For fault messages: owned by the module.
  const std::string* name = nullptr;
  const std::vector<bool>* pointer_params = nullptr;
};

/// The function table every module receives: collectives dispatch to the calling thread's
/// BlockRunner.
const __cpuk_rt_t* runtime_table();

/// CUPYLIKE_THREAD_ORDER=reverse (read once per process): the blocks of a grid and the threads
/// of a block run last to first, so that a result that depends on the order in which CUDA
/// threads run (a race, invisible when they always run in one order) differs in tests.
bool reverse_thread_order();

class BlockRunner {
 public:
  /// The runner of the calling OS thread (each worker runs one block at a time).
  static BlockRunner& of_this_thread();

  /// Runs block `index` (linear in the grid); throws Error(kernel) on a trap, a failed assert
  /// or a deadlock, KernelFault on a fault, a timeout or a deadlock found by the timeout, and
  /// Interrupted on Ctrl-C. After any of these the runner is ready for the next block.
  void run(const KernelEntry& kernel, void** args, const LaunchDims& dims, uint64_t index,
           LaunchControl& control);

  // Collectives, called through the module's runtime table (collectives.cpp).
  int syncthreads(int kind, int predicate);
  void syncwarp(unsigned mask);
  unsigned vote(int kind, unsigned mask, int predicate);
  unsigned long long shfl(int mode, unsigned mask, unsigned long long value, int lane, int width);
  unsigned match(int kind, unsigned mask, unsigned long long value, int* pred);
  unsigned reduce(int op, unsigned mask, unsigned value, int is_signed);
  unsigned activemask();
  [[noreturn]] void trap(const char* message);

 private:
  enum class State : uint8_t { runnable, running, waiting, done };
  enum class Op : uint8_t { none, barrier, syncwarp, vote, shfl, match, reduce };

  struct Thread {
    State state = State::runnable;
    Op op = Op::none;
    int kind = 0;  // barrier kind, vote kind, shuffle mode, match kind or reduce op
    unsigned mask = 0;
    int lane = 0, width = 32, is_signed = 0;
    unsigned long long value = 0, result = 0;
    int pred = 0;
    uint3 tid{};
  };
  struct FiberStart {
    BlockRunner* runner;
    int index;
  };

  BlockRunner() : self_(&KernelThread::current()) {}
  unsigned long long wait(Thread request);
  [[noreturn]] void escaped();
  FaultSite site() const;
  std::string describe_stuck() const;
  int current_linear() const;
  int run_reversed();
  void promote(int me);
  void finish_promoted();
  void schedule();
  void switch_to(int next);
  bool release();
  bool release_barrier();
  bool release_warp_group(int first);
  void compute_warp_results(const std::vector<int>& members);
  void fail(const std::string& message);
  std::string describe_deadlock() const;
  static void fiber_main(void* start);

  KernelThread* self_;
  LaunchControl* control_ = nullptr;
  const KernelEntry* kernel_ = nullptr;
  void** args_ = nullptr;
  __cpuk_ctx_t* ctx_ = nullptr;
  int nthreads_ = 0;
  bool reverse_ = false;  // CUPYLIKE_THREAD_ORDER=reverse
  bool fibers_ = false;   // promoted
  int native_ = -1;       // the thread on the native stack, while it runs
  int current_ = -1;      // the running thread, or kDriver
  bool aborting_ = false;
  std::string error_;
  std::vector<Thread> threads_;
  std::vector<FiberContext> contexts_;  // one per thread, then the driver's
  std::vector<FiberStart> starts_;
  std::vector<std::unique_ptr<FiberStack>> stacks_;
};

}  // namespace cupylike::cpu
