// Complex functions of the ufunc table (exp, log, sqrt, the trigonometric and hyperbolic
// functions and their inverses, power) with NumPy's results.
//
// NumPy on Linux calls the C library's complex functions (glibc's cexp, clog, csqrt, csin, ...,
// cpow; cexpf... for complex64) and adds formulas of its own for exp2, expm1, log2, log10, log1p
// and for powers with small integer exponents. The formulas are written here once for both
// devices. The C library's functions are the one place where the two backends differ in a
// kernel header:
// - cpu device: GCC's (and Clang's) builtins __builtin_cexp, ... which are calls to the C
//   library's functions, the same calls libstdc++'s std::exp(std::complex<double>) makes,
//   without parsing <complex> (130 ms more per kernel module compile with g++, measured).
// - cuda device: NVRTC has no C library; complex_elementary.cuh and complex_inverse.cuh
//   implement the same functions on CUDA's real math functions, with glibc's special values
//   (C99 Annex G) and scaling where the textbook formulas overflow; accuracy is CUDA's math
//   library's plus a few roundings (tests/helpers/ufunc_accuracy.py). libcu++'s cuda::std::complex
//   functions were used before: they overflow in intermediates (exp, the inverse functions of
//   huge arguments) and differ from glibc in signed zeros and NaNs.
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/complex.cuh>
#include <cupylike/ufunc/transcendental.cuh>
#if defined(__CUDACC__)
#include <cupylike/ufunc/complex_elementary.cuh>
#include <cupylike/ufunc/complex_inverse.cuh>
#endif

namespace cupylike {

#if !defined(__CUDACC__)

namespace complex_libm {

// GNU C's complex types, the C library's argument and result types.
typedef __complex__ float cfloat;
typedef __complex__ double cdouble;
inline cfloat to_lib(const complex<float>& z) {
  cfloat c;
  __real__ c = z.re;
  __imag__ c = z.im;
  return c;
}
inline cdouble to_lib(const complex<double>& z) {
  cdouble c;
  __real__ c = z.re;
  __imag__ c = z.im;
  return c;
}
inline complex<float> from_lib(cfloat c) { return complex<float>(__real__ c, __imag__ c); }
inline complex<double> from_lib(cdouble c) { return complex<double>(__real__ c, __imag__ c); }

}  // namespace complex_libm

#define CUPYLIKE_LIBC_COMPLEX_FN(c_name)                                           \
  inline complex<float> c_name(const complex<float>& z) {                          \
    return complex_libm::from_lib(__builtin_##c_name##f(complex_libm::to_lib(z))); \
  }                                                                                \
  inline complex<double> c_name(const complex<double>& z) {                        \
    return complex_libm::from_lib(__builtin_##c_name(complex_libm::to_lib(z)));    \
  }
CUPYLIKE_LIBC_COMPLEX_FN(cexp)
CUPYLIKE_LIBC_COMPLEX_FN(clog)
CUPYLIKE_LIBC_COMPLEX_FN(csqrt)
CUPYLIKE_LIBC_COMPLEX_FN(csin)
CUPYLIKE_LIBC_COMPLEX_FN(ccos)
CUPYLIKE_LIBC_COMPLEX_FN(ctan)
CUPYLIKE_LIBC_COMPLEX_FN(casin)
CUPYLIKE_LIBC_COMPLEX_FN(cacos)
CUPYLIKE_LIBC_COMPLEX_FN(catan)
CUPYLIKE_LIBC_COMPLEX_FN(csinh)
CUPYLIKE_LIBC_COMPLEX_FN(ccosh)
CUPYLIKE_LIBC_COMPLEX_FN(ctanh)
CUPYLIKE_LIBC_COMPLEX_FN(casinh)
CUPYLIKE_LIBC_COMPLEX_FN(cacosh)
CUPYLIKE_LIBC_COMPLEX_FN(catanh)
#undef CUPYLIKE_LIBC_COMPLEX_FN

// The C library's cpow (the GPU's is in complex_elementary.cuh).
inline complex<float> cpow_c99(const complex<float>& a, const complex<float>& b) {
  return complex_libm::from_lib(__builtin_cpowf(complex_libm::to_lib(a), complex_libm::to_lib(b)));
}
inline complex<double> cpow_c99(const complex<double>& a, const complex<double>& b) {
  return complex_libm::from_lib(__builtin_cpow(complex_libm::to_lib(a), complex_libm::to_lib(b)));
}

#endif

// NumPy's own formulas, in its order of operations so that results agree to the bit.

// 2**z = exp(z ln 2), the product taken part by part.
template <class T>
__device__ inline complex<T> cexp2(const complex<T>& z) {
  return cexp(complex<T>(z.re * ln2<T>(), z.im * ln2<T>()));
}
// log_b(z) = log(z) / ln b, as a product by the constant 1 / ln b, part by part.
template <class T>
__device__ inline complex<T> clog2(const complex<T>& z) {
  const complex<T> l = clog(z);
  return complex<T>(l.re * log2e<T>(), l.im * log2e<T>());
}
template <class T>
__device__ inline complex<T> clog10(const complex<T>& z) {
  const T log10e = T(0.434294481903251827651128918916605082);
  const complex<T> l = clog(z);
  return complex<T>(l.re * log10e, l.im * log10e);
}
// log(1 + z) = log|1 + z| + i arg(1 + z).
template <class T>
__device__ inline complex<T> clog1p(const complex<T>& z) {
  const T re = z.re + T(1);
  return complex<T>(log(libc_hypot(re, z.im)), atan2(z.im, re));
}
// exp(z) - 1, the real part without cancellation near 0: expm1(x) cos(y) - 2 sin^2(y/2).
template <class T>
__device__ inline complex<T> cexpm1(const complex<T>& z) {
  const T s = sin(z.im / T(2));
  return complex<T>(expm1(z.re) * cos(z.im) - T(2) * s * s, exp(z.re) * sin(z.im));
}

// a**b as NumPy's complex power loop computes it: b == 0 gives 1; a zero base gives 0 for
// Re(b) > 0 and NaN otherwise; an integer exponent |n| < 100 is a product of repeated squares
// (n = 1, 2, 3 written out; a negative n inverts it with NumPy's division), which keeps
// infinities and exact results that exp(b log a) would lose; anything else is the C library's
// cpow.
template <class T>
__device__ inline complex<T> cpow(const complex<T>& a, const complex<T>& b) {
  if (b.re == T(0) && b.im == T(0)) return complex<T>(T(1), T(0));
  if (a.re == T(0) && a.im == T(0)) {
    const T nan = T(__int_as_float(0x7fc00000));  // NumPy's NPY_NAN: the positive quiet NaN
    return b.re > T(0) ? complex<T>(T(0), T(0)) : complex<T>(nan, nan);
  }
  if (b.im == T(0) && fabs(b.re) < T(100)) {
    const int n = static_cast<int>(b.re);
    if (static_cast<T>(n) == b.re) {
      if (n == 1) return a;
      if (n == 2) return cmul(a, a);
      if (n == 3) return cmul(a, cmul(a, a));
      const int m = n < 0 ? -n : n;
      complex<T> acc(T(1), T(0)), p = a;
      for (int mask = 1;; mask <<= 1) {
        if (m & mask) acc = cmul(acc, p);
        if (m < (mask << 1)) break;
        p = cmul(p, p);
      }
      return n < 0 ? cdiv(complex<T>(T(1), T(0)), acc) : acc;
    }
  }
  return cpow_c99(a, b);
}

}  // namespace cupylike
