// The CUDA math API on top of the C library.
//
// <math.h> (libstdc++'s wrapper) supplies the C functions and the C++ float overloads in the
// global namespace, as CUDA does. This file adds what glibc lacks or names differently, and
// CUDA's global min/max. Double functions are computed in long double and float functions in
// double where a formula loses accuracy (the tails of normcdf, erfinv, Bessel series). Against
// 60-digit references the results are within 0.55 ulp, except erfcx and the far left tail of
// normcdf (1.1 ulp): better than CUDA's documented bounds, though not bit-identical to the GPU
// (research/cpu_backend.md §8).
#ifndef CUPYLIKE_CPU_MATH_H
#define CUPYLIKE_CPU_MATH_H

#include <float.h>
#include <math.h>

// C23 functions that newer glibc declares itself (with C linkage, so ours would clash).
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41))
#define __CPUK_LIBC_HAS_SINPI 1
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 42))
#define __CPUK_LIBC_HAS_RSQRT 1
#endif

#pragma GCC visibility push(hidden)

// ---------------------------------------------------------------------------------------------
// min/max as CUDA's math_functions.hpp overloads them: mixed signedness compares as unsigned,
// mixed float/double as double, floats with fmin/fmax semantics (a NaN loses).

inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}

#define __CPUK_MINMAX_INT(S, U)                                \
  inline S min(S a, S b) { return a < b ? a : b; }             \
  inline S max(S a, S b) { return a > b ? a : b; }             \
  inline U min(U a, U b) { return a < b ? a : b; }             \
  inline U max(U a, U b) { return a > b ? a : b; }             \
  inline U min(S a, U b) { return min(static_cast<U>(a), b); } \
  inline U max(S a, U b) { return max(static_cast<U>(a), b); } \
  inline U min(U a, S b) { return min(a, static_cast<U>(b)); } \
  inline U max(U a, S b) { return max(a, static_cast<U>(b)); }
inline unsigned min(unsigned a, unsigned b) { return umin(a, b); }
inline unsigned max(unsigned a, unsigned b) { return umax(a, b); }
inline unsigned min(int a, unsigned b) { return umin(static_cast<unsigned>(a), b); }
inline unsigned max(int a, unsigned b) { return umax(static_cast<unsigned>(a), b); }
inline unsigned min(unsigned a, int b) { return umin(a, static_cast<unsigned>(b)); }
inline unsigned max(unsigned a, int b) { return umax(a, static_cast<unsigned>(b)); }
__CPUK_MINMAX_INT(long, unsigned long)
__CPUK_MINMAX_INT(long long, unsigned long long)
#undef __CPUK_MINMAX_INT

inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(static_cast<double>(a), b); }
inline double max(float a, double b) { return fmax(static_cast<double>(a), b); }
inline double min(double a, float b) { return fmin(a, static_cast<double>(b)); }
inline double max(double a, float b) { return fmax(a, static_cast<double>(b)); }

// ---------------------------------------------------------------------------------------------
// Reciprocals and roots.

