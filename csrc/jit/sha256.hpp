#pragma once
/// SHA-256 (FIPS 180-4), for cache keys and for checking cached payloads: a collision-resistant
/// digest means a key names exactly one (source, options, compiler) triple, and a payload whose
/// digest differs from the stored one is corrupt.
#include <cstdint>
#include <string>
#include <string_view>

namespace cupylike::jit {

/// Incremental form, for hashing a key made of several parts without concatenating them.
class Sha256 {
 public:
  Sha256();
  void update(std::string_view data);
  /// The 64-character lower-case hex digest; the object must not be updated afterwards.
  std::string hex_digest();

 private:
  void compress(const unsigned char* block);
  uint32_t state_[8];
  unsigned char buffer_[64];
  size_t buffered_ = 0;
  uint64_t total_bytes_ = 0;
};

/// The 64-character lower-case hex SHA-256 digest of `data`.
std::string sha256_hex(std::string_view data);

}  // namespace cupylike::jit
