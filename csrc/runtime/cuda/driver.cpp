#include "runtime/cuda/driver.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>

#include "core/error.hpp"
#include "runtime/cuda_search.hpp"

namespace cupylike::cuda {
namespace {

#define CUPYLIKE_STR2(x) #x
#define CUPYLIKE_STR(x) CUPYLIKE_STR2(x)

struct Loaded {
  Driver driver;
  void* library = nullptr;  // the dlopen handle; null when the library did not open
  std::string error;        // why the driver cannot be used; empty when it can
};

bool env_on(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string(v) != "0";
}

// The emulated GPU's library, installed in the same folder as the module holding this code.
std::string emulator_path() {
  Dl_info info;
  std::string dir;
  if (dladdr(reinterpret_cast<void*>(&emulator_path), &info) && info.dli_fname) {
    dir = info.dli_fname;
    dir = dir.substr(0, dir.rfind('/') + 1);
  }
  return dir + "libcupylike_cuda_emulator.so";
}

std::string library_path() {
  // CUPYLIKE_LIBCUDA lets tests and unusual installations name the driver library.
  const char* path = std::getenv("CUPYLIKE_LIBCUDA");
  if (path && *path) return path;
  if (env_on("CUPYLIKE_CUDA_EMULATOR")) return emulator_path();
  return "libcuda.so.1";
}

template <class Fn>
void load_symbol(void* lib, const char* symbol, Fn& out, std::string& missing) {
  out = reinterpret_cast<Fn>(dlsym(lib, symbol));
  if (!out) missing += std::string(missing.empty() ? "" : ", ") + symbol;
}

Loaded load() {
  Loaded l;
  std::string chosen = library_path();
  const char* path = chosen.c_str();
  void* lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  l.library = lib;
  if (!lib) {
    const char* why = dlerror();
    l.error = std::string("no CUDA driver: cannot load ") + path + " (" + (why ? why : "?") + ")";
    return l;
  }
  std::string missing;
#define CUPYLIKE_LOAD(name) load_symbol(lib, CUPYLIKE_STR(name), l.driver.name, missing);
  CUPYLIKE_DRIVER_FUNCTIONS(CUPYLIKE_LOAD)
#undef CUPYLIKE_LOAD
  // Drivers before 12.8 have only the first cuEventElapsedTime, with the same signature.
  std::string ignored;
  load_symbol(lib, CUPYLIKE_STR(cuEventElapsedTime), l.driver.cuEventElapsedTime, ignored);
  if (!l.driver.cuEventElapsedTime)
    load_symbol(lib, "cuEventElapsedTime", l.driver.cuEventElapsedTime, missing);
  // Optional: without it kernel arguments are not checked against the parameters' sizes.
  load_symbol(lib, CUPYLIKE_STR(cuFuncGetParamInfo), l.driver.cuFuncGetParamInfo, ignored);
  load_symbol(lib, "cupylikeEmulatorModuleLoad", l.driver.cupylikeEmulatorModuleLoad, ignored);
  load_symbol(lib, "cupylikeEmulatorLastError", l.driver.cupylikeEmulatorLastError, ignored);
  load_symbol(lib, "cupylikeEmulatorSetHostLibrary", l.driver.cupylikeEmulatorSetHostLibrary,
              ignored);
  load_symbol(lib, "cupylikeEmulatorSetHostRandom", l.driver.cupylikeEmulatorSetHostRandom,
              ignored);
  if (!missing.empty()) {
    l.error = "the CUDA driver lacks " + missing + " (it is older than the CUDA " +
              std::to_string(CUDA_VERSION / 1000) + " this build expects; update the driver)";
    return l;
  }
  CUresult r = l.driver.cuInit(0);
  if (r == CUDA_ERROR_NO_DEVICE) {
    l.error = "the CUDA driver found no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)";
  } else if (r != CUDA_SUCCESS) {
    const char* name = nullptr;
    l.driver.cuGetErrorName(r, &name);
    l.error = std::string("the CUDA driver failed to initialise (cuInit: ") +
              (name ? name : std::to_string(int(r)).c_str()) + ")";
  }
  return l;
}

const Loaded& loaded() {
  static const Loaded l = load();
  return l;
}

}  // namespace

const Driver& driver() {
  const Loaded& l = loaded();
  if (!l.error.empty()) raise(ErrorKind::cuda_unavailable, l.error);
  return l.driver;
}

int device_count() {
  const Loaded& l = loaded();
  if (!l.error.empty()) return 0;
  int n = 0;
  if (l.driver.cuDeviceGetCount(&n) != CUDA_SUCCESS) return 0;
  return n;
}

int driver_version() {
  const Loaded& l = loaded();
  int v = 0;
  if (!l.error.empty() || l.driver.cuDriverGetVersion(&v) != CUDA_SUCCESS) return 0;
  return v;
}

bool emulated() {
  const Loaded& l = loaded();
  return l.error.empty() && l.driver.emulated();
}

void search_vendor_library(const char* name) {
  if (!emulated() && cuda_search::has_locator()) cuda_search::library(name);
}

void* open_vendor_library(const char* name, std::initializer_list<const char*> sonames,
                          const char* library) {
  std::string tried;
  if (emulated()) {
    // The loaded emulator: dlopen of the same path returns its handle.
    std::string path = library_path();
    if (void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
    tried = path;
  } else if (cuda_search::has_locator()) {
    cuda_search::Found found = cuda_search::library(name);
    if (found.path.empty())
      raise(
          ErrorKind::cuda_unavailable,
          std::string("cannot load ") + library + ": " + found.why +
              ". Install it with `pip install \"cupylike[cuda13]\"`, or install the CUDA toolkit.");
    if (void* lib = dlopen(found.path.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
    const char* why = dlerror();
    tried = found.path + ": " + (why ? why : "?");
  } else {
    for (const char* soname : sonames) {
      if (void* lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) return lib;
      tried += std::string(tried.empty() ? "" : " or ") + soname;
    }
  }
  raise(ErrorKind::cuda_unavailable, std::string("cannot load ") + library + " (" + tried + ")");
}

LibraryInfo driver_info() {
  const Loaded& l = loaded();
  LibraryInfo info;
  info.component = "CUDA driver";
  info.found = l.library != nullptr;
  info.path = library_file(l.library);
  info.error = l.error;
  int version = 0;
  if (l.driver.cuDriverGetVersion && l.driver.cuDriverGetVersion(&version) == CUDA_SUCCESS)
    info.version = {version / 1000, version % 1000 / 10};
  return info;
}

int device_count_or_raise() {
  int n = 0;
  check(driver().cuDeviceGetCount(&n), "cuDeviceGetCount");
  return n;
}

std::string error_text(CUresult result) {
  const Loaded& l = loaded();
  const char* name = nullptr;
  const char* text = nullptr;
  if (l.driver.cuGetErrorName) l.driver.cuGetErrorName(result, &name);
  if (l.driver.cuGetErrorString) l.driver.cuGetErrorString(result, &text);
  std::string s = name ? name : "CUDA error " + std::to_string(int(result));
  if (text) s += std::string(": ") + text;
  if (l.driver.cupylikeEmulatorLastError) {
    std::string why = l.driver.cupylikeEmulatorLastError();
    if (!why.empty()) s += " (emulated GPU: " + why + ")";
  }
  return s;
}

void check(CUresult result, const char* call) {
  if (result != CUDA_SUCCESS)
    raise(ErrorKind::cuda_driver, std::string(call) + " failed: " + error_text(result));
}

}  // namespace cupylike::cuda
