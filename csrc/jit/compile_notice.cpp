#include "jit/compile_notice.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <mutex>

#include "jit/paths.hpp"

namespace cupylike::jit {

namespace {

using Clock = std::chrono::steady_clock;

// "About a second": one kernel compiles in 0.2-0.5 s on the cpu device, so a program that
// compiles one or two says nothing, and one that compiles a dozen says so early.
constexpr auto kThreshold = std::chrono::milliseconds(1000);

std::atomic<bool> g_enabled{true};
std::atomic<bool> g_shown{false};
std::atomic<long long> g_finished_ns{0};  // time of the finished compiles, summed

std::mutex g_batch_mutex;
size_t g_batch_total = 0, g_batch_ready = 0;  // over the batches running now
bool g_progress_shown = false;                // a progress line waits for its newline

bool quiet() {
  static const bool q = [] {
    const char* v = std::getenv("CUPYLIKE_QUIET");
    return v && *v && std::string(v) != "0";
  }();
  return q || !g_enabled.load(std::memory_order_relaxed);
}

bool on_terminal() {
  static const bool t = isatty(STDERR_FILENO) == 1;
  return t;
}

// One write() per message, so lines of several threads or processes never interleave.
void write_stderr(const std::string& text) {
  const char* p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    p += n;
    left -= size_t(n);
  }
}

std::string batch_words() {
  std::lock_guard<std::mutex> lock(g_batch_mutex);
  if (g_batch_total < 2) return "";
  return " (" + std::to_string(g_batch_total) + " kernels together, " +
         std::to_string(g_batch_ready) + " ready)";
}

void show(const std::string& what, const std::string& target, const std::string& compiler,
          const std::string& device_option) {
  if (quiet() || g_shown.exchange(true)) return;
  write_stderr("cupylike: compiling kernels for " + target + " with " + compiler + batch_words() +
               ", now " + what +
               ": each kernel compiles on its first use, once; the results are cached in " +
               cache_dir() +
               ".\ncupylike: to compile the common kernels ahead: python -m cupylike.warmup "
               "--device " +
               device_option + "   (CUPYLIKE_QUIET=1 hides this notice)\n");
}

}  // namespace

CompileWatch::CompileWatch(std::string what, std::string target, std::string compiler,
                           std::string device_option)
    : what_(std::move(what)),
      target_(std::move(target)),
      compiler_(std::move(compiler)),
      device_option_(std::move(device_option)),
      start_(Clock::now()) {
  // A compiler that never ticks (NVRTC runs in this process) shows the notice as it starts,
  // once the compiles before it took long enough.
  if (std::chrono::nanoseconds(g_finished_ns.load()) >= kThreshold)
    show(what_, target_, compiler_, device_option_);
}

CompileWatch::~CompileWatch() {
  g_finished_ns +=
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start_).count();
}

void CompileWatch::tick() {
  if (g_shown.load(std::memory_order_relaxed)) return;
  if (std::chrono::nanoseconds(g_finished_ns.load()) + (Clock::now() - start_) >= kThreshold)
    show(what_, target_, compiler_, device_option_);
}

CompileBatch::CompileBatch(size_t kernels) : total_(kernels) {
  std::lock_guard<std::mutex> lock(g_batch_mutex);
  g_batch_total += total_;
}

CompileBatch::~CompileBatch() {
  std::lock_guard<std::mutex> lock(g_batch_mutex);
  g_batch_total -= total_;
  if (g_batch_total == 0) {
    g_batch_ready = 0;
    if (g_progress_shown) write_stderr("\n");
    g_progress_shown = false;
  }
}

void CompileBatch::done_one() {
  std::lock_guard<std::mutex> lock(g_batch_mutex);
  ++g_batch_ready;
  // The count on one line that rewrites itself: only a terminal shows that as intended, and a
  // log would get a line per kernel.
  if (!g_shown.load() || quiet() || !on_terminal()) return;
  write_stderr("\rcupylike: " + std::to_string(g_batch_ready) + "/" +
               std::to_string(g_batch_total) + " kernels ready");
  g_progress_shown = true;
}

void set_compile_notice(bool enabled) { g_enabled.store(enabled); }

bool compile_notice_shown() { return g_shown.load(); }

}  // namespace cupylike::jit
