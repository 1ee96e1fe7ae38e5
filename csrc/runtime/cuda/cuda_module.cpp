#include "runtime/cuda/cuda_module.hpp"

#include <algorithm>
#include <array>

#include "core/error.hpp"
#include "runtime/blocking.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

using cuda::check;
using cuda::driver;

namespace {

CudaBackend& cuda_backend(Device device) {
  if (!device.is_cuda()) raise(ErrorKind::value, "not a CUDA device: " + device.str());
  return static_cast<CudaBackend&>(backend_for(device));
}

int function_attribute(CUfunction fn, CUfunction_attribute a) {
  int v = 0;
  check(driver().cuFuncGetAttribute(&v, a, fn), "cuFuncGetAttribute");
  return v;
}

}  // namespace

CudaModule::CudaModule(Device device, const std::string& image, const ModuleSource* source)
    : device_(device) {
  cuda_backend(device).activate();
  // PTX must end in NUL; std::string's data() always does, and a CUBIN carries its own size.
  if (!source || !driver().emulated()) {
    check(driver().cuModuleLoadData(&module_, image.c_str()), "cuModuleLoadData");
    return;
  }
  auto c_strings = [](const std::vector<std::string>& v) {
    std::vector<const char*> out;
    for (const std::string& s : v) out.push_back(s.c_str());
    return out;
  };
  std::vector<const char*> options = c_strings(source->options),
                           names = c_strings(source->name_expressions),
                           lowered = c_strings(source->lowered_names),
                           includes = c_strings(source->include_dirs);
  cupylike_emulator_source s{CUPYLIKE_EMULATOR_SOURCE_VERSION,
                             source->code.c_str(),
                             source->file_name.c_str(),
                             options.data(),
                             int(options.size()),
                             names.data(),
                             lowered.data(),
                             int(std::min(names.size(), lowered.size())),
                             source->kernel_dir.c_str(),
                             includes.data(),
                             int(includes.size())};
  BlockingRegion compiling;  // the emulator compiles the source: seconds, without the GIL
  check(driver().cupylikeEmulatorModuleLoad(&module_, image.c_str(), &s),
        "cupylikeEmulatorModuleLoad");
}

CudaModule::~CudaModule() {
  // Never throws: at exit the driver may already be gone (CUDA_ERROR_DEINITIALIZED), and after
  // a sticky error every call fails; the module goes with the context either way.
  if (module_) driver().cuModuleUnload(module_);
}

CUfunction CudaModule::function(const std::string& lowered_name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = functions_.find(lowered_name);
  if (it != functions_.end()) return it->second;
  cuda_backend(device_).activate();  // symbol lookups need a current context
  CUfunction fn = nullptr;
  check(driver().cuModuleGetFunction(&fn, module_, lowered_name.c_str()),
        ("cuModuleGetFunction(\"" + lowered_name + "\")").c_str());
  functions_.emplace(lowered_name, fn);
  return fn;
}

std::pair<CUdeviceptr, size_t> CudaModule::global(const std::string& name) {
  cuda_backend(device_).activate();
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
  check(driver().cuModuleGetGlobal(&ptr, &bytes, module_, name.c_str()),
        ("cuModuleGetGlobal(\"" + name + "\")").c_str());
  return {ptr, bytes};
}

const DeviceLimits& device_limits(Device device) {
  static std::array<std::once_flag, kMaxCudaDevices> once;
  static std::array<DeviceLimits, kMaxCudaDevices> all;
  cuda_backend(device);
  std::call_once(once[size_t(device.index)], [&] {
    CUdevice dev = 0;
    check(driver().cuDeviceGet(&dev, device.index), "cuDeviceGet");
    auto get = [dev](CUdevice_attribute a) {
      int v = 0;
      check(driver().cuDeviceGetAttribute(&v, a, dev), "cuDeviceGetAttribute");
      return v;
    };
    DeviceLimits& l = all[size_t(device.index)];
    l.block[0] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X));
    l.block[1] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y));
    l.block[2] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z));
    l.grid[0] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X));
    l.grid[1] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y));
    l.grid[2] = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z));
    l.threads_per_block = unsigned(get(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
    l.shared_optin = size_t(get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
  });
  return all[size_t(device.index)];
}

KernelAttributes kernel_attributes(Device device, CUfunction fn) {
  cuda_backend(device).activate();
  KernelAttributes a;
  a.max_threads_per_block = function_attribute(fn, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  a.shared_size_bytes = function_attribute(fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  a.const_size_bytes = function_attribute(fn, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  a.local_size_bytes = function_attribute(fn, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  a.num_regs = function_attribute(fn, CU_FUNC_ATTRIBUTE_NUM_REGS);
  a.ptx_version = function_attribute(fn, CU_FUNC_ATTRIBUTE_PTX_VERSION);
  a.binary_version = function_attribute(fn, CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  a.cache_mode_ca = function_attribute(fn, CU_FUNC_ATTRIBUTE_CACHE_MODE_CA);
  a.max_dynamic_shared_size_bytes =
      function_attribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  a.preferred_shared_memory_carveout =
      function_attribute(fn, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
  return a;
}

std::optional<std::vector<size_t>> param_sizes(Device device, CUfunction fn) {
  auto get = driver().cuFuncGetParamInfo;
  if (!get) return std::nullopt;
  cuda_backend(device).activate();
  std::vector<size_t> sizes;
  // The driver has no count query: indices run until it answers CUDA_ERROR_INVALID_VALUE. A
  // kernel's parameters fit in 32764 bytes, so there are fewer than 32768 of them.
  for (size_t i = 0; i < 32768; ++i) {
    size_t offset = 0, size = 0;
    CUresult r = get(fn, i, &offset, &size);
    if (r == CUDA_ERROR_INVALID_VALUE) return sizes;
    if (r == CUDA_ERROR_NOT_SUPPORTED) return std::nullopt;
    check(r, "cuFuncGetParamInfo");
    sizes.push_back(size);
  }
  return sizes;
}

void set_max_dynamic_shared(Device device, CUfunction fn, int bytes) {
  cuda_backend(device).activate();
  check(driver().cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes),
        "cuFuncSetAttribute");
}

void launch(Device device, CUfunction fn, Dim3 grid, Dim3 block, unsigned shared_bytes,
            StreamHandle stream, void** args) {
  cuda_backend(device).activate();
  check(driver().cuLaunchKernel(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes,
                                static_cast<CUstream>(stream), args, nullptr),
        "cuLaunchKernel");
}

}  // namespace cupylike
