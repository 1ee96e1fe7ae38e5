#include "runtime/interrupt.hpp"

#include <signal.h>

#include <atomic>
#include <mutex>

#include "runtime/signal_owner.hpp"

namespace cupylike {

namespace {
std::atomic<uint64_t> g_count{0};
// The handler that was in front before ours; called after counting. Written only under
// g_install_mutex while ours is not installed, so the signal handler never sees it half-written.
struct sigaction g_previous;

void on_sigint(int signo, siginfo_t* info, void* context) {
  request_interrupt();
  if (g_previous.sa_flags & SA_SIGINFO) {
    if (g_previous.sa_sigaction) g_previous.sa_sigaction(signo, info, context);
  } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    g_previous.sa_handler(signo);
  }
}

bool is_ours(const struct sigaction& action) {
  return (action.sa_flags & SA_SIGINFO) && action.sa_sigaction == on_sigint;
}
}  // namespace

const char* Interrupted::what() const noexcept { return "interrupted by SIGINT"; }

void install_interrupt_handler() {
  static std::mutex install_mutex;
  static bool installed = false;
  std::lock_guard lock(install_mutex);
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) != 0 || is_ours(current)) return;
  // Back in front only of handlers from outside cupylike: the emulated GPU's copy of this
  // handler, in front of the extension's, chains to it (signal_owner.hpp).
  if (installed && installed_by_cupylike(current)) return;
  if (!(current.sa_flags & SA_SIGINFO) &&
      (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
    return;
  g_previous = current;
  struct sigaction ours {};
  ours.sa_sigaction = on_sigint;
  ours.sa_flags = SA_SIGINFO | (current.sa_flags & SA_ONSTACK);
  ours.sa_mask = current.sa_mask;
  sigaction(SIGINT, &ours, nullptr);
  installed = true;
}

uint64_t interrupt_count() noexcept { return g_count.load(std::memory_order_relaxed); }

void request_interrupt() noexcept { g_count.fetch_add(1, std::memory_order_relaxed); }

}  // namespace cupylike
