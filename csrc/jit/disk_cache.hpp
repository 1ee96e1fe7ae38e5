#pragma once
/// The on-disk half of the compile cache: one file per (key, suffix) in a folder shared by every
/// process of the user. Files appear only whole (written under a unique temporary name, then
/// renamed), so a reader never sees a partial entry, and concurrent writers of the same key
/// simply replace each other's identical bytes. Every failure reads as a miss or is ignored:
/// the cache is an optimisation, never a source of errors.
///
/// Thread-safe: the object holds no mutable state besides an atomic counter.
#include <atomic>
#include <optional>
#include <string>
#include <string_view>

namespace cupylike::jit {

class DiskCache {
 public:
  /// A cache in cache_dir(), resolved on each call (so CUPYLIKE_CACHE_DIR may change).
  DiskCache() = default;
  /// A cache in `dir` (created on demand).
  explicit DiskCache(std::string dir) : dir_(std::move(dir)) {}

  /// The entry's file: <dir>/<key><suffix>. A key that is not a plain file name (empty, or with
  /// characters other than letters, digits, '-', '_' and '.') is replaced by its SHA-256.
  std::string path(const std::string& key, const std::string& suffix) const;

  /// The payload stored by write(), or nullopt when there is none. A file that cannot be read
  /// or whose header or checksum is wrong is deleted and reported as a miss.
  std::optional<std::string> read(const std::string& key, const std::string& suffix) const;
  /// Stores `payload` with a header holding its SHA-256; atomic, failures ignored.
  void write(const std::string& key, const std::string& suffix, std::string_view payload) const;

  /// For artifacts another tool writes as a file (a shared object from the host compiler): a
  /// fresh path in the cache's folder for the tool to write, ending in `suffix`, then commit()
  /// to move it into place atomically (or remove it when the rename fails).
  std::string temp_path(const std::string& key, const std::string& suffix) const;
  void commit(const std::string& temp, const std::string& key, const std::string& suffix) const;

  /// Deletes the entry, if any (e.g. a shared object that dlopen rejected).
  void remove(const std::string& key, const std::string& suffix) const;

  /// The folder this cache uses now.
  std::string dir() const;

 private:
  std::string dir_;  // empty: cache_dir()
  mutable std::atomic<unsigned long> counter_{0};
};

}  // namespace cupylike::jit
