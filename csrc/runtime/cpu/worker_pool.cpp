#include "runtime/cpu/worker_pool.hpp"

#include <sched.h>

#include <cstdlib>

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
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
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
      busy_ = int(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
  }
  work(generation_);
  if (wide) {
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
  }
  if (error_) std::rethrow_exception(error_);
}

}  // namespace cupylike::cpu
