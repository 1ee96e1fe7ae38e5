#include "runtime/cpu/kernel_signals.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <mutex>

#include "runtime/cpu/launch_control.hpp"
#include "runtime/interrupt.hpp"
#include "runtime/signal_owner.hpp"

namespace cupylike::cpu {

namespace detail {
KernelThread g_kernel_threads[kMaxKernelThreads];
}  // namespace detail

namespace {

using detail::g_kernel_threads;

const int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE};
constexpr int kHandled = 4;  // the three faults and the stop signal

// The alternate signal stack: room for this handler and whatever it chains to (faulthandler
// writes a traceback from there).
constexpr size_t kAltStackBytes = size_t(64) << 10;

int signal_at(int i) { return i < 3 ? kFaultSignals[i] : stop_signal(); }

// The handlers that were in front before ours, per signal. Two copies and an index: the
// watchdog rewrites the idle copy and then flips, so a handler never reads one half-written.
struct sigaction g_previous[2][kHandled];
std::atomic<int> g_previous_at{0};
std::mutex g_install_mutex;

int index_of(int signo) {
  for (int i = 0; i < kHandled; ++i)
    if (signal_at(i) == signo) return i;
  return -1;
}

KernelThread* find_this_thread() {
  pthread_t self = pthread_self();
  for (KernelThread& t : g_kernel_threads)
    if (t.used.load(std::memory_order_acquire) && pthread_equal(t.thread, self)) return &t;
  return nullptr;
}

// What the process would have done without us.
void chain(int signo, siginfo_t* info, void* context) {
  const struct sigaction& prev = g_previous[g_previous_at.load()][index_of(signo)];
  if (prev.sa_flags & SA_SIGINFO) {
    if (prev.sa_sigaction) prev.sa_sigaction(signo, info, context);
    return;
  }
  if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
    prev.sa_handler(signo);
    return;
  }
  if (signo == stop_signal()) return;  // a stale stop signal: nothing to stop
  // The default action: a hardware fault happens again when the instruction is retried; a
  // signal someone sent is sent again.
  signal(signo, SIG_DFL);
  if (info->si_code <= 0) raise(signo);
}

int is_write(int signo, void* context) {
#if defined(__x86_64__)
  // The page-fault error code's bit 1: the access was a write.
  if (signo == SIGSEGV)
    return int(static_cast<ucontext_t*>(context)->uc_mcontext.gregs[REG_ERR] >> 1 & 1);
#endif
  (void)signo, (void)context;
  return -1;
}

// Hardware faults (si_code > 0) and the watchdog's stop signal (sent with tgkill) are ours when
// the thread runs kernel code; a fault sent with kill() is not a fault of the kernel.
void on_signal(int signo, siginfo_t* info, void* context) {
  bool ours = signo == stop_signal() ? info->si_code == SI_TKILL : info->si_code > 0;
  KernelThread* t = ours ? find_this_thread() : nullptr;
  if (t && t->in_kernel.load(std::memory_order_relaxed)) {
    t->in_kernel.store(0, std::memory_order_relaxed);
    t->fault = FaultRecord{signo, info->si_code, reinterpret_cast<uintptr_t>(info->si_addr),
                           is_write(signo, context)};
    // The jump keeps the signal mask (sigsetjmp without it saves a syscall per block): unblock
    // the signal being handled, as returning from the handler would.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    siglongjmp(t->escape, 1);
  }
  chain(signo, info, context);
}

bool is_ours(const struct sigaction& a) {
  return (a.sa_flags & SA_SIGINFO) && a.sa_sigaction == on_signal;
}

