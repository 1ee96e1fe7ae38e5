#include "runtime/launch.hpp"

#include <algorithm>

#include "runtime/backend.hpp"

namespace cupylike {

LaunchDims linear_dims(long long blocks, unsigned threads) {
  blocks = std::clamp<long long>(blocks, 1, 1ll << 30);
  return {Dim3{unsigned(blocks), 1, 1}, Dim3{threads, 1, 1}};
}

const LaunchPolicy& launch_policy(Device device) { return backend_for(device).launch_policy(); }

LaunchDims launch_dims(Device device, int64_t items, int64_t work, int64_t block,
                       int64_t per_thread, int64_t max_blocks) {
  return launch_policy(device).elementwise(std::max<int64_t>(items, 1), work, block, per_thread,
                                           max_blocks);
}

}  // namespace cupylike
