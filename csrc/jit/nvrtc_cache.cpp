#include "jit/nvrtc_cache.hpp"

#include <atomic>
#include <charconv>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "jit/compile_notice.hpp"
#include "jit/disk_cache.hpp"
#include "jit/paths.hpp"
#include "jit/sha256.hpp"

namespace cupylike::jit {
namespace {

constexpr const char* kSuffix = ".nvrtc";

std::atomic<long long> g_memory_hits{0}, g_disk_hits{0}, g_compiles{0};

// Every part with its length first, so no two different requests make the same text.
void add(std::string& out, std::string_view part) {
  out += std::to_string(part.size());
  out += ':';
  out += part;
}

std::string request_text(const std::string& source, const std::string& name,
                         const std::vector<std::string>& options,
                         const std::vector<std::string>& expressions, int arch, bool ptx) {
  std::string t;
  add(t, name);
  add(t, std::to_string(arch) + (ptx ? "ptx" : "cubin"));
  for (const std::string& o : options) add(t, o);
  add(t, "|");
  for (const std::string& e : expressions) add(t, e);
  add(t, "|");
  add(t, source);
  return t;
}

// Payload: "<is_cubin> <lowered name count> <log bytes>\n", a line per lowered name, the log,
// then the image.
std::string serialize(const NvrtcOutput& out) {
  std::string s = std::to_string(int(out.is_cubin)) + " " +
                  std::to_string(out.lowered_names.size()) + " " + std::to_string(out.log.size()) +
                  "\n";
  for (const std::string& n : out.lowered_names) s += n + "\n";
  return s + out.log + out.image;
}

bool read_number(std::string_view& s, size_t& value, char end) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || p == s.data() + s.size() || *p != end) return false;
  s.remove_prefix(size_t(p - s.data()) + 1);
  return true;
}

std::optional<NvrtcOutput> deserialize(std::string_view s) {
  size_t cubin = 0, count = 0, log_bytes = 0;
  if (!read_number(s, cubin, ' ') || !read_number(s, count, ' ') ||
      !read_number(s, log_bytes, '\n') || cubin > 1)
    return std::nullopt;
  NvrtcOutput out;
  out.is_cubin = cubin == 1;
  for (size_t i = 0; i < count; ++i) {
    size_t newline = s.find('\n');
    if (newline == s.npos) return std::nullopt;
    out.lowered_names.emplace_back(s.substr(0, newline));
    s.remove_prefix(newline + 1);
  }
  if (s.size() < log_bytes) return std::nullopt;
  out.log = s.substr(0, log_bytes);
  out.image = s.substr(log_bytes);
  return out;
}

// The disk cache's entry for `key`, counted as a hit.
std::shared_ptr<const NvrtcOutput> cached(const DiskCache& disk, const std::string& key) {
  std::optional<std::string> payload = disk.read(key, kSuffix);
  if (!payload) return nullptr;
  std::optional<NvrtcOutput> out = deserialize(*payload);
  if (!out) {
    disk.remove(key, kSuffix);  // a payload of another format: never trusted
    return nullptr;
  }
  ++g_disk_hits;
  return std::make_shared<const NvrtcOutput>(std::move(*out));
}

}  // namespace

std::string nvrtc_cache_key(const std::string& source, const std::string& name,
                            const std::vector<std::string>& user_options,
                            const std::vector<std::string>& name_expressions, int arch, bool ptx) {
  Sha256 h;
  h.update("nvrtc " + std::to_string(nvrtc_version()) + " ");
  h.update(kernel_dir_digest());
  h.update(request_text(source, name, nvrtc_options(user_options, arch, ptx), name_expressions,
                        arch, ptx));
  return h.hex_digest();
}

std::shared_ptr<const NvrtcOutput> nvrtc_compile_cached(
    const std::string& source, const std::string& name,
    const std::vector<std::string>& user_options, const std::vector<std::string>& name_expressions,
    int arch, bool ptx) {
  static std::mutex mutex;
  static auto* memory =
      new std::unordered_map<std::string, std::shared_ptr<const NvrtcOutput>>;  // never freed
  // In memory the request itself is the key: a hit costs no digest and no file.
  std::string request = request_text(source, name, user_options, name_expressions, arch, ptx);
  add(request, kernel_dir());  // the include path NVRTC gets, which tests may change
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = memory->find(request);
    if (it != memory->end()) {
      ++g_memory_hits;
      return it->second;
    }
  }
  // Without the memory map's lock: a compile takes long. The disk entry's lock makes threads
  // and processes that need the same new request wait for one compile and read its result.
  std::string key = nvrtc_cache_key(source, name, user_options, name_expressions, arch, ptx);
  DiskCache disk;
  std::shared_ptr<const NvrtcOutput> result = cached(disk, key);
  if (!result) {
    DiskCache::Lock locked = disk.lock(key);
    result = cached(disk, key);
    if (!result) {
      ++g_compiles;
      CompileWatch watch(name, "a GPU (sm_" + std::to_string(arch) + ")", "NVRTC", "cuda");
      auto out = std::make_shared<const NvrtcOutput>(
          nvrtc_compile(source, name, user_options, name_expressions, arch, ptx));
      disk.write(key, kSuffix, serialize(*out));
      result = std::move(out);
    }
  }
  std::lock_guard<std::mutex> lock(mutex);
  return memory->emplace(std::move(request), std::move(result)).first->second;
}

NvrtcCacheStats nvrtc_cache_stats() {
  return {g_memory_hits.load(), g_disk_hits.load(), g_compiles.load()};
}

}  // namespace cupylike::jit
