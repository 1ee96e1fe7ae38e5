#include "emulator/host_libraries.hpp"

#include <dlfcn.h>

#include <mutex>

#include "emulator/state.hpp"
// Exported: the library calls it.
#pragma GCC visibility push(default)
#include "runtime/cuda/emulator_extension.h"
#pragma GCC visibility pop

namespace cupylike::emulator {

namespace {

std::mutex g_mutex;
void* g_libraries[2] = {nullptr, nullptr};  // by HostLibrary

}  // namespace

bool set_host_library(HostLibrary which, const char* path, std::string& why) {
  void* lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* reason = dlerror();
    why = reason ? reason : "cannot open it";
    return false;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  void*& slot = g_libraries[int(which)];
  if (!slot) slot = lib;  // the first stays: symbols already handed out point into it
  return true;
}

void* host_symbol(HostLibrary which, const char* name) {
  std::lock_guard<std::mutex> lock(g_mutex);
  void* lib = g_libraries[int(which)];
  if (!lib) return nullptr;
  if (which == HostLibrary::blas) return dlsym(lib, (std::string("scipy_") + name).c_str());
  return dlsym(lib, name);
}

}  // namespace cupylike::emulator

namespace {

CUresult set(cupylike::emulator::HostLibrary which, const char* what, const char* path) {
  namespace emu = cupylike::emulator;
  std::string why;
  if (!path || !emu::set_host_library(which, path, why))
    return emu::fail(CUDA_ERROR_FILE_NOT_FOUND, std::string("cannot open the host ") + what + " " +
                                                    (path ? path : "(null)") + ": " + why);
  return CUDA_SUCCESS;
}

}  // namespace

extern "C" CUresult cupylikeEmulatorSetHostLibrary(const char* path) {
  return set(cupylike::emulator::HostLibrary::blas, "BLAS", path);
}

extern "C" CUresult cupylikeEmulatorSetHostRandom(const char* path) {
  return set(cupylike::emulator::HostLibrary::random, "cuRAND", path);
}
