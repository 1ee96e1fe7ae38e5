#pragma once
/// Ctrl-C for long work. A SIGINT handler chained in front of Python's counts interrupts (and
/// then calls Python's, so Python still raises KeyboardInterrupt); work that runs for long
/// takes an InterruptWatch when it starts and checks it between pieces. Counting instead of a
/// flag means a SIGINT that arrived between two operations, which Python has already turned into
/// KeyboardInterrupt, cannot stop the next operation too.
#include <cstdint>
#include <exception>

namespace cupylike {

/// Thrown by work that stopped because of an interrupt; the bindings raise KeyboardInterrupt
/// (or whatever Python's SIGINT handler raises).
struct Interrupted : std::exception {
  const char* what() const noexcept override;
};

/// Puts the interrupt handler in front of the current SIGINT handler, unless it is already
/// there or SIGINT is ignored or left to its default action (then no one expects
/// KeyboardInterrupt). Cheap to call again: long work calls it on entry, so a handler that
/// Python's signal.signal() put back in front is chained again.
void install_interrupt_handler();

/// Interrupts so far in this process (SIGINTs, and request_interrupt calls).
uint64_t interrupt_count() noexcept;

/// Counts an interrupt, as a SIGINT would. Async-signal-safe.
void request_interrupt() noexcept;

/// Whether an interrupt arrived since the watch was taken.
class InterruptWatch {
 public:
  InterruptWatch() noexcept : start_(interrupt_count()) {}
  bool fired() const noexcept { return interrupt_count() != start_; }
  /// Throws Interrupted if fired().
  void check() const {
    if (fired()) throw Interrupted();
  }

 private:
  uint64_t start_;
};

}  // namespace cupylike
