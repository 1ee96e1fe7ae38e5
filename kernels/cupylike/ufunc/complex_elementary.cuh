// The C library's complex exp, log, sqrt, trigonometric and hyperbolic functions, complex
// product and power, for a GPU (NVRTC has no C library): glibc's results in C99 Annex G's
// special cases (infinities, NaNs, signed zeros in every quadrant), which NumPy returns on
// Linux, and no overflow or underflow in intermediates where the result is representable.
// Built on CUDA's real math functions only; the inverse functions are in complex_inverse.cuh.
// Accuracy against NumPy: tests/helpers/ufunc_accuracy.py (CUDA_COMPLEX_ULPS).
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/floating.cuh>
#include <cupylike/ufunc/transcendental.cuh>

namespace cupylike {

namespace complex_detail {

// The properties of float and double the algorithms depend on.
template <class T>
struct limits;
template <>
struct limits<double> {
  static constexpr int digits = 53;
  static constexpr double max = 0x1.fffffffffffffp+1023;
  static constexpr double min_normal = 0x1p-1022;
  static constexpr double eps = 0x1p-52;
  // ln 2 in two parts for Cody and Waite's reduction: ln2_hi has 41 bits, so k * ln2_hi is
  // exact for |k| < 2^12, which covers every k that exp_span allows.
  static constexpr double ln2_hi = 0x1.62e42fefa4000p-1;
  static constexpr double ln2_lo = -0x1.8432a1b0e2634p-43;
  // e^x is finite for x <= exp_safe; v e^x overflows or underflows for every finite nonzero v
  // beyond +-exp_span (ln(max) - ln(smallest subnormal) = 1454.2).
  static constexpr double exp_safe = 709;
  static constexpr double exp_span = 1460;
  // tanh(x) rounds to 1 for x >= tanh_one: 2 e^(-2x) < eps / 4 there.
  static constexpr double tanh_one = 20;
  // From |z| = big on, asin, acos and atanh equal their asymptotic forms to within eps / 4
  // (the next terms are O(1/z^2)), and below it their formulas' squares do not overflow.
  static constexpr double big = 0x1p28;
};
template <>
struct limits<float> {
  static constexpr int digits = 24;
  static constexpr float max = 0x1.fffffep+127f;
  static constexpr float min_normal = 0x1p-126f;
  static constexpr float eps = 0x1p-23f;
  // 15 bits: k * ln2_hi is exact for |k| < 2^9.
  static constexpr float ln2_hi = 0x1.62e4p-1f;
  static constexpr float ln2_lo = 0x1.7f7d1cp-20f;
  static constexpr float exp_safe = 88;
  static constexpr float exp_span = 200;  // ln(max) - ln(smallest subnormal) = 192.0
  static constexpr float tanh_one = 10;
  static constexpr float big = 0x1p14f;
};

template <class T>
__device__ inline T half_pi() {
  return pi<T>() / T(2);
}

// v e^x for finite x and v, rounded about as well as exp(x) * v where that does not overflow:
// e^x = 2^k e^r with r = x - k ln 2 in [-ln2/2, ln2/2], and v = f 2^e with f in [1/2, 1), so
// exp(r) * f is a normal number and the one scaling by 2^(k + e + extra) rounds only where the
// result itself overflows or is subnormal.
template <class T>
__device__ inline T exp_mul(T x, T v, int extra = 0) {
  using L = limits<T>;
  x = fmin(fmax(x, -L::exp_span), L::exp_span);
  const T k = rint(x * log2e<T>());
  const T r = (x - k * L::ln2_hi) - k * L::ln2_lo;  // the first difference is exact (Sterbenz)
  int e;
  const T f = frexp(v, &e);
  return scalbn(exp(r) * f, static_cast<int>(k) + e + extra);
}

// s + e = a + b exactly (Knuth's two-sum; needs round-to-nearest and no contraction).
template <class T>
__device__ inline T two_sum(T a, T b, T& e) {
  const T s = a + b, v = s - a;
  e = (a - (s - v)) + (b - v);
  return s;
}

// a^2 + b^2 - 1 for 0 <= b <= a < 2, where it cancels on the unit circle: the five terms
// (the squares' rounding errors exact through fma) are summed by Ogita, Rump and Oishi's Sum2,
// whose running sum takes every term exactly; the large ones cancel exactly, so the result is
// good to about an ulp even where it is 2^-70 (points of the circle rounded to doubles).
template <class T>
__device__ inline T norm_minus_one(T a, T b) {
  const T aa = a * a, bb = b * b;
  T e, lo;
  T s = two_sum(aa, T(-1), lo);
  s = two_sum(s, bb, e);
  lo += e;
  s = two_sum(s, fma(a, a, -aa), e);
  lo += e;
  s = two_sum(s, fma(b, b, -bb), e);
  return s + (lo + e);
}
// For float, a^2, b^2 and a^2 - 1 are exact in double: one rounding in all.
__device__ inline float norm_minus_one(float a, float b) {
  return static_cast<float>((static_cast<double>(a) * a - 1.0) + static_cast<double>(b) * b);
}

// log|a + ib| for finite a >= b >= 0, a > 0. hypot does not overflow, but its rounding error
// becomes the whole result as |z| nears 1: for |z|^2 in [1/2, 2], log|z| = log1p(|z|^2 - 1) / 2
// with norm_minus_one's accurate difference. Outside, |log|z|| > ln(2) / 2 keeps log(hypot)
// within 3 ulps.
template <class T>
__device__ inline T log_hypot(T a, T b) {
  using L = limits<T>;
  if (b == T(0)) return log(a);
  if (a > L::max / T(4)) return log(libc_hypot(a * T(0.5), b * T(0.5))) + ln2<T>();
  if (a < L::min_normal) {
    // Subnormal parts: hypot would round to the subnormals' few bits.
    return log(libc_hypot(scalbn(a, L::digits), scalbn(b, L::digits))) - T(L::digits) * ln2<T>();
  }
  const T n = a * a + b * b;
  if (n >= T(0.5) && n <= T(2)) return log1p(norm_minus_one(a, b)) * T(0.5);
  return log(libc_hypot(a, b));
}
// log|x + iy| for finite x, y >= 0, not both 0.
template <class T>
__device__ inline T log_abs(T x, T y) {
  return x >= y ? log_hypot(x, y) : log_hypot(y, x);
}

// C's complex product (C99 Annex G.5.1): the textbook formula, and where both parts come out
// NaN, the infinities an infinite factor (or an overflow) implies.
template <class T>
__device__ inline complex<T> cmul_c99(const complex<T>& p, const complex<T>& q) {
  T a = p.re, b = p.im, c = q.re, d = q.im;
  const T ac = a * c, bd = b * d, ad = a * d, bc = b * c;
  const complex<T> r(ac - bd, ad + bc);
  if (!isnan(r.re) || !isnan(r.im)) return r;
  bool again = false;
  if (isinf(a) || isinf(b)) {  // p is infinite: a box of +-1 and 0 in its direction
    a = copysign(isinf(a) ? T(1) : T(0), a);
    b = copysign(isinf(b) ? T(1) : T(0), b);
    if (isnan(c)) c = copysign(T(0), c);
    if (isnan(d)) d = copysign(T(0), d);
    again = true;
  }
  if (isinf(c) || isinf(d)) {
    c = copysign(isinf(c) ? T(1) : T(0), c);
    d = copysign(isinf(d) ? T(1) : T(0), d);
    if (isnan(a)) a = copysign(T(0), a);
    if (isnan(b)) b = copysign(T(0), b);
    again = true;
  }
  if (!again && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {  // inf - inf: overflow
    if (isnan(a)) a = copysign(T(0), a);
    if (isnan(b)) b = copysign(T(0), b);
    if (isnan(c)) c = copysign(T(0), c);
    if (isnan(d)) d = copysign(T(0), d);
    again = true;
  }
  if (!again) return r;
  const T inf = infinity<T>();
  return complex<T>(inf * (a * c - b * d), inf * (a * d + b * c));
}

}  // namespace complex_detail

// exp(x + iy) = e^x (cos y + i sin y). Past e^x's overflow the product is formed by exp_mul,
// which is finite where cos y or sin y is small enough.
template <class T>
__device__ inline complex<T> cexp(const complex<T>& z) {
  const T x = z.re, y = z.im, nan = quiet_nan<T>();
  if (isfinite(x) && isfinite(y)) {
    if (y == T(0)) return complex<T>(exp(x), y);  // Annex G: a zero imaginary part stays
    T s, c;
    sincos(y, &s, &c);
    if (x <= complex_detail::limits<T>::exp_safe) {
      const T e = exp(x);
      return complex<T>(e * c, e * s);
    }
    return complex<T>(complex_detail::exp_mul(x, c), complex_detail::exp_mul(x, s));
  }
  // A NaN part gives NumPy's positive quiet NaN, as glibc does, whatever the input NaN's sign.
  if (isnan(x)) return complex<T>(nan, y == T(0) ? y : nan);
  if (isinf(x) && isfinite(y)) {
    // e^x is +0 or +inf: the direction of cis(y) with that magnitude.
    if (y == T(0)) return complex<T>(x < T(0) ? T(0) : x, y);
    T s, c;
    sincos(y, &s, &c);
    const T m = x < T(0) ? T(0) : x;
    return complex<T>(copysign(m, c), copysign(m, s));
  }
  if (x == -infinity<T>()) return complex<T>(T(0), copysign(T(0), y));  // y inf or NaN
  if (isinf(x)) return complex<T>(x, nan);                              // +inf + i(inf|NaN)
  return complex<T>(nan, nan);  // finite x, y infinite or NaN: invalid
}

// log z = log|z| + i arg z; arg is atan2, whose signed zeros and infinities are Annex G's.
template <class T>
__device__ inline complex<T> clog(const complex<T>& z) {
  const T x = z.re, y = z.im, ax = fabs(x), ay = fabs(y);
  if (isinf(x) || isinf(y)) return complex<T>(infinity<T>(), atan2(y, x));  // even with a NaN
  if (isnan(x) || isnan(y)) return complex<T>(quiet_nan<T>(), quiet_nan<T>());
  if (ax == T(0) && ay == T(0)) return complex<T>(-infinity<T>(), atan2(y, x));  // pole
  return complex<T>(complex_detail::log_abs(ax, ay), atan2(y, x));
}

// The principal root (Kahan): t = sqrt((|x| + |z|) / 2) is the part without cancellation, the
// other is |y| / 2t; the real part is never negative and the imaginary one has y's sign, zeros
// included. Parts near the overflow threshold are scaled down by 4, subnormal ones up by 2^2m,
// so that |x| + |z| neither overflows nor loses bits.
template <class T>
__device__ inline complex<T> csqrt(const complex<T>& z) {
  using L = complex_detail::limits<T>;
  const T x = z.re, y = z.im, inf = infinity<T>(), nan = quiet_nan<T>();
  if (isinf(y)) return complex<T>(inf, y);  // for every x, NaN included
  if (isnan(x)) return complex<T>(nan, nan);
  if (isinf(x)) {
    if (x > T(0)) return complex<T>(x, isnan(y) ? nan : copysign(T(0), y));
    return complex<T>(isnan(y) ? nan : T(0), copysign(inf, y));  // -inf + iNaN: NaN +- i inf
  }
  if (isnan(y)) return complex<T>(nan, nan);
  if (y == T(0)) {
    return x < T(0) ? complex<T>(T(0), copysign(sqrt(-x), y)) : complex<T>(sqrt(fabs(x)), y);
  }
  const T a = fmax(fabs(x), fabs(y));
  int k = 0;
  T xs = x, ys = y;
  if (a > L::max / T(4)) {
    xs = x * T(0.25);
    ys = y * T(0.25);
    k = 1;
  } else if (a < T(4) * L::min_normal) {
    const int m = L::digits / 2 + 1;
    xs = scalbn(x, 2 * m);
    ys = scalbn(y, 2 * m);
    k = -m;
  }
  const T t = sqrt((fabs(xs) + libc_hypot(xs, ys)) * T(0.5));
  // On the imaginary axis both parts are sqrt(|y| / 2): they are kept equal.
  const T u = xs == T(0) ? t : fabs(ys) / (T(2) * t);
  const T re = xs >= T(0) ? t : u, im = xs >= T(0) ? u : t;
  return complex<T>(scalbn(re, k), copysign(scalbn(im, k), y));
}

// sinh(x + iy) = sinh x cos y + i cosh x sin y. Where cosh x overflows, cosh x = |sinh x| =
// e^|x| / 2 exactly in the type, and exp_mul forms the products.
template <class T>
__device__ inline complex<T> csinh(const complex<T>& z) {
  const T x = z.re, y = z.im, nan = quiet_nan<T>();
  if (isfinite(x) && isfinite(y)) {
    if (y == T(0)) return complex<T>(sinh(x), y);
    T s, c;
    sincos(y, &s, &c);
    if (fabs(x) <= complex_detail::limits<T>::exp_safe) return complex<T>(sinh(x) * c, cosh(x) * s);
    const T re = complex_detail::exp_mul(fabs(x), c, -1);
    return complex<T>(x < T(0) ? -re : re, complex_detail::exp_mul(fabs(x), s, -1));
  }
  if (isnan(x)) return complex<T>(nan, y == T(0) ? y : nan);
  if (isinf(x)) {
    if (y == T(0)) return complex<T>(x, y);
    if (!isfinite(y)) return complex<T>(infinity<T>(), nan);  // Annex G's +-inf: glibc's +inf
    T s, c;
    sincos(y, &s, &c);
    return complex<T>(x * copysign(T(1), c), copysign(infinity<T>(), s));
  }
  // x finite, y infinite or NaN: sinh(+-0 + i inf) = +-0 + iNaN, otherwise NaN + iNaN.
  return complex<T>(x == T(0) ? x : nan, nan);
}

// cosh(x + iy) = cosh x cos y + i sinh x sin y, as csinh.
template <class T>
__device__ inline complex<T> ccosh(const complex<T>& z) {
  const T x = z.re, y = z.im, nan = quiet_nan<T>();
  // The zero imaginary part of cosh(x + i0) has the sign of x * y (sinh x * sin 0); Annex G
  // leaves it unspecified for cosh(NaN + i0), where glibc keeps y's.
  const T zero_im = isnan(x) ? y : copysign(T(0), x) * y;
  if (isfinite(x) && isfinite(y)) {
    if (y == T(0)) return complex<T>(cosh(x), zero_im);
    T s, c;
    sincos(y, &s, &c);
    if (fabs(x) <= complex_detail::limits<T>::exp_safe) return complex<T>(cosh(x) * c, sinh(x) * s);
    const T im = complex_detail::exp_mul(fabs(x), s, -1);
    return complex<T>(complex_detail::exp_mul(fabs(x), c, -1), x < T(0) ? -im : im);
  }
  if (isnan(x)) return complex<T>(nan, y == T(0) ? zero_im : nan);
  if (isinf(x)) {
    if (y == T(0)) return complex<T>(infinity<T>(), zero_im);
    if (!isfinite(y)) return complex<T>(infinity<T>(), nan);
    T s, c;
    sincos(y, &s, &c);
    return complex<T>(copysign(infinity<T>(), c), x * s);
  }
  // x finite, y infinite or NaN: cosh(+-0 + i inf) = NaN +- i0 (glibc: +0), otherwise NaN + iNaN.
  return complex<T>(nan, x == T(0) ? T(0) : nan);
}

// tanh(x + iy) = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y): both terms of the
// denominator are positive, so nothing cancels. From tanh_one on the real part is +-1 and the
// imaginary part 4 sin y cos y e^(-2|x|) to the last bit; exp_mul keeps it from underflowing
// early.
template <class T>
__device__ inline complex<T> ctanh(const complex<T>& z) {
  const T x = z.re, y = z.im, nan = quiet_nan<T>();
  if (isfinite(x) && isfinite(y)) {
    T s, c;
    sincos(y, &s, &c);
    if (fabs(x) >= complex_detail::limits<T>::tanh_one) {
      return complex<T>(copysign(T(1), x), complex_detail::exp_mul(T(-2) * fabs(x), T(4) * s * c));
    }
    const T sh = sinh(x), ch = cosh(x), den = sh * sh + c * c;
    return complex<T>(sh * ch / den, s * c / den);
  }
  if (isinf(x)) {
    // tanh(+-inf + iy) = +-1 + i0 sin 2y; with y infinite or NaN the zero has y's sign.
    if (!isfinite(y)) return complex<T>(copysign(T(1), x), copysign(T(0), y));
    T s, c;
    sincos(y, &s, &c);
    return complex<T>(copysign(T(1), x), copysign(T(0), s * c));
  }
  if (isnan(x)) return complex<T>(nan, y == T(0) ? y : nan);
  // Finite x, y infinite or NaN: NaN + iNaN, except tanh(+-0 + i inf) = +-0 + iNaN (C11, glibc).
  return complex<T>(x == T(0) ? x : nan, nan);
}

// The circular functions through the hyperbolic ones, as Annex G defines their special values:
// sin z = -i sinh(iz), cos z = cosh(iz), tan z = -i tanh(iz).
template <class T>
__device__ inline complex<T> csin(const complex<T>& z) {
  const complex<T> w = csinh(complex<T>(-z.im, z.re));
  // sin(x + i inf) for x infinite or NaN is NaN +- i inf (Annex G); glibc's sign is + as in
  // csinh, so that one is not negated.
  return complex<T>(w.im, isinf(w.re) && isnan(w.im) ? w.re : -w.re);
}
template <class T>
__device__ inline complex<T> ccos(const complex<T>& z) {
  return ccosh(complex<T>(-z.im, z.re));
}
template <class T>
__device__ inline complex<T> ctan(const complex<T>& z) {
  const complex<T> w = ctanh(complex<T>(-z.im, z.re));
  return complex<T>(w.im, -w.re);
}

// The C library's cpow: exp(b log a), with C's complex product.
template <class T>
__device__ inline complex<T> cpow_c99(const complex<T>& a, const complex<T>& b) {
  return cexp(complex_detail::cmul_c99(b, clog(a)));
}

}  // namespace cupylike
