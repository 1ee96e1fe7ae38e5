// Modules, kernels and launches for the mock driver (the other rules are at the top of
// mock_libcuda.cpp).
// - cuModuleLoadData takes a CUBIN or PTX image (anything else is CUDA_ERROR_INVALID_IMAGE) and
//   reads its kernels, their parameter sizes and its globals (mock_images.cpp); other names are
//   CUDA_ERROR_NOT_FOUND. Globals are zeroed device memory (initializers are not modelled).
// - Kernels answer cuFuncGetAttribute with plausible values (1024 threads, 32 registers,
//   sm_90) that tests may override, and cuFuncGetParamInfo with the image's sizes or a test's
//   (mock_cuda_set_param_sizes). The cupylike_mock_cuda_old build lacks cuFuncGetParamInfo, as
//   drivers before 12.4 do.
// - A launch runs nothing: it checks its arguments as the driver would (a function of the
//   current device, grid and block limits, shared memory, parameters present), records what it
//   was asked (grid, block, shared bytes, stream, each argument's bytes: mock_cuda_launch), and
//   queues an empty op on the stream so that stream order and queries still see it. Kernel
//   results are therefore never computed here.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "mock_images.hpp"
#include "mock_state.hpp"

struct CUmod_st;

struct CUfunc_st {
  CUmod_st* module = nullptr;
  std::string name;
  std::optional<std::vector<size_t>> image_params;  // as read from the image
  int max_dynamic_shared = 48 << 10;                // raised by cuFuncSetAttribute
  int carveout = -1;
};

struct CUmod_st {
  int device = 0;
  mock_cuda::ImageInfo image;
  std::map<std::string, std::unique_ptr<CUfunc_st>> functions;  // handed out so far
  std::map<std::string, uint64_t> globals;                      // allocated on first request
};

