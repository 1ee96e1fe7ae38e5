// The pool's bookkeeping against a fake device with a fixed capacity.
#include "memory/pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>

#include "core/error.hpp"

namespace cupylike {
namespace {

// A device of `capacity` bytes backed by malloc, counting the segments it hands out.
struct FakeDevice {
  size_t capacity, held = 0;
  std::atomic<int> segments{0};
  explicit FakeDevice(size_t cap) : capacity(cap) {}
  Pool::Source source() {
    return {[this](size_t n) -> void* {
              if (held + n > capacity) return nullptr;
              held += n;
              ++segments;
              return std::malloc(n);
            },
            [this](void* p, size_t n) {
              held -= n;
              --segments;
              std::free(p);
            },
            capacity};
  }
};

std::shared_ptr<Pool> make_pool(FakeDevice& dev) {
  return std::make_shared<Pool>(Device{}, "fake", dev.source());
}

TEST(Pool, RoundsTo512AndCountsBytes) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  MemoryPtr a = pool->malloc(1, 0);
  EXPECT_EQ(a->size(), 512u);
  EXPECT_EQ(pool->used_bytes(), 512u);
  EXPECT_EQ(pool->total_bytes(), 512u);
  MemoryPtr b = pool->malloc(513, 0);
  EXPECT_EQ(b->size(), 1024u);
  EXPECT_EQ(pool->used_bytes(), 1536u);
  a.reset();
  EXPECT_EQ(pool->used_bytes(), 1024u);
  EXPECT_EQ(pool->free_bytes(), 512u);
  EXPECT_EQ(pool->n_free_blocks(), 1u);
}

TEST(Pool, ZeroBytesIsNull) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  EXPECT_EQ(pool->malloc(0, 0), nullptr);
  EXPECT_EQ(pool->total_bytes(), 0u);
}

TEST(Pool, ReusesFreedBlockWithoutNewSegment) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  void* first = pool->malloc(4096, 0)->ptr();
  MemoryPtr again = pool->malloc(4096, 0);
  EXPECT_EQ(again->ptr(), first);
  EXPECT_EQ(dev.segments, 1);
}

TEST(Pool, SplitsLargerBlockAndMergesBack) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  pool->malloc(8192, 0).reset();  // one free segment of 8 KiB
  MemoryPtr a = pool->malloc(1024, 0);
  MemoryPtr b = pool->malloc(2048, 0);
  EXPECT_EQ(dev.segments, 1);  // both carved from the cached segment
  EXPECT_EQ(static_cast<char*>(b->ptr()), static_cast<char*>(a->ptr()) + 1024);
  EXPECT_EQ(pool->n_free_blocks(), 1u);  // the 5 KiB tail
  a.reset();
  EXPECT_EQ(pool->n_free_blocks(), 2u);  // a's chunk cannot merge: b is between it and the tail
  b.reset();
  EXPECT_EQ(pool->n_free_blocks(), 1u);  // everything merged into the segment again
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(dev.segments, 0);
}

TEST(Pool, BestFitPicksSmallestSufficientBlock) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  MemoryPtr big = pool->malloc(8192, 0), small = pool->malloc(2048, 0), mid = pool->malloc(4096, 0);
  void* small_ptr = small->ptr();
  void* mid_ptr = mid->ptr();
  big.reset();
  small.reset();
  mid.reset();
  EXPECT_EQ(pool->malloc(2048, 0)->ptr(), small_ptr);
  EXPECT_EQ(pool->malloc(3000, 0)->ptr(), mid_ptr);
}

TEST(Pool, LargeBlocksUseTheOrderedSetToo) {
  FakeDevice dev(64 << 20);
  auto pool = make_pool(dev);
  MemoryPtr a = pool->malloc(4 << 20, 0);
  void* p = a->ptr();
  a.reset();
  MemoryPtr b = pool->malloc(1 << 20, 0);  // split from the 4 MiB block
  EXPECT_EQ(b->ptr(), p);
  EXPECT_EQ(dev.segments, 1);
  MemoryPtr c = pool->malloc(3 << 20, 0);  // exactly the remainder
  EXPECT_EQ(static_cast<char*>(c->ptr()), static_cast<char*>(p) + (1 << 20));
  EXPECT_EQ(dev.segments, 1);
}

TEST(Pool, FreeAllBlocksReleasesOnlyUnsplitSegments) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  pool->malloc(8192, 0).reset();
  MemoryPtr held = pool->malloc(1024, 0);  // splits the segment
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 8192u);  // the split segment stays
  held.reset();
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
}

