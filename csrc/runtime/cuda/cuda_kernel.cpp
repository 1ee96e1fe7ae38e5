#include "runtime/cuda/cuda_kernel.hpp"

#include "core/error.hpp"

namespace cupylike {

CudaKernel::CudaKernel(std::shared_ptr<CudaModule> module, CUfunction function, std::string name)
    : module_(std::move(module)), function_(function), name_(std::move(name)) {}

void CudaKernel::launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream,
                        void** args, uint64_t) const {
  const Device device = module_->device();
  check_same_device(stream.device_or(device), device);
  try {
    cupylike::launch(device, function_, dims.grid, dims.block, unsigned(shared_bytes),
                     stream.handle(), args);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::cuda_driver) throw;
    raise(ErrorKind::cuda_driver, "kernel '" + name_ + "' on " + device.str() + ": " + e.what());
  }
}

KernelAttributes CudaKernel::attributes() const {
  return kernel_attributes(module_->device(), function_);
}

void CudaKernel::set_max_dynamic_shared(int bytes) {
  cupylike::set_max_dynamic_shared(module_->device(), function_, bytes);
}

}  // namespace cupylike
