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

#include "jit/sha256.hpp"
#include "jit/warning.hpp"

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
