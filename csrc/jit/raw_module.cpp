#include "jit/raw_module.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>

#include "core/error.hpp"
#include "jit/compile_notice.hpp"
#include "jit/module_cache.hpp"
#include "jit/nvrtc.hpp"
#include "jit/nvrtc_cache.hpp"
#include "jit/paths.hpp"
#include "jit/source_text.hpp"
#include "runtime/cpu/cpu_kernel.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/cuda_kernel.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

// The same error on every device, for a name cuModuleGetFunction would not find.
[[noreturn]] void missing_kernel(const std::string& name, const std::string& detail = "") {
  raise(ErrorKind::value, "no kernel named '" + name + "' in the module" + detail +
                              ": a kernel is an extern \"C\" __global__ function, or a template "
                              "instantiation listed in name_expressions");
}

std::vector<ParamKind> abi_param_kinds(const std::vector<unsigned char>& kinds) {
  std::vector<ParamKind> out;
  for (unsigned char k : kinds)
    out.push_back(k == __CPUK_PARAM_POINTER   ? ParamKind::pointer
                  : k == __CPUK_PARAM_INTEGER ? ParamKind::integer
                  : k == __CPUK_PARAM_FLOAT   ? ParamKind::floating
                                              : ParamKind::other);
  return out;
}

}  // namespace

RawModule::RawModule(std::string code, std::vector<std::string> options,
                     std::vector<std::string> name_expressions, std::string file_name)
    : code_(std::move(code)),
      file_name_(std::move(file_name)),
      options_(std::move(options)),
      name_expressions_(std::move(name_expressions)) {
  cpu_kernels_ = name_expressions_;
  for (const std::string& n : jit::extern_c_kernels(code_))
    if (std::find(cpu_kernels_.begin(), cpu_kernels_.end(), n) == cpu_kernels_.end())
      cpu_kernels_.push_back(n);
}

std::shared_ptr<RawModule> RawModule::from_file(const std::string& path) {
  std::shared_ptr<RawModule> m(new RawModule());
  m->image_path_ = path;
  return m;
}

std::shared_ptr<LoadedKernel> RawModule::kernel(Device device, const std::string& name) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& k : loaded_)
      if (k->device == device && k->name == name) return k;
  }
  std::shared_ptr<LoadedKernel> k = device.is_cpu() ? load_cpu(name) : load_cuda(device, name);
  std::lock_guard<std::mutex> lock(mutex_);
  loaded_.push_back(k);
  return k;
}

void RawModule::check_has_source() const {
  if (!image_path_.empty())
    raise(ErrorKind::value,
          "a RawModule loaded from " + image_path_ +
              " holds GPU code; the cpu device runs kernels compiled from source");
}

std::shared_ptr<LoadedKernel> RawModule::load_cpu(const std::string& name) {
  check_has_source();
  jit::HostModuleSpec spec;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // What cuModuleGetFunction finds in NVRTC's output, and nothing else: the extern "C"
    // kernels and the name expressions. A __device__ function, a kernel with C++ linkage or a
    // name that is no function at all is missing there, so it is missing here too (rather
    // than a compile error from the glue, or a kernel that runs here and not on a GPU).
    if (std::find(cpu_kernels_.begin(), cpu_kernels_.end(), name) == cpu_kernels_.end())
      missing_kernel(name);
    spec = jit::HostModuleSpec{code_, file_name_, options_, cpu_kernels_};
  }
  std::shared_ptr<cpu::CpuModule> module = jit::cpu_module(spec);
  // What NVRTC would refuse to compile for a GPU, the cpu device refuses too.
  for (size_t i = 0; i < spec.kernels.size(); ++i)
    check_static_shared(spec.kernels[i], module->static_shared(int(i)), file_name_, code_);
  const int index = module->find(name);
  auto k = std::make_shared<LoadedKernel>();
  k->device = Device{DeviceKind::cpu, 0};
  k->name = name;
  k->param_sizes = module->param_sizes(index);
  k->param_kinds = abi_param_kinds(module->param_kinds(index));
  k->limits.static_shared = module->static_shared(index);
  k->kernel = std::make_unique<cpu::CpuKernel>(std::move(module), index);
  return k;
}

