#pragma once
// The limits of a compute capability 9.0 GPU (an H100): what the emulated GPU reports and
// accepts (emulator/driver.cpp, launches.cpp), and what the cpu device enforces on launches, so
// that code which runs on either does not fail on a GPU for a reason they could have caught.
#include <cstddef>

namespace cupylike::gpu_limits {

constexpr int kComputeMajor = 9, kComputeMinor = 0;
constexpr int kWarpSize = 32;
constexpr unsigned kMaxThreadsPerBlock = 1024;
constexpr unsigned kMaxBlock[3] = {1024, 1024, 64};
constexpr unsigned kMaxGrid[3] = {2147483647u, 65535, 65535};
/// Shared memory a block may use without opting in (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_
/// BYTES), static and dynamic together; also the limit on static __shared__ variables.
constexpr size_t kDefaultSharedPerBlock = size_t(48) << 10;
/// The most a block may opt in to: 227 of an SM's 228 KiB (1 KiB is reserved per block).
constexpr size_t kSharedOptin = 232448;
constexpr int kRegistersPerBlock = 65536;
/// Registers are given to a warp in units of 256 (8 per thread).
constexpr int kRegisterUnit = 256;
constexpr int kMultiprocessors = 132;

}  // namespace cupylike::gpu_limits

namespace cupylike {

/// What a device lets a launch ask for.
struct DeviceLimits {
  unsigned block[3] = {}, grid[3] = {};
  unsigned threads_per_block = 0;
  size_t shared_optin = 0;  ///< static plus dynamic shared memory, once a kernel opts in
};

/// A compute capability 9.0 GPU's limits, which the cpu device enforces too.
constexpr DeviceLimits kSm90Limits = {
    {gpu_limits::kMaxBlock[0], gpu_limits::kMaxBlock[1], gpu_limits::kMaxBlock[2]},
    {gpu_limits::kMaxGrid[0], gpu_limits::kMaxGrid[1], gpu_limits::kMaxGrid[2]},
    gpu_limits::kMaxThreadsPerBlock,
    gpu_limits::kSharedOptin};

}  // namespace cupylike
