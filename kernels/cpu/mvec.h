// glibc's vector math library (libmvec) for the ufunc table's real loops. Off unless the host
// compiler defines CUPYLIKE_CPU_LIBMVEC and links -lmvec.
//
// GCC vectorises a loop that calls a function declared __attribute__((simd)) into calls of its
// vector variants, named by the x86-64 vector function ABI (_ZGVbN4v_expf: SSE, 4 floats;
// _ZGVdN8v_expf: AVX2; _ZGVeN16v_expf: AVX-512), which libmvec provides. glibc's <math.h>
// declares them only under -ffast-math, which we cannot use (NaN and infinity semantics), and
// a declaration of expf itself with the attribute would vectorise every call in the module. So
// each function gets a second name here, __cpuk_mvec_expf for expf (same symbol, through an
// asm label), which carries the attribute: only the calls that use that name vectorise, namely
// the plain real loops through CUPYLIKE_VECTOR_MATH (kernels/cupylike/ufunc/transcendental.cuh).
// Formulas that must reproduce NumPy's scalar C library calls bit for bit (logaddexp, the
// complex formulas) keep calling expf, which stays scalar.
//
// Not under the prelude's hidden visibility: the vector variants are libmvec's exported
// symbols. `const`: the vector variants set no errno, and under -fno-math-errno neither do the
// scalar functions they fall back to; without it the vectoriser sees calls that may write memory.
// Results differ from the scalar functions' by a few ULPs (bounds in tests/helpers/ufunc_accuracy.py).
// The loop must also be one GCC vectorises at -O2: the elementwise loop needs a runtime alias
// check there, which the default "very cheap" cost model refuses, hence
// -fvect-cost-model=dynamic with CUPYLIKE_CPU_LIBMVEC. -march=native selects the AVX2 or
// AVX-512 variants (2-3x faster than SSE's); the kernel cache key must then name the CPU.
#ifndef CUPYLIKE_CPU_MVEC_H
#define CUPYLIKE_CPU_MVEC_H

// glibc 2.35 completed the set (2.22 had exp, log, sin, cos and pow); older ones go without.
#if defined(CUPYLIKE_CPU_LIBMVEC) && defined(__x86_64__) && defined(__GLIBC__) && \
    !defined(__clang__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 35)

#define __CPUK_MVEC_1(fn)                                                     \
  extern "C" float __cpuk_mvec_##fn##f(float) noexcept __asm__(#fn "f")       \
      __attribute__((simd("notinbranch"), const));                            \
  extern "C" double __cpuk_mvec_##fn(double) noexcept __asm__(#fn)            \
      __attribute__((simd("notinbranch"), const));                            \
  inline float __cpuk_vector_##fn(float x) { return __cpuk_mvec_##fn##f(x); } \
  inline double __cpuk_vector_##fn(double x) { return __cpuk_mvec_##fn(x); }
#define __CPUK_MVEC_2(fn)                                                                 \
  extern "C" float __cpuk_mvec_##fn##f(float, float) noexcept __asm__(#fn "f")            \
      __attribute__((simd("notinbranch"), const));                                        \
  extern "C" double __cpuk_mvec_##fn(double, double) noexcept __asm__(#fn)                \
      __attribute__((simd("notinbranch"), const));                                        \
  inline float __cpuk_vector_##fn(float x, float y) { return __cpuk_mvec_##fn##f(x, y); } \
  inline double __cpuk_vector_##fn(double x, double y) { return __cpuk_mvec_##fn(x, y); }

__CPUK_MVEC_1(exp)
__CPUK_MVEC_1(exp2)
__CPUK_MVEC_1(expm1)
__CPUK_MVEC_1(log)
__CPUK_MVEC_1(log2)
__CPUK_MVEC_1(log10)
__CPUK_MVEC_1(log1p)
__CPUK_MVEC_1(cbrt)
__CPUK_MVEC_1(sin)
__CPUK_MVEC_1(cos)
__CPUK_MVEC_1(tan)
__CPUK_MVEC_1(asin)
__CPUK_MVEC_1(acos)
__CPUK_MVEC_1(atan)
__CPUK_MVEC_1(sinh)
__CPUK_MVEC_1(cosh)
__CPUK_MVEC_1(tanh)
__CPUK_MVEC_1(asinh)
__CPUK_MVEC_1(acosh)
__CPUK_MVEC_1(atanh)
__CPUK_MVEC_2(atan2)
__CPUK_MVEC_2(hypot)
__CPUK_MVEC_2(pow)
#undef __CPUK_MVEC_1
#undef __CPUK_MVEC_2

// The vectorisable name of one of the functions above.
#define __CPUK_VECTOR_MATH(fn) __cpuk_vector_##fn

#endif
#endif  // CUPYLIKE_CPU_MVEC_H
