// Modules, kernels and their attributes on the emulated GPU (the other rules are at the top of
// driver.cpp).
// - cuModuleLoadData takes a CUBIN or PTX image (anything else is CUDA_ERROR_INVALID_IMAGE)
//   and reads its kernels, their parameter sizes and resources, and its globals
//   (images.cpp); other names are CUDA_ERROR_NOT_FOUND. cupylikeEmulatorModuleLoad does the
//   same and compiles the module's source for the host (program.cpp), which is what launches
//   run; a module from an image alone has kernels that cannot run.
// - Globals of a module with source are its program's variables, initializers included; those
//   of an image-only module are zeroed device memory.
// - Kernels answer cuFuncGetAttribute from their image: registers and __launch_bounds__ limit
//   the threads per block as on an H100 (a warp takes registers in units of 256 from the
//   block's 64 Ki), static shared memory is the image's; tests may override any attribute.
//   cuFuncGetParamInfo answers the program's sizes, a test's, or the image's. A build with
//   CUPYLIKE_EMULATOR_NO_PARAM_INFO lacks cuFuncGetParamInfo, as drivers before 12.4 do.
#include "emulator/modules.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "runtime/gpu_limits.hpp"

namespace cupylike::emulator {

Modules& modules() {
  static Modules* m = new Modules;  // never destroyed, as State
  return *m;
}

std::optional<std::vector<size_t>> params_of(const CUfunc_st& f) {
  if (f.kernel >= 0) return f.module->program->param_sizes(f.kernel);
  auto it = modules().registered_params.find(f.name);
  if (it != modules().registered_params.end()) return it->second;
  return f.image.params;
}

namespace {

// The most threads a block of `f` can have: its __launch_bounds__, and what its registers
// allow (each warp takes its registers in units of kRegisterUnit from the block's file).
int max_threads(const CUfunc_st& f) {
  int limit = int(kMaxThreadsPerBlock);
  if (f.image.launch_bound > 0) limit = std::min(limit, f.image.launch_bound);
  if (f.image.registers > 0) {
    int per_warp =
        (f.image.registers * kWarpSize + kRegisterUnit - 1) / kRegisterUnit * kRegisterUnit;
    limit = std::min(limit, kRegistersPerBlock / per_warp * kWarpSize);
  }
  return limit;
}

}  // namespace

int attribute_of(const CUfunc_st& f, CUfunction_attribute a) {
  auto it = modules().attributes.find({f.name, int(a)});
  if (it != modules().attributes.end()) return it->second;
  switch (a) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      return max_threads(f);
    case CU_FUNC_ATTRIBUTE_NUM_REGS:
      return f.image.registers;
    case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
      return int(f.image.static_shared);
    case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
      return kComputeMajor * 10 + kComputeMinor;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
      return f.max_dynamic_shared;
    case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
      return f.carveout;
    default:
      return 0;  // constant and local memory, cache mode
  }
}

CUresult need_function(const State& s, CUfunction f) {
  if (CUresult r = need_context(s); r != CUDA_SUCCESS) return r;
  return f && modules().functions.count(f) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

long long module_stat(const std::string& name) {
  const Modules& m = modules();
  if (name == "modules_live") return (long long)m.live.size();
  return -1;
}

namespace {

// Registers a module whose image was read (and whose program, if any, was built).
CUresult add_module(CUmodule* out, int device, ImageInfo image, std::shared_ptr<Program> program) {
  auto m = std::make_unique<CUmod_st>();
  m->device = device;
  m->image = std::move(image);
  m->program = std::move(program);
  *out = m.release();
  modules().live.insert(*out);
  return CUDA_SUCCESS;
}

// Frees a global of `module`: device memory for an image-only module's, only the name of a
// program's variable.
void drop_global(State& s, const CUmod_st& module, uint64_t address) {
  auto it = s.allocations.find(address);
  if (it == s.allocations.end()) return;
  DeviceState& d = s.device(module.device);
  if (d.memory.contains(address)) {
    d.memory.release(address, it->second.size);
    d.live_bytes -= it->second.size;
  }
  s.allocations.erase(it);
}

}  // namespace

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;
using emu::Lock;
using emu::State;
using emu::t_current;

extern "C" {

CUresult CUDAAPI cuModuleLoadData(CUmodule* module, const void* image) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!module) return CUDA_ERROR_INVALID_VALUE;
  emu::ImageInfo info;
  if (!emu::read_image(image, info)) return CUDA_ERROR_INVALID_IMAGE;
  return emu::add_module(module, t_current->device, std::move(info), nullptr);
}

CUresult cupylikeEmulatorModuleLoad(CUmodule* module, const void* image,
                                    const cupylike_emulator_source* source) {
  State& s = emu::state();
  emu::ImageInfo info;
  {
    emu::Call call(s);
    if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
    if (!module || !source || source->version != CUPYLIKE_EMULATOR_SOURCE_VERSION)
      return CUDA_ERROR_INVALID_VALUE;
    if (!emu::read_image(image, info)) return CUDA_ERROR_INVALID_IMAGE;
  }
  // Compiling takes seconds: other threads keep the driver meanwhile.
  std::shared_ptr<emu::Program> program;
  try {
    program = std::make_shared<emu::Program>(*source);
  } catch (const cupylike::CompileFailure& e) {
    return emu::fail(CUDA_ERROR_INVALID_SOURCE,
                     std::string("the host compiler rejected what NVRTC compiled: ") + e.what());
  } catch (const std::exception& e) {
    return emu::fail(CUDA_ERROR_INVALID_SOURCE, e.what());
  }
  Lock lock(s.mutex);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  return emu::add_module(module, t_current->device, std::move(info), std::move(program));
}

