#include "runtime/launch_policy.hpp"

#include <algorithm>

#include "runtime/cpu/worker_pool.hpp"

namespace cupylike {

cpu::LaunchDims launch_dims(Device device, int64_t items, int64_t work, int64_t block,
                            int64_t per_thread, int64_t max_blocks) {
  items = std::max<int64_t>(items, 1);
  if (device.is_cpu()) {
    work = work > 0 ? work : items;
    const int64_t blocks =
        std::clamp<int64_t>(std::min(work / (16 << 10), items), 1, 4 * int64_t(cpu_workers()));
    return {uint3{unsigned(blocks), 1, 1}, uint3{1, 1, 1}};
  }
  const int64_t per_block = block * per_thread;
  const int64_t blocks = std::clamp<int64_t>((items + per_block - 1) / per_block, 1, max_blocks);
  return {uint3{unsigned(blocks), 1, 1}, uint3{unsigned(block), 1, 1}};
}

int cpu_workers() { return cpu::WorkerPool::instance().threads(); }

}  // namespace cupylike
