#pragma once
/// The checks a GPU makes of a kernel launch, made before the launch on every device with the
/// same messages: what runs on the cpu device or the emulated GPU does not fail on a real one
/// for a reason they could have caught.
#include <cstddef>
#include <string>

#include "runtime/device.hpp"
#include "runtime/gpu_limits.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

/// What one kernel lets a launch ask for.
struct KernelLimits {
  unsigned max_threads_per_block = gpu_limits::kMaxThreadsPerBlock;  ///< registers, bounds
  size_t static_shared = 0;  ///< bytes of its __shared__ variables
};

/// Error(launch) "kernel 'NAME' on DEVICE: CUDA_ERROR_...: why" unless a GPU with `device`'s
/// limits runs this launch: grid and block not empty and within the device's dimensions, no
/// more threads than the device and the kernel allow, dynamic shared memory within
/// `max_dynamic_shared` (48 KiB unless the kernel opted in to more) and static plus dynamic
/// within the device's opt-in limit.
void check_launch(const std::string& kernel, Device device, const DeviceLimits& device_limits,
                  const KernelLimits& limits, size_t max_dynamic_shared, const LaunchDims& dims,
                  size_t shared_bytes);

/// Error(launch) unless a kernel with `static_shared` bytes may opt in to `bytes` of dynamic
/// shared memory on a device with these limits (CUDA_ERROR_INVALID_VALUE, as
/// cuFuncSetAttribute gives).
void check_dynamic_shared_opt_in(const std::string& kernel, Device device,
                                 const DeviceLimits& device_limits, size_t static_shared,
                                 long long bytes);

/// CompileFailure in ptxas's words when a kernel's static shared memory is over a GPU's 48 KiB
/// (the cpu device measures what NVRTC would refuse to compile).
void check_static_shared(const std::string& kernel, size_t static_shared, const std::string& name,
                         const std::string& source);

}  // namespace cupylike