#ifndef __CPUK_LIBC_HAS_RSQRT
inline double rsqrt(double x) { return static_cast<double>(1.0L / sqrtl(x)); }
inline float rsqrtf(float x) { return static_cast<float>(1.0 / sqrt(static_cast<double>(x))); }
#endif
inline float rsqrt(float x) { return rsqrtf(x); }
inline double rcbrt(double x) { return static_cast<double>(1.0L / cbrtl(x)); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / cbrt(static_cast<double>(x))); }
inline float rcbrt(float x) { return rcbrtf(x); }
inline float fdividef(float x, float y) { return x / y; }
// Clamps to [0, 1]; NaN becomes 0 as on the GPU.
inline float saturate(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

// C++ float overloads CUDA has for functions the C library has only as f-suffixed names.
inline float exp10(float x) { return exp10f(x); }
inline float j0(float x) { return j0f(x); }
inline float j1(float x) { return j1f(x); }
inline float jn(int n, float x) { return jnf(n, x); }
inline float y0(float x) { return y0f(x); }
inline float y1(float x) { return y1f(x); }
inline float yn(int n, float x) { return ynf(n, x); }
inline void sincos(float x, float* s, float* c) { sincosf(x, s, c); }

// ---------------------------------------------------------------------------------------------
// sin(pi x), cos(pi x). x mod 2 is exact (remainder), so large arguments lose nothing; the
// reduced argument is folded into [0, 1/4] where sin and cos of pi*r are accurate in W.

template <class W>
inline W __cpuk_pi() {
  return static_cast<W>(3.14159265358979323846264338327950288L);
}

template <class W>
inline W __cpuk_sinpi_reduced(W x) {
  const W r = remainder(x, W(2));  // in [-1, 1]
  const W a = fabs(r);
  W s;
  if (a <= W(0.25))
    s = sin(__cpuk_pi<W>() * a);
  else if (a <= W(0.75))
    s = cos(__cpuk_pi<W>() * (W(0.5) - a));
  else
    s = sin(__cpuk_pi<W>() * (W(1) - a));
  return r < 0 ? -s : s;
}
template <class W>
inline W __cpuk_cospi_reduced(W x) {
  const W a = fabs(remainder(x, W(2)));
  if (a <= W(0.25)) return cos(__cpuk_pi<W>() * a);
  if (a <= W(0.75)) return sin(__cpuk_pi<W>() * (W(0.5) - a));  // +0 at a == 1/2, as IEEE says
  return -cos(__cpuk_pi<W>() * (W(1) - a));
}
// sinpi(n) is a zero with the sign of n (IEEE 754 sinPi).
template <class T, class W>
inline T __cpuk_sinpi(T x) {
  if (!isfinite(x)) return x - x;
  const T s = static_cast<T>(__cpuk_sinpi_reduced<W>(x));
  return s == 0 ? copysign(T(0), x) : s;
}

#ifndef __CPUK_LIBC_HAS_SINPI
inline double sinpi(double x) { return __cpuk_sinpi<double, long double>(x); }
inline float sinpif(float x) { return __cpuk_sinpi<float, double>(x); }
inline double cospi(double x) {
  return isfinite(x) ? static_cast<double>(__cpuk_cospi_reduced<long double>(x)) : x - x;
}
inline float cospif(float x) {
  return isfinite(x) ? static_cast<float>(__cpuk_cospi_reduced<double>(x)) : x - x;
}
#endif
inline float sinpi(float x) { return sinpif(x); }
inline float cospi(float x) { return cospif(x); }
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline void sincospi(float x, float* s, float* c) { sincospif(x, s, c); }

// ---------------------------------------------------------------------------------------------
// The normal distribution and inverse error functions.

// erfcx(x) = exp(x^2) erfc(x), without the overflow/underflow of the product. Up to a limit
// the product is formed in W (long double keeps exp(x^2) finite and erfc(x) normal up to 50,
// double up to 25); beyond it, the continued fraction
// erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))) converges in a few
// terms.
template <class W>
inline W __cpuk_erfcx(W x) {
  const W limit = sizeof(W) > sizeof(double) ? W(50) : W(25);
  if (x < limit) {
    if (x >= 0) return exp(x * x) * erfc(x);
    return W(2) * exp(x * x) - __cpuk_erfcx(-x);  // erfc(-x) = 2 - erfc(x); inf when huge
  }
  W f = x;
  for (int k = 16; k >= 1; --k) f = x + W(0.5) * k / f;
  return W(1) / (sqrt(__cpuk_pi<W>()) * f);
}
inline double erfcx(double x) {
  return isnan(x) ? x : static_cast<double>(__cpuk_erfcx<long double>(x));
}
inline float erfcxf(float x) { return isnan(x) ? x : static_cast<float>(__cpuk_erfcx<double>(x)); }
inline float erfcx(float x) { return erfcxf(x); }

// normcdf(x) = erfc(-x/sqrt(2))/2. The rounding of -x/sqrt(2) is magnified by about 2t^2 in
// the far left tail, which the wider type absorbs.
template <class W>
inline W __cpuk_normcdf(W x) {
  return W(0.5) * erfc(-x * static_cast<W>(0.707106781186547524400844362104849039L));
}
inline double normcdf(double x) { return static_cast<double>(__cpuk_normcdf<long double>(x)); }
inline float normcdff(float x) { return static_cast<float>(__cpuk_normcdf<double>(x)); }
inline float normcdf(float x) { return normcdff(x); }

// Inverse error functions: Winitzki's closed-form approximation (relative error ~2e-3) as the
// starting point, then iterations in W. Near the centre, Halley's method on f(y) = erf(y) - x
// (f''/f' = -2y, so the step is y -= u / (1 + y u) with u = f/f'); two steps reach 1e-30. In
// the tails erfc varies exponentially, so Newton's method runs on log(erfc(y)) - log(q), which
// is nearly quadratic in y: three steps reach 1e-24 even for q = 1e-300.
template <class W>
inline W __cpuk_erfinv_guess(W log_one_minus_x2) {
  const W a = W(0.147);
  const W t = W(2) / (__cpuk_pi<W>() * a) + log_one_minus_x2 / 2;
  return sqrt(sqrt(t * t - log_one_minus_x2 / a) - t);
}
// y >= 0 with erf(y) = x, for 0 <= x <= 1/2.
template <class W>
inline W __cpuk_erfinv_center(W x) {
  W y = __cpuk_erfinv_guess<W>(log1p(-x * x));
  for (int i = 0; i < 2; ++i) {
    const W derivative = static_cast<W>(1.12837916709551257389615890312154517L) * exp(-y * y);
    const W u = (erf(y) - x) / derivative;
    y -= u / (1 + y * u);
  }
  return y;
}
// y >= 0 with erfc(y) = q, for 0 < q <= 1/2. With g(y) = log(erfcx(y)) - y^2 - log(q),
// g'(y) = -2 / (sqrt(pi) erfcx(y)).
template <class W>
inline W __cpuk_erfcinv_tail(W q) {
  const W log_q = log(q);
  W y = __cpuk_erfinv_guess<W>(log_q + log(2 - q));
  for (int i = 0; i < 3; ++i) {
    const W scaled = __cpuk_erfcx(y);
    y += (log(scaled) - y * y - log_q) * sqrt(__cpuk_pi<W>()) * scaled / 2;
  }
  return y;
}
// y with erfc(y) = q, for 0 < q < 2 (q, 2 - q and 1 - q are exact in W).
template <class W>
inline W __cpuk_erfcinv_wide(W q) {
  if (q <= W(0.5)) return __cpuk_erfcinv_tail(q);
  if (q >= W(1.5)) return -__cpuk_erfcinv_tail(2 - q);
  const W x = 1 - q;
  return copysign(__cpuk_erfinv_center(fabs(x)), x);
}
template <class T, class W>
inline T __cpuk_erfinv(T x) {
  const T a = fabs(x);
  if (!(a < 1)) return a == 1 ? copysign(T(INFINITY), x) : T(NAN);
  if (a == 0) return x;
  // 1 - a is exact for a >= 1/2 (Sterbenz), so the tail loses nothing.
  const W y = a <= T(0.5) ? __cpuk_erfinv_center<W>(a) : __cpuk_erfcinv_tail<W>(W(1 - a));
  return copysign(static_cast<T>(y), x);
}
template <class T, class W>
inline T __cpuk_erfcinv(T q) {
  if (!(q > 0 && q < 2)) return q == 0 ? T(INFINITY) : q == 2 ? -T(INFINITY) : T(NAN);
  return static_cast<T>(__cpuk_erfcinv_wide<W>(q));
}
// normcdfinv(p) = -sqrt(2) erfcinv(2p); 2p is exact, and the product is formed in W.
template <class T, class W>
inline T __cpuk_normcdfinv(T p) {
  if (!(p > 0 && p < 1)) return p == 0 ? -T(INFINITY) : p == 1 ? T(INFINITY) : T(NAN);
  return static_cast<T>(static_cast<W>(-1.41421356237309504880168872420969808L) *
                        __cpuk_erfcinv_wide<W>(W(2) * p));
}
inline double erfinv(double x) { return __cpuk_erfinv<double, long double>(x); }
inline float erfinvf(float x) { return __cpuk_erfinv<float, double>(x); }
inline float erfinv(float x) { return erfinvf(x); }
inline double erfcinv(double x) { return __cpuk_erfcinv<double, long double>(x); }
inline float erfcinvf(float x) { return __cpuk_erfcinv<float, double>(x); }
inline float erfcinv(float x) { return erfcinvf(x); }
inline double normcdfinv(double p) { return __cpuk_normcdfinv<double, long double>(p); }
inline float normcdfinvf(float p) { return __cpuk_normcdfinv<float, double>(p); }
inline float normcdfinv(float p) { return normcdfinvf(p); }

// ---------------------------------------------------------------------------------------------
// Euclidean norms. The sums of squares are formed in a wider type, whose range cannot overflow
// for the narrower inputs; as with hypot, an infinite component wins over a NaN.

template <class T, class W>
inline T __cpuk_norm(int dim, const T* p, bool reciprocal) {
  W sum = 0;
  bool nan_seen = false;
  for (int i = 0; i < dim; ++i) {
    if (isinf(p[i])) return reciprocal ? T(0) : T(INFINITY);
    nan_seen |= isnan(p[i]) != 0;
    sum += static_cast<W>(p[i]) * static_cast<W>(p[i]);
  }
  if (nan_seen) return T(NAN);
  return static_cast<T>(reciprocal ? W(1) / sqrt(sum) : sqrt(sum));
}
#define __CPUK_NORMS(T, W, sfx)                                                        \
  inline T norm3d##sfx(T a, T b, T c) {                                                \
    const T v[3] = {a, b, c};                                                          \
    return __cpuk_norm<T, W>(3, v, false);                                             \
  }                                                                                    \
  inline T rnorm3d##sfx(T a, T b, T c) {                                               \
    const T v[3] = {a, b, c};                                                          \
    return __cpuk_norm<T, W>(3, v, true);                                              \
  }                                                                                    \
  inline T norm4d##sfx(T a, T b, T c, T d) {                                           \
    const T v[4] = {a, b, c, d};                                                       \
    return __cpuk_norm<T, W>(4, v, false);                                             \
  }                                                                                    \
  inline T rnorm4d##sfx(T a, T b, T c, T d) {                                          \
    const T v[4] = {a, b, c, d};                                                       \
    return __cpuk_norm<T, W>(4, v, true);                                              \
  }                                                                                    \
  inline T rhypot##sfx(T a, T b) {                                                     \
    const T v[2] = {a, b};                                                             \
    return __cpuk_norm<T, W>(2, v, true);                                              \
  }                                                                                    \
  inline T norm##sfx(int dim, const T* p) { return __cpuk_norm<T, W>(dim, p, false); } \
  inline T rnorm##sfx(int dim, const T* p) { return __cpuk_norm<T, W>(dim, p, true); }
