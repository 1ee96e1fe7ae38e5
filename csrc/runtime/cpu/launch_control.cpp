#include "runtime/cpu/launch_control.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "runtime/cpu/kernel_fault.hpp"
#include "runtime/cpu/kernel_signals.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike::cpu {

namespace {

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

LaunchControl::Stop reason(uint64_t state) { return LaunchControl::Stop(state & 3); }

// Ticks: often while a kernel runs, so Ctrl-C lands well within a second; rarely otherwise.
constexpr auto kBusyTick = std::chrono::milliseconds(50);
constexpr auto kIdleTick = std::chrono::milliseconds(250);

std::atomic<bool> g_watchdog_lost{false};

void watch() {
  bool busy = false;
  for (;;) {
    std::this_thread::sleep_for(busy ? kBusyTick : kIdleTick);
    bool was_busy = busy;
    busy = false;
    for_each_kernel_thread([&](KernelThread& t) {
      LaunchControl* launch = t.launch.load(std::memory_order_acquire);
      if (!launch) return;
      busy = true;
      if (launch->poll() != LaunchControl::Stop::none &&
          t.in_kernel.load(std::memory_order_relaxed))
        send_stop(t);
    });
    if (busy && !was_busy) {
      // A launch outlived a tick: make sure Ctrl-C and faults still reach us, should Python's
      // signal.signal() or faulthandler have put their handlers in front since.
      install_interrupt_handler();
      keep_handlers_in_front();
    }
  }
}

}  // namespace

double kernel_timeout_seconds() {
  static const double seconds = [] {
    const char* env = std::getenv("CUPYLIKE_KERNEL_TIMEOUT");
    double s = env && *env ? std::strtod(env, nullptr) : 0.0;
    return s > 0 ? s : 0.0;
  }();
  return seconds;
}

std::string kernel_timeout_setting() {
  char buf[64];
  std::snprintf(buf, sizeof buf, "CUPYLIKE_KERNEL_TIMEOUT=%g s", kernel_timeout_seconds());
  return buf;
}

LaunchControl& LaunchControl::of_this_thread() {
  // Never freed: the watchdog may still read a control whose thread has ended.
  static thread_local LaunchControl* control = new LaunchControl;
  return *control;
}

void LaunchControl::begin() {
  if (g_watchdog_lost.load(std::memory_order_relaxed) && g_watchdog_lost.exchange(false))
    std::thread(watch).detach();
  interrupts_at_begin_.store(interrupt_count(), std::memory_order_relaxed);
  double timeout = kernel_timeout_seconds();
  deadline_ns_.store(timeout > 0 ? now_ns() + int64_t(timeout * 1e9) : 0,
                     std::memory_order_relaxed);
  uint64_t generation = (state_.load(std::memory_order_relaxed) >> 2) + 1;
  state_.store(generation << 2, std::memory_order_release);
}

LaunchControl::Stop LaunchControl::stop() const {
  Stop s = reason(state_.load(std::memory_order_relaxed));
  if (s == Stop::none && interrupt_count() != interrupts_at_begin_.load(std::memory_order_relaxed))
    return Stop::interrupted;
  return s;
}

void LaunchControl::check(const char* kernel_name) const {
  switch (stop()) {
    case Stop::none:
      return;
    case Stop::interrupted:
      throw Interrupted();
    case Stop::timed_out:
      throw KernelFault(
          KernelFault::Kind::timeout,
          std::string("kernel '") + kernel_name + "' ran longer than " + kernel_timeout_setting());
  }
}

LaunchControl::Stop LaunchControl::poll() {
  uint64_t state = state_.load(std::memory_order_acquire);
  if (reason(state) != Stop::none) return reason(state);
  Stop due = Stop::none;
  int64_t deadline = deadline_ns_.load(std::memory_order_relaxed);
  if (interrupt_count() != interrupts_at_begin_.load(std::memory_order_relaxed))
    due = Stop::interrupted;
  else if (deadline != 0 && now_ns() >= deadline)
    due = Stop::timed_out;
  if (due == Stop::none) return due;
  // Fails if a new launch began meanwhile: the fields read belonged to the old one.
  state_.compare_exchange_strong(state, (state & ~uint64_t(3)) | uint64_t(due));
  return reason(state_.load(std::memory_order_acquire));
}

void start_watchdog() { std::thread(watch).detach(); }

// Not a thread started by the fork handler: a child that goes on to exec needs none.
void watchdog_lost_in_fork() { g_watchdog_lost.store(true); }

}  // namespace cupylike::cpu
