#include "runtime/cpu/cpu_module.hpp"

#include <dlfcn.h>
#include <link.h>

#include <algorithm>

#include "core/error.hpp"
#include "runtime/cpu/static_shared.hpp"
#include "runtime/cpu/worker_pool.hpp"

namespace cupylike::cpu {

namespace {
template <class Fn>
Fn symbol(void* handle, const std::string& name, const std::string& path) {
  void* p = dlsym(handle, name.c_str());
  if (!p) raise(ErrorKind::runtime, "kernel module " + path + " lacks " + name);
  return reinterpret_cast<Fn>(p);
}

// Where `address` lies in the module's file, as its symbol table counts.
uint64_t offset_in_module(const void* address, const std::string& path) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fbase)
    raise(ErrorKind::runtime, "cannot locate a kernel in module " + path);
  return reinterpret_cast<uint64_t>(address) - reinterpret_cast<uint64_t>(info.dli_fbase);
}
}  // namespace

CpuModule::CpuModule(const std::string& path, std::vector<std::string> kernels)
    : names_(std::move(kernels)) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    const char* why = dlerror();
    raise(ErrorKind::runtime, "cannot load kernel module " + path + ": " + (why ? why : "?"));
  }
  try {
    auto version = symbol<int (*)()>(handle_, "__cpuk_abi_version", path);
    if (version() != CUPYLIKE_CPU_ABI_VERSION)
      raise(ErrorKind::runtime, "kernel module " + path + " was built for another runtime");
    symbol<void (*)(const __cpuk_rt_t*)>(handle_, "__cpuk_set_runtime", path)(runtime_table());
    auto context = symbol<__cpuk_ctx_t* (*)()>(handle_, "__cpuk_context", path);
    std::vector<uint64_t> offsets;
    for (size_t i = 0; i < names_.size(); ++i) {
      std::string n = std::to_string(i);
      KernelEntry e;
      e.seq = symbol<int (*)(void**)>(handle_, "__cpuk_seq_" + n, path);
      e.thr = symbol<void (*)(void**)>(handle_, "__cpuk_thr_" + n, path);
      e.context = context;
      entries_.push_back(e);
      auto params = symbol<int (*)(unsigned long long*, unsigned char*, int)>(
          handle_, "__cpuk_params_" + n, path);
      int count = params(nullptr, nullptr, 0);
      std::vector<unsigned long long> sizes(static_cast<size_t>(count));
      std::vector<unsigned char> kinds(static_cast<size_t>(count));
      params(sizes.data(), kinds.data(), count);
      params_.emplace_back(sizes.begin(), sizes.end());
      param_kinds_.push_back(kinds);
      std::vector<bool> pointers;
      for (unsigned char k : kinds) pointers.push_back(k == __CPUK_PARAM_POINTER);
      pointer_params_.push_back(std::move(pointers));
      offsets.push_back(
          offset_in_module(symbol<const void* (*)()>(handle_, "__cpuk_kernel_" + n, path)(), path));
    }
    static_shared_ = static_shared_bytes(path, offsets);
    for (size_t i = 0; i < entries_.size(); ++i) {
      entries_[i].name = &names_[i];
      entries_[i].pointer_params = &pointer_params_[i];
    }
  } catch (...) {
    dlclose(handle_);
    throw;
  }
}

CpuModule::~CpuModule() { dlclose(handle_); }

int CpuModule::find(const std::string& name) const {
  for (size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return int(i);
  return -1;
}

std::pair<void*, size_t> CpuModule::global(const std::string& name) const {
  void* p = dlsym(handle_, name.c_str());
  if (!p) return {nullptr, 0};
  Dl_info info;
  void* entry = nullptr;
  if (dladdr1(p, &info, &entry, RTLD_DL_SYMENT) == 0 || !entry) return {p, 0};
  const auto* sym = static_cast<const ElfW(Sym)*>(entry);
  return {p, size_t(sym->st_size)};
}

void launch(const CpuModule& module, int kernel, const LaunchDims& dims, void** args,
            uint64_t work_items) {
  const KernelEntry& entry = module.kernel(kernel);
  uint64_t blocks = uint64_t(dims.grid.x) * dims.grid.y * dims.grid.z;
  uint64_t threads = blocks * dims.block.x * dims.block.y * dims.block.z;
  // Waking the workers costs microseconds; a launch with little work runs here alone, without
  // touching the pool (each thread has its own runner, so concurrent small launches are fine).
  constexpr uint64_t kParallelFrom = 4096;
  LaunchControl& control = LaunchControl::of_this_thread();
  control.begin();
  const bool reverse = reverse_thread_order();  // the k-th block run is then the k-th from last
  if (std::max(threads, work_items) < kParallelFrom || blocks == 1) {
    BlockRunner& runner = BlockRunner::of_this_thread();
    for (uint64_t k = 0; k < blocks; ++k)
      runner.run(entry, args, dims, reverse ? blocks - 1 - k : k, control);
    return;
  }
  std::function<void(uint64_t)> run = [&](uint64_t k) {
    BlockRunner::of_this_thread().run(entry, args, dims, reverse ? blocks - 1 - k : k, control);
  };
  WorkerPool::instance().run(blocks, run, true);
}

}  // namespace cupylike::cpu
