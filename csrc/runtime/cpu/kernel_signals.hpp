#pragma once
/// Signals inside kernel code on the host. A fault in a kernel (SIGSEGV, SIGBUS, SIGFPE, a stack
/// overflow) or the watchdog's stop signal, taken while a thread runs kernel code, jumps back to
/// the block runner, which turns it into an error; everything else goes to the handler that was
/// installed before ours (Python's faulthandler, or the default action), as if we were absent.
///
/// The handlers look the faulting thread up in a fixed table of registered threads rather than
/// in thread-local storage: a dlopen'ed library's TLS may be allocated on first touch, which a
/// signal handler must not do. Each registered thread gets an alternate signal stack, so a stack
/// overflow can still be handled.
#include <pthread.h>
#include <setjmp.h>
#include <sys/types.h>

#include <atomic>
#include <cstdint>

namespace cupylike::cpu {

class LaunchControl;

/// What made a thread leave kernel code, written by the signal handler before it jumps.
struct FaultRecord {
  int signo = 0;          // SIGSEGV, SIGBUS, SIGFPE or stop_signal()
  int code = 0;           // siginfo's si_code
  uintptr_t address = 0;  // siginfo's si_addr: the faulting address (or instruction, for SIGFPE)
  int write = -1;         // whether a memory fault was a write (x86-64); -1: unknown
};

/// A thread that runs kernel blocks, as the signal handlers and the watchdog see it.
struct KernelThread {
  /// The calling thread's entry, registered on first use: installs the handlers (once per
  /// process), gives the thread an alternate signal stack and starts the watchdog.
  static KernelThread& current();

  /// Where the handler jumps (sigsetjmp'ed by the runner for each block, without the mask).
  sigjmp_buf escape;
  /// 1 while the thread runs kernel code, 0 in runtime code: only kernel code is left by a jump,
  /// so no runtime lock or allocation is ever abandoned half-way.
  std::atomic<int> in_kernel{0};
  /// The launch whose block runs here, or null (read by the watchdog).
  std::atomic<LaunchControl*> launch{nullptr};
  FaultRecord fault;
  /// The native stack's lowest usable address (its guard lies below).
  uintptr_t stack_low = 0;

  // Set at registration: `claimed` reserves the slot, `used` publishes it once filled in.
  std::atomic<bool> claimed{false}, used{false};
  pthread_t thread{};
  pid_t tid = 0;
};

/// The signal that stops a block from outside (a realtime signal: nobody sends it by default).
int stop_signal();

/// Calls fn(thread) for each registered thread; for the watchdog.
template <class Fn>
void for_each_kernel_thread(Fn&& fn);

/// Sends the stop signal to a registered thread.
void send_stop(const KernelThread& thread);

/// Puts the handlers back in front if something installed its own over them since (they then
/// chain to it). Cheap enough for the watchdog's every tick.
void keep_handlers_in_front();

namespace detail {
constexpr int kMaxKernelThreads = 512;
extern KernelThread g_kernel_threads[kMaxKernelThreads];
}  // namespace detail

template <class Fn>
void for_each_kernel_thread(Fn&& fn) {
  for (KernelThread& t : detail::g_kernel_threads)
    if (t.used.load(std::memory_order_acquire)) fn(t);
}

}  // namespace cupylike::cpu
