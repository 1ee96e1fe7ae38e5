#include "runtime/cpu/worker_pool.hpp"

#include <sched.h>

#include <cstdlib>
#include <thread>

#include "core/error.hpp"
#include "runtime/cpu/fiber.hpp"

namespace cupylike::cpu {

namespace {
int default_threads() {
  const char* env = std::getenv("CUPYLIKE_CPU_THREADS");
  if (env && *env) return std::max(1, std::atoi(env));
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}
}  // namespace

WorkerPool& WorkerPool::instance() {
  // Never destroyed: joining threads during static destruction races with interpreter exit.
  static WorkerPool* pool = new WorkerPool(default_threads());
  return *pool;
}

WorkerPool::WorkerPool(int threads) {
  // A block whose threads never synchronise runs them as plain calls on the worker's own
  // stack, so it must hold what a fiber holds, and then some for the runtime.
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  size_t stack = 0;
  pthread_attr_getstacksize(&attr, &stack);
  pthread_attr_setstacksize(&attr, std::max(stack, fiber_stack_bytes() + (size_t(1) << 20)));
  for (int i = 1; i < threads; ++i) {
    pthread_t t;
    if (pthread_create(&t, &attr, &WorkerPool::worker_main, this) != 0) break;
    workers_.push_back(t);
  }
  pthread_attr_destroy(&attr);
}

void* WorkerPool::worker_main(void* pool) {
  static_cast<WorkerPool*>(pool)->worker_loop();
  return nullptr;
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (pthread_t t : workers_) pthread_join(t, nullptr);
}

void WorkerPool::work(uint64_t) {
  for (;;) {
    uint64_t b = next_.fetch_add(1, std::memory_order_relaxed);
    if (b >= blocks_) return;
    try {
      (*run_block_)(b);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
      next_.store(blocks_, std::memory_order_relaxed);  // hand out no more blocks
    }
  }
}

void WorkerPool::worker_loop() {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      if (!open_) continue;
      ++busy_;
    }
    work(seen);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --busy_;
    }
    done_.notify_one();
  }
}

void WorkerPool::run(uint64_t blocks, const std::function<void(uint64_t)>& run_block,
                     bool parallel) {
  if (blocks == 0) return;
  std::lock_guard<std::mutex> launch(launch_mutex_);
  run_block_ = &run_block;
  blocks_ = blocks;
  next_.store(0, std::memory_order_relaxed);
  error_ = nullptr;
  bool wide = parallel && !workers_.empty() && blocks > 1;
  if (wide) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      open_ = true;
      ++generation_;
    }
    wake_.notify_all();
  }
  work(generation_);
  if (wide) {
    // Workers that have not woken by now find the launch closed and go back to sleep: a short
    // launch does not wait for a thread's wake-up (microseconds), only for blocks still running.
    std::unique_lock<std::mutex> lock(mutex_);
    open_ = false;
    done_.wait(lock, [&] { return busy_ == 0; });
  }
  if (error_) std::rethrow_exception(error_);
}

}  // namespace cupylike::cpu
