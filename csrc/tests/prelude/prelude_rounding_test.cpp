// Arithmetic and conversions with an explicit rounding mode (kernels/cpu/rounding.h). Each
// result is checked against the exact value through exact sign tests: r is the round-down of
// x when r <= x < next(r), and so on.
#include <gtest/gtest.h>

#include <cfenv>
#include <climits>
#include <cmath>
#include <functional>
#include <random>

namespace {

// sign(v - exact) for a candidate v; `exact_sign` must be computed without rounding error.
template <class T>
using SignOf = std::function<int(T)>;

enum class Mode { rn, rz, ru, rd };

// Checks that r is the exact value rounded in `mode`, given sign(v - exact) for any v.
template <class T>
::testing::AssertionResult rounded_correctly(T r, Mode mode, const SignOf<T>& sign) {
  const int at = sign(r);
  if (at == 0) return ::testing::AssertionSuccess();  // exact: every mode agrees
  const T up = std::nextafter(r, static_cast<T>(INFINITY));
  const T down = std::nextafter(r, -static_cast<T>(INFINITY));
  bool ok = false;
  switch (mode) {
    case Mode::rd:
      ok = at < 0 && sign(up) > 0;
      break;
    case Mode::ru:
      ok = at > 0 && sign(down) < 0;
      break;
    case Mode::rz:
      ok = r >= 0 ? at < 0 && sign(up) > 0 : at > 0 && sign(down) < 0;
      break;
    case Mode::rn:
      ok = (at < 0 ? sign(up) > 0 : sign(down) < 0);
      break;  // the neighbour bracket
  }
  if (ok) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "result " << r << " (mode " << static_cast<int>(mode)
                                       << ") is not the rounded exact value";
}

int sign_of(long double v) { return (v > 0) - (v < 0); }
int sign_of(double v) { return (v > 0) - (v < 0); }

TEST(PreludeRounding, FloatArithmeticInEveryMode) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> mantissa(-2, 2);
  std::uniform_int_distribution<int> exponent(-12, 12);
  auto draw = [&] { return std::ldexp(mantissa(rng), exponent(rng)); };
  for (int i = 0; i < 20000; ++i) {
    const float a = draw(), b = draw(), c = draw();
    const long double la = a, lb = b, lc = c;
    // Sums, products and fma of such floats are exact in long double (64 bits).
    const SignOf<float> add = [=](float v) { return sign_of(v - (la + lb)); };
    const SignOf<float> sub = [=](float v) { return sign_of(v - (la - lb)); };
    const SignOf<float> mul = [=](float v) { return sign_of(v - la * lb); };
    const SignOf<float> fma = [=](float v) { return sign_of(v - (la * lb + lc)); };
    const SignOf<float> div = [=](float v) { return sign_of(v * lb - la) * sign_of(lb); };
    const float root_arg = std::fabs(a);
    const SignOf<float> root = [=](float v) {
      return sign_of(static_cast<long double>(v) * v - root_arg);
    };
    const SignOf<float> rcp = [=](float v) { return sign_of(v * lb - 1.0L) * sign_of(lb); };
    EXPECT_TRUE(rounded_correctly(__fadd_rn(a, b), Mode::rn, add));
    EXPECT_TRUE(rounded_correctly(__fadd_rz(a, b), Mode::rz, add));
    EXPECT_TRUE(rounded_correctly(__fadd_ru(a, b), Mode::ru, add));
    EXPECT_TRUE(rounded_correctly(__fadd_rd(a, b), Mode::rd, add));
    EXPECT_TRUE(rounded_correctly(__fsub_rz(a, b), Mode::rz, sub));
    EXPECT_TRUE(rounded_correctly(__fsub_ru(a, b), Mode::ru, sub));
    EXPECT_TRUE(rounded_correctly(__fsub_rd(a, b), Mode::rd, sub));
    EXPECT_TRUE(rounded_correctly(__fmul_rn(a, b), Mode::rn, mul));
    EXPECT_TRUE(rounded_correctly(__fmul_rz(a, b), Mode::rz, mul));
    EXPECT_TRUE(rounded_correctly(__fmul_ru(a, b), Mode::ru, mul));
    EXPECT_TRUE(rounded_correctly(__fmul_rd(a, b), Mode::rd, mul));
    EXPECT_TRUE(rounded_correctly(__fmaf_rn(a, b, c), Mode::rn, fma));
    EXPECT_TRUE(rounded_correctly(__fmaf_rz(a, b, c), Mode::rz, fma));
    EXPECT_TRUE(rounded_correctly(__fmaf_ru(a, b, c), Mode::ru, fma));
    EXPECT_TRUE(rounded_correctly(__fmaf_rd(a, b, c), Mode::rd, fma));
    EXPECT_TRUE(rounded_correctly(__fmaf_ieee_ru(a, b, c), Mode::ru, fma));
    EXPECT_TRUE(rounded_correctly(__fdiv_rn(a, b), Mode::rn, div));
    EXPECT_TRUE(rounded_correctly(__fdiv_rz(a, b), Mode::rz, div));
    EXPECT_TRUE(rounded_correctly(__fdiv_ru(a, b), Mode::ru, div));
    EXPECT_TRUE(rounded_correctly(__fdiv_rd(a, b), Mode::rd, div));
    EXPECT_TRUE(rounded_correctly(__fsqrt_rn(root_arg), Mode::rn, root));
    EXPECT_TRUE(rounded_correctly(__fsqrt_rz(root_arg), Mode::rz, root));
    EXPECT_TRUE(rounded_correctly(__fsqrt_ru(root_arg), Mode::ru, root));
    EXPECT_TRUE(rounded_correctly(__fsqrt_rd(root_arg), Mode::rd, root));
    EXPECT_TRUE(rounded_correctly(__frcp_rn(b), Mode::rn, rcp));
    EXPECT_TRUE(rounded_correctly(__frcp_rz(b), Mode::rz, rcp));
    EXPECT_TRUE(rounded_correctly(__frcp_ru(b), Mode::ru, rcp));
    EXPECT_TRUE(rounded_correctly(__frcp_rd(b), Mode::rd, rcp));
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);  // the mode is restored
  EXPECT_EQ(__fadd_ru(1.0f, 1e-10f), std::nextafter(1.0f, 2.0f));
  EXPECT_EQ(__fadd_rd(1.0f, 1e-10f), 1.0f);
  EXPECT_EQ(__fadd_rz(-1.0f, -1e-10f), -1.0f);
  EXPECT_EQ(__fadd_rd(-1.0f, -1e-10f), std::nextafter(-1.0f, -2.0f));
  EXPECT_TRUE(std::signbit(__fadd_rd(1.0f, -1.0f)));  // x - x is -0 rounding down
  EXPECT_FALSE(std::signbit(__fadd_rn(1.0f, -1.0f)));
  EXPECT_EQ(__fmul_rd(3.4e38f, 10.0f), 3.4028235e38f);  // overflow rounds down to the maximum
  EXPECT_EQ(__fmul_ru(3.4e38f, 10.0f), INFINITY);
  EXPECT_EQ(__fmul_ru(1e-30f, 1e-30f), std::nextafter(0.0f, 1.0f));  // underflow rounds up
}

