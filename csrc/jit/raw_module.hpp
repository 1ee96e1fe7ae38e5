#pragma once
/// User kernels from source (RawModule / RawKernel): compiled per device on first use — by NVRTC
/// for a CUDA device, by the host compiler for the cpu device — and launched with CUDA's
/// argument convention after the launch configuration has been checked.
#include <cpu_runtime_abi.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/cpu/cpu_module.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

class CudaModule;

/// One kernel ready to launch on one device.
struct LoadedKernel {
  Device device;
  std::string name;
  std::shared_ptr<cpu::CpuModule> cpu_module;  // cpu device
  int cpu_index = -1;
  std::shared_ptr<CudaModule> cuda_module;  // cuda device
  void* cuda_function = nullptr;            // CUfunction
  /// Sizes of the parameters, when the device can tell (always on cpu; on cuda with a driver
  /// that has cuFuncGetParamInfo).
  std::optional<std::vector<size_t>> param_sizes;

  /// Launches on `stream` (of this kernel's device); `work_items` is a hint for the cpu
  /// device's choice between one thread and the pool (0: judge by the thread count).
  void launch(const cpu::LaunchDims& dims, size_t shared_bytes, const Stream& stream, void** args,
              uint64_t work_items = 0) const;
};

/// ValueError for a configuration no device accepts: an empty grid or block, more than 1024
/// threads per block, dimensions over CUDA's limits, or more dynamic shared memory than the
/// device has.
void check_launch(Device device, const cpu::LaunchDims& dims, size_t shared_bytes);

class RawModule {
 public:
  /// From source; `name_expressions` name template instantiations to expose ("f<float>").
  RawModule(std::string code, std::vector<std::string> options,
            std::vector<std::string> name_expressions, std::string file_name = "kernel.cu");
  /// From a compiled image (CUBIN, PTX or fatbin file): CUDA devices only.
  static std::shared_ptr<RawModule> from_file(const std::string& path);

  /// The kernel `name` (an extern "C" kernel or one of the name expressions) on `device`.
  std::shared_ptr<LoadedKernel> kernel(Device device, const std::string& name);
  /// Address and size of a global variable (`__device__`, `__constant__`) on `device`.
  std::pair<void*, size_t> global(Device device, const std::string& name);

  const std::string& code() const { return code_; }
  const std::vector<std::string>& options() const { return options_; }

 private:
  RawModule() = default;
  std::shared_ptr<LoadedKernel> load_cpu(const std::string& name);
  void check_has_source() const;  // ValueError for a module from a GPU image, on the cpu device
  std::shared_ptr<LoadedKernel> load_cuda(Device device, const std::string& name);
  std::shared_ptr<CudaModule> cuda_module(Device device);
  std::string lowered(const std::string& name) const;

  std::string code_, file_name_, image_path_;
  std::vector<std::string> options_, name_expressions_;
  std::vector<std::string> cpu_kernels_;  // names the cpu module was (or will be) built with
  std::vector<std::shared_ptr<CudaModule>> cuda_modules_;  // one per CUDA device used
  std::vector<std::string> lowered_names_;                 // NVRTC's, per name expression
  std::mutex mutex_;
  std::vector<std::shared_ptr<LoadedKernel>> loaded_;
};

}  // namespace cupylike
