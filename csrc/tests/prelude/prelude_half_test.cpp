// cuda_fp16.h and cuda_bf16.h through the shims (kernels/cpu/fp16.h, bf16.h): CUDA's host
// conversions and arithmetic plus what the prelude adds (math, fma, conversions, shuffles,
// atomics).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <random>
#include <thread>
#include <vector>

#include "block_simulator.hpp"

namespace cupylike::prelude_test {
namespace {

// Checks r = round-to-nearest-even(exact) for a 16-bit format, using its neighbours.
template <class H>
::testing::AssertionResult nearest_even(H r, __float128 exact, H up, H down, float (*to_float)(H),
                                        unsigned short bits) {
  const __float128 distance = static_cast<__float128>(to_float(r)) - exact;
  const __float128 d = distance < 0 ? -distance : distance;
  const __float128 du = static_cast<__float128>(to_float(up)) - exact;
  const __float128 dd = static_cast<__float128>(to_float(down)) - exact;
  const __float128 up_distance = du < 0 ? -du : du, down_distance = dd < 0 ? -dd : dd;
  if (d > up_distance || d > down_distance)
    return ::testing::AssertionFailure() << to_float(r) << " is not the nearest";
  if ((d == up_distance || d == down_distance) && d != 0 && (bits & 1u))
    return ::testing::AssertionFailure() << to_float(r) << " breaks a tie to odd";
  return ::testing::AssertionSuccess();
}

float half_to_float(__half h) { return __half2float(h); }
float bf16_to_float(__nv_bfloat16 h) { return __bfloat162float(h); }

// Neighbours by raw bits (valid for finite nonzero values away from the format's ends).
__half half_step(__half h, int direction) {
  const unsigned short bits = __half_as_ushort(h);
  const bool negative = bits & 0x8000u;
  return __ushort_as_half(
      static_cast<unsigned short>(bits + ((direction > 0) != negative ? 1 : -1)));
}
__nv_bfloat16 bf16_step(__nv_bfloat16 h, int direction) {
  const unsigned short bits = __bfloat16_as_ushort(h);
  const bool negative = bits & 0x8000u;
  return __ushort_as_bfloat16(
      static_cast<unsigned short>(bits + ((direction > 0) != negative ? 1 : -1)));
}

TEST(PreludeHalf, HostConversionsAndArithmeticFromCudasHeader) {
  const __half a = __float2half(1.5f), b = __float2half(-0.25f);
  EXPECT_EQ(__half2float(a + b), 1.25f);
  EXPECT_EQ(__half2float(a * b), -0.375f);
  EXPECT_EQ(__half2float(a / b), -6.0f);
  EXPECT_TRUE(a > b);
  EXPECT_EQ(__half2float(__float2half(65519.0f)), 65504.0f);
  EXPECT_TRUE(__hisinf(__float2half(65520.0f)));
  EXPECT_EQ(__half2float(__hadd(a, a)), 3.0f);
  const __half2 pair = __floats2half2_rn(1.0f, 2.0f);
  EXPECT_EQ(__high2float(__hmul2(pair, pair)), 4.0f);
  const __nv_bfloat16 c = __float2bfloat16(3.0f);
  EXPECT_EQ(__bfloat162float(c * c), 9.0f);
  EXPECT_EQ(__bfloat162float(__float2bfloat16(1.0f + 1.0f / 256)), 1.0f);  // ties to even
}

TEST(PreludeHalf, MathFunctionsAreWithinAnUlp) {
  EXPECT_EQ(__half2float(hsqrt(__float2half(4.0f))), 2.0f);
  EXPECT_EQ(__half2float(hexp(__float2half(0.0f))), 1.0f);
  EXPECT_EQ(__half2float(hlog(__float2half(1.0f))), 0.0f);
  EXPECT_EQ(__half2float(hrcp(__float2half(4.0f))), 0.25f);
  EXPECT_EQ(__half2float(hrsqrt(__float2half(16.0f))), 0.25f);
  EXPECT_EQ(__half2float(hceil(__float2half(1.5f))), 2.0f);
  EXPECT_EQ(__half2float(hfloor(__float2half(-1.5f))), -2.0f);
  EXPECT_EQ(__half2float(hrint(__float2half(2.5f))), 2.0f);
  EXPECT_EQ(__half2float(htrunc(__float2half(-1.5f))), -1.0f);
  EXPECT_EQ(__half2float(hexp2(__float2half(3.0f))), 8.0f);
  EXPECT_EQ(__half2float(hexp10(__float2half(2.0f))), 100.0f);
  EXPECT_EQ(__half2float(hlog2(__float2half(8.0f))), 3.0f);
  EXPECT_EQ(__half2float(hlog10(__float2half(100.0f))), 2.0f);
  const __half2 h2 = h2sqrt(__floats2half2_rn(9.0f, 16.0f));
  EXPECT_EQ(__low2float(h2), 3.0f);
  EXPECT_EQ(__high2float(h2), 4.0f);
  EXPECT_EQ(__high2float(h2exp(__floats2half2_rn(0.0f, 0.0f))), 1.0f);
  EXPECT_EQ(__bfloat162float(hsqrt(__float2bfloat16(9.0f))), 3.0f);
  EXPECT_EQ(__high2float(h2floor(__floats2bfloat162_rn(0.5f, -0.5f))), -1.0f);
  // Every finite half: sin, cos, exp, log, tanh within one ulp of the double result.
  for (unsigned bits = 0; bits < 0x7c00u; bits += 1) {
    for (int sign = 0; sign < 2; ++sign) {
      const __half h = __ushort_as_half(static_cast<unsigned short>(bits | (sign << 15)));
      const double x = __half2float(h);
      struct {
        __half result;
        double exact;
      } cases[] = {{hsin(h), std::sin(x)}, {hcos(h), std::cos(x)}, {htanh(h), std::tanh(x)},
                   {hexp(h), std::exp(x)}, {hlog(h), std::log(x)}, {hsqrt(h), std::sqrt(x)}};
      for (const auto& c : cases) {
        const __half nearest = __double2half(c.exact);
        if (__hisnan(nearest) || __hisinf(nearest) || __half2float(nearest) == 0) continue;
        const bool ok = __heq(c.result, nearest) || __heq(c.result, half_step(nearest, 1)) ||
                        __heq(c.result, half_step(nearest, -1));
        EXPECT_TRUE(ok) << x << " -> " << __half2float(c.result) << " vs " << c.exact;
      }
    }
  }
}

TEST(PreludeHalf, FusedMultiplyAddRoundsOnce) {
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> u(-64, 64);
  for (int i = 0; i < 100000; ++i) {
    const __half a = __float2half(u(rng)), b = __float2half(u(rng) / 64), c = __float2half(u(rng));
    const __half r = __hfma(a, b, c);
    const __float128 exact = static_cast<__float128>(__half2float(a)) * __half2float(b) +
                             static_cast<__float128>(__half2float(c));
    if (__half2float(r) == 0) continue;
    EXPECT_TRUE(nearest_even(r, exact, half_step(r, 1), half_step(r, -1), half_to_float,
                             __half_as_ushort(r)));
    const __nv_bfloat16 x = __float2bfloat16(u(rng)), y = __float2bfloat16(u(rng)),
                        z = __float2bfloat16(u(rng));
    const __nv_bfloat16 s = __hfma(x, y, z);
    const __float128 bf_exact = static_cast<__float128>(__bfloat162float(x)) * __bfloat162float(y) +
                                static_cast<__float128>(__bfloat162float(z));
    if (__bfloat162float(s) == 0) continue;
    EXPECT_TRUE(nearest_even(s, bf_exact, bf16_step(s, 1), bf16_step(s, -1), bf16_to_float,
                             __bfloat16_as_ushort(s)));
  }
  // 7 * 37/256 = 259/256 lies exactly between the bfloat16s 258/256 and 260/256; an addend far
  // below double precision must still break the tie (one rounding, as on the GPU).
  const __nv_bfloat16 seven = __float2bfloat16(7.0f), b37 = __float2bfloat16(37.0f / 256);
  EXPECT_EQ(__bfloat162float(__hfma(seven, b37, __float2bfloat16(-0x1p-100f))), 258.0f / 256);
  EXPECT_EQ(__bfloat162float(__hfma(seven, b37, __float2bfloat16(0x1p-100f))), 260.0f / 256);
  EXPECT_EQ(__bfloat162float(__hfma(seven, b37, __float2bfloat16(0.0f))), 260.0f / 256);  // even
  EXPECT_EQ(__bfloat162float(__hfma(-seven, b37, __float2bfloat16(0x1p-100f))), -258.0f / 256);
  const __half one = __float2half(1.0f), two = __float2half(2.0f);
  EXPECT_EQ(__half2float(__hfma_sat(two, two, one)), 1.0f);
  EXPECT_EQ(__half2float(__hfma_sat(two, -two, one)), 0.0f);
  EXPECT_EQ(__half2float(__hfma_sat(__float2half(NAN), two, one)), 0.0f);  // NaN flushed
  EXPECT_EQ(__half2float(__hfma_relu(two, -two, one)), 0.0f);
  EXPECT_EQ(__half2float(__hfma_relu(two, two, one)), 5.0f);
  EXPECT_EQ(__half_as_ushort(__hfma_relu(__float2half(NAN), two, one)), 0x7fffu);  // canonical
  EXPECT_EQ(__bfloat16_as_ushort(
                __hfma_relu(__float2bfloat16(NAN), __float2bfloat16(1.0f), __float2bfloat16(1.0f))),
            0x7fffu);
  const __half2 r2 =
      __hfma2(__floats2half2_rn(1, 2), __floats2half2_rn(3, 4), __floats2half2_rn(5, 6));
  EXPECT_EQ(__low2float(r2), 8.0f);
  EXPECT_EQ(__high2float(r2), 14.0f);
  EXPECT_EQ(__high2float(__hfma2_relu(__floats2half2_rn(1, -2), __floats2half2_rn(3, 4),
                                      __floats2half2_rn(5, 6))),
            0.0f);
  EXPECT_EQ(__low2float(__hfma2_sat(__floats2half2_rn(1, -2), __floats2half2_rn(3, 4),
                                    __floats2half2_rn(5, 6))),
            1.0f);
  // (1 + 2i)(3 + 4i) + (1 + i) = -4 + 11i
  const __half2 z =
      __hcmadd(__floats2half2_rn(1, 2), __floats2half2_rn(3, 4), __floats2half2_rn(1, 1));
  EXPECT_EQ(__low2float(z), -4.0f);
  EXPECT_EQ(__high2float(z), 11.0f);
  const __nv_bfloat162 w = __hcmadd(__floats2bfloat162_rn(1, 2), __floats2bfloat162_rn(3, 4),
                                    __floats2bfloat162_rn(1, 1));
  EXPECT_EQ(__high2float(w), 11.0f);
}

TEST(PreludeHalf, ConversionsToIntegersInEveryMode) {
  const __half h = __float2half(2.5f), m = __float2half(-2.25f);
  EXPECT_EQ(__half2int_rn(h), 2);
  EXPECT_EQ(__half2int_ru(h), 3);
  EXPECT_EQ(__half2int_rd(m), -3);
  EXPECT_EQ(__half2int_rz(m), -2);                               // CUDA's own host function
  EXPECT_EQ(__half2short_rn(__float2half(65504.0f)), SHRT_MAX);  // saturates
  EXPECT_EQ(__half2short_rd(__float2half(-65504.0f)), SHRT_MIN);
  EXPECT_EQ(__half2ushort_rn(__float2half(-1.0f)), 0);
  EXPECT_EQ(__half2uint_ru(__float2half(0.1f)), 1u);
  EXPECT_EQ(__half2ll_rd(__float2half(-0.5f)), -1LL);
  EXPECT_EQ(__half2ull_rn(__float2half(3.5f)), 4ull);
  EXPECT_EQ(__half2int_rn(__float2half(INFINITY)), INT_MAX);
  EXPECT_EQ(__half2int_rn(__float2half(NAN)), 0);
  const __nv_bfloat16 b = __float2bfloat16(2.5f);
  EXPECT_EQ(__bfloat162int_rn(b), 2);
  EXPECT_EQ(__bfloat162int_ru(b), 3);
  EXPECT_EQ(__bfloat162short_rn(__float2bfloat16(1e6f)), SHRT_MAX);
  EXPECT_EQ(__bfloat162ull_rd(__float2bfloat16(-3.0f)), 0ull);
  EXPECT_EQ(__bfloat162ll_ru(__float2bfloat16(-3.5f)), -3LL);
  EXPECT_EQ(__bfloat162uint_rn(__float2bfloat16(7.5f)), 8u);
  EXPECT_EQ(__bfloat162ushort_rd(__float2bfloat16(7.5f)), 7);
  // Integers to bfloat16 in the directed modes (8 significant bits: 257 is between 256 and 258).
  EXPECT_EQ(__bfloat162float(__int2bfloat16_rz(257)), 256.0f);
  EXPECT_EQ(__bfloat162float(__int2bfloat16_ru(257)), 258.0f);
  EXPECT_EQ(__bfloat162float(__int2bfloat16_rd(-257)), -258.0f);
  EXPECT_EQ(__bfloat162float(__short2bfloat16_ru(static_cast<short>(-257))), -256.0f);
  EXPECT_EQ(__bfloat162float(__ushort2bfloat16_rd(static_cast<unsigned short>(65535))), 65280.0f);
  EXPECT_EQ(__bfloat162float(__uint2bfloat16_ru(257u)), 258.0f);
  // 2^40 + 1 rounds up by a whole bfloat16 ulp (2^33), not by float's.
  EXPECT_EQ(__bfloat162float(__ll2bfloat16_ru((1LL << 40) + 1)), 0x1p40f + 0x1p33f);
  EXPECT_EQ(__bfloat162float(__ll2bfloat16_rz((1LL << 40) + 1)), 0x1p40f);
  EXPECT_EQ(__bfloat162float(__ull2bfloat16_rd(~0ull)), 0x1p64f - 0x1p56f);
}

TEST(PreludeHalf, WarpShufflesMoveHalves) {
  run_block(dim3(32), [] {
    const int lane = static_cast<int>(threadIdx.x);
    const __half mine = __int2half_rn(lane);
    EXPECT_EQ(__half2float(__shfl_sync(0xffffffffu, mine, 3)), 3.0f);
    EXPECT_EQ(__half2float(__shfl_xor_sync(0xffffffffu, mine, 1)), static_cast<float>(lane ^ 1));
    const __half2 pair = __halves2half2(mine, __int2half_rn(-lane));
    const __half2 down = __shfl_down_sync(0xffffffffu, pair, 1);
    const int source = lane < 31 ? lane + 1 : lane;
    EXPECT_EQ(__low2float(down), static_cast<float>(source));
    EXPECT_EQ(__high2float(down), static_cast<float>(-source));
    const __nv_bfloat16 b = __int2bfloat16_rn(lane);
    EXPECT_EQ(__bfloat162float(__shfl_up_sync(0xffffffffu, b, 2)),
              static_cast<float>(lane >= 2 ? lane - 2 : lane));
    const __nv_bfloat162 b2 = __halves2bfloat162(b, b);
    EXPECT_EQ(__high2float(__shfl_sync(0xffffffffu, b2, 31)), 31.0f);
  });
}

TEST(PreludeHalf, AtomicAddsFromManyThreadsAreExact) {
  __half h = __float2half(0.0f);
  __half2 h2 = __floats2half2_rn(0.0f, 0.0f);
  __nv_bfloat16 b = __float2bfloat16(0.0f);
  __nv_bfloat162 b2 = __floats2bfloat162_rn(0.0f, 0.0f);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int k = 0; k < 500; ++k) {  // sums stay integers below 2^11 (half) and 2^8 (bf16)
        atomicAdd(&h, __float2half(1.0f));
        atomicAdd(&h2, __floats2half2_rn(1.0f, -0.5f));
        if (k < 60) atomicAdd(&b, __float2bfloat16(1.0f));
        if (k < 60) atomicAdd_block(&b2, __floats2bfloat162_rn(0.5f, 1.0f));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(__half2float(h), 2000.0f);
  EXPECT_EQ(__low2float(h2), 2000.0f);
  EXPECT_EQ(__high2float(h2), -1000.0f);
  EXPECT_EQ(__bfloat162float(b), 240.0f);
  EXPECT_EQ(__low2float(b2), 120.0f);
  EXPECT_EQ(__high2float(b2), 240.0f);
  __half x = __float2half(1.0f);
  EXPECT_EQ(__half2float(atomicAdd(&x, __float2half(2.0f))), 1.0f);  // the old value
  EXPECT_EQ(__half2float(atomicAdd_system(&x, __float2half(2.0f))), 3.0f);
  const __half loaded = __ldg(&x);
  EXPECT_EQ(__half2float(loaded), 5.0f);
}

}  // namespace
}  // namespace cupylike::prelude_test
