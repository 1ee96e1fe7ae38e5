#include "emulator/program.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "core/error.hpp"
#include "jit/compile_notice.hpp"
#include "jit/host_compiler.hpp"
#include "jit/paths.hpp"
#include "jit/source_text.hpp"
#include "jit/warning.hpp"

namespace cupylike::emulator {

namespace {

namespace fs = std::filesystem;

// Files of the disk cache loaded by some Program now. dlopen hands out one instance per file,
// so a second load of the same file takes a private copy.
std::mutex g_loaded_mutex;
std::map<std::string, int> g_loaded;

std::string private_copy(const std::string& path) {
  std::string name = (fs::temp_directory_path() / "cupylike-emulator-XXXXXX.so").string();
  int fd = mkstemps(name.data(), 3);
  if (fd < 0) raise(ErrorKind::runtime, "cannot create a temporary file for a kernel module");
  close(fd);
  std::error_code ec;
  fs::copy_file(path, name, fs::copy_options::overwrite_existing, ec);
  if (ec) {
    fs::remove(name, ec);
    raise(ErrorKind::runtime, "cannot copy kernel module " + path + ": " + ec.message());
  }
  return name;
}

}  // namespace

Program::Program(const cupylike_emulator_source& src) {
  // The emulator keeps its own copy of the compiler's settings: take the library's folders.
  jit::set_kernel_dir(src.kernel_dir ? src.kernel_dir : "");
  jit::set_cuda_include_dirs({src.include_dirs, src.include_dirs + src.n_include_dirs});
  // The library compiled this source with NVRTC through the same cache folder first, and warned
  // about the folder then if it had to; a second warning from the driver would repeat it.
  jit::set_warning_hook([](const std::string&) {});
  // Likewise the compile notice: the library's NVRTC compile of the same source speaks for it.
  jit::set_compile_notice(false);
  jit::HostModuleSpec spec;
  spec.source = src.source ? src.source : "";
  spec.name = src.file_name ? src.file_name : "kernel.cu";
  for (int i = 0; i < src.n_options; ++i) spec.options.emplace_back(src.options[i]);
  spec.gpu_flavour = true;
  std::vector<std::string> symbols;  // the name cuModuleGetFunction gets, per kernel
  for (int i = 0; i < src.n_names; ++i) {
    spec.kernels.emplace_back(src.name_expressions[i]);
    symbols.emplace_back(src.lowered_names[i]);
  }
  for (const std::string& name : jit::extern_c_kernels(spec.source)) {
    if (std::find(spec.kernels.begin(), spec.kernels.end(), name) != spec.kernels.end()) continue;
    spec.kernels.push_back(name);
    symbols.push_back(name);
  }
  path_ = jit::host_compile(spec, jit::host_module_key(spec));
  {
    std::lock_guard<std::mutex> lock(g_loaded_mutex);
    copy_ = g_loaded[path_]++ > 0;
  }
  std::string file = copy_ ? private_copy(path_) : path_;
  try {
    module_ = std::make_unique<cpu::CpuModule>(file, spec.kernels);
  } catch (...) {
    if (copy_) unlink(file.c_str());
    std::lock_guard<std::mutex> lock(g_loaded_mutex);
    --g_loaded[path_];
    throw;
  }
  if (copy_) unlink(file.c_str());  // the mapping outlives the name
  for (size_t i = 0; i < symbols.size(); ++i) symbols_.emplace(symbols[i], int(i));
}

Program::~Program() {
  module_.reset();
  std::lock_guard<std::mutex> lock(g_loaded_mutex);
  if (--g_loaded[path_] == 0) g_loaded.erase(path_);
}

int Program::find(const std::string& symbol) const {
  auto it = symbols_.find(symbol);
  return it == symbols_.end() ? -1 : it->second;
}

void Program::run(int kernel, const LaunchDims& dims, void** args) const {
  cpu::launch(*module_, kernel, dims, args);
}

}  // namespace cupylike::emulator
