#pragma once
/// The on-disk half of the compile cache: one file per (key, suffix) in a folder shared by every
/// process of the user. Files appear only whole (written under a unique temporary name, then
/// renamed), so a reader never sees a partial entry, and concurrent writers of the same key
/// simply replace each other's identical bytes. Every failure reads as a miss or is ignored:
/// the cache is an optimisation, never a source of errors.
///
/// Nothing in the folder is trusted: only regular files of at most kMaxEntryBytes are read,
/// never through a symbolic link and without blocking (a FIFO), and whatever else stands in an
/// entry's place (a folder, a link, a device) is removed so the entry can be written again.
///
/// Thread-safe: the object holds no mutable state besides an atomic counter.
#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace cupylike::jit {

class DiskCache {
 public:
  /// Entries larger than this are damaged: no compiler output comes near it.
  static constexpr size_t kMaxEntryBytes = size_t(512) << 20;

  /// A cache in cache_dir(), resolved on each call (so CUPYLIKE_CACHE_DIR may change).
  DiskCache() = default;
  /// A cache in `dir` (created on demand).
  explicit DiskCache(std::string dir) : dir_(std::move(dir)) {}

  /// The entry's file: <dir>/<key><suffix>. A key that is not a plain file name (empty, or with
  /// characters other than letters, digits, '-', '_' and '.') is replaced by its SHA-256.
  std::string path(const std::string& key, const std::string& suffix) const;

  /// The payload stored by write() under this key and suffix, or nullopt when there is none.
  /// The stored digest covers the key and suffix as well as the payload, so an entry copied or
  /// renamed into another entry's place is a miss. A damaged entry is removed.
  std::optional<std::string> read(const std::string& key, const std::string& suffix) const;
  /// Stores `payload` with a header holding that digest; atomic, failures ignored.
  void write(const std::string& key, const std::string& suffix, std::string_view payload) const;

  /// For files other programs read by name (a shared object for dlopen): the bytes as they
  /// are, with no header, under the same rules for what is read. The caller vouches for them
  /// (with a digest it stores by write()).
  std::optional<std::string> read_file(const std::string& key, const std::string& suffix) const;
  void write_file(const std::string& key, const std::string& suffix, std::string_view bytes) const;

  /// Removes the entry, whatever stands in its place (e.g. a shared object dlopen rejected).
  void remove(const std::string& key, const std::string& suffix) const;

  /// An exclusive lock on `key` across threads and processes (flock on <key>.lock), held until
  /// destruction: one compile per key at a time. Waits without the GIL. Where the folder
  /// cannot hold a lock file, no lock is taken.
  class Lock {
   public:
    explicit Lock(int fd) : fd_(fd) {}
    Lock(Lock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;
    ~Lock();

   private:
    int fd_;
  };
  Lock lock(const std::string& key) const;

  /// The folder this cache uses now.
  std::string dir() const;

 private:
  std::string temp_path(const std::string& key, const std::string& suffix) const;
  bool store(const std::string& key, const std::string& suffix, std::string_view header,
             std::string_view bytes) const;

  std::string dir_;  // empty: cache_dir()
  mutable std::atomic<unsigned long> counter_{0};
};

}  // namespace cupylike::jit
