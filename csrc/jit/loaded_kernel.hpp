#pragma once
/// One kernel of a RawModule (or of a library kernel family) loaded on one device: the backend's
/// `Kernel` (runtime/launch.hpp), with what its device lets a launch of it ask for; launching
/// checks that first, with the same rules on every device (jit/launch_check.hpp).
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/launch_check.hpp"
#include "jit/param_kind.hpp"
#include "runtime/launch.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct LoadedKernel {
  Device device;
  std::string name;
  std::unique_ptr<Kernel> kernel;
  /// Sizes of the parameters, when the device can tell (always on cpu; on cuda with a driver
  /// that has cuFuncGetParamInfo).
  std::optional<std::vector<size_t>> param_sizes;
  /// What each parameter takes (jit/param_kind.hpp): from the module on cpu, from the source on
  /// cuda (nullopt for a module loaded from an image, or a kernel the source does not show).
  std::optional<std::vector<ParamKind>> param_kinds;
  KernelLimits limits;
  /// The device's limits, looked up once at load (an sm_90 GPU's on the cpu device).
  const DeviceLimits* device_limits = &kSm90Limits;
  /// CuPy's max_dynamic_shared_size_bytes: dynamic shared memory a launch may ask for.
  std::atomic<size_t> max_dynamic_shared{gpu_limits::kDefaultSharedPerBlock};

  /// Launches on `stream` (of this kernel's device) after check_launch; `work_items` is a hint
  /// for the cpu device's choice between one thread and the pool (0: judge by the threads).
  void launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream, void** args,
              uint64_t work_items = 0) const;

  /// CuPy's RawKernel.attributes (Kernel::attributes).
  KernelAttributes attributes() const { return kernel->attributes(); }

  /// Lets launches ask for up to `bytes` of dynamic shared memory (cuFuncSetAttribute's
  /// MAX_DYNAMIC_SHARED_SIZE_BYTES); LaunchError beyond the device's opt-in limit.
  void set_max_dynamic_shared(long long bytes);
};

}  // namespace cupylike
