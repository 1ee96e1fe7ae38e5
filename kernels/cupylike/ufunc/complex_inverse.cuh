// The C library's complex inverse trigonometric and hyperbolic functions for a GPU: asin, acos
// (Hull, Fairgrieve and Tang, "Implementing the complex arcsine and arccosine functions using
// exception handling", 1997), atanh (Kahan, "Branch cuts for complex elementary functions",
// 1987) and the others through Annex G's identities, with glibc's special values. Each is
// computed on |x| + i|y| and given its signs by the function's symmetries, which puts the
// signed zeros on the right side of each branch cut.
#pragma once
#include <cupylike/ufunc/complex_elementary.cuh>

namespace cupylike {

namespace complex_detail {

// asin(x + iy) = re_asin + i im and acos(x + iy) = re_acos - i im, for x, y >= 0.
template <class T>
struct ArcParts {
  T re_asin, re_acos, im;
};

template <class T>
__device__ inline ArcParts<T> arc_parts(T x, T y) {
  using L = limits<T>;
  const T nan = quiet_nan<T>(), inf = infinity<T>();
  if (isnan(x) || isnan(y)) {
    if (isinf(x) || isinf(y)) return {nan, nan, inf};  // the magnitude is infinite
    if (x == T(0)) return {x, half_pi<T>(), nan};      // on the imaginary axis
    return {nan, nan, nan};
  }
  if (x > L::big || y > L::big) {
    // asin z = -i log(2iz) + O(1/z^2): the real part is arg(iz), the imaginary log(2|z|).
    const T im = isinf(x) || isinf(y) ? inf : log_abs(x, y) + ln2<T>();
    return {atan2(x, y), atan2(y, x), im};
  }
  // With R = |z + 1| and S = |z - 1|, A = (R + S) / 2 >= 1 and B = x / A:
  // asin z = asin B + i log(A + sqrt(A^2 - 1)). Near B = 1 and A = 1 those lose the small
  // differences A - x and A - 1, which are formed from R - (x + 1) = y^2 / (R + x + 1) and
  // S - |x - 1| = y^2 / (S + |x - 1|) instead.
  const T b_cross = T(0.6417), a_cross = T(1.5);
  const T xp1 = x + T(1), xm1 = x - T(1), yy = y * y;
  const T r = libc_hypot(xp1, y), s = libc_hypot(xm1, y);
  const T a = (r + s) * T(0.5), b = x / a;
  T re_asin, re_acos;
  if (b <= b_cross) {
    re_asin = asin(b);
    re_acos = acos(b);
  } else {
    // asin B = atan(x / q) with q = sqrt(A^2 - x^2) = sqrt((A + x)(A - x)). For x > 1 the
    // y^2 factor of A - x stays outside the root so that it cannot underflow; for x <= 1 the
    // normal factor (A + x) / 2 comes first, as A - x may be subnormal (x = 1, tiny y).
    const T apx = a + x;
    const T q = x <= T(1) ? sqrt(apx * T(0.5) * (yy / (r + xp1) + (s + (T(1) - x))))
                          : y * sqrt((apx / (r + xp1) + apx / (s + xm1)) * T(0.5));
    re_asin = atan(x / q);
    re_acos = atan(q / x);
  }
  T im;
  if (x < T(1) && y < L::eps * (T(1) - x)) {
    // y^2 may underflow here; the imaginary part is y / sqrt(1 - x^2) to the last bit.
    im = y / sqrt((T(1) - x) * xp1);
  } else if (a <= a_cross) {
    // 2(A - 1), halved inside the root's normal factor so that a subnormal keeps its bits.
    const T am1x2 = yy / (r + xp1) + (x < T(1) ? yy / (s + (T(1) - x)) : s + xm1);
    im = log1p(am1x2 * T(0.5) + sqrt(am1x2 * ((a + T(1)) * T(0.5))));
  } else {
    im = log(a + sqrt(a * a - T(1)));
  }
  return {re_asin, re_acos, im};
}

// atanh(x + iy) for x, y >= 0 (Kahan): Re = log1p(4x / ((1 - x)^2 + y^2)) / 4 and
// Im = arg((1 - x)(1 + x) - y^2 + 2iy) / 2, where neither difference cancels badly.
template <class T>
__device__ inline complex<T> atanh_parts(T x, T y) {
  using L = limits<T>;
  const T nan = quiet_nan<T>();
  if (isnan(x) || isnan(y)) {
    if (isinf(y)) return complex<T>(T(0), half_pi<T>());  // atanh(NaN + i inf) = 0 + i pi/2
    if (isinf(x) || x == T(0)) return complex<T>(T(0), nan);
    return complex<T>(nan, nan);
  }
  if (x > L::big || y > L::big) {
    // atanh z = 1/z + i pi/2 + O(1/z^3) in the first quadrant, with 1/z = conj(z) / |z|^2
    // formed on z / max(x, y): |z|^2 itself may overflow where 1/z is still a subnormal.
    if (isinf(x) || isinf(y)) return complex<T>(T(0), half_pi<T>());
    const T m = fmax(x, y), xs = x / m, ys = y / m, n = xs * xs + ys * ys;
    return complex<T>(xs / n / m, half_pi<T>() - ys / n / m);
  }
  T re;
  if (x == T(1)) {
    // The pole at 1: Re = log1p(4 / y^2) / 4, which is (ln 2 - log y) / 2 once y^2 is below
    // eps (and y^2 may underflow); 1 + i0 gives +inf.
    re = y * y < L::eps ? (ln2<T>() - log(y)) * T(0.5) : log1p(T(4) / (y * y)) * T(0.25);
  } else {
    const T d = T(1) - x;
    re = log1p(T(4) * x / (d * d + y * y)) * T(0.25);
  }
  return complex<T>(re, atan2(T(2) * y, (T(1) - x) * (T(1) + x) - y * y) * T(0.5));
}

}  // namespace complex_detail

template <class T>
__device__ inline complex<T> casin(const complex<T>& z) {
  const complex_detail::ArcParts<T> p = complex_detail::arc_parts(fabs(z.re), fabs(z.im));
  return complex<T>(copysign(p.re_asin, z.re), copysign(p.im, z.im));  // odd, conj-symmetric
}

// acos(-z) = pi - acos(z), acos(conj z) = conj(acos z).
template <class T>
__device__ inline complex<T> cacos(const complex<T>& z) {
  const complex_detail::ArcParts<T> p = complex_detail::arc_parts(fabs(z.re), fabs(z.im));
  // The imaginary part has the opposite of y's sign bit, read as a bit: negating a NaN y
  // would leave its sign to the hardware (a GPU makes it a canonical NaN).
  return complex<T>(signbit(z.re) ? pi<T>() - p.re_acos : p.re_acos, signbit(z.im) ? p.im : -p.im);
}

// asinh z = -i asin(iz).
template <class T>
__device__ inline complex<T> casinh(const complex<T>& z) {
  const complex_detail::ArcParts<T> p = complex_detail::arc_parts(fabs(z.im), fabs(z.re));
  return complex<T>(copysign(p.im, z.re), copysign(p.re_asin, z.im));
}

// acosh z = +-i acos z, the sign making the real part non-negative (Annex G).
template <class T>
__device__ inline complex<T> cacosh(const complex<T>& z) {
  const complex_detail::ArcParts<T> p = complex_detail::arc_parts(fabs(z.re), fabs(z.im));
  const T re_acos = signbit(z.re) ? pi<T>() - p.re_acos : p.re_acos;
  // acosh(+-0 + iNaN) = NaN + i pi/2 whatever the NaN's sign (glibc).
  return complex<T>(p.im, isnan(z.im) ? re_acos : copysign(re_acos, z.im));
}

template <class T>
__device__ inline complex<T> catanh(const complex<T>& z) {
  const complex<T> p = complex_detail::atanh_parts(fabs(z.re), fabs(z.im));
  return complex<T>(copysign(p.re, z.re), copysign(p.im, z.im));  // odd, conj-symmetric
}

// atan z = -i atanh(iz).
template <class T>
__device__ inline complex<T> catan(const complex<T>& z) {
  const complex<T> p = complex_detail::atanh_parts(fabs(z.im), fabs(z.re));
  return complex<T>(copysign(p.im, z.re), copysign(p.re, z.im));
}

}  // namespace cupylike
