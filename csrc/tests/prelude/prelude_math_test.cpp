// The CUDA math API functions the prelude adds (kernels/cpu/math.h), against long double or
// high-precision references (mpmath at 60 digits, for the exact double inputs) and identities.
#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <limits>
#include <random>
#include <type_traits>

#include "ulp.hpp"

namespace cupylike::prelude_test {
namespace {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

TEST(PreludeMath, MinMaxFollowCudasOverloads) {
  static_assert(std::is_same<decltype(min(1, 2)), int>::value, "");
  static_assert(std::is_same<decltype(min(1, 2u)), unsigned>::value, "");
  static_assert(std::is_same<decltype(max(1u, 2)), unsigned>::value, "");
  static_assert(std::is_same<decltype(min(1L, 2UL)), unsigned long>::value, "");
  static_assert(std::is_same<decltype(max(1LL, 2LL)), long long>::value, "");
  static_assert(std::is_same<decltype(min(1ULL, 2LL)), unsigned long long>::value, "");
  static_assert(std::is_same<decltype(min(1.0f, 2.0f)), float>::value, "");
  static_assert(std::is_same<decltype(max(1.0f, 2.0)), double>::value, "");
  static_assert(std::is_same<decltype(min(1.0, 2.0f)), double>::value, "");
  EXPECT_EQ(min(-1, 1u), 1u);  // mixed signedness compares as unsigned, as in CUDA
  EXPECT_EQ(max(-1, 1u), UINT_MAX);
  EXPECT_EQ(min(-3, 2), -3);
  EXPECT_EQ(max(-3LL, 2LL), 2LL);
  EXPECT_EQ(min(NAN, 1.0f), 1.0f);  // fminf: the NaN loses
  EXPECT_EQ(max(2.0, NAN), 2.0);
  EXPECT_EQ(umin(3u, 4u), 3u);
  EXPECT_EQ(llmax(-5LL, 7LL), 7LL);
  EXPECT_EQ(ullmin(5ULL, 7ULL), 5ULL);
  const short a = 3, b = -4;
  EXPECT_EQ(min(a, b), -4);  // shorts promote to the int overload
}

TEST(PreludeMath, ReciprocalRoots) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> exponent(-300, 300);
  for (int i = 0; i < 2000; ++i) {
    const double x = std::pow(10.0, exponent(rng));
    EXPECT_LE(ulp_error(rsqrt(x), 1.0L / std::sqrt(static_cast<long double>(x))), 1.0) << x;
    EXPECT_LE(ulp_error(rcbrt(-x), -1.0L / std::cbrt(static_cast<long double>(x))), 1.0) << x;
    const float f = static_cast<float>(std::pow(10.0, exponent(rng) / 10));
    EXPECT_LE(ulp_error(rsqrtf(f), 1.0L / std::sqrt(static_cast<long double>(f))), 1.0) << f;
    EXPECT_LE(ulp_error(rcbrtf(f), 1.0L / std::cbrt(static_cast<long double>(f))), 1.0) << f;
  }
  static_assert(std::is_same<decltype(rsqrt(1.0f)), float>::value, "float overload");
  EXPECT_EQ(rsqrt(4.0), 0.5);
  EXPECT_EQ(rsqrt(0.0), INFINITY);
  EXPECT_TRUE(std::isnan(rsqrt(-1.0)));
  EXPECT_EQ(rcbrt(-8.0f), -0.5f);
}

TEST(PreludeMath, SinpiCospiAreExactAtSpecialPoints) {
  EXPECT_EQ(sinpi(0.5), 1.0);
  EXPECT_EQ(sinpi(-1.5), 1.0);
  EXPECT_EQ(sinpi(1.0 / 6.0 + 0.0), 0.5);  // sin(pi/6) to within rounding of 1/6: 0.5
  EXPECT_EQ(cospi(1.0), -1.0);
  EXPECT_EQ(cospi(0.25), static_cast<double>(std::sqrt(0.5L)));
  // Zeros: sinpi(n) has the sign of n, cospi(n + 1/2) is +0.
  EXPECT_TRUE(sinpi(3.0) == 0 && !std::signbit(sinpi(3.0)));
  EXPECT_TRUE(sinpi(-4.0) == 0 && std::signbit(sinpi(-4.0)));
  EXPECT_TRUE(std::signbit(sinpi(-0.0)));
  EXPECT_TRUE(cospi(1.5) == 0 && !std::signbit(cospi(1.5)));
  EXPECT_TRUE(cospi(-2.5f) == 0 && !std::signbit(cospi(-2.5f)));
  // Huge arguments are reduced exactly.
  EXPECT_EQ(sinpi(1e15 + 0.25), static_cast<double>(std::sqrt(0.5L)));
  EXPECT_EQ(sinpi(0x1p60), 0.0);
  EXPECT_EQ(cospi(0x1p60), 1.0);
  EXPECT_EQ(sinpif(4e6f + 0.5f), 1.0f);
  EXPECT_TRUE(std::isnan(sinpi(INFINITY)));
  EXPECT_TRUE(std::isnan(cospif(-INFINITY)));
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(-4, 4);
  for (int i = 0; i < 2000; ++i) {
    const double x = u(rng);
    // Absolute error: near the zeros only the absolute error of sin(pi x) is meaningful.
    EXPECT_NEAR(sinpi(x), static_cast<double>(std::sin(kPi * x)), 2e-16) << x;
    EXPECT_NEAR(cospi(x), static_cast<double>(std::cos(kPi * x)), 2e-16) << x;
    const float f = static_cast<float>(x);
    EXPECT_NEAR(sinpif(f), static_cast<float>(std::sin(kPi * f)), 1.2e-7f) << f;
    float s, c;
    sincospi(f, &s, &c);
    EXPECT_EQ(s, sinpi(f));
    EXPECT_EQ(c, cospi(f));
  }
  double s, c;
  sincospi(0.5, &s, &c);
  EXPECT_EQ(s, 1.0);
  EXPECT_EQ(c, 0.0);
  float fs, fc;
  sincos(0.5f, &fs, &fc);  // CUDA's float overload of the GNU sincos
  EXPECT_EQ(fs, std::sin(0.5f));
}

TEST(PreludeMath, NormalDistributionAgainstMpmath) {
  struct Case {
    double x, expected;
  };
  for (const Case& c : {Case{-37.5, 4.605353009581955e-308}, Case{-20, 2.7536241186062337e-89},
                        Case{-10, 7.619853024160525e-24}, Case{-5, 2.866515718791939e-07},
                        Case{-1, 0.15865525393145705}, Case{0.5, 0.6914624612740131},
                        Case{2.5, 0.9937903346742238}, Case{8, 0.9999999999999993}}) {
    EXPECT_LE(ulp_error(normcdf(c.x), c.expected), 1.0) << c.x;
    EXPECT_LE(ulp_error(normcdff(static_cast<float>(c.x)), c.expected), 1.0) << c.x;
  }
  for (const Case& c : {Case{0.025, -1.9599639845400543}, Case{0.975, 1.9599639845400538},
                        Case{1e-300, -37.0470962993612}, Case{1e-10, -6.361340902404057}}) {
    EXPECT_LE(ulp_error(normcdfinv(c.x), c.expected), 1.0) << c.x;
    const float p = static_cast<float>(c.x);
    if (p > 1e-30f) {
      EXPECT_LE(ulp_error(normcdfinvf(p), normcdfinv(static_cast<double>(p))), 0.51);
    }
  }
  EXPECT_EQ(normcdfinv(0.5), 0.0);
  EXPECT_EQ(normcdfinv(0.0), -INFINITY);
  EXPECT_EQ(normcdfinv(1.0), INFINITY);
  EXPECT_TRUE(std::isnan(normcdfinv(1.5)));
  EXPECT_EQ(normcdf(-INFINITY), 0.0);
  EXPECT_EQ(normcdf(INFINITY), 1.0);
}

TEST(PreludeMath, InverseErrorFunctionsAgainstMpmath) {
  struct Case {
    double x, expected;
  };
  for (const Case& c : {Case{1e-10, 8.862269254527581e-11}, Case{0.3, 0.2724627147267543},
                        Case{0.5, 0.4769362762044699}, Case{0.9, 1.1630871536766743},
                        Case{0.999999, 3.458910737275499}, Case{-0.75, -0.8134198475976185}}) {
    EXPECT_LE(ulp_error(erfinv(c.x), c.expected), 1.0) << c.x;
    EXPECT_LE(
        ulp_error(erfinvf(static_cast<float>(c.x)),
                  static_cast<long double>(erfinv(static_cast<double>(static_cast<float>(c.x))))),
        1.0)
        << c.x;
  }
  for (const Case& c : {Case{1e-300, 26.209469960516124}, Case{1e-20, 6.601580622355143},
                        Case{0.001, 2.3267537655135246}, Case{0.3, 0.7328690779592169},
                        Case{1.7, -0.7328690779592167}}) {
    EXPECT_LE(ulp_error(erfcinv(c.x), c.expected), 1.0) << c.x;
  }
  // Round trips over the whole range, including the tails.
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1), e(-300, 0);
  for (int i = 0; i < 2000; ++i) {
    const double x = u(rng);
    EXPECT_NEAR(static_cast<double>(std::erf(static_cast<long double>(erfinv(x)))), x, 2.3e-16);
    const double q = std::pow(10.0, e(rng));
    const long double back = std::erfc(static_cast<long double>(erfcinv(q)));
    EXPECT_NEAR(static_cast<double>(back / q), 1.0, 1e-13) << q;  // erfc's slope amplifies
  }
  EXPECT_EQ(erfinv(1.0), INFINITY);
  EXPECT_EQ(erfinv(-1.0f), -INFINITY);
  EXPECT_TRUE(std::signbit(erfinv(-0.0)));
  EXPECT_TRUE(std::isnan(erfinv(1.5)));
  EXPECT_EQ(erfcinv(0.0), INFINITY);
  EXPECT_EQ(erfcinv(2.0f), -INFINITY);
  EXPECT_EQ(erfcinv(1.0), 0.0);
  EXPECT_TRUE(std::isnan(erfcinv(-0.5)));
}

