#pragma once
/// A kernel of a module loaded on a CUDA device, as the runtime's `Kernel`.
#include <cuda.h>

#include <memory>
#include <string>

#include "runtime/cuda/cuda_module.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

class CudaKernel final : public Kernel {
 public:
  /// `function` of `module`; `name` is the kernel's name in errors.
  CudaKernel(std::shared_ptr<CudaModule> module, CUfunction function, std::string name);

  /// cuLaunchKernel on `stream`, which must be of the module's device (or the null stream).
  void launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream, void** args,
              uint64_t work_items) const override;
  KernelAttributes attributes() const override;
  void set_max_dynamic_shared(int bytes) override;

  CUfunction function() const { return function_; }

 private:
  std::shared_ptr<CudaModule> module_;
  CUfunction function_;
  std::string name_;
};

}  // namespace cupylike
