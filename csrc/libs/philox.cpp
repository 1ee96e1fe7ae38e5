#include "libs/philox.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace cupylike {

namespace {

// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011): ten
// rounds of two 32x32->64-bit products, the key bumped by the Weyl constants between rounds.
struct Block {
  uint32_t w[4];
};

inline Block philox4x32_10(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0,
                           uint32_t k1) {
  constexpr uint64_t kM0 = 0xD2511F53, kM1 = 0xCD9E8D57;
  constexpr uint32_t kW0 = 0x9E3779B9, kW1 = 0xBB67AE85;
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = kM0 * c0, p1 = kM1 * c2;
    const uint32_t n0 = uint32_t(p1 >> 32) ^ c1 ^ k0, n2 = uint32_t(p0 >> 32) ^ c3 ^ k1;
    c1 = uint32_t(p1);
    c3 = uint32_t(p0);
    c0 = n0;
    c2 = n2;
    k0 += kW0;
    k1 += kW1;
  }
  return {{c0, c1, c2, c3}};
}

constexpr uint64_t kThreads = 65536;  // cuRAND's generator threads (see philox.hpp)
constexpr int kBatch = 32;            // blocks computed side by side

// Blocks [block, block + kBatch) into out (4 words each, in order): the rounds of philox4x32_10
// over arrays of the batch's lanes, a loop the compiler turns into vector multiplies (vpmuludq,
// 8 lanes with AVX-512: 1.8x the speed of a block at a time at -O3, measured; batches of 16
// were slower, of 64 no faster). The library is built for baseline x86-64; the clones use wider
// vectors where the CPU has them (the words are the same: integer arithmetic).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void philox_batch(uint64_t block, uint32_t k0, uint32_t k1, uint32_t* out) {
  constexpr uint64_t kM0 = 0xD2511F53, kM1 = 0xCD9E8D57;
  constexpr uint32_t kW0 = 0x9E3779B9, kW1 = 0xBB67AE85;
  uint32_t c0[kBatch], c1[kBatch], c2[kBatch], c3[kBatch];
  for (int j = 0; j < kBatch; ++j) {
    const uint64_t b = block + uint64_t(j), c = b / kThreads;
    c0[j] = uint32_t(c);
    c1[j] = uint32_t(c >> 32);
    c2[j] = uint32_t(b % kThreads);
    c3[j] = 0;
  }
  for (int round = 0; round < 10; ++round) {
    // Kept a loop: -O3 would unroll it whole and vectorise the pieces worse (slower than one
    // block at a time).
#pragma GCC unroll 1
    for (int j = 0; j < kBatch; ++j) {
      const uint64_t p0 = kM0 * c0[j], p1 = kM1 * c2[j];
      const uint32_t n0 = uint32_t(p1 >> 32) ^ c1[j] ^ k0, n2 = uint32_t(p0 >> 32) ^ c3[j] ^ k1;
      c1[j] = uint32_t(p1);
      c3[j] = uint32_t(p0);
      c0[j] = n0;
      c2[j] = n2;
    }
    k0 += kW0;
    k1 += kW1;
  }
  for (int j = 0; j < kBatch; ++j) {
    out[4 * j] = c0[j];
    out[4 * j + 1] = c1[j];
    out[4 * j + 2] = c2[j];
    out[4 * j + 3] = c3[j];
  }
}

void words_range(uint64_t seed, uint64_t first, uint32_t* out, int64_t count) {
  const uint32_t k0 = uint32_t(seed), k1 = uint32_t(seed >> 32);
  uint64_t i = first;
  const uint64_t end = first + uint64_t(count);
  // The words of block i / 4 from lane i % 4 on (to the block's end or `end`).
  auto rest_of_block = [&] {
    const uint64_t block = i / 4, c = block / kThreads, t = block % kThreads;
    const Block b = philox4x32_10(uint32_t(c), uint32_t(c >> 32), uint32_t(t), 0, k0, k1);
    for (uint64_t lane = i % 4; lane < 4 && i < end; ++lane, ++i) *out++ = b.w[lane];
  };
  if (i % 4 != 0) rest_of_block();  // to a block boundary, then whole batches
  for (; end - i >= uint64_t(4 * kBatch); i += 4 * kBatch, out += 4 * kBatch)
    philox_batch(i / 4, k0, k1, out);
  while (i < end) rest_of_block();
}

}  // namespace

void philox_words(uint64_t seed, uint64_t offset, uint32_t* out, int64_t count, int threads) {
  // Below this many words a thread costs more than it saves.
  constexpr int64_t kPerThread = int64_t(1) << 18;
  const int64_t parts = std::max<int64_t>(1, std::min<int64_t>(threads, count / kPerThread));
  if (parts == 1) return words_range(seed, offset, out, count);
  std::vector<std::thread> workers;
  const int64_t step = count / parts;
  for (int64_t p = 1; p < parts; ++p) {
    const int64_t begin = p * step, n = p + 1 == parts ? count - begin : step;
    workers.emplace_back(words_range, seed, offset + uint64_t(begin), out + begin, n);
  }
  words_range(seed, offset, out, step);
  for (auto& w : workers) w.join();
}

}  // namespace cupylike