CUresult CUDAAPI cuModuleUnload(CUmodule module) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_init(s); r != CUDA_SUCCESS) return r;
  emu::Modules& ms = emu::modules();
  if (!ms.live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  s.run_device(module->device);  // work queued on the device may still use its globals
  for (const auto& [name, fn] : module->functions) ms.functions.erase(fn.get());
  for (const auto& [name, address] : module->globals) emu::drop_global(s, *module, address);
  ms.live.erase(module);
  delete module;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction* fn, CUmodule module, const char* name) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!fn || !name) return CUDA_ERROR_INVALID_VALUE;
  if (!emu::modules().live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  auto known = module->image.functions.find(name);
  int kernel = module->program ? module->program->find(name) : -1;
  if (known == module->image.functions.end() && kernel < 0) return CUDA_ERROR_NOT_FOUND;
  std::unique_ptr<CUfunc_st>& f = module->functions[name];
  if (!f) {
    f = std::make_unique<CUfunc_st>();
    f->module = module;
    f->name = name;
    if (known != module->image.functions.end()) f->image = known->second;
    f->kernel = kernel;
    emu::modules().functions.insert(f.get());
  }
  *fn = f.get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr* ptr, size_t* bytes, CUmodule module,
                                   const char* name) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!name) return CUDA_ERROR_INVALID_VALUE;
  if (!emu::modules().live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  auto known = module->image.globals.find(name);
  std::pair<void*, size_t> variable{nullptr, 0};
  if (module->program) variable = module->program->global(name);
  if (known == module->image.globals.end() && !variable.first) return CUDA_ERROR_NOT_FOUND;
  size_t size = known != module->image.globals.end() ? known->second : variable.second;
  uint64_t& address = module->globals[name];
  if (!address) {
    if (variable.first) {
      address = reinterpret_cast<uint64_t>(variable.first);
      s.allocations[address] = {size, module->device, static_cast<char*>(variable.first), true};
    } else {
      emu::DeviceState& d = s.device(module->device);
      address = d.memory.allocate(std::max<size_t>(size, 1));
      if (!address) return CUDA_ERROR_OUT_OF_MEMORY;
      std::memset(d.memory.host(address), 0, std::max<size_t>(size, 1));  // no initializer
      s.allocations[address] = {std::max<size_t>(size, 1), module->device, d.memory.host(address),
                                true};
      d.live_bytes += std::max<size_t>(size, 1);
    }
  }
  if (ptr) *ptr = address;
  if (bytes) *bytes = size;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetAttribute(int* value, CUfunction_attribute attribute, CUfunction fn) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_function(s, fn); r != CUDA_SUCCESS) return r;
  if (!value || attribute < 0 || attribute >= CU_FUNC_ATTRIBUTE_MAX)
    return CUDA_ERROR_INVALID_VALUE;
  *value = emu::attribute_of(*fn, attribute);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction fn, CUfunction_attribute attribute, int value) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_function(s, fn); r != CUDA_SUCCESS) return r;
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    int static_bytes = emu::attribute_of(*fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    if (value < 0 || value > int(emu::kSharedOptin) - static_bytes)
      return emu::fail(CUDA_ERROR_INVALID_VALUE,
                       "MAX_DYNAMIC_SHARED_SIZE_BYTES of '" + fn->name + "' may be at most " +
                           std::to_string(int(emu::kSharedOptin) - static_bytes) + ", not " +
                           std::to_string(value));
    fn->max_dynamic_shared = value;
    return CUDA_SUCCESS;
  }
  if (attribute == CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) {
    if (value < -1 || value > 100) return CUDA_ERROR_INVALID_VALUE;
    fn->carveout = value;
    return CUDA_SUCCESS;
  }
  return CUDA_ERROR_INVALID_VALUE;  // the others are read-only or not modelled
}

#ifndef CUPYLIKE_EMULATOR_NO_PARAM_INFO
// A kernel whose sizes nothing gives answers CUDA_ERROR_NOT_SUPPORTED (the library then skips
// its checks).
CUresult CUDAAPI cuFuncGetParamInfo(CUfunction fn, size_t index, size_t* offset, size_t* size) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_function(s, fn); r != CUDA_SUCCESS) return r;
  std::optional<std::vector<size_t>> sizes = emu::params_of(*fn);
  if (!sizes) return CUDA_ERROR_NOT_SUPPORTED;
  if (!offset || !size || index >= sizes->size()) return CUDA_ERROR_INVALID_VALUE;
  size_t at = 0;  // each parameter at its natural alignment (at most 8), as the ABI lays them
  for (size_t i = 0;; ++i) {
    size_t align = std::clamp<size_t>((*sizes)[i] & (~(*sizes)[i] + 1), 1, 8);
    at = (at + align - 1) / align * align;
    if (i == index) break;
    at += (*sizes)[i];
  }
  *offset = at;
  *size = (*sizes)[index];
  return CUDA_SUCCESS;
}
#endif

}  // extern "C"
