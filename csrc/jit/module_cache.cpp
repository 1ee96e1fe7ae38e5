#include "jit/module_cache.hpp"

#include <mutex>
#include <unordered_map>

#include "core/error.hpp"
#include "jit/disk_cache.hpp"

namespace cupylike::jit {

namespace {

std::string memory_key(const HostModuleSpec& spec) {
  std::string k = spec.name;
  k += '\0';
  k += spec.gpu_flavour ? 'g' : 'c';
  for (const std::string& o : spec.options) k += o + '\1';
  k += '\0';
  for (const std::string& n : spec.kernels) k += n + '\1';
  k += '\0';
  return k + spec.source;
}

std::shared_ptr<cpu::CpuModule> load(const HostModuleSpec& spec) {
  std::string key = host_module_key(spec);
  try {
    return std::make_shared<cpu::CpuModule>(host_compile(spec, key), spec.kernels);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::runtime) throw;
    // A cached module that does not load (say, built for another runtime) is never trusted:
    // delete it and compile afresh.
    DiskCache().remove(key, ".sha256");
    return std::make_shared<cpu::CpuModule>(host_compile(spec, key), spec.kernels);
  }
}

}  // namespace

std::shared_ptr<cpu::CpuModule> cpu_module(const HostModuleSpec& spec) {
  static std::mutex mutex;
  static auto* modules = new std::unordered_map<std::string, std::shared_ptr<cpu::CpuModule>>;
  std::string key = memory_key(spec);
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = modules->find(key);
    if (it != modules->end()) return it->second;
  }
  // Compile without the lock: other kernels stay available meanwhile. Two threads asking for
  // the same new module both compile it; the disk cache makes that harmless.
  std::shared_ptr<cpu::CpuModule> m = load(spec);
  std::lock_guard<std::mutex> lock(mutex);
  return modules->emplace(std::move(key), std::move(m)).first->second;
}

}  // namespace cupylike::jit
