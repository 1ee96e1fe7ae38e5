#include "jit/disk_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <filesystem>

#include "jit/paths.hpp"
#include "jit/sha256.hpp"
#include "runtime/blocking.hpp"

namespace cupylike::jit {
namespace {

// "<magic> <64 hex digits of SHA-256 over key, suffix and payload> <payload bytes>\n" then the
// payload. The version in the magic lets a later format ignore (and replace) old entries.
constexpr std::string_view kMagic = "cupylike-cache-v2 ";
constexpr size_t kDigestChars = 64;

bool plain_name(const std::string& key) {
  if (key.empty() || key.size() > 200 || key[0] == '.') return false;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      return false;
  return true;
}

// What the digest vouches for: the payload, and which entry it belongs to.
std::string entry_digest(const std::string& key, const std::string& suffix,
                         std::string_view payload) {
  Sha256 h;
  h.update(std::to_string(key.size()) + ":" + key + std::to_string(suffix.size()) + ":" + suffix);
  h.update(payload);
  return h.hex_digest();
}

// Reads the whole regular file at `fd`, of at most `limit` bytes; false on any error.
bool read_all(int fd, const struct stat& st, std::string& out) {
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

// Whatever stands at `p`, without following a link: a folder goes with its contents.
void remove_any(const std::string& p) {
  struct stat st;
  if (::lstat(p.c_str(), &st) != 0) return;
  std::error_code ec;
  if (S_ISDIR(st.st_mode))
    std::filesystem::remove_all(p, ec);
  else
    ::unlink(p.c_str());
}

// The payload inside a file's bytes, if the header is well formed and the digest matches.
std::optional<std::string> parse(const std::string& file, const std::string& key,
                                 const std::string& suffix) {
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
  if (v.size() != size || entry_digest(key, suffix, v) != digest) return std::nullopt;
  return std::string(v);
}

// The entry at `p` read and passed through `accept` (bytes -> payload or nullopt). Only a
// regular file of bounded size is read: O_NOFOLLOW refuses a link (to /dev/zero, say), and
// O_NONBLOCK makes opening a FIFO return at once. Anything else is removed, and so is a file
// `accept` rejects, unless another process has meanwhile renamed a good entry over it.
template <class Accept>
std::optional<std::string> read_entry(const std::string& p, Accept accept) {
  int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) {
    if (errno != ENOENT) remove_any(p);  // a link (ELOOP), a folder we cannot read, ...
    return std::nullopt;
  }
  struct stat st;
  std::string bytes;
  std::optional<std::string> payload;
  bool plain = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (plain && size_t(st.st_size) <= DiskCache::kMaxEntryBytes && read_all(fd, st, bytes))
    payload = accept(std::move(bytes));
  if (!payload) {
    struct stat now;
    if (!plain)
      remove_any(p);  // a folder, a FIFO, a device: nothing we wrote
    else if (::lstat(p.c_str(), &now) == 0 && st.st_ino == now.st_ino && st.st_dev == now.st_dev)
      ::unlink(p.c_str());
  }
  ::close(fd);
  return payload;
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
  return read_entry(path(key, suffix),
                    [&](std::string bytes) { return parse(bytes, key, suffix); });
}

std::optional<std::string> DiskCache::read_file(const std::string& key,
                                                const std::string& suffix) const {
  return read_entry(path(key, suffix),
                    [](std::string bytes) { return std::optional<std::string>(std::move(bytes)); });
}

std::string DiskCache::temp_path(const std::string& key, const std::string& suffix) const {
  // Unique across processes (pid), threads and calls (counter), and across pid reuse after a
  // crash left a temporary behind (time): O_EXCL in store() catches whatever slips through.
  std::string p = path(key, "");
  auto now = std::chrono::steady_clock::now().time_since_epoch().count();
  return p + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++) + "-" +
         std::to_string(now & 0xffffff) + suffix;
}

bool DiskCache::store(const std::string& key, const std::string& suffix, std::string_view header,
                      std::string_view bytes) const {
  std::string temp = temp_path(key, suffix);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return false;
  bool ok = write_all(fd, header) && write_all(fd, bytes);
  ok = (::close(fd) == 0) && ok;  // close reports delayed write errors (a full disk, NFS)
  // rename() replaces a file atomically: readers see the old entry or the new one. A folder in
  // the entry's place makes it fail; that is damage, removed before one more try.
  std::string dest = path(key, suffix);
  if (ok && ::rename(temp.c_str(), dest.c_str()) != 0) {
    remove_any(dest);
    ok = ::rename(temp.c_str(), dest.c_str()) == 0;
  }
  if (!ok) ::unlink(temp.c_str());
  return ok;
}

void DiskCache::write(const std::string& key, const std::string& suffix,
                      std::string_view payload) const {
  std::string header = std::string(kMagic) + entry_digest(key, suffix, payload) + " " +
                       std::to_string(payload.size()) + "\n";
  store(key, suffix, header, payload);
}

void DiskCache::write_file(const std::string& key, const std::string& suffix,
                           std::string_view bytes) const {
  store(key, suffix, "", bytes);
}

void DiskCache::remove(const std::string& key, const std::string& suffix) const {
  remove_any(path(key, suffix));
}

DiskCache::Lock::~Lock() {
  if (fd_ >= 0) ::close(fd_);  // releases the flock
}

DiskCache::Lock DiskCache::lock(const std::string& key) const {
  std::string p = path(key, ".lock");
  int fd = ::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
  if (fd < 0) {
    remove_any(p);  // a folder or a link in its place: the next compile of the key locks
    return Lock(-1);
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Lock(-1);
  }
  // flock excludes other open file descriptions, so threads of one process (each opening the
  // file) wait for each other as processes do. The holder may need the GIL to finish.
  BlockingRegion waiting;
  int rc;
  while ((rc = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) {
  }
  if (rc != 0) {  // a file system without locks: compile unlocked, as before
    ::close(fd);
    return Lock(-1);
  }
  return Lock(fd);
}

}  // namespace cupylike::jit