namespace mock_cuda {
namespace {

constexpr int kSharedOptin = 232448;  // an H100's opt-in shared memory per block

struct Launch {
  std::string function;
  int device;
  unsigned grid[3], block[3], shared_bytes;
  uintptr_t stream;
  std::optional<std::vector<std::string>> args;  // each argument's bytes, if sizes are known
};

// Module state, under State::mutex like the rest of the mock.
struct Modules {
  std::set<CUmodule> live;
  std::set<CUfunction> functions;
  std::map<std::string, std::vector<size_t>> registered_params;  // by function name, from tests
  std::map<std::pair<std::string, int>, int> attributes;         // (name, attribute) -> value
  std::vector<Launch> launches;
};

Modules& modules() {
  static Modules* m = new Modules;  // never destroyed, as State
  return *m;
}

std::optional<std::vector<size_t>> params_of(const CUfunc_st& f) {
  auto it = modules().registered_params.find(f.name);
  if (it != modules().registered_params.end()) return it->second;
  return f.image_params;
}

int attribute_of(const CUfunc_st& f, CUfunction_attribute a) {
  auto it = modules().attributes.find({f.name, int(a)});
  if (it != modules().attributes.end()) return it->second;
  switch (a) {
    case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
      return 1024;
    case CU_FUNC_ATTRIBUTE_NUM_REGS:
      return 32;
    case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
      return 90;
    case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
      return f.max_dynamic_shared;
    case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
      return f.carveout;
    default:
      return 0;  // static shared, constant and local memory, cache mode
  }
}

CUresult need_function(const State& s, CUfunction f) {
  if (CUresult r = need_context(s); r != CUDA_SUCCESS) return r;
  return f && modules().functions.count(f) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

std::string hex(const std::string& bytes) {
  std::string out;
  char buf[3];
  for (unsigned char c : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", c);
    out += buf;
  }
  return out;
}

std::string to_json(const Launch& l) {
  auto triple = [](const unsigned(&v)[3]) {
    std::string t = "[";
    t.append(std::to_string(v[0])).append(", ").append(std::to_string(v[1]));
    return t.append(", ").append(std::to_string(v[2])).append("]");
  };
  std::string args = "null";
  if (l.args) {
    args = "[";
    for (size_t i = 0; i < l.args->size(); ++i) {
      args.append(i ? ", \"" : "\"").append(hex((*l.args)[i])).append("\"");
    }
    args.append("]");
  }
  std::string out = "{\"function\": \"";
  out.append(l.function).append("\", \"device\": ").append(std::to_string(l.device));
  out.append(", \"grid\": ").append(triple(l.grid)).append(", \"block\": ").append(triple(l.block));
  out.append(", \"shared_bytes\": ").append(std::to_string(l.shared_bytes));
  out.append(", \"stream\": ").append(std::to_string(l.stream));
  out.append(", \"args\": ").append(args).append("}");
  return out;
}

}  // namespace

long long module_stat(const std::string& name) {
  const Modules& m = modules();
  if (name == "launches") return (long long)m.launches.size();
  if (name == "modules_live") return (long long)m.live.size();
  return -1;
}

}  // namespace mock_cuda

using mock_cuda::Lock;
using mock_cuda::State;
using mock_cuda::t_current;

extern "C" {

CUresult CUDAAPI cuModuleLoadData(CUmodule* module, const void* image) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!module) return CUDA_ERROR_INVALID_VALUE;
  auto m = std::make_unique<CUmod_st>();
  m->device = t_current->device;
  if (!mock_cuda::read_image(image, m->image)) return CUDA_ERROR_INVALID_IMAGE;
  *module = m.release();
  mock_cuda::modules().live.insert(*module);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleUnload(CUmodule module) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_init(s); r != CUDA_SUCCESS) return r;
  mock_cuda::Modules& ms = mock_cuda::modules();
  if (!ms.live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  s.run_device(module->device);  // work queued on the device may still use its globals
  for (const auto& [name, fn] : module->functions) ms.functions.erase(fn.get());
  for (const auto& [name, fake] : module->globals) {
    auto it = s.allocations.find(fake);
    std::free(it->second.real);
    s.device(module->device).live_bytes -= it->second.size;
    s.allocations.erase(it);
  }
  ms.live.erase(module);
  delete module;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction* fn, CUmodule module, const char* name) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!fn || !name) return CUDA_ERROR_INVALID_VALUE;
  if (!mock_cuda::modules().live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  auto known = module->image.functions.find(name);
  if (known == module->image.functions.end()) return CUDA_ERROR_NOT_FOUND;
  std::unique_ptr<CUfunc_st>& f = module->functions[name];
  if (!f) {
    f = std::make_unique<CUfunc_st>();
    f->module = module;
    f->name = name;
    f->image_params = known->second;
    mock_cuda::modules().functions.insert(f.get());
  }
  *fn = f.get();
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr* ptr, size_t* bytes, CUmodule module,
                                   const char* name) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!name) return CUDA_ERROR_INVALID_VALUE;
  if (!mock_cuda::modules().live.count(module)) return CUDA_ERROR_INVALID_HANDLE;
  auto known = module->image.globals.find(name);
  if (known == module->image.globals.end()) return CUDA_ERROR_NOT_FOUND;
  uint64_t& fake = module->globals[name];
  if (!fake) {
    // Zeroed, as a variable without an initializer is; initializers are not modelled.
    size_t size = std::max<size_t>(known->second, 1);
    auto* real = static_cast<char*>(std::calloc(size, 1));
    if (!real) return CUDA_ERROR_OUT_OF_MEMORY;
    fake = s.add_allocation(module->device, real, size);
  }
  if (ptr) *ptr = fake;
  if (bytes) *bytes = known->second;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetAttribute(int* value, CUfunction_attribute attribute, CUfunction fn) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_function(s, fn); r != CUDA_SUCCESS) return r;
  if (!value || attribute < 0 || attribute >= CU_FUNC_ATTRIBUTE_MAX)
    return CUDA_ERROR_INVALID_VALUE;
  *value = mock_cuda::attribute_of(*fn, attribute);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction fn, CUfunction_attribute attribute, int value) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_function(s, fn); r != CUDA_SUCCESS) return r;
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    int static_bytes = mock_cuda::attribute_of(*fn, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
    if (value < 0 || value > mock_cuda::kSharedOptin - static_bytes)
      return CUDA_ERROR_INVALID_VALUE;
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

#ifndef MOCK_CUDA_NO_PARAM_INFO
// Sizes come from a test's mock_cuda_set_param_sizes, else from the image; a kernel whose
// sizes neither gives answers CUDA_ERROR_NOT_SUPPORTED (the library then skips its checks).
CUresult CUDAAPI cuFuncGetParamInfo(CUfunction fn, size_t index, size_t* offset, size_t* size) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_function(s, fn); r != CUDA_SUCCESS) return r;
  std::optional<std::vector<size_t>> sizes = mock_cuda::params_of(*fn);
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

