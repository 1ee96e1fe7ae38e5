// The parts of cuda_fp16.h that CUDA compiles only for the GPU, for the cpu device. CUDA's
// header already gives the host __half/__half2, conversions, arithmetic and comparisons (via
// float, which rounds correctly for + - * / since float has more than twice half's precision).
// Included by cpu_shims/cuda_fp16.h right after CUDA's header.
#ifndef CUPYLIKE_CPU_FP16_H
#define CUPYLIKE_CPU_FP16_H

#pragma GCC visibility push(hidden)

// One helper set for __half and __nv_bfloat16 (cpu/bf16.h instantiates it too).
template <class H>
struct __cpuk_half_traits;
template <>
struct __cpuk_half_traits<__half> {
  static float to_float(__half h) { return __half2float(h); }
  static __half from_float(float f) { return __float2half(f); }
  static __half from_double(double d) { return __double2half(d); }
  static __half canonical_nan() { return __ushort_as_half(0x7fffu); }
};

// Fused multiply-add rounded once. The product of two halves (or bfloat16s) is exact in
// double; the sum is formed in double with round-to-odd (round to nearest, then, if inexact,
// move to the neighbour with an odd last bit), which keeps enough information for the final
// rounding to 11 (8) bits to be the correctly rounded result of the exact a*b + c. Plain
// double rounding would not be: for bfloat16, a*b can sit exactly on a midpoint with c far
// below double's last bit, and the tie would then be broken the wrong way.
template <class H>
inline H __cpuk_hfma(H a, H b, H c) {
  using traits = __cpuk_half_traits<H>;
  const double product = static_cast<double>(traits::to_float(a)) * traits::to_float(b);
  const double addend = traits::to_float(c);
  const double sum = product + addend;
  const double moved = sum - product;  // Knuth's TwoSum: error = exact sum - sum, exactly
  const double error = (product - (sum - moved)) + (addend - moved);
  double odd = sum;
  unsigned long long bits;
  __builtin_memcpy(&bits, &sum, sizeof bits);
  if (error != 0 && (bits & 1u) == 0) odd = nextafter(sum, error > 0 ? INFINITY : -INFINITY);
  return traits::from_double(odd);
}
// _sat clamps to [0, 1] with NaN flushed to +0; _relu clamps below at 0, NaN -> canonical NaN.
template <class H>
inline H __cpuk_hfma_sat(H a, H b, H c) {
  using traits = __cpuk_half_traits<H>;
  const float r = traits::to_float(__cpuk_hfma(a, b, c));
  return traits::from_float(r > 0.0f ? (r < 1.0f ? r : 1.0f) : 0.0f);
}
template <class H>
inline H __cpuk_hfma_relu(H a, H b, H c) {
  using traits = __cpuk_half_traits<H>;
  const H r = __cpuk_hfma(a, b, c);
  const float f = traits::to_float(r);
  if (isnan(f)) return traits::canonical_nan();
  return f < 0.0f ? traits::from_float(0.0f) : r;
}

// Math functions through float: one extra rounding at most, within CUDA's half error bounds.
// sqrt and reciprocal are correctly rounded this way.
#define __CPUK_HALF_MATH(H, H2, pair, name, expr)       \
  inline H h##name(const H a) {                         \
    const float x = __cpuk_half_traits<H>::to_float(a); \
    return __cpuk_half_traits<H>::from_float(expr);     \
  }                                                     \
  inline H2 h2##name(const H2 a) { return pair(h##name(a.x), h##name(a.y)); }
