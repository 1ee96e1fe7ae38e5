#pragma once
// The limits of the GPU the emulator stands in for (an H100, compute capability 9.0), shared by
// the device attributes it reports (driver.cpp) and the launches it accepts (launches.cpp).
#include <cstddef>

namespace cupylike::emulator {

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

}  // namespace cupylike::emulator
