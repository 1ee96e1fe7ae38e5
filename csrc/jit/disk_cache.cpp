#include "jit/disk_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <filesystem>

#include "jit/paths.hpp"
#include "jit/sha256.hpp"

namespace cupylike::jit {
namespace {

// "<magic> <64 hex digits of the payload's SHA-256> <payload bytes in decimal>\n" then the
// payload. The version in the magic lets a later format ignore (and replace) old entries.
constexpr std::string_view kMagic = "cupylike-cache-v1 ";
constexpr size_t kDigestChars = 64;

bool plain_name(const std::string& key) {
  if (key.empty() || key.size() > 200 || key[0] == '.') return false;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      return false;
  return true;
}

// Reads the whole file at `fd`; false on any error.
bool read_all(int fd, std::string& out) {
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return false;
  out.resize(size_t(st.st_size));
  size_t done = 0;
  while (done < out.size()) {
    ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // an error, or the file shrank under us
    done += size_t(n);
  }
  return true;
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(size_t(n));
  }
  return true;
}

// The payload inside a file's bytes, if the header is well formed and the digest matches.
std::optional<std::string> parse(const std::string& file) {
  std::string_view v = file;
  if (!v.starts_with(kMagic)) return std::nullopt;
  v.remove_prefix(kMagic.size());
  if (v.size() < kDigestChars + 1 || v[kDigestChars] != ' ') return std::nullopt;
  std::string_view digest = v.substr(0, kDigestChars);
  v.remove_prefix(kDigestChars + 1);
  size_t newline = v.find('\n');
  if (newline == std::string_view::npos) return std::nullopt;
  size_t size = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + newline, size);
  if (ec != std::errc() || end != v.data() + newline) return std::nullopt;
  v.remove_prefix(newline + 1);
  if (v.size() != size || sha256_hex(v) != digest) return std::nullopt;
  return std::string(v);
}

}  // namespace

std::string DiskCache::dir() const { return dir_.empty() ? cache_dir() : dir_; }

std::string DiskCache::path(const std::string& key, const std::string& suffix) const {
  std::string d = dir();
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(d, ec);
  }
  return d + "/" + (plain_name(key) ? key : sha256_hex(key)) + suffix;
}

std::optional<std::string> DiskCache::read(const std::string& key,
                                           const std::string& suffix) const {
  std::string p = path(key, suffix);
  int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string bytes;
  bool ok = read_all(fd, bytes);
  std::optional<std::string> payload;
  if (ok) payload = parse(bytes);
  if (!payload) {
    // Delete the bad entry so it is recompiled and rewritten, but only if the name still
    // refers to the file we read: another process may have just renamed a good entry over it.
    struct stat ours, now;
    if (fstat(fd, &ours) == 0 && ::stat(p.c_str(), &now) == 0 && ours.st_ino == now.st_ino &&
        ours.st_dev == now.st_dev)
      ::unlink(p.c_str());
  }
  ::close(fd);
  return payload;
}

std::string DiskCache::temp_path(const std::string& key, const std::string& suffix) const {
  // Unique across processes (pid), threads and calls (counter), and across pid reuse after a
  // crash left a temporary behind (time): O_EXCL in write() catches whatever slips through.
  std::string p = path(key, "");
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return p + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++) + "-" +
         std::to_string(now & 0xffffff) + suffix;
}

void DiskCache::commit(const std::string& temp, const std::string& key,
                       const std::string& suffix) const {
  // rename() replaces the destination atomically: readers see the old entry or the new one.
  if (::rename(temp.c_str(), path(key, suffix).c_str()) != 0) ::unlink(temp.c_str());
}

void DiskCache::write(const std::string& key, const std::string& suffix,
                      std::string_view payload) const {
  std::string temp = temp_path(key, suffix);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return;
  std::string header =
      std::string(kMagic) + sha256_hex(payload) + " " + std::to_string(payload.size()) + "\n";
  bool ok = write_all(fd, header) && write_all(fd, payload);
  ok = (::close(fd) == 0) && ok;  // close reports delayed write errors (a full disk, NFS)
  if (ok)
    commit(temp, key, suffix);
  else
    ::unlink(temp.c_str());
}

void DiskCache::remove(const std::string& key, const std::string& suffix) const {
  ::unlink(path(key, suffix).c_str());
}

}  // namespace cupylike::jit
