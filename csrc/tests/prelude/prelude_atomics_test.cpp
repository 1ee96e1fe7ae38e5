// Atomic functions (kernels/cpu/atomics.h) from several OS threads at once: totals must be
// exact, and the CUDA-specific semantics (atomicInc/Dec wrap, atomicCAS's return) hold.
#include <gtest/gtest.h>

#include <climits>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

constexpr int kThreads = 8;
constexpr int kIterations = 20000;

// Runs body(thread_index) on kThreads threads at once.
template <class Body>
void hammer(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(body, t);
  for (std::thread& thread : threads) thread.join();
}

TEST(PreludeAtomics, IntegerAddsAndSubsAreExact) {
  int i = 0;
  unsigned u = 0;
  unsigned long long ull = 0;
  int sub = 0;
  hammer([&](int) {
    for (int k = 0; k < kIterations; ++k) {
      atomicAdd(&i, 1);
      atomicAdd(&u, 2u);
      atomicAdd(&ull, 1ull << 33);
      atomicSub(&sub, 3);
    }
  });
  EXPECT_EQ(i, kThreads * kIterations);
  EXPECT_EQ(u, 2u * kThreads * kIterations);
  EXPECT_EQ(ull, (1ull << 33) * kThreads * kIterations);
  EXPECT_EQ(sub, -3 * kThreads * kIterations);
}

TEST(PreludeAtomics, FloatingPointAddsAreExactForRepresentableSums) {
  float f = 0.0f;
  double d = 0.5;
  float2 f2 = make_float2(0.0f, 1.0f);
  float4 f4 = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  hammer([&](int) {
    for (int k = 0; k < kIterations; ++k) {
      atomicAdd(&f, 1.0f);  // integers below 2^24: every partial sum is exact
      atomicAdd(&d, 0.25);
      atomicAdd(&f2, make_float2(1.0f, 2.0f));
      atomicAdd(&f4, make_float4(1.0f, 1.0f, 1.0f, -1.0f));
    }
  });
  EXPECT_EQ(f, static_cast<float>(kThreads * kIterations));
  EXPECT_EQ(d, 0.5 + 0.25 * kThreads * kIterations);
  EXPECT_EQ(f2.x, static_cast<float>(kThreads * kIterations));
  EXPECT_EQ(f2.y, 1.0f + 2.0f * kThreads * kIterations);
  EXPECT_EQ(f4.w, -static_cast<float>(kThreads * kIterations));
  float x = 1.5f;
  EXPECT_EQ(atomicAdd(&x, 2.0f), 1.5f);  // returns the old value
  EXPECT_EQ(x, 3.5f);
}

TEST(PreludeAtomics, MinMaxAndBitwiseOps) {
  int imin = INT_MAX, imax = INT_MIN;
  unsigned umin = UINT_MAX, umax = 0;
  long long llmin = LLONG_MAX, llmax = LLONG_MIN;
  unsigned long long ullmax = 0;
  unsigned bits_or = 0, bits_and = ~0u, bits_xor = 0;
  unsigned long long wide_or = 0;
  int int_and = -1;
  hammer([&](int t) {
    for (int k = 0; k < kIterations; ++k) {
      const int v = (t * kIterations + k) - kThreads * kIterations / 2;
      atomicMin(&imin, v);
      atomicMax(&imax, v);
      atomicMin(&umin, static_cast<unsigned>(v + kThreads * kIterations));
      atomicMax(&umax, static_cast<unsigned>(v + kThreads * kIterations));
      atomicMin(&llmin, static_cast<long long>(v) << 20);
      atomicMax(&llmax, static_cast<long long>(v) << 20);
      atomicMax(&ullmax, static_cast<unsigned long long>(k) << 40);
    }
    atomicOr(&bits_or, 1u << t);
    atomicAnd(&bits_and, ~(1u << t));
    atomicXor(&bits_xor, 3u << t);
    atomicOr(&wide_or, 1ull << (40 + t));
    atomicAnd(&int_and, ~(1 << t));
  });
  EXPECT_EQ(imin, -kThreads * kIterations / 2);
  EXPECT_EQ(imax, kThreads * kIterations / 2 - 1);
  EXPECT_EQ(umin, static_cast<unsigned>(kThreads * kIterations / 2));
  EXPECT_EQ(umax, static_cast<unsigned>(kThreads * kIterations * 3 / 2 - 1));
  EXPECT_EQ(llmin, -(static_cast<long long>(kThreads * kIterations / 2) << 20));
  EXPECT_EQ(llmax, static_cast<long long>(kThreads * kIterations / 2 - 1) << 20);
  EXPECT_EQ(ullmax, static_cast<unsigned long long>(kIterations - 1) << 40);
  EXPECT_EQ(bits_or, 0xffu);
  EXPECT_EQ(bits_and, ~0xffu);
  EXPECT_EQ(bits_xor, 0x1u | 0x100u);  // 3<<t overlaps its neighbours: bits 0 and 8 remain
  EXPECT_EQ(wide_or, 0xffull << 40);
  EXPECT_EQ(int_and, ~0xff);
}

