#include "jit/paths.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <vector>

#include "core/error.hpp"
#include "jit/sha256.hpp"
#include "jit/warning.hpp"
#include "runtime/cuda_search.hpp"

namespace cupylike::jit {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

// Without a locator (the C++ tests): the toolkit CMake found, CCCL in its own folder from
// CUDA 13 on.
std::vector<std::string> built_with_include_dirs() {
  std::vector<std::string> dirs;
#ifdef CUPYLIKE_CUDA_INCLUDE_DIR
  dirs.push_back(CUPYLIKE_CUDA_INCLUDE_DIR);
  std::error_code ec;
  if (fs::is_directory(dirs[0] + "/cccl", ec)) dirs.push_back(dirs[0] + "/cccl");
#endif
  return dirs;
}

std::mutex g_include_mutex;
std::vector<std::string> g_include_dirs;
bool g_include_dirs_set = false;

std::string home_dir() {
  if (std::string home = env("HOME"); !home.empty()) return home;
  // No $HOME (a daemon, a stripped environment): the password database still knows.
  if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) return pw->pw_dir;
  return "/tmp";
}

// Empty when `dir` can hold the cache (created if missing, a folder, files can be made in it;
// a check of permission bits would miss root, read-only mounts and /proc), else why not.
std::string why_unusable(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return ec.message();
  if (!fs::is_directory(dir, ec)) return "not a folder";
  std::string probe = dir + "/.probe-XXXXXX";
  int fd = mkstemp(probe.data());
  if (fd < 0) return std::strerror(errno);
  close(fd);
  unlink(probe.c_str());
  return "";
}

// A folder of this process's own, removed at exit, for when the cache folder cannot be used;
// empty when not even that can be made.
struct PrivateFolder {
  std::string path;
  pid_t owner = getpid();  // a forked child must not remove its parent's folder at its exit
  PrivateFolder() {
    std::error_code ec;
    std::string tmpl = (fs::temp_directory_path(ec) / "cupylike-kernels-XXXXXX").string();
    if (!ec && mkdtemp(tmpl.data())) path = tmpl;
  }
  ~PrivateFolder() {
    std::error_code ec;
    if (!path.empty() && getpid() == owner) fs::remove_all(path, ec);  // modules stay mapped
  }
};

const std::string& private_cache_dir() {
  static PrivateFolder folder;
  return folder.path;
}

std::mutex g_kernel_dir_mutex;
std::string g_kernel_dir;

}  // namespace

void set_kernel_dir(std::string dir) {
  std::lock_guard<std::mutex> lock(g_kernel_dir_mutex);
  g_kernel_dir = std::move(dir);
}

const std::string& kernel_dir() { return g_kernel_dir; }

std::string kernel_dir_digest() {
  static std::mutex mutex;
  static std::string dir, digest;
  std::lock_guard<std::mutex> lock(mutex);
  if (!digest.empty() && dir == kernel_dir()) return digest;
  dir = kernel_dir();
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());  // a fixed order: the digest names the contents only
  Sha256 h;
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::string content{std::istreambuf_iterator<char>(in), {}};
    std::string relative = f.lexically_relative(dir).string();
    h.update(std::to_string(relative.size()) + ":" + relative);
    h.update(std::to_string(content.size()) + ":" + content);
  }
  digest = h.hex_digest();
  return digest;
}

void set_cuda_include_dirs(std::vector<std::string> dirs) {
  std::lock_guard<std::mutex> lock(g_include_mutex);
  g_include_dirs = std::move(dirs);
  g_include_dirs_set = true;
}

std::vector<std::string> cuda_include_dirs() {
  {
    std::lock_guard<std::mutex> lock(g_include_mutex);
    if (g_include_dirs_set) return g_include_dirs;
  }
  if (!cuda_search::has_locator()) return built_with_include_dirs();
  cuda_search::Found runtime = cuda_search::headers("cudart");
  if (runtime.path.empty())
    raise(ErrorKind::runtime,
          "the CUDA headers kernels are compiled with (cuda_fp16.h, vector_types.h) were not "
          "found: " +
              runtime.why +
              ". Install them with `pip install \"cupylike[cuda13]\"` "
              "(or the nvidia-cuda-runtime, nvidia-cuda-crt and nvidia-cuda-cccl wheels alone), or "
              "install the CUDA toolkit.");
  std::vector<std::string> dirs = {runtime.path};
  // crt/ (host_defines.h, which vector_types.h includes) is beside the runtime's headers in a
  // toolkit and in CUDA 13's wheels (nvidia-cuda-crt); CUDA 12's wheels ship it with nvcc's.
  std::error_code ec;
  if (!fs::is_regular_file(runtime.path + "/crt/host_defines.h", ec)) {
    cuda_search::Found nvcc = cuda_search::headers("nvcc");
    if (nvcc.path.empty() || !fs::is_regular_file(nvcc.path + "/crt/host_defines.h", ec))
      raise(ErrorKind::runtime,
            "the CUDA headers in " + runtime.path +
                " lack crt/host_defines.h, and no other folder has it: install "
                "nvidia-cuda-crt (CUDA 13) or nvidia-cuda-nvcc-cu12 (CUDA 12), which "
                "cupylike[cuda13] and cupylike[cuda12] include.");
    dirs.push_back(nvcc.path);
  }
  cuda_search::Found cccl = cuda_search::headers("cccl");
  if (cccl.path.empty())
    raise(ErrorKind::runtime,
          "CCCL's headers (<cuda/std/complex>), which kernels are compiled with, were not found: " +
              cccl.why +
              ". Install them with `pip install nvidia-cuda-cccl` (part of "
              "cupylike[cuda13]), or install the CUDA toolkit.");
  if (cccl.path != runtime.path) dirs.push_back(cccl.path);  // CUDA 12 kept them together
  // Kept: every compile's flags and cache key ask again, and the answer cannot change.
  set_cuda_include_dirs(dirs);
  return dirs;
}

std::string configured_cache_dir() {
  std::string dir = env("CUPYLIKE_CACHE_DIR");
  if (!dir.empty()) return dir;
  std::string xdg = env("XDG_CACHE_HOME");
  return (xdg.empty() ? home_dir() + "/.cache" : xdg) + "/cupylike/kernels";
}

std::string cache_dir() {
  static std::mutex mutex;
  static auto* verdicts = new std::map<std::string, std::string>;  // folder -> why unusable
  std::string dir = configured_cache_dir();
  std::string why;
  bool first = false;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = verdicts->find(dir);
    if (it == verdicts->end()) {
      it = verdicts->emplace(dir, why_unusable(dir)).first;
      first = true;
    }
    why = it->second;
  }
  if (why.empty()) {
    std::error_code ec;  // recreated if someone deleted it meanwhile
    fs::create_directories(dir, ec);
    return dir;
  }
  const std::string& fallback = private_cache_dir();
  // Outside the lock: the hook may wait for the GIL, which a thread waiting for the lock holds.
  if (first)
    warn("the kernel cache folder " + dir + " cannot be used (" + why + "); compiled kernels go " +
         "to " + (fallback.empty() ? std::string("nowhere") : fallback) +
         " for this process only. Point CUPYLIKE_CACHE_DIR at a writable folder to keep them.");
  return fallback.empty() ? dir : fallback;
}

}  // namespace cupylike::jit