TEST(PreludeMath, ScaledComplementaryErrorFunction) {
  struct Case {
    double x, expected;
  };
  for (const Case& c : {Case{-5, 144009798674.66104}, Case{-1, 5.008980080762283}, Case{0, 1.0},
                        Case{0.5, 0.6156903441929259}, Case{3, 0.17900115118138996},
                        Case{10, 0.05614099274382259}, Case{26, 0.021683584850562907},
                        Case{30, 0.01879588886141675}, Case{49.9, 0.011304135492993413},
                        Case{50.1, 0.011259027200185286}, Case{60, 0.009401854275176388},
                        Case{100, 0.005641613782989433}, Case{1e5, 5.6418958351954685e-06}}) {
    EXPECT_LE(ulp_error(erfcx(c.x), c.expected), 1.0) << c.x;
    if (c.x > -9) {
      EXPECT_LE(ulp_error(erfcxf(static_cast<float>(c.x)), c.expected), 1.0) << c.x;
    }
  }
  EXPECT_EQ(erfcx(1e300), 1.0 / (1.7724538509055160273 * 1e300));
  EXPECT_EQ(erfcx(INFINITY), 0.0);
  EXPECT_EQ(erfcx(-30.0), INFINITY);
  EXPECT_EQ(erfcxf(-10.0f), INFINITY);
  EXPECT_TRUE(std::isnan(erfcx(NAN)));
}

