#pragma once
/// Compiling several kernels at once. The host compiler is a process per kernel, single-
/// threaded, so kernels that are needed together compile side by side, one compiler per CPU:
/// compile_slots() bounds the compilers one process runs at a time, whoever starts them (the
/// batches below, Python threads, a test's thread pool), so compiles never crowd out each other.
#include <cstddef>
#include <functional>
#include <vector>

namespace cupylike::jit {

/// How many host compilers this process runs at once: $CUPYLIKE_COMPILE_JOBS, else the CPUs it
/// may use (its affinity mask). Read once.
size_t compile_slots();

/// Holds one of the compile_slots() while it lives; waits (without the GIL) for one.
class CompileSlot {
 public:
  CompileSlot();
  ~CompileSlot();
  CompileSlot(const CompileSlot&) = delete;
  CompileSlot& operator=(const CompileSlot&) = delete;
};

/// Runs `jobs` (each loads one kernel, compiling it if the cache lacks it) on up to
/// compile_slots() threads, and returns when all have finished; the caller waits without the
/// GIL. The first exception a job threw is rethrown, after the others finished. Ctrl-C stops
/// handing out jobs (Interrupted once the running ones end). One job runs on the caller's
/// thread, with no thread started.
void compile_in_parallel(const std::vector<std::function<void()>>& jobs);

}  // namespace cupylike::jit