CUresult CUDAAPI cuLaunchKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                unsigned by, unsigned bz, unsigned shared_bytes, CUstream stream,
                                void** params, void** extra) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_function(s, fn); r != CUDA_SUCCESS) return r;
  if (fn->module->device != t_current->device) return CUDA_ERROR_INVALID_HANDLE;
  if (extra) return CUDA_ERROR_NOT_SUPPORTED;  // the library passes kernelParams only
  const unsigned long long threads = 1ull * bx * by * bz;
  if (!gx || !gy || !gz || !bx || !by || !bz || gx > 2147483647u || gy > 65535 || gz > 65535 ||
      bx > 1024 || by > 1024 || bz > 64 ||
      threads > unsigned(mock_cuda::attribute_of(*fn, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)) ||
      shared_bytes > unsigned(fn->max_dynamic_shared))
    return CUDA_ERROR_INVALID_VALUE;
  std::optional<std::vector<size_t>> sizes = mock_cuda::params_of(*fn);
  if (sizes && !sizes->empty() && !params) return CUDA_ERROR_INVALID_VALUE;
  mock_cuda::Launch l{fn->name,     t_current->device, {gx, gy, gz},
                      {bx, by, bz}, shared_bytes,      reinterpret_cast<uintptr_t>(stream),
                      std::nullopt};
  if (sizes) {
    l.args.emplace();
    for (size_t i = 0; i < sizes->size(); ++i) {
      if (!params[i]) return CUDA_ERROR_INVALID_VALUE;
      l.args->emplace_back(static_cast<const char*>(params[i]), (*sizes)[i]);
    }
  }
  mock_cuda::Op op;
  op.kind = mock_cuda::Op::kernel;
  if (CUresult r = mock_cuda::issue(s, stream, std::move(op), false); r != CUDA_SUCCESS) return r;
  mock_cuda::modules().launches.push_back(std::move(l));
  return CUDA_SUCCESS;
}

// --- for tests ------------------------------------------------------------------------------

/// From now on the kernels named `function` take `count` parameters of these sizes (count < 0
/// forgets them), whatever their image says: for CUBINs whose layout the mock cannot read.
__attribute__((visibility("default"))) void mock_cuda_set_param_sizes(const char* function,
                                                                      const long long* sizes,
                                                                      int count) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  auto& registered = mock_cuda::modules().registered_params;
  if (count < 0) {
    registered.erase(function);
    return;
  }
  registered[function] = std::vector<size_t>(sizes, sizes + count);
}

/// cuFuncGetAttribute(attribute) of the kernels named `function` answers `value` from now on
/// (e.g. a MAX_THREADS_PER_BLOCK below 1024, as register-heavy kernels have).
__attribute__((visibility("default"))) void mock_cuda_set_function_attribute(const char* function,
                                                                             int attribute,
                                                                             int value) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  mock_cuda::modules().attributes[{function, attribute}] = value;
}

/// Launch number `index` (from the end when negative) as JSON: function, device, grid, block,
/// shared_bytes, stream (the handle as an integer, 0 for the null stream) and args (each
/// argument's bytes in hex, or null when the parameter sizes are unknown); NULL if none.
/// The text stays valid until the thread's next call.
__attribute__((visibility("default"))) const char* mock_cuda_launch(long long index) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  const auto& launches = mock_cuda::modules().launches;
  long long n = (long long)launches.size();
  if (index < 0) index += n;
  if (index < 0 || index >= n) return nullptr;
  thread_local std::string text;
  text = mock_cuda::to_json(launches[size_t(index)]);
  return text.c_str();
}

}  // extern "C"
