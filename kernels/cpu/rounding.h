// CUDA's IEEE arithmetic with an explicit rounding mode (__fadd_rz, __dmul_ru, __fma_rd ...)
// and its conversions with a rounding mode (__float2int_rn, __ll2float_rd, __double2float_ru ...).
//
// _rn is the ordinary operation. The directed modes switch the FPU's rounding mode around the
// one operation: SSE/NEON arithmetic, sqrt and int<->float conversions all honour it. GCC
// assumes round-to-nearest everywhere (no -frounding-math), so the operands and the result pass
// through volatile variables: that pins the operation between the two fesetround calls and
// keeps it from being constant-folded.
#ifndef CUPYLIKE_CPU_ROUNDING_H
#define CUPYLIKE_CPU_ROUNDING_H

#include <fenv.h>
#include <math.h>

#pragma GCC visibility push(hidden)

// The operations, as functors of up to three operands (the unused ones are ignored: callers
// repeat an operand there).
struct __cpuk_op_add {
  template <class T>
  T operator()(T x, T y, T) const {
    return x + y;
  }
};
struct __cpuk_op_sub {
  template <class T>
  T operator()(T x, T y, T) const {
    return x - y;
  }
};
struct __cpuk_op_mul {
  template <class T>
  T operator()(T x, T y, T) const {
    return x * y;
  }
};
struct __cpuk_op_div {
  template <class T>
  T operator()(T x, T y, T) const {
    return x / y;
  }
};
struct __cpuk_op_fma {
  float operator()(float x, float y, float z) const { return fmaf(x, y, z); }
  double operator()(double x, double y, double z) const { return fma(x, y, z); }
};
struct __cpuk_op_rcp {
  template <class T>
  T operator()(T x, T, T) const {
    return T(1) / x;
  }
};
struct __cpuk_op_sqrt {
  float operator()(float x, float, float) const { return sqrtf(x); }
  double operator()(double x, double, double) const { return sqrt(x); }
};
template <class R>
struct __cpuk_op_convert {
  template <class T>
  R operator()(T x, T, T) const {
    return static_cast<R>(x);
  }
};

// Op(a, b, c) evaluated with the FPU rounding in `mode`.
template <class R, class Op, class T>
inline R __cpuk_rounded(int mode, T a, T b = T(), T c = T()) {
  const int saved = fegetround();
  fesetround(mode);
  volatile T va = a, vb = b, vc = c;
  volatile R result = Op()(va, vb, vc);
  fesetround(saved);
  return result;
}

// name##_rn, _rz, _ru and _rd for an operation of one, two or three operands of type T.
#define __CPUK_ROUNDED_1(name, R, T, Op)                                      \
  inline R name##_rn(T x) { return Op()(x, x, x); }                           \
  inline R name##_rz(T x) { return __cpuk_rounded<R, Op>(FE_TOWARDZERO, x); } \
  inline R name##_ru(T x) { return __cpuk_rounded<R, Op>(FE_UPWARD, x); }     \
  inline R name##_rd(T x) { return __cpuk_rounded<R, Op>(FE_DOWNWARD, x); }
#define __CPUK_ROUNDED_2(name, T, Op)                                                 \
  inline T name##_rn(T x, T y) { return Op()(x, y, y); }                              \
  inline T name##_rz(T x, T y) { return __cpuk_rounded<T, Op>(FE_TOWARDZERO, x, y); } \
  inline T name##_ru(T x, T y) { return __cpuk_rounded<T, Op>(FE_UPWARD, x, y); }     \
  inline T name##_rd(T x, T y) { return __cpuk_rounded<T, Op>(FE_DOWNWARD, x, y); }
#define __CPUK_ROUNDED_3(name, T, Op)                                                         \
  inline T name##_rn(T x, T y, T z) { return Op()(x, y, z); }                                 \
  inline T name##_rz(T x, T y, T z) { return __cpuk_rounded<T, Op>(FE_TOWARDZERO, x, y, z); } \
  inline T name##_ru(T x, T y, T z) { return __cpuk_rounded<T, Op>(FE_UPWARD, x, y, z); }     \
  inline T name##_rd(T x, T y, T z) { return __cpuk_rounded<T, Op>(FE_DOWNWARD, x, y, z); }

__CPUK_ROUNDED_2(__fadd, float, __cpuk_op_add)
__CPUK_ROUNDED_2(__fsub, float, __cpuk_op_sub)
__CPUK_ROUNDED_2(__fmul, float, __cpuk_op_mul)
__CPUK_ROUNDED_2(__fdiv, float, __cpuk_op_div)
__CPUK_ROUNDED_3(__fmaf, float, __cpuk_op_fma)
__CPUK_ROUNDED_3(__fmaf_ieee, float, __cpuk_op_fma)
__CPUK_ROUNDED_1(__frcp, float, float, __cpuk_op_rcp)
__CPUK_ROUNDED_1(__fsqrt, float, float, __cpuk_op_sqrt)
__CPUK_ROUNDED_2(__dadd, double, __cpuk_op_add)
__CPUK_ROUNDED_2(__dsub, double, __cpuk_op_sub)
__CPUK_ROUNDED_2(__dmul, double, __cpuk_op_mul)
__CPUK_ROUNDED_2(__ddiv, double, __cpuk_op_div)
__CPUK_ROUNDED_3(__fma, double, __cpuk_op_fma)
__CPUK_ROUNDED_1(__drcp, double, double, __cpuk_op_rcp)
__CPUK_ROUNDED_1(__dsqrt, double, double, __cpuk_op_sqrt)