std::shared_ptr<CudaModule> RawModule::cuda_module(Device device) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& m : cuda_modules_)
      if (m->device() == device) return m;
  }
  // Compiled and loaded without the lock: the compilers release the GIL, and a thread that
  // holds the GIL while it waits for this lock would never let a compiling thread take the
  // GIL back. Two threads may both load the module; the first to finish is kept.
  std::shared_ptr<CudaModule> module;
  std::vector<std::string> lowered;
  if (!image_path_.empty()) {
    std::ifstream in(image_path_, std::ios::binary);
    if (!in) raise(ErrorKind::value, "cannot read " + image_path_);
    std::string image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    module = std::make_shared<CudaModule>(device, image);
  } else {
    auto& b = static_cast<CudaBackend&>(backend_for(device));
    bool ptx = false;
    int arch = jit::choose_arch(b.compute_capability(), ptx);
    auto out = jit::nvrtc_compile_cached(code_, file_name_, options_, name_expressions_, arch, ptx);
    lowered = out->lowered_names;
    const std::vector<std::string> includes = jit::cuda_include_dirs();
    ModuleSource source{code_,   file_name_,        options_, name_expressions_,
                        lowered, jit::kernel_dir(), includes};
    // On the emulated GPU, loading the module compiles its source with the host compiler (the
    // emulator's own, silent copy of it): that time counts toward the first-run notice too.
    std::optional<jit::CompileWatch> emulator_compile;
    if (cuda::emulated())
      emulator_compile.emplace(file_name_, "a GPU (sm_" + std::to_string(arch) + ")", "NVRTC",
                               "cuda");
    module = std::make_shared<CudaModule>(device, out->image, &source);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto& m : cuda_modules_)
    if (m->device() == device) return m;
  if (!lowered.empty()) lowered_names_ = std::move(lowered);
  cuda_modules_.push_back(module);
  return module;
}

std::string RawModule::lowered(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);  // cuda_module() sets lowered_names_
  for (size_t i = 0; i < name_expressions_.size() && i < lowered_names_.size(); ++i)
    if (name_expressions_[i] == name) return lowered_names_[i];
  return name;  // an extern "C" name is its own symbol
}

std::shared_ptr<LoadedKernel> RawModule::load_cuda(Device device, const std::string& name) {
  std::shared_ptr<CudaModule> module = cuda_module(device);
  auto k = std::make_shared<LoadedKernel>();
  k->device = device;
  k->name = name;
  CUfunction fn = nullptr;
  try {
    fn = module->function(lowered(name));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::cuda_driver) throw;
    missing_kernel(name, std::string(" (") + e.what() + ")");
  }
  k->kernel = std::make_unique<CudaKernel>(module, fn, name);
  k->param_sizes = param_sizes(device, fn);
  // The driver knows sizes only; what the source declares tells pointers from numbers.
  if (image_path_.empty()) k->param_kinds = jit::kernel_param_kinds(code_, name);
  if (k->param_kinds && k->param_sizes && k->param_kinds->size() != k->param_sizes->size())
    k->param_kinds.reset();  // the source was misread (a macro): trust the driver's sizes alone
  const KernelAttributes a = k->kernel->attributes();
  k->limits.max_threads_per_block = unsigned(a.max_threads_per_block);
  k->limits.static_shared = size_t(a.shared_size_bytes);
  k->max_dynamic_shared.store(size_t(a.max_dynamic_shared_size_bytes));
  k->device_limits = &device_limits(device);
  return k;
}

std::pair<void*, size_t> RawModule::global(Device device, const std::string& name) {
  if (device.is_cuda()) {
    std::shared_ptr<CudaModule> module = cuda_module(device);
    std::pair<CUdeviceptr, size_t> g;
    try {
      g = module->global(lowered(name));
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::cuda_driver) throw;
      raise(ErrorKind::value, "no global variable named '" + name + "' in the module");
    }
    return {reinterpret_cast<void*>(g.first), g.second};
  }
  check_has_source();
  jit::HostModuleSpec spec;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    spec = jit::HostModuleSpec{code_, file_name_, options_, cpu_kernels_};
  }
  auto g = jit::cpu_module(spec)->global(name);
  if (!g.first) raise(ErrorKind::value, "no global variable named '" + name + "' in the module");
  return g;
}

}  // namespace cupylike
