#include "jit/nvrtc.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string_view>

#include "core/error.hpp"
#include "cuda_api/nvrtc_abi.h"
#include "jit/paths.hpp"
#include "jit/source_text.hpp"
#include "runtime/blocking.hpp"
#include "runtime/cuda/library_info.hpp"
#include "runtime/cuda_search.hpp"

namespace cupylike::jit {
namespace {

#define CUPYLIKE_NVRTC_FUNCTIONS(X) \
  X(nvrtcGetErrorString)            \
  X(nvrtcVersion)                   \
  X(nvrtcGetNumSupportedArchs)      \
  X(nvrtcGetSupportedArchs)         \
  X(nvrtcCreateProgram)             \
  X(nvrtcDestroyProgram)            \
  X(nvrtcCompileProgram)            \
  X(nvrtcGetPTXSize)                \
  X(nvrtcGetPTX)                    \
  X(nvrtcGetCUBINSize)              \
  X(nvrtcGetCUBIN)                  \
  X(nvrtcGetProgramLogSize)         \
  X(nvrtcGetProgramLog)             \
  X(nvrtcAddNameExpression)         \
  X(nvrtcGetLoweredName)

struct Nvrtc {
#define CUPYLIKE_NVRTC_MEMBER(fn) decltype(&::fn) fn = nullptr;
  CUPYLIKE_NVRTC_FUNCTIONS(CUPYLIKE_NVRTC_MEMBER)
#undef CUPYLIKE_NVRTC_MEMBER
  void* library = nullptr;  // the dlopen handle; null when no candidate opened
  int version = 0;
  std::vector<int> archs;
  std::string error;  // why NVRTC cannot be used; empty when it can
};

// $CUPYLIKE_LIBNVRTC, else the locator's file; without a locator, the loader's own search.
std::vector<std::string> candidates(std::string& why_not_found) {
  if (const char* env = std::getenv("CUPYLIKE_LIBNVRTC"); env && *env) return {env};
  if (!cuda_search::has_locator()) return {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
  cuda_search::Found found = cuda_search::library("nvrtc");
  if (found.path.empty()) why_not_found = found.why;
  return found.path.empty() ? std::vector<std::string>{} : std::vector<std::string>{found.path};
}

Nvrtc load(const std::vector<std::string>& names, const std::string& why_not_found) {
  Nvrtc n;
  void* lib = nullptr;
  std::string tried, path;
  for (const std::string& name : names) {
    lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    path = name;
    if (lib) break;
    const char* why = dlerror();
    tried += "\n  " + name + ": " + (why ? why : "not found");
  }
  n.library = lib;
  if (!lib) {
    n.error = "NVRTC (the CUDA runtime compiler) cannot be loaded: " +
              (why_not_found.empty() ? "tried:" + tried : why_not_found) +
              "\nInstall it with `pip install \"cupylike[cuda13]\"` (or nvidia-cuda-nvrtc alone), "
              "or install the CUDA toolkit, or set CUPYLIKE_LIBNVRTC to the path of libnvrtc.so.";
    return n;
  }
  std::string missing;
#define CUPYLIKE_NVRTC_LOAD(fn)                             \
  n.fn = reinterpret_cast<decltype(n.fn)>(dlsym(lib, #fn)); \
  if (!n.fn) missing += std::string(missing.empty() ? "" : ", ") + #fn;
  CUPYLIKE_NVRTC_FUNCTIONS(CUPYLIKE_NVRTC_LOAD)
#undef CUPYLIKE_NVRTC_LOAD
  if (!missing.empty()) {
    n.error = "the NVRTC library " + path + " lacks " + missing + " (NVRTC 12 or newer is needed)";
    return n;
  }
  int major = 0, minor = 0, count = 0;
  if (n.nvrtcVersion(&major, &minor) != NVRTC_SUCCESS ||
      n.nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS || count <= 0) {
    n.error = "NVRTC does not answer its version or architectures";
    return n;
  }
  n.version = major * 1000 + minor * 10;
  n.archs.resize(size_t(count));
  n.nvrtcGetSupportedArchs(n.archs.data());
  std::sort(n.archs.begin(), n.archs.end());
  return n;
}

const Nvrtc& loaded() {
  static std::atomic<const Nvrtc*> done{nullptr};
  static std::mutex mutex;
  if (const Nvrtc* n = done.load(std::memory_order_acquire)) return *n;
  // Searched before the lock: the locator takes the GIL, which a waiting thread may hold.
  std::string why_not_found;
  std::vector<std::string> names = candidates(why_not_found);
  std::lock_guard<std::mutex> lock(mutex);
  if (!done.load(std::memory_order_relaxed))  // loaded for the life of the process
    done.store(new Nvrtc(load(names, why_not_found)), std::memory_order_release);
  return *done.load(std::memory_order_relaxed);
}

const Nvrtc& nvrtc() {
  const Nvrtc& n = loaded();
  if (!n.error.empty()) raise(ErrorKind::cuda_unavailable, n.error);
  return n;
}

std::string result_name(nvrtcResult r) {
  const char* s = nvrtc().nvrtcGetErrorString(r);
  return s ? s : "NVRTC error " + std::to_string(int(r));
}

void check(nvrtcResult r, const char* call) {
  if (r != NVRTC_SUCCESS)
    raise(ErrorKind::runtime, std::string(call) + " failed: " + result_name(r));
}

bool starts_with_any(const std::string& s, std::initializer_list<const char*> prefixes) {
  for (const char* p : prefixes)
    if (s.starts_with(p)) return true;
  return false;
}

// The target a user's -arch option names ("-arch=sm_90", "-arch sm_90",
// "--gpu-architecture=compute_90"); empty if none.
std::string user_arch(const std::vector<std::string>& options) {
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    for (const char* flag : {"-arch", "--gpu-architecture"}) {
      std::string f = flag;
      if (o == f && i + 1 < options.size()) return options[i + 1];
      if (o.starts_with(f + "=")) return o.substr(f.size() + 1);
    }
  }
  return "";
}

struct ProgramDeleter {
  void operator()(_nvrtcProgram* p) const { nvrtc().nvrtcDestroyProgram(&p); }
};
using Program = std::unique_ptr<_nvrtcProgram, ProgramDeleter>;

std::string program_log(nvrtcProgram prog) {
  size_t size = 0;
  if (nvrtc().nvrtcGetProgramLogSize(prog, &size) != NVRTC_SUCCESS || size <= 1) return "";
  std::string log(size, '\0');
  if (nvrtc().nvrtcGetProgramLog(prog, log.data()) != NVRTC_SUCCESS) return "";
  log.resize(size - 1);  // the size counts the terminating NUL
  while (!log.empty() && (log.back() == '\n' || log.back() == '\0')) log.pop_back();
  return log;
}

[[noreturn]] void fail(nvrtcResult r, const std::string& log, const std::string& source,
                       const std::string& name, const std::vector<std::string>& options) {
  std::string message = "NVRTC could not compile " + name + " (" + result_name(r) + ")";
  if (!log.empty()) message += ":\n" + log;
  message += "\n\nOptions:";
  for (const std::string& o : options) message += " " + o;
  message += "\n\nSource:\n" + numbered_source(source);
  throw CompileFailure(message, log, source, name, options);
}

}  // namespace

int nvrtc_version() { return nvrtc().version; }

cuda::LibraryInfo nvrtc_info() {
  const Nvrtc& n = loaded();
  cuda::LibraryInfo info;
  info.component = "NVRTC";
  info.found = n.library != nullptr;
  info.path = cuda::library_file(n.library);
  info.error = n.error;
  int major = 0, minor = 0;
  if (n.nvrtcVersion && n.nvrtcVersion(&major, &minor) == NVRTC_SUCCESS)
    info.version = {major, minor};
  return info;
}

const std::vector<int>& nvrtc_supported_archs() { return nvrtc().archs; }

int choose_arch(int device_cc, bool& use_ptx) {
  const std::vector<int>& archs = nvrtc_supported_archs();
  // A CUBIN runs on devices of its major version whose minor is at least its own.
  for (auto it = archs.rbegin(); it != archs.rend(); ++it)
    if (*it <= device_cc && *it / 10 == device_cc / 10) {
      use_ptx = false;
      return *it;
    }
  // PTX for an older architecture is JIT-compiled by the driver for any newer device.
  for (auto it = archs.rbegin(); it != archs.rend(); ++it)
    if (*it < device_cc) {
      use_ptx = true;
      return *it;
    }
  raise(ErrorKind::cuda_unavailable,
        "NVRTC " + std::to_string(nvrtc_version() / 1000) + "." +
            std::to_string(nvrtc_version() % 1000 / 10) +
            " cannot compile for compute capability " + std::to_string(device_cc / 10) + "." +
            std::to_string(device_cc % 10) + ": its oldest target is sm_" +
            std::to_string(archs.front()));
}

std::vector<std::string> nvrtc_options(const std::vector<std::string>& user_options, int arch,
                                       bool ptx) {
  std::vector<std::string> options;
  bool has_std = std::any_of(user_options.begin(), user_options.end(), [](const std::string& o) {
    return starts_with_any(o, {"-std", "--std"});
  });
  if (!has_std) options.push_back("--std=c++17");
  for (const std::string& dir : cuda_include_dirs()) options.push_back("-I" + dir);
  std::error_code ec;
  if (!kernel_dir().empty()) {
    options.push_back("-I" + kernel_dir());
    // Stand-ins for the C library headers NVRTC lacks (<assert.h>), so kernels written for
    // nvcc compile unchanged.
    if (std::filesystem::is_directory(kernel_dir() + "/nvrtc_shims", ec))
      options.push_back("-I" + kernel_dir() + "/nvrtc_shims");
  }
  if (user_arch(user_options).empty())
    options.push_back((ptx ? "-arch=compute_" : "-arch=sm_") + std::to_string(arch));
  options.insert(options.end(), user_options.begin(), user_options.end());
  return options;
}

NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name,
                          const std::vector<std::string>& user_options,
                          const std::vector<std::string>& name_expressions, int arch, bool ptx) {
  const Nvrtc& n = nvrtc();
  std::vector<std::string> options = nvrtc_options(user_options, arch, ptx);
  if (std::string a = user_arch(user_options); !a.empty()) ptx = !a.starts_with("sm_");

  nvrtcProgram raw = nullptr;
  nvrtcResult r = n.nvrtcCreateProgram(&raw, source.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS) fail(r, "", source, name, options);
  Program prog(raw);
  for (const std::string& e : name_expressions)
    check(n.nvrtcAddNameExpression(raw, e.c_str()), "nvrtcAddNameExpression");

  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  {
    BlockingRegion blocking;  // NVRTC works for tens of milliseconds or more
    r = n.nvrtcCompileProgram(raw, int(argv.size()), argv.data());
  }
  NvrtcOutput out;
  out.log = program_log(raw);
  if (r != NVRTC_SUCCESS) fail(r, out.log, source, name, options);

  for (const std::string& e : name_expressions) {
    const char* lowered = nullptr;
    r = n.nvrtcGetLoweredName(raw, e.c_str(), &lowered);
    // An expression that names no kernel or variable compiled; say so as a compile error.
    if (r != NVRTC_SUCCESS || !lowered)
      fail(r == NVRTC_SUCCESS ? NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID : r,
           "name expression '" + e +
               "' does not name a __global__ function or a "
               "__device__/__constant__ variable",
           source, name, options);
    out.lowered_names.emplace_back(lowered);
  }

  size_t size = 0;
  out.is_cubin = !ptx;
  if (ptx) {
    check(n.nvrtcGetPTXSize(raw, &size), "nvrtcGetPTXSize");
    out.image.resize(size);
    check(n.nvrtcGetPTX(raw, out.image.data()), "nvrtcGetPTX");
    // The size counts the NUL; the image is text, and cuModuleLoadData gets .c_str().
    while (!out.image.empty() && out.image.back() == '\0') out.image.pop_back();
  } else {
    check(n.nvrtcGetCUBINSize(raw, &size), "nvrtcGetCUBINSize");
    out.image.resize(size);
    check(n.nvrtcGetCUBIN(raw, out.image.data()), "nvrtcGetCUBIN");
  }
  return out;
}

}  // namespace cupylike::jit