#define __CPUK_HALF_MATH_ALL(H, H2, pair)                                                      \
  __CPUK_HALF_MATH(H, H2, pair, exp, expf(x))                                                  \
  __CPUK_HALF_MATH(H, H2, pair, exp2, exp2f(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, exp10, exp10f(x))                                              \
  __CPUK_HALF_MATH(H, H2, pair, log, logf(x))                                                  \
  __CPUK_HALF_MATH(H, H2, pair, log2, log2f(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, log10, log10f(x))                                              \
  __CPUK_HALF_MATH(H, H2, pair, sin, sinf(x))                                                  \
  __CPUK_HALF_MATH(H, H2, pair, cos, cosf(x))                                                  \
  __CPUK_HALF_MATH(H, H2, pair, tanh, tanhf(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, tanh_approx, tanhf(x))                                         \
  __CPUK_HALF_MATH(H, H2, pair, sqrt, sqrtf(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, rsqrt, static_cast<float>(1.0 / sqrt(static_cast<double>(x)))) \
  __CPUK_HALF_MATH(H, H2, pair, rcp, 1.0f / x)                                                 \
  __CPUK_HALF_MATH(H, H2, pair, ceil, ceilf(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, floor, floorf(x))                                              \
  __CPUK_HALF_MATH(H, H2, pair, rint, rintf(x))                                                \
  __CPUK_HALF_MATH(H, H2, pair, trunc, truncf(x))

// The fma family, the complex multiply-add, and per-lane pairs.
#define __CPUK_HALF_FMA_ALL(H, H2, pair)                                                      \
  inline H __hfma(const H a, const H b, const H c) { return __cpuk_hfma(a, b, c); }           \
  inline H __hfma_sat(const H a, const H b, const H c) { return __cpuk_hfma_sat(a, b, c); }   \
  inline H __hfma_relu(const H a, const H b, const H c) { return __cpuk_hfma_relu(a, b, c); } \
  inline H2 __hfma2(const H2 a, const H2 b, const H2 c) {                                     \
    return pair(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));                                \
  }                                                                                           \
  inline H2 __hfma2_sat(const H2 a, const H2 b, const H2 c) {                                 \
    return pair(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));                        \
  }                                                                                           \
  inline H2 __hfma2_relu(const H2 a, const H2 b, const H2 c) {                                \
    return pair(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));                      \
  }                                                                                           \
  /* (a.x + i a.y)(b.x + i b.y) + c, with the fma chain CUDA documents */                     \
  inline H2 __hcmadd(const H2 a, const H2 b, const H2 c) {                                    \
    return pair(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)),                              \
                __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));                                     \
  }

// Conversions to integers in the three modes CUDA's host side lacks; they saturate like the
// float ones (cpu/rounding.h).
#define __CPUK_HALF_TO_INT(prefix, H, to_float)                                                 \
  __CPUK_HALF_TO_INT_MODES(prefix##2short, H, to_float, short, signed, 32768.0f)                \
  __CPUK_HALF_TO_INT_MODES(prefix##2ushort, H, to_float, unsigned short, unsigned, 65536.0f)    \
  __CPUK_HALF_TO_INT_MODES(prefix##2int, H, to_float, int, signed, 2147483648.0f)               \
  __CPUK_HALF_TO_INT_MODES(prefix##2uint, H, to_float, unsigned int, unsigned, 4294967296.0f)   \
  __CPUK_HALF_TO_INT_MODES(prefix##2ll, H, to_float, long long, signed, 9223372036854775808.0f) \
  __CPUK_HALF_TO_INT_MODES(prefix##2ull, H, to_float, unsigned long long, unsigned,             \
                           18446744073709551616.0f)
#define __CPUK_HALF_TO_INT_MODES(name, H, to_float, I, kind, limit)      \
  inline I name##_rn(const H h) {                                        \
    return __cpuk_saturate_##kind<I, float>(rintf(to_float(h)), limit);  \
  }                                                                      \
  inline I name##_ru(const H h) {                                        \
    return __cpuk_saturate_##kind<I, float>(ceilf(to_float(h)), limit);  \
  }                                                                      \
  inline I name##_rd(const H h) {                                        \
    return __cpuk_saturate_##kind<I, float>(floorf(to_float(h)), limit); \
  }

// Warp shuffles and atomics. __half2 adds are atomic for the whole pair here (CUDA promises
// only each half).
#define __CPUK_HALF_WARP_ATOMIC(H, H2, add, add2)                                       \
  __CPUK_SHFL_OVERLOADS(H)                                                              \
  __CPUK_SHFL_OVERLOADS(H2)                                                             \
  inline H atomicAdd(H* address, H value) {                                             \
    return __cpuk_atomic_update(address, [value](H old) { return add(old, value); });   \
  }                                                                                     \
  inline H2 atomicAdd(H2* address, H2 value) {                                          \
    return __cpuk_atomic_update(address, [value](H2 old) { return add2(old, value); }); \
  }

__CPUK_HALF_MATH_ALL(__half, __half2, __halves2half2)
__CPUK_HALF_FMA_ALL(__half, __half2, __halves2half2)
__CPUK_HALF_TO_INT(__half, __half, __half2float)
__CPUK_HALF_WARP_ATOMIC(__half, __half2, __hadd, __hadd2)

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_FP16_H
