// hypot rounded as glibc (2.35 and later) rounds it, for a GPU: NumPy's hypot loops and its
// complex formulas (sign, log1p) call the C library's hypot, which CUDA's differs from by an
// ulp or two and which CUDA's overflows to inf below the largest double. The cpu device calls
// the C library itself; on a GPU (and the emulated GPU, which checks these against NumPy)
// libc_hypot computes the same roundings:
// - float: the squares are exact in double and their sum is rounded once; its correctly
//   rounded square root is rounded to float.
// - double: the square root of the rounded sum of squares, improved by one correction step
//   from the exact residual a^2 + b^2 - h^2 written as sums of small products (Borges, "An
//   Improved Algorithm for hypot(a,b)", 2019, the variant without fused multiply-adds), on
//   arguments scaled by 2^-600 or 2^600 where squares would overflow or lose bits.
// The kernels compile without contraction (--fmad=false, -ffp-contract=off), which the
// correction step needs: each product and sum is rounded on its own.
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/floating.cuh>

namespace cupylike {

#if defined(__CUDACC__)

namespace hypot_detail {

// sqrt(a^2 + b^2) for a >= b > 0 with a^2 and b^2 normal or zero (no overflow).
__device__ inline double corrected(double a, double b) {
  double h = sqrt(a * a + b * b);
  double t1, t2;
  if (h <= 2.0 * b) {
    const double d = h - b;
    t1 = a * (2.0 * d - a);
    t2 = (d - 2.0 * (a - b)) * d;
  } else {
    const double d = h - a;
    t1 = 2.0 * d * (a - 2.0 * b);
    t2 = (4.0 * d - b) * b + d * d;
  }
  return h - (t1 + t2) / (2.0 * h);
}

}  // namespace hypot_detail

__device__ inline double libc_hypot(double x, double y) {
  if (isinf(x) || isinf(y)) return infinity<double>();
  if (isnan(x) || isnan(y)) return x + y;
  double a = fabs(x), b = fabs(y);
  if (a < b) {
    const double t = a;
    a = b;
    b = t;
  }
  if (b == 0.0) return a;
  const double up = 0x1p600, down = 0x1p-600;
  // b below 2^-54 a adds less than a quarter ulp: a is the rounded result.
  if (b <= a * 0x1p-54) return a;
  if (a > 0x1p500) return hypot_detail::corrected(a * down, b * down) * up;
  if (b < 0x1p-500) return hypot_detail::corrected(a * up, b * up) * down;
  return hypot_detail::corrected(a, b);
}

__device__ inline float libc_hypot(float x, float y) {
  if (isinf(x) || isinf(y)) return infinity<float>();
  if (isnan(x) || isnan(y)) return x + y;
  const double a = x, b = y;
  return static_cast<float>(sqrt(a * a + b * b));
}

#else

// The C library's own, which NumPy calls.
inline double libc_hypot(double x, double y) { return ::hypot(x, y); }
inline float libc_hypot(float x, float y) { return ::hypotf(x, y); }

#endif

}  // namespace cupylike
