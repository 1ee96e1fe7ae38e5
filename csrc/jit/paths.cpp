#include "jit/paths.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <vector>

#include "jit/sha256.hpp"

namespace cupylike::jit {
namespace {

namespace fs = std::filesystem;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

bool has_cuda_h(const std::string& include) {
  std::error_code ec;
  return !include.empty() && fs::is_regular_file(fs::path(include) / "cuda.h", ec);
}

std::string home_dir() {
  if (std::string home = env("HOME"); !home.empty()) return home;
  // No $HOME (a daemon, a stripped environment): the password database still knows.
  if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_dir) return pw->pw_dir;
  return "/tmp";
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

std::string cuda_include_dir() {
  for (const char* var : {"CUDA_PATH", "CUDA_HOME"}) {
    std::string root = env(var);
    if (!root.empty() && has_cuda_h(root + "/include")) return root + "/include";
  }
#ifdef CUPYLIKE_CUDA_INCLUDE_DIR
  if (has_cuda_h(CUPYLIKE_CUDA_INCLUDE_DIR)) return CUPYLIKE_CUDA_INCLUDE_DIR;
#endif
  return "/usr/local/cuda/include";
}

std::string cache_dir() {
  std::string dir = env("CUPYLIKE_CACHE_DIR");
  if (dir.empty()) {
    std::string xdg = env("XDG_CACHE_HOME");
    dir = (xdg.empty() ? home_dir() + "/.cache" : xdg) + "/cupylike/kernels";
  }
  // Failure is left to the reads and writes, which treat it as a miss: the cache is only an
  // optimisation.
  std::error_code ec;
  fs::create_directories(dir, ec);
  return dir;
}

}  // namespace cupylike::jit
