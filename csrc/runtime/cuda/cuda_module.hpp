#pragma once
/// Compiled kernels on a CUDA device: a CUBIN or PTX image loaded into the device's primary
/// context, its functions and globals, their attributes, and launches with cuLaunchKernel.
///
/// In CI this runs against the emulated GPU (csrc/emulator/), which runs the kernels from their
/// source; on a real GPU only where one is lent (docs/gpu_status.md).
#include <cuda.h>

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/backend.hpp"
#include "runtime/gpu_limits.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

/// What NVRTC compiled a module from. The emulated GPU runs this rather than the image.
struct ModuleSource {
  const std::string& code;
  const std::string& file_name;
  const std::vector<std::string>& options;
  const std::vector<std::string>& name_expressions;
  const std::vector<std::string>& lowered_names;  // NVRTC's, one per name expression
  const std::string& kernel_dir;  // the library's kernels/ folder NVRTC read headers from
  const std::vector<std::string>& include_dirs;  // the CUDA header folders NVRTC read
};

/// An image loaded on one CUDA device; unloaded on destruction. Thread-safe.
class CudaModule {
 public:
  /// Loads `image` (CUBIN bytes or PTX text) into `device`'s primary context; CUDADriverError
  /// when the driver rejects it (e.g. CUDA_ERROR_UNSUPPORTED_PTX_VERSION for PTX newer than
  /// the driver). On the emulated GPU, `source` (when given) is what its kernels run.
  CudaModule(Device device, const std::string& image, const ModuleSource* source = nullptr);
  ~CudaModule();
  CudaModule(const CudaModule&) = delete;
  CudaModule& operator=(const CudaModule&) = delete;

  Device device() const { return device_; }
  /// The kernel with this (lowered) name; CUDADriverError naming it when there is none.
  CUfunction function(const std::string& lowered_name);
  /// Address and size of a __device__ or __constant__ variable.
  std::pair<CUdeviceptr, size_t> global(const std::string& name);

 private:
  Device device_;
  CUmodule module_ = nullptr;
  std::mutex mutex_;
  std::unordered_map<std::string, CUfunction> functions_;
};

KernelAttributes kernel_attributes(Device device, CUfunction fn);

/// The size in bytes of each of the kernel's parameters, from cuFuncGetParamInfo; nullopt
/// when the driver cannot tell (drivers before 12.4 lack the call).
std::optional<std::vector<size_t>> param_sizes(Device device, CUfunction fn);

/// What `device` lets a launch ask for (its attributes, read once).
const DeviceLimits& device_limits(Device device);

/// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: what launches of `fn` may ask for beyond
/// the default 48 KiB.
void set_max_dynamic_shared(Device device, CUfunction fn, int bytes);

/// Launches `fn` on `stream` of `device` (nullptr: the null stream) with `args` pointing at
/// each parameter's value, as cuLaunchKernel takes them. The driver checks the configuration
/// (jit/launch_check.hpp checks it first, with the same rules on every device).
void launch(Device device, CUfunction fn, Dim3 grid, Dim3 block, unsigned shared_bytes,
            StreamHandle stream, void** args);

}  // namespace cupylike
