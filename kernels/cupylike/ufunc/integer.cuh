// Integer helpers of the ufunc table: NumPy's results where C's operators differ or trap.
//
// Arithmetic that may wrap is done in an unsigned type at least as wide as int (`wide_uint`):
// signed overflow is undefined in C++ and NVRTC may assume it away, and the usual promotions
// would turn unsigned short * unsigned short into a signed int product that overflows. Wrapping
// in the wider unsigned type and truncating keeps exactly the low bits NumPy's C loops keep.
#pragma once
#include <cupylike/types.cuh>

namespace cupylike {

template <int Bytes>
struct uint_of {
  typedef unsigned int type;
};
template <>
struct uint_of<8> {
  typedef unsigned long long type;
};
template <class T>
struct wide_uint {
  typedef typename uint_of<sizeof(T)>::type type;
};

template <class T>
struct is_signed_int {
  static const bool value = T(-1) < T(0);
};

template <class T>
__device__ inline T wrap_neg(T a) {
  typedef typename wide_uint<T>::type U;
  return T(U(0) - U(a));
}
template <class T>
__device__ inline T wrap_mul(T a, T b) {
  typedef typename wide_uint<T>::type U;
  return T(U(a) * U(b));
}
// |a| with wrap-around: abs(int8(-128)) is -128 in NumPy.
template <class T>
__device__ inline T wrap_abs(T a) {
  return a < T(0) ? wrap_neg(a) : a;
}
// |a| as the unsigned type: exact for the most negative value too.
template <class T>
__device__ inline typename wide_uint<T>::type magnitude(T a) {
  typedef typename wide_uint<T>::type U;
  return a < T(0) ? U(0) - U(a) : U(a);
}

// Python's floor division. Division by zero gives 0 (NumPy warns and gives 0); MIN // -1
// gives MIN as NumPy does: it is computed as a negation, because the hardware division of MIN
// by -1 raises SIGFPE on x86 (the cpu device) for int and long long.
template <class T>
__device__ inline T floor_div(T a, T b) {
  if (b == T(0)) return T(0);
  if (is_signed_int<T>::value) {
    if (b == T(-1)) return wrap_neg(a);
    T q = T(a / b);
    if (T(a % b) != T(0) && ((a < T(0)) != (b < T(0)))) q = T(q - T(1));
    return q;
  }
  return T(a / b);
}

// Python's modulo: the sign of the divisor; 0 for a zero divisor and for MIN % -1.
template <class T>
__device__ inline T py_mod(T a, T b) {
  if (b == T(0)) return T(0);
  if (is_signed_int<T>::value) {
    if (b == T(-1)) return T(0);
    T r = T(a % b);
    if (r != T(0) && ((r < T(0)) != (b < T(0)))) r = T(r + b);
    return r;
  }
  return T(a % b);
}

// C's remainder (numpy.fmod): the sign of the dividend; 0 for a zero divisor and MIN % -1.
template <class T>
__device__ inline T fmod_int(T a, T b) {
  if (b == T(0) || (is_signed_int<T>::value && b == T(-1))) return T(0);
  return T(a % b);
}

template <class T>
__device__ inline void divmod_int(T a, T b, T& q, T& r) {
  q = floor_div(a, b);
  r = py_mod(a, b);
}

// Integer power by repeated squaring, wrapping as NumPy's loop does. A negative exponent has
// no integer result: NumPy raises ValueError (cupylike raises too when the exponent is a
// scalar, see the ufunc's rules); from an array we give the truncated value of 1 / a**-b,
// which is 0 except for the bases 1 and -1 (docs/differences.md).
template <class T>
__device__ inline T int_power(T a, T b) {
  typedef typename wide_uint<T>::type U;
  if (b < T(0)) {
    if (a == T(1)) return T(1);
    if (a == T(-1)) return (U(b) & 1u) ? T(-1) : T(1);
    return T(0);
  }
  U base = U(a), r = 1;
  for (U e = U(b); e != 0; e >>= 1) {
    if (e & 1u) r *= base;
    base *= base;
  }
  return T(r);
}

// Shifts as NumPy defines them for any count: counts of the bit width or more, and negative
// counts (which compare as huge unsigned values), shift everything out: 0, or -1 when a
// negative value is shifted right.
template <class T>
__device__ inline T left_shift(T a, T b) {
  typedef typename wide_uint<T>::type U;
  if ((unsigned long long)b >= 8 * sizeof(T)) return T(0);
  return T(U(a) << (int)b);
}
template <class T>
__device__ inline T right_shift(T a, T b) {
  if ((unsigned long long)b >= 8 * sizeof(T)) return a < T(0) ? T(-1) : T(0);
  return T(a >> (int)b);
}

// gcd and lcm of the magnitudes, in the unsigned type (NumPy's npy_gcdu), so gcd(MIN, 0) is
// |MIN|, which wraps back to MIN in the signed type as in NumPy.
template <class U>
__device__ inline U gcd_magnitudes(U x, U y) {
  while (x != 0) {
    U c = x;
    x = y % x;
    y = c;
  }
  return y;
}
template <class T>
__device__ inline T gcd(T a, T b) {
  return T(gcd_magnitudes(magnitude(a), magnitude(b)));
}
template <class T>
__device__ inline T lcm(T a, T b) {
  typedef typename wide_uint<T>::type U;
  U x = magnitude(a), y = magnitude(b), g = gcd_magnitudes(x, y);
  return g == 0 ? T(0) : T(x / g * y);
}

// numpy.clip for integers and bool: min(max(x, lo), hi), so hi wins when lo > hi.
template <class T>
__device__ inline T clip_int(T x, T lo, T hi) {
  const T m = x < lo ? lo : x;
  return hi < m ? hi : m;
}

template <class T>
__device__ inline T int_sign(T a) {
  return a > T(0) ? T(1) : (a < T(0) ? T(-1) : T(0));
}

// The order of a signed and an unsigned 64-bit integer (NumPy's 'qQ->?' comparison loops):
// negative, zero or positive as a is below, equal to or above b.
__device__ inline int order(long long a, unsigned long long b) {
  if (a < 0) return -1;
  unsigned long long u = (unsigned long long)a;
  return u < b ? -1 : (u > b ? 1 : 0);
}
__device__ inline int order(unsigned long long a, long long b) { return -order(b, a); }

}  // namespace cupylike
