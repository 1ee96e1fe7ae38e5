#pragma once
/// The launch policy of the library's own kernels, written once: the ops ask it, and Python's
/// kernels ask it through the bindings.
#include <cstdint>

#include "core/device.hpp"
#include "runtime/cpu/block_runner.hpp"

namespace cupylike {

/// Grid and block for a kernel whose index loop (CUPYLIKE_FOR) covers `items`. On a GPU:
/// `block` threads per block and enough blocks for `per_thread` items per thread, at most
/// `max_blocks` (the loop is grid-stride beyond). On the cpu device: one thread per block and
/// up to four blocks per worker thread, each block at least 16 Ki elements of `work` (the whole
/// job's element count; 0: `items`), so small jobs run in one block, uneven progress balances,
/// and starting a block never dominates its work.
cpu::LaunchDims launch_dims(Device device, int64_t items, int64_t work = 0, int64_t block = 256,
                            int64_t per_thread = 1, int64_t max_blocks = int64_t(1) << 20);

/// The cpu device's worker threads (CUPYLIKE_CPU_THREADS, else the CPUs this process may use).
int cpu_workers();

}  // namespace cupylike