TEST(PreludeMath, NormsAvoidOverflowAndFollowHypotsRules) {
  EXPECT_EQ(norm3d(1e300, 1e300, 1e300), static_cast<double>(std::sqrt(3.0L) * 1e300L));
  EXPECT_LE(
      ulp_error(rnorm3d(3e-300, 4e-300, 0.0), 1.0L / std::hypot(static_cast<long double>(3e-300),
                                                                static_cast<long double>(4e-300))),
      0.51);
  EXPECT_EQ(norm4d(1.0, 2.0, 2.0, 4.0), 5.0);
  EXPECT_EQ(rnorm4d(1.0f, 2.0f, 2.0f, 4.0f), 0.2f);
  EXPECT_EQ(rhypot(3.0, 4.0), 0.2);
  EXPECT_EQ(rhypotf(3e30f, 4e30f), 2e-31f);
  EXPECT_EQ(norm3df(3e30f, 4e30f, 0.0f), 5e30f);  // float would overflow in the squares
  const double inf = INFINITY, nan = NAN;
  EXPECT_EQ(norm3d(nan, inf, 1.0), inf);  // an infinity beats a NaN
  EXPECT_EQ(rnorm3d(1.0, -inf, nan), 0.0);
  EXPECT_TRUE(std::isnan(norm4d(1.0, nan, 1.0, 1.0)));
  EXPECT_EQ(rnorm3d(0.0, 0.0, 0.0), INFINITY);
  const double v[5] = {1, 1, 1, 1, 2};
  EXPECT_EQ(norm(5, v), std::sqrt(8.0));
  EXPECT_EQ(rnorm(5, v), static_cast<double>(1.0L / std::sqrt(8.0L)));
  const float w[2] = {6.0f, 8.0f};
  EXPECT_EQ(normf(2, w), 10.0f);
  EXPECT_EQ(rnormf(2, w), 0.1f);
  EXPECT_EQ(norm(0, v), 0.0);
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> u(-1e10, 1e10);
  for (int i = 0; i < 1000; ++i) {
    const double a = u(rng), b = u(rng), c = u(rng);
    const long double exact =
        std::sqrt(static_cast<long double>(a) * a + static_cast<long double>(b) * b +
                  static_cast<long double>(c) * c);
    EXPECT_LE(ulp_error(norm3d(a, b, c), exact), 0.51);
    EXPECT_LE(ulp_error(rnorm3d(a, b, c), 1.0L / exact), 0.51);
  }
}

