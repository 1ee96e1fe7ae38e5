// Floating-point helpers of the ufunc table, with NumPy's results for signed zeros, NaNs and
// infinities. float16 loops compute in float (the table's convention); the helpers that NumPy
// computes on float16's bits (spacing, nextafter) take the float and work on its half bits.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/types.cuh>

namespace cupylike {

// NumPy's NPY_NAN: the positive quiet NaN (x86 arithmetic makes negative ones).
template <class T>
__device__ inline T quiet_nan() {
  return T(__longlong_as_double(0x7ff8000000000000LL));
}
template <>
__device__ inline float quiet_nan<float>() {
  return __int_as_float(0x7fc00000);
}
template <class T>
__device__ inline T infinity() {
  return T(__longlong_as_double(0x7ff0000000000000LL));
}

// Python's divmod for floats, as NumPy's npy_divmod computes it: the quotient is formed from
// fmod, the remainder takes the divisor's sign, zeros carry the right signs, and the quotient
// is snapped to the nearest integer.
template <class T>
__device__ inline T py_divmod(T a, T b, T& mod) {
  T m = fmod(a, b);
  if (!b) {  // b == 0 (not NaN): fmod's NaN and the infinite or NaN quotient
    mod = m;
    return a / b;
  }
  T div = (a - m) / b;
  if (m) {
    if ((b < T(0)) != (m < T(0))) {
      m += b;
      div -= T(1);
    }
  } else {
    m = copysign(T(0), b);
  }
  T floordiv;
  if (div) {
    floordiv = floor(div);
    if (div - floordiv > T(0.5)) floordiv += T(1);
  } else {
    floordiv = copysign(T(0), a / b);
  }
  mod = m;
  return floordiv;
}
template <class T>
__device__ inline T floor_divide(T a, T b) {
  T mod;
  return !b ? a / b : py_divmod(a, b, mod);
}
template <class T>
__device__ inline T remainder(T a, T b) {
  T mod;
  if (!b) return fmod(a, b);
  py_divmod(a, b, mod);
  return mod;
}

// sign: NaN passes through (its payload and sign too), both zeros give +0.
template <class T>
__device__ inline T real_sign(T x) {
  return x > T(0) ? T(1) : (x < T(0) ? T(-1) : (x == T(0) ? T(0) : x));
}

template <class T>
__device__ inline T heaviside(T x, T h0) {
  if (isnan(x)) return quiet_nan<T>();
  if (x == T(0)) return h0;
  return x < T(0) ? T(0) : T(1);
}

// numpy.spacing: the distance to the next value away from zero (+tiny for both zeros), NaN
// for infinities; a NaN passes through.
template <class T>
__device__ inline T spacing(T x) {
  if (isinf(x)) return quiet_nan<T>();
  if (isnan(x)) return x;
  if (x == T(0)) return nextafter(T(0), T(1));
  return nextafter(x, copysign(infinity<T>(), x)) - x;
}

// float16 spacing as NumPy computes it on the bits: always positive, with the smaller step
// below negative powers of two; +inf for the largest half, NaN for NaN and infinities.
__device__ inline float half_spacing(float xf) {
  const unsigned h = __half_as_ushort(half_from_float(xf));
  const unsigned e = h & 0x7c00u, sig = h & 0x03ffu;
  unsigned r;
  if (e == 0x7c00u) {
    r = 0x7e00u;
  } else if (h == 0x7bffu) {
    r = 0x7c00u;  // the successor of the largest half overflows
  } else {
    // The last significand bit's weight: 2**-10 of the binade (2**-11 for a negative power of
    // two, measured in the binade below), as an exponent field when that is still normal,
    // else as a subnormal.
    const unsigned shift = (h & 0x8000u) && sig == 0 ? 11u : 10u;
    if (e > (shift << 10))
      r = e - (shift << 10);
    else
      r = e > 0x0400u ? 1u << ((e >> 10) - (shift - 9u)) : 1u;
  }
  return float_from_half(__ushort_as_half((unsigned short)r));
}

// float16 nextafter on the bits, as NumPy's npy_half_nextafter; for equal arguments NumPy 2.4
// returns the first (so nextafter(0, -0) is +0), unlike C's nextafter.
__device__ inline float half_nextafter(float xf, float yf) {
  if (isnan(xf) || isnan(yf)) return quiet_nan<float>();
  if (xf == yf) return xf;
  const unsigned x = __half_as_ushort(half_from_float(xf));
  const unsigned y = __half_as_ushort(half_from_float(yf));
  unsigned r;
  if ((x & 0x7fffu) == 0)
    r = (y & 0x8000u) + 1u;  // the smallest subnormal toward y
  else if ((xf < yf) == !(x & 0x8000u))
    r = x + 1u;  // away from zero: the magnitude grows
  else
    r = x - 1u;
  return float_from_half(__ushort_as_half((unsigned short)r));
}

// frexp with the exponent NumPy reports for infinities and NaNs (0, as glibc).
template <class T>
__device__ inline T frexp_(T x, int& e) {
  e = 0;
  if (!isfinite(x) || x == T(0)) return x;
  return frexp(x, &e);
}

// modf: (fractional part, integral part) with the signs of x; infinities have a zero
// fractional part, NaNs give NaN in both.
template <class T>
__device__ inline T modf_(T x, T& integral) {
  integral = trunc(x);
  return isinf(x) ? copysign(T(0), x) : copysign(x - integral, x);
}

// ldexp with an int64 exponent: outside int's range it saturates (the result is already 0 or
// inf there), as NumPy's 'dl->d' loops do.
template <class T>
__device__ inline T ldexp_long(T x, long long n) {
  const long long lo = -2147483647LL - 1, hi = 2147483647LL;
  return ldexp(x, (int)(n < lo ? lo : (n > hi ? hi : n)));
}

// maximum/minimum propagate NaNs (the first when both are); on ties NumPy's float and double
// loops return the second argument, its float16 loop the first.
template <class T>
__device__ inline T nan_max(T a, T b) {
  return (a > b || isnan(a)) ? a : b;
}
template <class T>
__device__ inline T nan_min(T a, T b) {
  return (a < b || isnan(a)) ? a : b;
}
__device__ inline float half_nan_max(float a, float b) { return (a >= b || isnan(a)) ? a : b; }
__device__ inline float half_nan_min(float a, float b) { return (a <= b || isnan(a)) ? a : b; }

// fmax/fmin ignore a NaN (the first when both are). Ties as NumPy's vector loops give them
// (the second argument) for float and double; its float16 loop returns the first.
template <class T>
__device__ inline T num_max(T a, T b) {
  return isnan(b) ? a : (a > b ? a : b);
}
template <class T>
__device__ inline T num_min(T a, T b) {
  return isnan(b) ? a : (a < b ? a : b);
}
__device__ inline float half_num_max(float a, float b) { return (a >= b || isnan(b)) ? a : b; }
__device__ inline float half_num_min(float a, float b) { return (a <= b || isnan(b)) ? a : b; }

// numpy.clip: max(x, lo) then min(., hi), a NaN anywhere winning. On ties (0 and -0) the
// value is kept, as NumPy's loop does for scalar bounds, the common case (its loop for array
// bounds takes the bound for float and double).
template <class T>
__device__ inline T clip_real(T x, T lo, T hi) {
  T m = (isnan(x) || x >= lo) ? x : lo;
  return (isnan(m) || m <= hi) ? m : hi;
}

}  // namespace cupylike
