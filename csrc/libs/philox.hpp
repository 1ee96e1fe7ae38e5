#pragma once
/// cuRAND's Philox4_32_10 raw 32-bit stream computed directly on the host, for the cpu
/// device's raw-word draws: cuRAND's host generator pays ~0.2 ms a call and ~10 ms after each
/// seek (measured), this pays neither and splits over threads freely. The layout is cuRAND's
/// (measured against curandCreateGeneratorHost, and checked by tests/test_random_streams.py):
/// word i of a seed's stream is lane i % 4 of the Philox4x32-10 block with key = seed and
/// counter = (c, t) where t = (i / 4) % 65536 is the subsequence (counter words 2-3) and
/// c = (i / 4) / 65536 the position in it (counter words 0-1): the 65536 generator threads
/// of cuRAND's default ordering, interleaved by block.
#include <cstdint>

namespace cupylike {

/// Words [offset, offset + count) of seed's stream into out, over up to `threads` threads.
void philox_words(uint64_t seed, uint64_t offset, uint32_t* out, int64_t count, int threads);

}  // namespace cupylike