// Puts on_signal in front of every handled signal whose handler is another's: the first time
// in front of anything, later only in front of handlers from outside cupylike (signal_owner.hpp).
void install_handlers() {
  static bool installed = false;
  std::lock_guard lock(g_install_mutex);
  struct sigaction current[kHandled];
  bool move[kHandled], any = false;
  for (int i = 0; i < kHandled; ++i) {
    sigaction(signal_at(i), nullptr, &current[i]);
    move[i] = !is_ours(current[i]) && !(installed && installed_by_cupylike(current[i]));
    any |= move[i];
  }
  installed = true;
  if (!any) return;
  int idle = 1 - g_previous_at.load();
  for (int i = 0; i < kHandled; ++i)
    g_previous[idle][i] = move[i] ? current[i] : g_previous[1 - idle][i];
  g_previous_at.store(idle);
  struct sigaction ours {};
  ours.sa_sigaction = on_signal;
  ours.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&ours.sa_mask);
  for (int i = 0; i < kHandled; ++i)
    if (move[i]) sigaction(signal_at(i), &ours, nullptr);
}

// A thread's own alternate signal stack, unless it has one big enough already (Python's
// faulthandler gives the main thread one).
class AltStack {
 public:
  AltStack() {
    stack_t current{};
    if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE) &&
        current.ss_size >= kAltStackBytes / 4)
      return;
    void* p =
        mmap(nullptr, kAltStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    stack_t ss{};
    ss.ss_sp = p;
    ss.ss_size = kAltStackBytes;
    if (sigaltstack(&ss, nullptr) != 0) {
      munmap(p, kAltStackBytes);
      return;
    }
    memory_ = p;
  }
  ~AltStack() {
    if (!memory_) return;
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    munmap(memory_, kAltStackBytes);
  }

 private:
  void* memory_ = nullptr;
};

uintptr_t native_stack_low() {
  pthread_attr_t attr;
  void* low = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  return reinterpret_cast<uintptr_t>(low);
}

// In a forked child only the forking thread lives on, with a new kernel thread id.
void after_fork_in_child() {
  pthread_t self = pthread_self();
  for (KernelThread& t : g_kernel_threads) {
    if (!t.used.load()) continue;
    if (pthread_equal(t.thread, self)) {
      t.tid = pid_t(syscall(SYS_gettid));
      continue;
    }
    t.used.store(false);
    t.claimed.store(false);
  }
  watchdog_lost_in_fork();
}

// A thread's slot in the table, for the thread's lifetime.
class Registration {
 public:
  Registration() {
    static std::once_flag once;
    std::call_once(once, [] {
      install_handlers();
      // Counts Ctrl-C for the launches' stop checks; the emulated GPU's copy of the runtime has
      // no other place that would install it.
      install_interrupt_handler();
      start_watchdog();
      pthread_atfork(nullptr, nullptr, after_fork_in_child);
    });
    for (KernelThread& t : g_kernel_threads) {
      bool expected = false;
      if (t.claimed.load() || !t.claimed.compare_exchange_strong(expected, true)) continue;
      slot_ = &t;
      break;
    }
    if (!slot_) return;  // a full table: this thread's faults keep their default behaviour
    slot_->thread = pthread_self();
    slot_->tid = pid_t(syscall(SYS_gettid));
    slot_->stack_low = native_stack_low();
    slot_->in_kernel.store(0);
    slot_->launch.store(nullptr);
    slot_->used.store(true, std::memory_order_release);
  }
  ~Registration() {
    if (!slot_) return;
    slot_->used.store(false, std::memory_order_release);
    slot_->claimed.store(false, std::memory_order_release);
  }
  KernelThread& thread() { return slot_ ? *slot_ : unlisted_; }

 private:
  AltStack alt_stack_;
  KernelThread* slot_ = nullptr;
  KernelThread unlisted_;
};

}  // namespace

int stop_signal() { return SIGRTMAX - 2; }

KernelThread& KernelThread::current() {
  static thread_local Registration registration;
  return registration.thread();
}

void send_stop(const KernelThread& thread) {
  // tgkill by kernel thread id: unlike pthread_kill it is harmless if the thread just ended.
  syscall(SYS_tgkill, getpid(), thread.tid, stop_signal());
}

void keep_handlers_in_front() { install_handlers(); }

}  // namespace cupylike::cpu
