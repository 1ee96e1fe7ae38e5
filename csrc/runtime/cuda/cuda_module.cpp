#include "runtime/cuda/cuda_module.hpp"

#include <algorithm>
#include <array>

#include "core/error.hpp"
#include "jit/blocking.hpp"
#include "jit/paths.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

using cuda::check;
using cuda::driver;

namespace {

// Dynamic shared memory a kernel may use without opting in (CUDA's default for every
// architecture since Volta); more needs CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES.
constexpr unsigned kDefaultDynamicShared = 48 << 10;

CudaBackend& cuda_backend(Device device) {
  if (!device.is_cuda()) raise(ErrorKind::value, "not a CUDA device: " + device.str());
  return static_cast<CudaBackend&>(backend_for(device));
}

// What a launch on a device may ask for. Fixed for the life of the device, so read once.
struct Limits {
  int block[3] = {}, grid[3] = {};
  int threads_per_block = 0, shared_optin = 0;
};

const Limits& limits(Device device) {
  static std::array<std::once_flag, kMaxCudaDevices> once;
  static std::array<Limits, kMaxCudaDevices> all;
  std::call_once(once[size_t(device.index)], [&] {
    CUdevice dev = 0;
    check(driver().cuDeviceGet(&dev, device.index), "cuDeviceGet");
    auto get = [dev](CUdevice_attribute a) {
      int v = 0;
      check(driver().cuDeviceGetAttribute(&v, a, dev), "cuDeviceGetAttribute");
      return v;
    };
    Limits& l = all[size_t(device.index)];
    l.block[0] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
    l.block[1] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
    l.block[2] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
    l.grid[0] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
    l.grid[1] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
    l.grid[2] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
    l.threads_per_block = get(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    l.shared_optin = get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  });
  return all[size_t(device.index)];
}

int function_attribute(CUfunction fn, CUfunction_attribute a) {
  int v = 0;
  check(driver().cuFuncGetAttribute(&v, a, fn), "cuFuncGetAttribute");
  return v;
}

std::string shape(const char* what, Dim3 d) {
  return std::string(what) + " (" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " +
         std::to_string(d.z) + ")";
}

void check_dims(const char* what, Dim3 d, const int (&max)[3], Device device) {
  unsigned v[3] = {d.x, d.y, d.z};
  for (int i = 0; i < 3; ++i) {
    if (v[i] == 0) raise(ErrorKind::value, shape(what, d) + " is empty: each size must be >= 1");
    if (v[i] > unsigned(max[i]))
      raise(ErrorKind::value, shape(what, d) + " is over " + device.str() + "'s limit of " +
                                  std::to_string(max[i]) + " in dimension " + "xyz"[i]);
  }
}

void check_shared(Device device, CUfunction fn, unsigned shared_bytes, const Limits& l) {
  if (shared_bytes <= kDefaultDynamicShared) return;
  int static_bytes = function_attribute(fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  if (uint64_t(shared_bytes) + uint64_t(static_bytes) > uint64_t(l.shared_optin))
    raise(ErrorKind::value,
          "shared_mem=" + std::to_string(shared_bytes) + " bytes plus the " + "kernel's " +
              std::to_string(static_bytes) + " static bytes exceed " + device.str() + "'s " +
              std::to_string(l.shared_optin) + " bytes of shared memory per block");
  // The opt-in is per function and sticky, so ask only when the kernel's limit is lower.
  if (function_attribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) < int(shared_bytes))
    check(driver().cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                      int(shared_bytes)),
          "cuFuncSetAttribute");
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
                           lowered = c_strings(source->lowered_names);
  const std::string& kernels = jit::kernel_dir();
  cupylike_emulator_source s{CUPYLIKE_EMULATOR_SOURCE_VERSION,
                             source->code.c_str(),
                             source->file_name.c_str(),
                             options.data(),
                             int(options.size()),
                             names.data(),
                             lowered.data(),
                             int(std::min(names.size(), lowered.size())),
                             kernels.c_str()};
  jit::BlockingRegion compiling;  // the emulator compiles the source: seconds, without the GIL
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

void launch(Device device, CUfunction fn, Dim3 grid, Dim3 block, unsigned shared_bytes,
            StreamHandle stream, void** args) {
  CudaBackend& backend = cuda_backend(device);
  const Limits& l = limits(device);
  check_dims("grid", grid, l.grid, device);
  check_dims("block", block, l.block, device);
  backend.activate();
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  int allowed = std::min(l.threads_per_block,
                         function_attribute(fn, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK));
  if (threads > uint64_t(allowed))
    raise(ErrorKind::value, shape("block", block) + " has " + std::to_string(threads) +
                                " threads; this kernel runs at most " + std::to_string(allowed) +
                                " per block on " + device.str());
  check_shared(device, fn, shared_bytes, l);
  check(driver().cuLaunchKernel(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes,
                                static_cast<CUstream>(stream), args, nullptr),
        "cuLaunchKernel");
}

}  // namespace cupylike
