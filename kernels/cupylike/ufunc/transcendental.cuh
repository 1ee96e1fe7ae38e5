// Real transcendental functions of the ufunc table: the math library's functions as the real
// loops call them (cupylike::vec), and NumPy's formulas where its loop is not one C call
// (logaddexp, logaddexp2, degrees, radians). NumPy calls the C library too, or on x86 its own
// SIMD versions, a few ULPs away (bounds in tests/helpers/ufunc_accuracy.py).
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/hypot.cuh>

// The table's plain real loops (exp, sin, atan2, ...) call the math library through
// cupylike::vec::exp and so on: the C functions, except on the cpu device with glibc's vector
// math library enabled (kernels/cpu/mvec.h), where they are names of the same functions that
// let GCC vectorise the loops. Formulas that must give NumPy's results bit for bit from the
// same scalar calls NumPy makes (logaddexp, the complex formulas) call the plain functions.
#if defined(__CPUK_VECTOR_MATH)
#define CUPYLIKE_VECTOR_MATH(fn) __CPUK_VECTOR_MATH(fn)
#else
#define CUPYLIKE_VECTOR_MATH(fn) ::fn
#endif

namespace cupylike {

namespace vec {
#define CUPYLIKE_VEC_1(fn)              \
  template <class T>                    \
  __device__ inline T fn(T x) {         \
    return CUPYLIKE_VECTOR_MATH(fn)(x); \
  }
#define CUPYLIKE_VEC_2(fn)                 \
  template <class T>                       \
  __device__ inline T fn(T x, T y) {       \
    return CUPYLIKE_VECTOR_MATH(fn)(x, y); \
  }
CUPYLIKE_VEC_1(exp)
CUPYLIKE_VEC_1(exp2)
CUPYLIKE_VEC_1(expm1)
CUPYLIKE_VEC_1(log)
CUPYLIKE_VEC_1(log2)
CUPYLIKE_VEC_1(log10)
CUPYLIKE_VEC_1(log1p)
CUPYLIKE_VEC_1(cbrt)
CUPYLIKE_VEC_1(sin)
CUPYLIKE_VEC_1(cos)
CUPYLIKE_VEC_1(tan)
CUPYLIKE_VEC_1(asin)
CUPYLIKE_VEC_1(acos)
CUPYLIKE_VEC_1(atan)
CUPYLIKE_VEC_1(sinh)
CUPYLIKE_VEC_1(cosh)
CUPYLIKE_VEC_1(tanh)
CUPYLIKE_VEC_1(asinh)
CUPYLIKE_VEC_1(acosh)
CUPYLIKE_VEC_1(atanh)
CUPYLIKE_VEC_2(atan2)
CUPYLIKE_VEC_2(pow)
#undef CUPYLIKE_VEC_1
#undef CUPYLIKE_VEC_2
// A GPU's hypot rounds as the C library's does (hypot.cuh), not as CUDA's.
template <class T>
__device__ inline T hypot(T x, T y) {
#if defined(__CUDACC__)
  return libc_hypot(x, y);
#else
  return CUPYLIKE_VECTOR_MATH(hypot)(x, y);
#endif
}
}  // namespace vec

// power's real loops. CUDA's pow is within 2 ulps but not correctly rounded (pow(3, -1) is
// 0.33333333333333337, pow(3, 1) is 2.9999999999999996), while NumPy's power gives the exact
// x * x, 1 / x, x, 1 and sqrt(x) for the exponents 2, -1, 1, 0 and 0.5: its loops take those
// shortcuts for a broadcast exponent, and glibc's pow rounds them correctly elsewhere. A GPU
// computes them so; 0.5 only for a finite positive x, where pow and sqrt agree (a broadcast
// 0.5 of -0 or -inf gives sqrt's -0 and NaN in NumPy, pow's 0 and inf here: docs/status.md).
template <class T>
__device__ inline T real_power(T x, T y) {
#if defined(__CUDACC__)
  if (y == T(2)) return x * x;
  if (y == T(-1)) return T(1) / x;
  if (y == T(1)) return x;
  if (y == T(0)) return T(1);
  if (y == T(0.5) && x > T(0) && x < infinity<T>()) return sqrt(x);
#endif
  return pow(x, y);
}

template <class T>
__device__ inline T ln2() {
  return T(0.693147180559945309417232121458176568);
}
template <class T>
__device__ inline T log2e() {
  return T(1.442695040888963407359924681001892137);
}
template <class T>
__device__ inline T pi() {
  return T(3.141592653589793238462643383279502884);
}

// log(exp(x) + exp(y)) without overflow, as NumPy's npy_logaddexp computes it: equal arguments
// (infinities of one sign included, which would otherwise give inf - inf) take the shortcut
// x + ln 2; otherwise the larger one plus log1p(exp(-|x - y|)); a NaN difference is returned
// as it is.
template <class T>
__device__ inline T logaddexp(T x, T y) {
  if (x == y) return x + ln2<T>();
  const T d = x - y;
  if (d > 0) return x + log1p(exp(-d));
  if (d <= 0) return y + log1p(exp(d));
  return d;
}

// The same in base 2: log2(1 + t) is formed as log2(e) * log1p(t), NumPy's order of operations.
template <class T>
__device__ inline T logaddexp2(T x, T y) {
  if (x == y) return x + T(1);
  const T d = x - y;
  if (d > 0) return x + log2e<T>() * log1p(exp2(-d));
  if (d <= 0) return y + log2e<T>() * log1p(exp2(d));
  return d;
}

// NumPy multiplies by a factor rounded in the loop's own type: float's is 180.0f / pi_f, which
// differs by one ULP from float(180 / pi).
template <class T>
__device__ inline T rad2deg(T x) {
  return x * (T(180) / pi<T>());
}
template <class T>
__device__ inline T deg2rad(T x) {
  return x * (pi<T>() / T(180));
}

}  // namespace cupylike