TEST(PreludeMath, ModifiedBesselFunctions) {
  struct Case {
    double x, i0, i1;
  };
  for (const Case& c : {Case{0.5, 1.0634833707413236, 0.2578943053908963},
                        Case{10, 2815.7166284662544, 2670.9883037012546},
                        Case{29.9, 708478330489.0145, 696528308361.0927},
                        Case{30.1, 862432920031.7792, 847983630191.5414},
                        Case{100, 1.0737517071310738e+42, 1.0683693903381625e+42},
                        Case{700, 1.5295933476718737e+302, 1.5285003902339006e+302}}) {
    EXPECT_LE(ulp_error(cyl_bessel_i0(c.x), c.i0), 1.0) << c.x;
    EXPECT_LE(ulp_error(cyl_bessel_i1(c.x), c.i1), 1.0) << c.x;
    EXPECT_LE(ulp_error(cyl_bessel_i0(-c.x), c.i0), 1.0) << c.x;   // even
    EXPECT_LE(ulp_error(cyl_bessel_i1(-c.x), -c.i1), 1.0) << c.x;  // odd
    if (c.x < 80) {
      EXPECT_LE(ulp_error(cyl_bessel_i0f(static_cast<float>(c.x)),
                          static_cast<long double>(cyl_bessel_i0(static_cast<float>(c.x)))),
                1.0);
    }
  }
  // Against libstdc++'s std::cyl_bessel_i on a sweep through both methods' ranges.
  for (double x = 0; x < 700; x += 0.37) {
    EXPECT_LE(ulp_error(cyl_bessel_i0(x), std::cyl_bessel_i(0.0L, static_cast<long double>(x))),
              2.0)
        << x;
    EXPECT_LE(ulp_error(cyl_bessel_i1(x), std::cyl_bessel_i(1.0L, static_cast<long double>(x))),
              2.0)
        << x;
  }
  EXPECT_EQ(cyl_bessel_i0(0.0), 1.0);
  EXPECT_EQ(cyl_bessel_i1(-0.0), 0.0);
  EXPECT_EQ(cyl_bessel_i0(800.0), INFINITY);
  EXPECT_EQ(cyl_bessel_i0(-INFINITY), INFINITY);
  EXPECT_EQ(cyl_bessel_i1(-INFINITY), -INFINITY);
  EXPECT_EQ(cyl_bessel_i0f(100.0f), INFINITY);
  EXPECT_TRUE(std::isnan(cyl_bessel_i1(NAN)));
}

TEST(PreludeMath, SmallHelpersAndFloatOverloads) {
  EXPECT_EQ(fdividef(1.0f, 4.0f), 0.25f);
  EXPECT_EQ(saturate(1.5f), 1.0f);
  EXPECT_EQ(saturate(-0.5f), 0.0f);
  EXPECT_EQ(saturate(NAN), 0.0f);
  EXPECT_EQ(saturate(0.25f), 0.25f);
  static_assert(std::is_same<decltype(exp10(1.0f)), float>::value, "");
  static_assert(std::is_same<decltype(j0(1.0f)), float>::value, "");
  static_assert(std::is_same<decltype(erfinv(0.5f)), float>::value, "");
  static_assert(std::is_same<decltype(normcdf(0.5f)), float>::value, "");
  static_assert(std::is_same<decltype(cyl_bessel_i1(0.5f)), float>::value, "");
  static_assert(std::is_same<decltype(sqrt(2.0f)), float>::value, "libstdc++'s overloads");
  EXPECT_EQ(exp10(2.0), 100.0);
  EXPECT_EQ(exp10(3.0f), 1000.0f);
  EXPECT_EQ(j0(0.0f), 1.0f);
  EXPECT_EQ(y1(1.0f), y1f(1.0f));
  EXPECT_EQ(jn(2, 1.0f), jnf(2, 1.0f));
}

}  // namespace
}  // namespace cupylike::prelude_test
