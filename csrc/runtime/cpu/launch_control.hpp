#pragma once
/// Stopping a running launch on the host: Ctrl-C and CUPYLIKE_KERNEL_TIMEOUT.
///
/// Each launching thread owns one LaunchControl, reused launch after launch (never freed, so the
/// watchdog may read a stale one safely). The threads running the launch's blocks check it
/// between blocks and at every collective; a block stuck in kernel code (`while (1);`, a spin
/// on a flag) is stopped by the watchdog, a thread that wakes every 50 ms while kernels run
/// (250 ms otherwise): once the launch is due to stop, it sends the stop signal to the threads
/// still in its kernel code, whose handler leaves the block as a fault does
/// (kernel_signals.hpp).
#include <atomic>
#include <cstdint>
#include <string>

namespace cupylike::cpu {

class LaunchControl {
 public:
  enum class Stop : int { none = 0, interrupted = 1, timed_out = 2 };

  /// The calling thread's control.
  static LaunchControl& of_this_thread();

  /// Starts a launch: no stop requested; interrupts counted from now; the deadline set when
  /// CUPYLIKE_KERNEL_TIMEOUT is.
  void begin();
  /// The stop requested for the current launch (also on an interrupt the watchdog has yet to
  /// see, so blocks not started are dropped at once).
  Stop stop() const;
  /// Throws for stop(): Interrupted, or a KernelFault naming the timeout.
  void check(const char* kernel_name) const;

  /// Watchdog side: requests the stop that is due now, if any, and returns the current request.
  Stop poll();

 private:
  // generation << 2 | Stop: a request made for one launch cannot land on the next.
  std::atomic<uint64_t> state_{0};
  std::atomic<uint64_t> interrupts_at_begin_{0};
  std::atomic<int64_t> deadline_ns_{0};  // steady clock; 0: no timeout
};

/// CUPYLIKE_KERNEL_TIMEOUT in seconds, 0 when unset.
double kernel_timeout_seconds();
/// "CUPYLIKE_KERNEL_TIMEOUT=<seconds> s", for messages.
std::string kernel_timeout_setting();

/// Starts the watchdog thread (once; kernel_signals.cpp calls it at the first registration).
void start_watchdog();
/// In a forked child, which has only the thread that forked: the next launch starts a watchdog.
void watchdog_lost_in_fork();

}  // namespace cupylike::cpu
