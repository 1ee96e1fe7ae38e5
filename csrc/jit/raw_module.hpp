#pragma once
/// User kernels from source (RawModule / RawKernel): compiled per device on first use — by NVRTC
/// for a CUDA device (and, on the emulated GPU, from the same source by the host compiler), by
/// the host compiler for the cpu device.
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "jit/loaded_kernel.hpp"

namespace cupylike {

class CudaModule;  // runtime/cuda/cuda_module.hpp

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
  std::string lowered(const std::string& name);

  std::string code_, file_name_, image_path_;
  std::vector<std::string> options_, name_expressions_;
  std::vector<std::string> cpu_kernels_;  // name expressions, then extern "C" kernels
  std::vector<std::shared_ptr<CudaModule>> cuda_modules_;  // one per CUDA device used
  std::vector<std::string> lowered_names_;                 // NVRTC's, per name expression
  std::mutex mutex_;
  std::vector<std::shared_ptr<LoadedKernel>> loaded_;
};

}  // namespace cupylike