TEST(Pool, StreamsDoNotShareFreedBlocks) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  void* on_a = pool->malloc(4096, /*stream=*/1)->ptr();
  MemoryPtr on_b = pool->malloc(4096, /*stream=*/2);
  EXPECT_NE(on_b->ptr(), on_a);  // stream 2 may not reuse what stream 1 freed
  EXPECT_EQ(dev.segments, 2);
  EXPECT_EQ(pool->malloc(4096, 1)->ptr(), on_a);  // stream 1 may
  pool->free_all_blocks(1);
  EXPECT_EQ(dev.segments, 1);
}

TEST(Pool, LimitFreesCacheThenRaisesOutOfMemory) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  pool->set_limit(8192);
  pool->malloc(4096, 0).reset();        // cached, not in use
  MemoryPtr a = pool->malloc(6144, 0);  // over the limit with the cache: cache is freed first
  EXPECT_EQ(pool->total_bytes(), 6144u);
  try {
    pool->malloc(4096, 0);
    FAIL() << "expected OutOfMemoryError";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::out_of_memory);
    std::string msg = e.what();
    EXPECT_NE(msg.find("4,096 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("limit 8,192 bytes"), std::string::npos) << msg;
  }
  a.reset();
  EXPECT_NE(pool->malloc(4096, 0), nullptr);  // recovers once memory is back
}

TEST(Pool, DeviceOutOfMemoryRetriesAfterFreeingCache) {
  FakeDevice dev(16384);
  auto pool = make_pool(dev);
  pool->malloc(8192, 0).reset();
  pool->malloc(4096, 7).reset();           // cached on another stream
  MemoryPtr big = pool->malloc(12288, 0);  // fits only once both cached segments are released
  EXPECT_EQ(pool->total_bytes(), 12288u);
  EXPECT_THROW(pool->malloc(8192, 0), Error);
}

TEST(Pool, FractionLimitUsesCapacity) {
  FakeDevice dev(1 << 20);
  auto pool = make_pool(dev);
  pool->set_limit_fraction(0.5);
  EXPECT_EQ(pool->limit(), size_t(1) << 19);
  EXPECT_THROW(pool->set_limit_fraction(1.5), Error);
}

TEST(Pool, FragmentationPatternStaysConsistent) {
  FakeDevice dev(64 << 20);
  auto pool = make_pool(dev);
  std::mt19937 rng(42);
  std::vector<MemoryPtr> live;
  size_t expect_used = 0;
  for (int step = 0; step < 20000; ++step) {
    if (live.empty() || (live.size() < 200 && rng() % 3)) {
      size_t n = 1 + rng() % (rng() % 8 == 0 ? (2 << 20) : 8192);
      live.push_back(pool->malloc(n, rng() % 2));
      expect_used += live.back()->size();
    } else {
      size_t i = rng() % live.size();
      expect_used -= live[i]->size();
      live.erase(live.begin() + long(i));
    }
    ASSERT_EQ(pool->used_bytes(), expect_used);
  }
  // Live blocks never overlap.
  std::vector<std::pair<char*, size_t>> spans;
  for (auto& m : live) spans.emplace_back(static_cast<char*>(m->ptr()), m->size());
  std::sort(spans.begin(), spans.end());
  for (size_t i = 1; i < spans.size(); ++i)
    ASSERT_LE(spans[i - 1].first + spans[i - 1].second, spans[i].first);
  live.clear();
  EXPECT_EQ(pool->used_bytes(), 0u);
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(pool->n_free_blocks(), 0u);
  EXPECT_EQ(dev.segments, 0);
}

TEST(Pool, EightThreadsKeepTotalsConsistent) {
  FakeDevice dev(size_t(1) << 30);
  auto pool = make_pool(dev);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&pool, t] {
      std::mt19937 rng(t);
      std::vector<MemoryPtr> mine;
      for (int i = 0; i < 5000; ++i) {
        if (mine.size() < 16 && rng() % 2)
          mine.push_back(pool->malloc(1 + rng() % 100000, t % 3));
        else if (!mine.empty())
          mine.pop_back();
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(pool->used_bytes(), 0u);
  EXPECT_EQ(pool->free_bytes(), pool->total_bytes());
  pool->free_all_blocks();
  EXPECT_EQ(pool->total_bytes(), 0u);
  EXPECT_EQ(dev.segments, 0);
}

}  // namespace
}  // namespace cupylike
