// Fast-math, reinterpretation, integer and load/store intrinsics (kernels/cpu/intrinsics.h),
// against naive reference implementations and CUDA's documented examples.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <random>

namespace {

TEST(PreludeIntrinsics, FastMathFunctionsMatchLibm) {
  for (float x : {0.1f, 1.0f, 2.5f, 10.0f}) {
    EXPECT_EQ(__expf(x), std::exp(x));
    EXPECT_EQ(__exp10f(x), exp10f(x));
    EXPECT_EQ(__logf(x), std::log(x));
    EXPECT_EQ(__log2f(x), std::log2(x));
    EXPECT_EQ(__log10f(x), std::log10(x));
    EXPECT_EQ(__sinf(x), std::sin(x));
    EXPECT_EQ(__cosf(x), std::cos(x));
    EXPECT_EQ(__tanf(x), std::tan(x));
    EXPECT_EQ(__powf(x, 1.5f), std::pow(x, 1.5f));
    float s, c;
    __sincosf(x, &s, &c);
    EXPECT_EQ(s, std::sin(x));
    EXPECT_EQ(c, std::cos(x));
  }
  EXPECT_EQ(__fdividef(3.0f, 4.0f), 0.75f);
  EXPECT_EQ(__saturatef(1.25f), 1.0f);
  EXPECT_EQ(__saturatef(-1.0f), 0.0f);
  EXPECT_EQ(__saturatef(NAN), 0.0f);
}

TEST(PreludeIntrinsics, Reinterpretation) {
  EXPECT_EQ(__float_as_int(1.0f), 0x3f800000);
  EXPECT_EQ(__float_as_uint(-0.0f), 0x80000000u);
  EXPECT_EQ(__int_as_float(0x40490fdb), 3.14159274f);
  EXPECT_EQ(__uint_as_float(0x7f800000u), INFINITY);
  EXPECT_EQ(__double_as_longlong(1.0), 0x3ff0000000000000LL);
  EXPECT_EQ(__longlong_as_double(0x4000000000000000LL), 2.0);
  EXPECT_EQ(__double2hiint(-2.0), static_cast<int>(0xc0000000u));
  EXPECT_EQ(__double2loint(__longlong_as_double(0x12345678abcdef01LL)),
            static_cast<int>(0xabcdef01u));
  EXPECT_EQ(__hiloint2double(static_cast<int>(0xbff00000u), 0), -1.0);
  EXPECT_EQ(__hiloint2double(0x12345678, static_cast<int>(0xabcdef01u)),
            __longlong_as_double(0x12345678abcdef01LL));
}

unsigned naive_brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}

TEST(PreludeIntrinsics, BitCounting) {
  EXPECT_EQ(__popc(0u), 0);
  EXPECT_EQ(__popc(0xffffffffu), 32);
  EXPECT_EQ(__popcll(0xf0f0f0f0f0f0f0f0ull), 32);
  EXPECT_EQ(__clz(0), 32);  // defined for 0, unlike __builtin_clz
  EXPECT_EQ(__clz(1), 31);
  EXPECT_EQ(__clz(-1), 0);
  EXPECT_EQ(__clzll(0), 64);
  EXPECT_EQ(__clzll(1LL << 40), 23);
  EXPECT_EQ(__ffs(0), 0);
  EXPECT_EQ(__ffs(8), 4);
  EXPECT_EQ(__ffs(INT_MIN), 32);
  EXPECT_EQ(__ffsll(0), 0);
  EXPECT_EQ(__ffsll(1LL << 50), 51);
  std::mt19937 rng(8);
  for (int i = 0; i < 1000; ++i) {
    const unsigned x = rng(), y = rng();
    EXPECT_EQ(__brev(x), naive_brev(x));
    const unsigned long long wide = (static_cast<unsigned long long>(x) << 32) | y;
    EXPECT_EQ(__brevll(wide),
              (static_cast<unsigned long long>(naive_brev(y)) << 32) | naive_brev(x));
  }
}

TEST(PreludeIntrinsics, BytePermAndFunnelShifts) {
  const unsigned x = 0x44332211u, y = 0x88776655u;
  EXPECT_EQ(__byte_perm(x, y, 0x3210), x);
  EXPECT_EQ(__byte_perm(x, y, 0x7654), y);
  EXPECT_EQ(__byte_perm(x, y, 0x0123), 0x11223344u);  // byte swap
  EXPECT_EQ(__byte_perm(x, y, 0x5140), 0x66225511u);
  EXPECT_EQ(__byte_perm(x, y, 0xb3a9), __byte_perm(x, y, 0x3321));  // only 3 bits select
  const unsigned lo = 0x89abcdefu, hi = 0x01234567u;
  EXPECT_EQ(__funnelshift_l(lo, hi, 8), 0x23456789u);
  EXPECT_EQ(__funnelshift_l(lo, hi, 40), 0x23456789u);  // shift mod 32
  EXPECT_EQ(__funnelshift_lc(lo, hi, 40), lo);          // clamped to 32
  EXPECT_EQ(__funnelshift_r(lo, hi, 8), 0x6789abcdu);
  EXPECT_EQ(__funnelshift_r(lo, hi, 32), lo);  // 32 mod 32 = 0
  EXPECT_EQ(__funnelshift_rc(lo, hi, 32), hi);
  EXPECT_EQ(__funnelshift_rc(lo, hi, 0), lo);
}

