#pragma once
/// Fibers for the cpu device: a stack per CUDA thread of a block that synchronises, and a
/// context switch that saves only the callee-saved registers (research/cpu_backend.md §1:
/// 9-20 ns per switch; ucontext's signal-mask syscall makes it 15x slower).
#include <cstddef>
#include <cstdint>

namespace cupylike::cpu {

/// A switchable context: the saved stack pointer (everything else lives on that stack).
struct FiberContext {
  void* sp = nullptr;
};

/// Saves the caller in `from` and resumes `to`. Returns when something switches back to `from`.
void fiber_switch(FiberContext& from, const FiberContext& to);

/// A fiber stack: mmap'ed without reserving memory, with a guard region below it (an overflow
/// faults there, and the fault handler reports it as a stack overflow).
class FiberStack {
 public:
  explicit FiberStack(size_t bytes);
  ~FiberStack();
  FiberStack(const FiberStack&) = delete;
  FiberStack& operator=(const FiberStack&) = delete;

  /// A context that, when switched to, calls entry(arg) on this stack. `entry` must never
  /// return: it ends by switching away for good.
  FiberContext start(void (*entry)(void*), void* arg);
  /// The lowest usable address (the guard lies below).
  uintptr_t low() const;

 private:
  char* base_ = nullptr;  // the guard region
  size_t bytes_ = 0;      // including the guard region
};

/// Bytes per fiber stack: CUPYLIKE_CPU_STACK_SIZE, default 512 KiB (the most CUDA gives a
/// thread; only the pages a kernel touches are backed).
size_t fiber_stack_bytes();

}  // namespace cupylike::cpu
