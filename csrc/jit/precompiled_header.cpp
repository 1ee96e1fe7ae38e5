#include "jit/precompiled_header.hpp"

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>

#include "jit/disk_cache.hpp"
#include "jit/sha256.hpp"
#include "jit/subprocess.hpp"

namespace cupylike::jit {

namespace {

// The cache's entries of one header: the text compiles -include (GCC looks for the image
// beside it, under the text's name + ".gch"), the image, and the checksum that vouches for it.
constexpr const char* kText = ".pch.h";
constexpr const char* kImage = ".pch.h.gch";
constexpr const char* kDigest = ".pch.sum";

// Set after a compile failed with a precompiled header: this process then parses the headers
// as text, as it did before they were precompiled.
std::atomic<bool> g_disabled{false};

// The image's checksum, stored as the digest entry vouching for it. Like a module's SHA-256
// it tells a damaged image from a whole one (the key is SHA-256 over what built it); unlike
// SHA-256 (0.25 s for the 25 MiB image here, paid by every process's first compile) it reads
// gigabytes a second: four lanes of 64-bit multiply-rotate-xor over 8-byte words.
std::string checksum(std::string_view bytes) {
  constexpr uint64_t kPrime = 0x9E3779B97F4A7C15ull;
  uint64_t lane[4] = {1, 2, 3, 4};
  size_t i = 0;
  for (; i + 32 <= bytes.size(); i += 32)
    for (int k = 0; k < 4; ++k) {
      uint64_t w;
      std::memcpy(&w, bytes.data() + i + 8 * k, 8);
      lane[k] = std::rotl((lane[k] ^ w) * kPrime, 29);
    }
  uint64_t h = bytes.size();
  for (; i < bytes.size(); ++i) h = (h ^ uint8_t(bytes[i])) * kPrime;
  for (uint64_t l : lane) h = std::rotl((h ^ l) * kPrime, 31);
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

std::mutex g_mutex;
auto* g_ready = new std::map<std::string, bool>;  // text path -> verified, or unusable

void split(const std::vector<std::string>& flags, std::vector<std::string>& includes,
           std::vector<std::string>& rest) {
  for (size_t i = 0; i < flags.size(); ++i) {
    if (flags[i] == "-include" && i + 1 < flags.size())
      includes.push_back(flags[++i]);
    else
      rest.push_back(flags[i]);
  }
}

// The forced includes in their order, then the headers every library kernel includes first.
std::string header_text(const std::vector<std::string>& includes) {
  std::string t = "// cupylike's precompiled prelude (csrc/jit/precompiled_header.cpp)\n";
  for (const std::string& file : includes) t += "#include \"" + file + "\"\n";
  return t + "#include <cupylike/cast.cuh>\n#include <cupylike/loop.cuh>\n";
}

std::string header_key(const std::string& setup, const std::vector<std::string>& rest,
                       const std::string& text) {
  Sha256 h;
  for (const std::string& part : {std::string("cupylike-precompiled-header-v1"), setup, text}) {
    h.update(part);
    h.update(std::string(1, '\0'));
  }
  for (const std::string& f : rest) {
    h.update(f);
    h.update(std::string(1, '\0'));
  }
  return h.hex_digest();
}

// Whether the cache holds this header whole: the image matches its digest, the text is ours.
// A damaged entry is removed.
bool stored(const DiskCache& cache, const std::string& key, const std::string& text) {
  std::optional<std::string> digest = cache.read(key, kDigest);
  if (!digest) return false;
  std::optional<std::string> image = cache.read_file(key, kImage);
  std::optional<std::string> written = cache.read_file(key, kText);
  if (image && written && *written == text && checksum(*image) == *digest) return true;
  for (const char* suffix : {kDigest, kImage, kText}) cache.remove(key, suffix);
  return false;
}

bool build(const DiskCache& cache, const std::string& key, const std::string& text,
           const std::vector<std::string>& rest, const PrecompiledHeaderRequest& request) {
  std::string header = request.tmp_dir + "/prelude.h", image = header + ".gch";
  {
    std::ofstream out(header, std::ios::binary);
    out << text;
    if (!out) return false;
  }
  std::vector<std::string> cmd = {request.compiler};
  cmd.insert(cmd.end(), rest.begin(), rest.end());
  for (const std::string& a :
       {std::string("-x"), std::string("c++-header"), header, std::string("-o"), image})
    cmd.push_back(a);
  std::string log;
  if (run_process(cmd, log, request.waiting) != 0) return false;
  std::ifstream in(image, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) return false;
  cache.write_file(key, kText, text);
  cache.write_file(key, kImage, bytes);  // the image, then the digest that vouches for it
  cache.write(key, kDigest, checksum(bytes));
  return stored(cache, key, text);
}

// Whether the header for `key` is in `cache` and verified in this process, building it if
// needed. One build per key across threads and processes (the cache's lock). Remembered per
// folder: a test may point CUPYLIKE_CACHE_DIR elsewhere.
bool ready(const DiskCache& cache, const std::string& key, const std::string& text,
           const std::vector<std::string>& rest, const PrecompiledHeaderRequest& request) {
  const std::string where = cache.path(key, kText);
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_ready->find(where);
    if (it != g_ready->end()) return it->second;
  }
  bool ok = stored(cache, key, text);
  if (!ok) {
    DiskCache::Lock locked = cache.lock(key + ".pch");
    ok = stored(cache, key, text) || build(cache, key, text, rest, request);
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_ready->emplace(where, ok).first->second;
}

}  // namespace

bool precompiled_header_applies(const std::string& source,
                                const std::vector<std::string>& translated_options, bool clang) {
  if (clang || g_disabled.load() || translated_options != std::vector<std::string>{"-std=c++17"})
    return false;
  // The first line that is not a // comment (ReductionKernel's sources start with their name).
  size_t at = 0;
  while (source.compare(at, 2, "//") == 0 && source.find('\n', at) != std::string::npos)
    at = source.find('\n', at) + 1;
  return source.compare(at, 19, "#include <cupylike/") == 0;
}

std::vector<std::string> with_precompiled_header(const PrecompiledHeaderRequest& request) {
  std::vector<std::string> includes, rest;
  split(request.flags, includes, rest);
  const std::string text = header_text(includes);
  const std::string key = header_key(request.setup, rest, text);
  const DiskCache cache(DiskCache().dir());  // one folder for the check and the compile
  if (!ready(cache, key, text, rest, request)) return request.flags;
  rest.insert(rest.begin(), {"-include", cache.path(key, kText)});
  return rest;
}

void discard_precompiled_header(const std::vector<std::string>& flags) {
  g_disabled.store(true);
  for (size_t i = 0; i + 1 < flags.size(); ++i) {
    const std::string& file = flags[i + 1];
    if (flags[i] != "-include" || !file.ends_with(kText)) continue;
    std::string name = file.substr(file.rfind('/') + 1);
    std::string key = name.substr(0, name.size() - std::string(kText).size());
    for (const char* suffix : {kDigest, kImage, kText}) DiskCache().remove(key, suffix);
  }
}

}  // namespace cupylike::jit