TEST(PreludeRounding, DoubleArithmeticInEveryMode) {
  std::mt19937_64 rng(6);
  std::uniform_real_distribution<double> mantissa(-2, 2);
  std::uniform_int_distribution<int> exponent(-20, 20);
  auto draw = [&] { return std::ldexp(mantissa(rng), exponent(rng)); };
  for (int i = 0; i < 20000; ++i) {
    const double a = draw(), b = draw(), c = draw();
    // __float128 holds these sums and products exactly (113 bits); quotients, roots and
    // reciprocals are checked with fma, whose single rounding keeps the sign exact.
    const __float128 qa = a, qb = b, qc = c;
    auto sign_q = [](__float128 v) { return (v > 0) - (v < 0); };
    const SignOf<double> add = [=](double v) { return sign_q(v - (qa + qb)); };
    const SignOf<double> mul = [=](double v) { return sign_q(v - qa * qb); };
    const SignOf<double> fma = [=](double v) { return sign_q(v - (qa * qb + qc)); };
    const SignOf<double> div = [=](double v) { return sign_of(std::fma(v, b, -a)) * sign_of(b); };
    const SignOf<double> rcp = [=](double v) { return sign_of(std::fma(v, b, -1.0)) * sign_of(b); };
    const double x = std::fabs(a);
    const SignOf<double> root = [=](double v) { return sign_of(std::fma(v, v, -x)); };
    for (Mode m : {Mode::rn, Mode::rz, Mode::ru, Mode::rd}) {
      const double sum = m == Mode::rn   ? __dadd_rn(a, b)
                         : m == Mode::rz ? __dadd_rz(a, b)
                         : m == Mode::ru ? __dadd_ru(a, b)
                                         : __dadd_rd(a, b);
      EXPECT_TRUE(rounded_correctly(sum, m, add));
      const double difference = m == Mode::rn   ? __dsub_rn(a, -b)
                                : m == Mode::rz ? __dsub_rz(a, -b)
                                : m == Mode::ru ? __dsub_ru(a, -b)
                                                : __dsub_rd(a, -b);
      EXPECT_TRUE(rounded_correctly(difference, m, add));
      const double product = m == Mode::rn   ? __dmul_rn(a, b)
                             : m == Mode::rz ? __dmul_rz(a, b)
                             : m == Mode::ru ? __dmul_ru(a, b)
                                             : __dmul_rd(a, b);
      EXPECT_TRUE(rounded_correctly(product, m, mul));
      const double fused = m == Mode::rn   ? __fma_rn(a, b, c)
                           : m == Mode::rz ? __fma_rz(a, b, c)
                           : m == Mode::ru ? __fma_ru(a, b, c)
                                           : __fma_rd(a, b, c);
      EXPECT_TRUE(rounded_correctly(fused, m, fma));
      const double quotient = m == Mode::rn   ? __ddiv_rn(a, b)
                              : m == Mode::rz ? __ddiv_rz(a, b)
                              : m == Mode::ru ? __ddiv_ru(a, b)
                                              : __ddiv_rd(a, b);
      EXPECT_TRUE(rounded_correctly(quotient, m, div));
      const double reciprocal = m == Mode::rn   ? __drcp_rn(b)
                                : m == Mode::rz ? __drcp_rz(b)
                                : m == Mode::ru ? __drcp_ru(b)
                                                : __drcp_rd(b);
      EXPECT_TRUE(rounded_correctly(reciprocal, m, rcp));
      const double square_root = m == Mode::rn   ? __dsqrt_rn(x)
                                 : m == Mode::rz ? __dsqrt_rz(x)
                                 : m == Mode::ru ? __dsqrt_ru(x)
                                                 : __dsqrt_rd(x);
      EXPECT_TRUE(rounded_correctly(square_root, m, root));
    }
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST(PreludeRounding, ReciprocalSquareRootIsCorrectlyRounded) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> bits(1, 0x7f7fffffu);  // positive finite floats
  for (int i = 0; i < 200000; ++i) {
    const float x = __uint_as_float(bits(rng));
    const float r = __frsqrt_rn(x);
    // 1/sqrt(x) lies between the midpoints around r: x * m^2 brackets 1 (exact in __float128).
    const __float128 qr = r, qx = x;
    const __float128 up = (qr + std::nextafter(r, INFINITY)) / 2;
    const __float128 down = (qr + std::nextafter(r, 0.0f)) / 2;
    EXPECT_TRUE(qx * up * up >= 1 && qx * down * down <= 1) << x;
  }
  EXPECT_EQ(__frsqrt_rn(4.0f), 0.5f);
  EXPECT_EQ(__frsqrt_rn(0.0f), INFINITY);
  EXPECT_EQ(__frsqrt_rn(-0.0f), -INFINITY);
  EXPECT_EQ(__frsqrt_rn(INFINITY), 0.0f);
  EXPECT_TRUE(std::isnan(__frsqrt_rn(-1.0f)));
  EXPECT_TRUE(std::isnan(__frsqrt_rn(NAN)));
}

TEST(PreludeRounding, FloatToIntegerRoundsThenSaturates) {
  EXPECT_EQ(__float2int_rn(2.5f), 2);  // ties to even
  EXPECT_EQ(__float2int_rn(3.5f), 4);
  EXPECT_EQ(__float2int_rn(-2.5f), -2);
  EXPECT_EQ(__float2int_rz(-2.7f), -2);
  EXPECT_EQ(__float2int_ru(-2.7f), -2);
  EXPECT_EQ(__float2int_rd(-2.2f), -3);
  EXPECT_EQ(__float2int_ru(2.2f), 3);
  EXPECT_EQ(__float2int_rn(1e10f), INT_MAX);  // the GPU's cvt saturates
  EXPECT_EQ(__float2int_rz(-1e10f), INT_MIN);
  EXPECT_EQ(__float2int_rn(2147483520.0f), 2147483520);  // the largest float below 2^31
  EXPECT_EQ(__float2int_rn(2147483648.0f), INT_MAX);
  EXPECT_EQ(__float2int_rd(-2147483648.0f), INT_MIN);
  EXPECT_EQ(__float2int_rn(NAN), 0);
  EXPECT_EQ(__float2int_rn(INFINITY), INT_MAX);
  EXPECT_EQ(__float2uint_rn(-3.0f), 0u);
  EXPECT_EQ(__float2uint_rd(-0.5f), 0u);
  EXPECT_EQ(__float2uint_ru(4294967296.0f), UINT_MAX);
  EXPECT_EQ(__float2uint_rz(3.9f), 3u);
  EXPECT_EQ(__float2ll_rn(-1e19f), LLONG_MIN);
  EXPECT_EQ(__float2ll_ru(1e18f), 999999984306749440LL);
  EXPECT_EQ(__float2ull_rn(2e19f), 0u - 1ull);
  EXPECT_EQ(__float2ull_rn(1.5f), 2ull);
  EXPECT_EQ(__double2int_rn(-0.5), 0);
  EXPECT_EQ(__double2int_rd(-0.5), -1);
  EXPECT_EQ(__double2int_rn(2147483647.4), INT_MAX);
  EXPECT_EQ(__double2int_rn(2147483647.6), INT_MAX);
  EXPECT_EQ(__double2uint_ru(4294967294.5), 4294967295u);
  EXPECT_EQ(__double2ll_rz(-9.3e18), LLONG_MIN);
  EXPECT_EQ(__double2ll_rn(-9.2e18), -9200000000000000000LL);
  EXPECT_EQ(__double2ull_rd(1.8e19), 18000000000000000000ull);
  EXPECT_EQ(__double2ull_rn(NAN), 0ull);
}

TEST(PreludeRounding, IntegerToFloatInEveryMode) {
  EXPECT_EQ(__int2float_rn(16777217), 16777216.0f);  // tie, to even
  EXPECT_EQ(__int2float_ru(16777217), 16777218.0f);
  EXPECT_EQ(__int2float_rd(-16777217), -16777218.0f);
  EXPECT_EQ(__int2float_rz(-16777217), -16777216.0f);
  EXPECT_EQ(__uint2float_rd(4294967295u), 4294967040.0f);
  EXPECT_EQ(__uint2float_ru(4294967295u), 4294967296.0f);
  EXPECT_EQ(__ll2float_rz(LLONG_MAX), 9223371487098961920.0f);
  EXPECT_EQ(__ull2float_rn(~0ull), 18446744073709551616.0f);
  EXPECT_EQ(__ull2float_rd(~0ull), 18446742974197923840.0f);
  EXPECT_EQ(__ll2double_ru((1LL << 53) + 1), 9007199254740994.0);
  EXPECT_EQ(__ll2double_rd((1LL << 53) + 1), 9007199254740992.0);
  EXPECT_EQ(__ll2double_rn((1LL << 53) + 3), 9007199254740996.0);
  EXPECT_EQ(__ull2double_rz(~0ull), 18446744073709549568.0);
  EXPECT_EQ(__ull2double_ru(~0ull), 18446744073709551616.0);
  EXPECT_EQ(__int2double_rn(INT_MIN), -2147483648.0);
  EXPECT_EQ(__uint2double_rn(UINT_MAX), 4294967295.0);
  EXPECT_EQ(__double2float_rn(0.1), 0.1f);
  EXPECT_LT(__double2float_rd(0.1), 0.1);
  EXPECT_GT(__double2float_ru(0.1), 0.1);
  EXPECT_EQ(__double2float_ru(0.1), std::nextafter(__double2float_rd(0.1), 1.0f));
  EXPECT_EQ(__double2float_rz(-0.1), -__double2float_rd(0.1));
  EXPECT_EQ(__double2float_rz(1e300), 3.4028235e38f);
  EXPECT_EQ(__double2float_rn(1e300), INFINITY);
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

}  // namespace
