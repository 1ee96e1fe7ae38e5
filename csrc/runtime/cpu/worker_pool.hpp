#pragma once
/// The cpu device's persistent worker threads. A launch hands out blocks from one counter in
/// increasing order (so a block may wait for an earlier one, as decoupled look-back scans do,
/// without deadlock); the launching thread works too and returns when every block is done.
#include <pthread.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

namespace cupylike::cpu {

class WorkerPool {
 public:
  /// The process's pool: CUPYLIKE_CPU_THREADS threads in all (default: the CPUs this process
  /// may use), the launching thread included.
  static WorkerPool& instance();
  ~WorkerPool();

  /// Calls run_block(b) for b in [0, blocks); on several threads when `parallel`. The first
  /// exception stops the handing out of blocks and is rethrown here.
  void run(uint64_t blocks, const std::function<void(uint64_t)>& run_block, bool parallel);
  /// Threads a launch can use, the caller included.
  int threads() const { return int(workers_.size()) + 1; }

 private:
  explicit WorkerPool(int threads);
  void worker_loop();
  static void* worker_main(void* pool);
  void work(uint64_t generation);

  std::mutex launch_mutex_;  // one launch at a time
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::vector<pthread_t> workers_;
  uint64_t generation_ = 0;
  bool open_ = false;  // the current launch still takes workers
  int busy_ = 0;       // workers inside the current launch
  bool stopping_ = false;
  // The current launch.
  const std::function<void(uint64_t)>* run_block_ = nullptr;
  uint64_t blocks_ = 0;
  std::atomic<uint64_t> next_{0};
  std::exception_ptr error_;
};

}  // namespace cupylike::cpu