// Integer and narrowing conversions to floating point: the conversion instructions round by
// the current mode too.
__CPUK_ROUNDED_1(__int2float, float, int, __cpuk_op_convert<float>)
__CPUK_ROUNDED_1(__uint2float, float, unsigned, __cpuk_op_convert<float>)
__CPUK_ROUNDED_1(__ll2float, float, long long, __cpuk_op_convert<float>)
__CPUK_ROUNDED_1(__ull2float, float, unsigned long long, __cpuk_op_convert<float>)
__CPUK_ROUNDED_1(__ll2double, double, long long, __cpuk_op_convert<double>)
__CPUK_ROUNDED_1(__ull2double, double, unsigned long long, __cpuk_op_convert<double>)
__CPUK_ROUNDED_1(__double2float, float, double, __cpuk_op_convert<float>)
#undef __CPUK_ROUNDED_1
#undef __CPUK_ROUNDED_2
#undef __CPUK_ROUNDED_3

// Exact in every mode, so CUDA has only the _rn form.
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned x) { return x; }

// 1/sqrt(x) correctly rounded. The double quotient is within an ulp of float; the exact test
// against the midpoints on either side picks the right neighbour. m has 25 bits, so m*m is
// exact in double and fma(x, m*m, -1) has the sign of x*m^2 - 1 (1/sqrt(x) is never exactly a
// midpoint).
inline float __frsqrt_rn(float x) {
  if (!(x > 0.0f) || isinf(x)) return 1.0f / sqrtf(x);  // NaN, +-0 -> +-inf, <0 -> NaN, inf -> 0
  float r = static_cast<float>(1.0 / sqrt(static_cast<double>(x)));
  const double up = 0.5 * (static_cast<double>(r) + nextafterf(r, INFINITY));
  const double down = 0.5 * (static_cast<double>(r) + nextafterf(r, 0.0f));
  if (fma(static_cast<double>(x), up * up, -1.0) < 0)
    r = nextafterf(r, INFINITY);
  else if (fma(static_cast<double>(x), down * down, -1.0) > 0)
    r = nextafterf(r, 0.0f);
  return r;
}

// ---------------------------------------------------------------------------------------------
// Floating point to integer: round to an integral value in the named direction, then convert
// as the GPU's cvt does: NaN gives 0 and out-of-range values saturate (a C++ cast would be
// undefined, and x86 would return INT_MIN).

template <class I, class F>
inline I __cpuk_saturate_signed(F r, F two_pow_bits_minus_1) {
  if (isnan(r)) return 0;
  if (r >= two_pow_bits_minus_1)
    return static_cast<I>(~(static_cast<unsigned long long>(1) << (sizeof(I) * 8 - 1)));
  if (r < -two_pow_bits_minus_1)
    return static_cast<I>(static_cast<unsigned long long>(1) << (sizeof(I) * 8 - 1));
  return static_cast<I>(r);
}
template <class I, class F>
inline I __cpuk_saturate_unsigned(F r, F two_pow_bits) {
  if (isnan(r) || r <= 0) return 0;
  if (r >= two_pow_bits) return static_cast<I>(~static_cast<I>(0));
  return static_cast<I>(r);
}

#define __CPUK_TO_INT(name, F, I, saturate, limit)                    \
  inline I name##_rn(F x) { return saturate<I, F>(rint(x), limit); }  \
  inline I name##_rz(F x) { return saturate<I, F>(trunc(x), limit); } \
  inline I name##_ru(F x) { return saturate<I, F>(ceil(x), limit); }  \
  inline I name##_rd(F x) { return saturate<I, F>(floor(x), limit); }
__CPUK_TO_INT(__float2int, float, int, __cpuk_saturate_signed, 2147483648.0f)
__CPUK_TO_INT(__float2uint, float, unsigned, __cpuk_saturate_unsigned, 4294967296.0f)
__CPUK_TO_INT(__float2ll, float, long long, __cpuk_saturate_signed, 9223372036854775808.0f)
__CPUK_TO_INT(__float2ull, float, unsigned long long, __cpuk_saturate_unsigned,
              18446744073709551616.0f)
__CPUK_TO_INT(__double2int, double, int, __cpuk_saturate_signed, 2147483648.0)
__CPUK_TO_INT(__double2uint, double, unsigned, __cpuk_saturate_unsigned, 4294967296.0)
__CPUK_TO_INT(__double2ll, double, long long, __cpuk_saturate_signed, 9223372036854775808.0)
__CPUK_TO_INT(__double2ull, double, unsigned long long, __cpuk_saturate_unsigned,
              18446744073709551616.0)
#undef __CPUK_TO_INT

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_ROUNDING_H