TEST(PreludeIntrinsics, HighProductsAndNarrowMultiplies) {
  EXPECT_EQ(__umulhi(0xffffffffu, 0xffffffffu), 0xfffffffeu);
  EXPECT_EQ(__mulhi(-1, 1), -1);
  EXPECT_EQ(__mulhi(INT_MIN, INT_MIN), 0x40000000);
  EXPECT_EQ(__umul64hi(~0ull, ~0ull), ~0ull - 1);
  EXPECT_EQ(__mul64hi(-1LL, 1LL), -1LL);
  EXPECT_EQ(__mul64hi(LLONG_MIN, LLONG_MIN), 1LL << 62);
  EXPECT_EQ(__mul24(0x00800000, 2), static_cast<int>(0xff000000u));  // bit 23 is the sign
  EXPECT_EQ(__mul24(0x7f000003, 5), 15);                             // the high byte is ignored
  EXPECT_EQ(__mul24(-3, 4), -12);
  EXPECT_EQ(__umul24(0xff000003u, 5u), 15u);
  EXPECT_EQ(__umul24(0xffffffu, 0xffffffu), static_cast<unsigned>(0xffffffull * 0xffffffull));
}

TEST(PreludeIntrinsics, AveragesAndAbsoluteDifferences) {
  EXPECT_EQ(__hadd(INT_MAX, INT_MAX), INT_MAX);  // no intermediate overflow
  EXPECT_EQ(__hadd(-1, 0), -1);                  // rounds down
  EXPECT_EQ(__rhadd(-1, 0), 0);                  // rounds up
  EXPECT_EQ(__rhadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(__uhadd(UINT_MAX, UINT_MAX), UINT_MAX);
  EXPECT_EQ(__urhadd(UINT_MAX, UINT_MAX - 1), UINT_MAX);
  EXPECT_EQ(__uhadd(1u, 2u), 1u);
  EXPECT_EQ(__sad(INT_MIN, INT_MAX, 1u), 0u);  // |x - y| = 2^32 - 1, plus 1 wraps
  EXPECT_EQ(__sad(-5, 5, 3u), 13u);
  EXPECT_EQ(__usad(3u, 10u, 1u), 8u);
}

TEST(PreludeIntrinsics, DotProductsOfPackedBytes) {
  const int a = static_cast<int>(0x01fe037fu);  // bytes 0x7f, 0x03, 0xfe (-2), 0x01
  const int b = static_cast<int>(0xff020304u);  // bytes 4, 3, 2, -1
  EXPECT_EQ(__dp4a(a, b, 10), 10 + 127 * 4 + 3 * 3 + (-2) * 2 + 1 * (-1));
  EXPECT_EQ(__dp4a(0x01fe037fu, 0xff020304u, 10u), 10u + 127 * 4 + 3 * 3 + 254 * 2 + 1 * 255);
  const int halves = static_cast<int>(0xfffe0003u);  // 16-bit lanes 3, -2
  EXPECT_EQ(__dp2a_lo(halves, b, 1), 1 + 3 * 4 + (-2) * 3);
  EXPECT_EQ(__dp2a_hi(halves, b, 1), 1 + 3 * 2 + (-2) * (-1));
  EXPECT_EQ(__dp2a_lo(0xfffe0003u, 0xff020304u, 1u), 1u + 3 * 4 + 65534u * 3);
  EXPECT_EQ(__dp2a_hi(0xfffe0003u, 0xff020304u, 1u), 1u + 3 * 2 + 65534u * 255);
}

TEST(PreludeIntrinsics, CacheHintedLoadsAndStores) {
  const double source[2] = {1.5, -2.5};
  EXPECT_EQ(__ldg(source), 1.5);
  EXPECT_EQ(__ldcg(source + 1), -2.5);
  EXPECT_EQ(__ldca(source), 1.5);
  EXPECT_EQ(__ldcs(source), 1.5);
  EXPECT_EQ(__ldlu(source), 1.5);
  EXPECT_EQ(__ldcv(source), 1.5);
  const float4 v = make_float4(1, 2, 3, 4);
  EXPECT_EQ(__ldg(&v).w, 4.0f);
  int target[4] = {};
  __stwb(target, 1);
  __stcg(target + 1, 2);
  __stcs(target + 2, 3);
  __stwt(target + 3, 4);
  EXPECT_EQ(target[0] + target[1] + target[2] + target[3], 10);
}

}  // namespace