__CPUK_NORMS(double, long double, )
__CPUK_NORMS(float, double, f)
__CPUK_NORMS(float, double, )  // CUDA's C++ float overloads of the unsuffixed names
#undef __CPUK_NORMS

// ---------------------------------------------------------------------------------------------
// Modified Bessel functions of the first kind, orders 0 and 1. The power series has only
// positive terms (no cancellation) and serves up to |x| = 30; beyond, Hankel's asymptotic
// expansion, whose smallest term there is below 1e-25. exp(x) is split in two so I0 and I1
// reach their true overflow point (about 713.99) instead of exp's.

template <class W>
inline W __cpuk_bessel_i(int order, W ax) {
  if (ax <= W(30)) {
    const W q = ax * ax / 4;
    W term = 1, sum = 1;
    for (int k = 1; k < 200; ++k) {
      term *= q / (W(k) * W(k + order));
      if (sum + term == sum) break;
      sum += term;
    }
    return order == 0 ? sum : sum * ax / 2;
  }
  const W mu = W(4 * order * order);
  W term = 1, sum = 1;
  for (int k = 1; k < 60; ++k) {
    const W odd = W(2 * k - 1);
    term *= -(mu - odd * odd) / (8 * ax * k);
    if (sum + term == sum) break;
    sum += term;
  }
  const W half = exp(ax / 2);
  return half * (half / sqrt(2 * __cpuk_pi<W>() * ax) * sum);
}
// I0 is even, I1 odd; both grow like exp(|x|).
inline double cyl_bessel_i0(double x) {
  if (isinf(x)) return INFINITY;
  return static_cast<double>(__cpuk_bessel_i<long double>(0, fabsl(x)));
}
inline float cyl_bessel_i0f(float x) {
  if (isinf(x)) return INFINITY;
  return static_cast<float>(__cpuk_bessel_i<double>(0, fabs(static_cast<double>(x))));
}
inline float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
inline double cyl_bessel_i1(double x) {
  if (isinf(x)) return x;
  return copysign(static_cast<double>(__cpuk_bessel_i<long double>(1, fabsl(x))), x);
}
inline float cyl_bessel_i1f(float x) {
  if (isinf(x)) return x;
  return copysignf(static_cast<float>(__cpuk_bessel_i<double>(1, fabs(static_cast<double>(x)))), x);
}
inline float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_MATH_H