TEST(PreludeAtomics, IncAndDecWrapLikeCuda) {
  unsigned counter = 0;
  std::vector<unsigned> seen;
  for (int k = 0; k < 5; ++k) seen.push_back(atomicInc(&counter, 2u));
  EXPECT_EQ(seen, (std::vector<unsigned>{0, 1, 2, 0, 1}));  // 0..limit, then 0
  counter = 0;
  seen.clear();
  for (int k = 0; k < 4; ++k) seen.push_back(atomicDec(&counter, 2u));
  EXPECT_EQ(seen, (std::vector<unsigned>{0, 2, 1, 0}));  // 0 wraps to the limit
  counter = 7;
  EXPECT_EQ(atomicDec(&counter, 2u), 7u);  // above the limit: jumps to it
  EXPECT_EQ(counter, 2u);

  // Concurrent: limit kThreads*kIterations-1 makes the counter come back to exactly 0.
  counter = 0;
  unsigned down = 0;
  hammer([&](int) {
    for (int k = 0; k < kIterations; ++k) {
      atomicInc(&counter, kThreads * kIterations - 1);
      atomicDec(&down, kThreads * kIterations - 1);
    }
  });
  EXPECT_EQ(counter, 0u);
  EXPECT_EQ(down, 0u);
}

TEST(PreludeAtomics, CasReturnsTheOldValueAndBuildsLockFreeUpdates) {
  int i = 5;
  EXPECT_EQ(atomicCAS(&i, 4, 9), 5);  // no swap
  EXPECT_EQ(i, 5);
  EXPECT_EQ(atomicCAS(&i, 5, 9), 5);  // swap
  EXPECT_EQ(i, 9);
  unsigned short s = 1;
  EXPECT_EQ(atomicCAS(&s, static_cast<unsigned short>(1), static_cast<unsigned short>(65535)), 1);
  EXPECT_EQ(s, 65535);

  // The classic CUDA idiom: a double multiply through 64-bit CAS.
  unsigned long long word = 0;
  unsigned counter = 0;
  hammer([&](int) {
    for (int k = 0; k < kIterations; ++k) {
      unsigned long long old = word, assumed;
      do {
        assumed = old;
        old = atomicCAS(&word, assumed, assumed + 1);
      } while (old != assumed);
      unsigned expected = counter;
      while (atomicCAS(&counter, expected, expected + 1) != expected) expected = counter;
    }
  });
  EXPECT_EQ(word, static_cast<unsigned long long>(kThreads * kIterations));
  EXPECT_EQ(counter, static_cast<unsigned>(kThreads * kIterations));
}

TEST(PreludeAtomics, ExchangeAndScopedForms) {
  float f = 1.0f;
  EXPECT_EQ(atomicExch(&f, 2.5f), 1.0f);
  EXPECT_EQ(f, 2.5f);
  unsigned long long u = 1;
  EXPECT_EQ(atomicExch(&u, 2ull), 1ull);
  int i = 0;
  static_assert(std::is_same<decltype(atomicAdd_block(&i, 1)), int>::value, "");
  EXPECT_EQ(atomicAdd_block(&i, 2), 0);
  EXPECT_EQ(atomicAdd_system(&i, 3), 2);
  EXPECT_EQ(atomicSub_block(&i, 1), 5);
  EXPECT_EQ(atomicExch_system(&i, 7), 4);
  EXPECT_EQ(atomicMax_block(&i, 9), 7);
  EXPECT_EQ(atomicMin_system(&i, 1), 9);
  EXPECT_EQ(atomicCAS_block(&i, 1, 3), 1);
  EXPECT_EQ(atomicOr_block(&i, 4), 3);
  EXPECT_EQ(atomicAnd_system(&i, 6), 7);
  EXPECT_EQ(atomicXor_block(&i, 1), 6);
  EXPECT_EQ(i, 7);
  unsigned c = 0;
  EXPECT_EQ(atomicInc_block(&c, 10u), 0u);
  EXPECT_EQ(atomicDec_system(&c, 10u), 1u);
  float g = 0.0f;
  EXPECT_EQ(atomicAdd_block(&g, 1), 0.0f);  // an int argument converts as in CUDA
  EXPECT_EQ(g, 1.0f);
}

}  // namespace
