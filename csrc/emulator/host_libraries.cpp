#include "emulator/host_libraries.hpp"

#include <dlfcn.h>

#include <mutex>

#include "emulator/state.hpp"
// Exported: the library calls it.
#pragma GCC visibility push(default)
#include "emulator/extension.h"
#pragma GCC visibility pop

namespace cupylike::emulator {

namespace {

std::mutex g_mutex;
void* g_library = nullptr;

}  // namespace

bool set_host_library(const char* path, std::string& why) {
  void* lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* reason = dlerror();
    why = reason ? reason : "cannot open it";
    return false;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_library) g_library = lib;  // the first stays: symbols already handed out point into it
  return true;
}

void* host_symbol(const char* name) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_library) return nullptr;
  return dlsym(g_library, (std::string("scipy_") + name).c_str());
}

}  // namespace cupylike::emulator

extern "C" CUresult cupylikeEmulatorSetHostLibrary(const char* path) {
  namespace emu = cupylike::emulator;
  std::string why;
  if (!path || !emu::set_host_library(path, why))
    return emu::fail(CUDA_ERROR_FILE_NOT_FOUND, std::string("cannot open the host BLAS ") +
                                                    (path ? path : "(null)") + ": " + why);
  return CUDA_SUCCESS;
}
