#include "jit/parallel_compile.hpp"

#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>

#include "jit/compile_notice.hpp"
#include "runtime/blocking.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike::jit {

namespace {

std::mutex g_slots_mutex;
std::condition_variable g_slot_freed;
size_t g_slots_used = 0;

// What a batch's threads share; the caller's thread waits on `changed`.
struct Batch {
  Batch(const std::vector<std::function<void()>>& j, CompileBatch& p) : jobs(j), progress(p) {}
  const std::vector<std::function<void()>>& jobs;
  CompileBatch& progress;
  std::mutex mutex;
  std::condition_variable changed;
  size_t next = 0, running = 0;
  bool stop = false;
  std::exception_ptr error;

  void work() {
    for (;;) {
      size_t i;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (stop || next == jobs.size()) break;
        i = next++;
      }
      std::exception_ptr failed;
      try {
        jobs[i]();
        progress.done_one();
      } catch (...) {
        failed = std::current_exception();
      }
      if (failed) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = failed;
        stop = true;  // the rest would only delay the error
      }
    }
    std::lock_guard<std::mutex> lock(mutex);
    --running;
    changed.notify_all();
  }
};

}  // namespace

size_t compile_slots() {
  static const size_t slots = [] {
    const char* env = std::getenv("CUPYLIKE_COMPILE_JOBS");
    if (env && std::atoi(env) >= 1) return size_t(std::atoi(env));
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return size_t(std::max(1, CPU_COUNT(&set)));
    return size_t(std::max(1u, std::thread::hardware_concurrency()));
  }();
  return slots;
}

CompileSlot::CompileSlot() {
  {
    std::lock_guard<std::mutex> lock(g_slots_mutex);
    if (g_slots_used < compile_slots()) {
      ++g_slots_used;
      return;
    }
  }
  // The GIL goes before the mutex is taken, and comes back after it is released: a thread
  // holding the GIL may be about to ask for a slot too.
  BlockingRegion waiting;
  std::unique_lock<std::mutex> lock(g_slots_mutex);
  g_slot_freed.wait(lock, [] { return g_slots_used < compile_slots(); });
  ++g_slots_used;
}

CompileSlot::~CompileSlot() {
  {
    std::lock_guard<std::mutex> lock(g_slots_mutex);
    --g_slots_used;
  }
  g_slot_freed.notify_one();
}

void compile_in_parallel(const std::vector<std::function<void()>>& jobs) {
  if (jobs.size() <= 1) {
    for (const auto& job : jobs) job();
    return;
  }
  install_interrupt_handler();
  InterruptWatch interrupt;
  CompileBatch progress(jobs.size());
  Batch batch(jobs, progress);
  const size_t threads = std::min(jobs.size(), compile_slots());
  {
    BlockingRegion waiting;  // the jobs may need the GIL (a warning), and the caller has it
    std::vector<std::thread> workers;
    batch.running = threads;
    for (size_t t = 0; t < threads; ++t) workers.emplace_back([&batch] { batch.work(); });
    {
      std::unique_lock<std::mutex> lock(batch.mutex);
      while (batch.running > 0) {
        batch.changed.wait_for(lock, std::chrono::milliseconds(100));
        if (interrupt.fired()) batch.stop = true;  // the running compiles end by themselves
      }
    }
    for (std::thread& w : workers) w.join();
  }
  if (batch.error) std::rethrow_exception(batch.error);
  interrupt.check();
}

}  // namespace cupylike::jit
