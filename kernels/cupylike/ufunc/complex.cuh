// Complex numbers in the ufunc table: arithmetic, comparisons and the complex loops of
// absolute, sign, reciprocal, maximum/minimum and clip (complex power is in
// complex_math.cuh) as NumPy computes them.
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/floating.cuh>
#include <cupylike/ufunc/hypot.cuh>

namespace cupylike {

template <class T>
__device__ inline complex<T> cadd(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re + b.re, a.im + b.im);
}
template <class T>
__device__ inline complex<T> csub(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re - b.re, a.im - b.im);
}
// The textbook product, as NumPy's npymath computes it (its complex power uses it).
template <class T>
__device__ inline complex<T> cmul(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
// The product of NumPy's multiply and square loops, which use fused multiply-adds wherever the
// CPU has them (x86 since 2013): re = fma(ar, br, -ai*bi), im = fma(ar, bi, ai*br). Written
// out with fma(), the GPU rounds the same way.
template <class T>
__device__ inline complex<T> cmul_fma(const complex<T>& a, const complex<T>& b) {
  return complex<T>(fma(a.re, b.re, -(a.im * b.im)), fma(a.re, b.im, a.im * b.re));
}
template <class T>
__device__ inline complex<T> csquare(const complex<T>& a) {
  return cmul_fma(a, a);
}
template <class T>
__device__ inline complex<T> cneg(const complex<T>& a) {
  return complex<T>(-a.re, -a.im);
}
template <class T>
__device__ inline complex<T> cconj(const complex<T>& a) {
  return complex<T>(a.re, -a.im);
}

// Smith's division as NumPy's loop computes it, with its rules for NaNs mixed with infinities
// and for division by zero (a complex inf or NaN).
template <class T>
__device__ inline complex<T> cdiv(const complex<T>& a, const complex<T>& b) {
  const T br_abs = fabs(b.re), bi_abs = fabs(b.im);
  const bool ar_nan = isnan(a.re), ai_nan = isnan(a.im);
  if (!isnan(b.re) && !isnan(b.im) && (ar_nan || ai_nan) &&
      ((((!ar_nan && isinf(a.re)) || (!ai_nan && isinf(a.im))) && (b.re != 0 || b.im != 0)) ||
       (isinf(b.re) && isinf(b.im)))) {
    const T nan = ar_nan ? a.re : a.im;
    return complex<T>(nan, nan);
  }
  if (br_abs >= bi_abs) {
    if (br_abs == 0 && bi_abs == 0) {
      if ((ar_nan && (a.im == 0 || ai_nan)) || (a.re == 0 && ai_nan))
        return complex<T>(ar_nan ? a.re : a.im, ai_nan ? a.im : a.re);
      return complex<T>(a.re / br_abs, a.im / bi_abs);
    }
    const T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
    return complex<T>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
  }
  const T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
  return complex<T>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}

template <class T>
__device__ inline complex<T> creciprocal(const complex<T>& a) {
  if (fabs(a.im) <= fabs(a.re)) {
    const T r = a.im / a.re, d = a.re + a.im * r;
    return complex<T>(T(1) / d, -r / d);
  }
  const T r = a.re / a.im, d = a.re * r + a.im;
  return complex<T>(r / d, T(-1) / d);
}

// |z| as NumPy's vector loop computes it: an infinite part wins over a NaN, a NaN over the
// rest; then larger * sqrt(1 + (smaller / larger)**2) with a fused multiply-add.
template <class T>
__device__ inline T cabs(const complex<T>& z) {
  T re = fabs(z.re), im = fabs(z.im);
  const T inf = infinity<T>();
  if (isinf(re) || isinf(im)) return inf;
  if (isnan(re) || isnan(im)) return quiet_nan<T>();
  const T larger = re > im ? re : im, smaller = re > im ? im : re;
  const T ratio = larger == T(0) ? T(0) : smaller / larger;
  return sqrt(fma(ratio, ratio, T(1))) * larger;
}

// NumPy 2's complex sign: z / |z| (|z| from hypot), 0 for 0, NaN for NaNs and for two
// infinite parts, +-1 or +-1j for one infinite part.
template <class T>
__device__ inline complex<T> csign(const complex<T>& z) {
  const T a = libc_hypot(z.re, z.im);
  const T nan = quiet_nan<T>();
  if (isnan(a)) return complex<T>(nan, nan);
  if (isinf(a)) {
    if (isinf(z.re)) {
      if (isinf(z.im)) return complex<T>(nan, nan);
      return complex<T>(z.re > 0 ? T(1) : T(-1), T(0));
    }
    return complex<T>(T(0), z.im > 0 ? T(1) : T(-1));
  }
  if (a == T(0)) return complex<T>(T(0), T(0));
  return complex<T>(z.re / a, z.im / a);
}

// NumPy's lexicographic order: real parts first, then imaginary parts; a NaN in either
// imaginary part makes the real-part decision false.
template <class T>
__device__ inline bool cgt(const complex<T>& x, const complex<T>& y) {
  return (x.re > y.re && !isnan(x.im) && !isnan(y.im)) || (x.re == y.re && x.im > y.im);
}
template <class T>
__device__ inline bool cge(const complex<T>& x, const complex<T>& y) {
  return (x.re > y.re && !isnan(x.im) && !isnan(y.im)) || (x.re == y.re && x.im >= y.im);
}
template <class T>
__device__ inline bool clt(const complex<T>& x, const complex<T>& y) {
  return (x.re < y.re && !isnan(x.im) && !isnan(y.im)) || (x.re == y.re && x.im < y.im);
}
template <class T>
__device__ inline bool cle(const complex<T>& x, const complex<T>& y) {
  return (x.re < y.re && !isnan(x.im) && !isnan(y.im)) || (x.re == y.re && x.im <= y.im);
}
template <class T>
__device__ inline bool ceq(const complex<T>& x, const complex<T>& y) {
  return x.re == y.re && x.im == y.im;
}
template <class T>
__device__ inline bool cne(const complex<T>& x, const complex<T>& y) {
  return x.re != y.re || x.im != y.im;
}

template <class T>
__device__ inline bool cisnan(const complex<T>& z) {
  return isnan(z.re) || isnan(z.im);
}

// maximum/minimum: the first argument when it has a NaN or wins; fmax/fmin: the first unless
// the second wins and has no NaN.
template <class T>
__device__ inline complex<T> cmaximum(const complex<T>& a, const complex<T>& b) {
  return (cisnan(a) || cge(a, b)) ? a : b;
}
template <class T>
__device__ inline complex<T> cminimum(const complex<T>& a, const complex<T>& b) {
  return (cisnan(a) || cle(a, b)) ? a : b;
}
template <class T>
__device__ inline complex<T> cfmax(const complex<T>& a, const complex<T>& b) {
  return (cisnan(b) || cge(a, b)) ? a : b;
}
template <class T>
__device__ inline complex<T> cfmin(const complex<T>& a, const complex<T>& b) {
  return (cisnan(b) || cle(a, b)) ? a : b;
}

// numpy.clip's complex order has no NaN rule for the bound: real parts, then imaginary.
template <class T>
__device__ inline complex<T> cclip(const complex<T>& x, const complex<T>& lo,
                                   const complex<T>& hi) {
  const bool x_above = x.re == lo.re ? x.im > lo.im : x.re > lo.re;
  const complex<T> m = (cisnan(x) || x_above) ? x : lo;
  const bool m_below = m.re == hi.re ? m.im < hi.im : m.re < hi.re;
  return (cisnan(m) || m_below) ? m : hi;
}

}  // namespace cupylike
