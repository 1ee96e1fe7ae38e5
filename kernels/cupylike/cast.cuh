// Conversions between element types with NumPy's rules: to bool is "not zero" (complex: either
// part), complex to real keeps the real part, real to complex has a zero imaginary part, float16
// goes through float (and double through a single rounding to half), and float to integer
// truncates toward zero. C leaves NaN and out-of-range float-to-integer conversions undefined;
// NumPy's results are those of x86's conversion instructions, spelled out below so that both
// devices, and vectorised and scalar loops alike, give them (docs/differences.md).
#pragma once
#include <cupylike/types.cuh>

namespace cupylike {

// float16 conversions with NumPy's NaNs: the sign and the top payload bits survive (CUDA's
// conversions return one canonical NaN, losing the sign that x86 gives NaNs made by 0 * inf).
// Other values convert as CUDA's round-to-nearest-even conversions do, which is NumPy's rule.
__host__ __device__ inline __half half_from_float(float x) {
  if (x == x) return __float2half_rn(x);
  unsigned int f = __float_as_uint(x);
  unsigned int h = 0x7c00u + ((f & 0x007fe000u) >> 13);
  if (h == 0x7c00u) ++h;  // keep it a NaN when the kept payload bits are zero
  return __ushort_as_half((unsigned short)(((f >> 16) & 0x8000u) | h));
}
__host__ __device__ inline __half half_from_double(double x) {
  if (x == x) return __double2half(x);
  unsigned long long d = (unsigned long long)__double_as_longlong(x);
  unsigned int h = 0x7c00u + (unsigned int)((d & 0x000ffc0000000000ULL) >> 42);
  if (h == 0x7c00u) ++h;
  return __ushort_as_half((unsigned short)(((d >> 48) & 0x8000u) | h));
}
__host__ __device__ inline float float_from_half(__half x) {
  unsigned int h = __half_as_ushort(x);
  if ((h & 0x7c00u) != 0x7c00u || (h & 0x03ffu) == 0) return __half2float(x);
  return __uint_as_float(((h & 0x8000u) << 16) | 0x7f800000u | ((h & 0x03ffu) << 13));
}

// Widest real type a value converts through.
template <class T>
struct real_of {
  typedef T type;
};
template <>
struct real_of<__half> {
  typedef float type;
};

template <class From>
__host__ __device__ inline typename real_of<From>::type as_real(From x) {
  return x;
}
__host__ __device__ inline float as_real(__half x) { return float_from_half(x); }
template <class T>
__host__ __device__ inline T as_real(complex<T> x) {
  return x.re;
}

template <class To>
struct cast_to {
  template <class From>
  __host__ __device__ static To from(From x) {
    return To(as_real(x));
  }
};

// x86's truncating conversions (cvttsd2si): NaN and values out of range give the "integer
// indefinite" value, the most negative integer. Every float, half and double is exact as a
// double, so one pair of functions serves all floating sources. One comparison of |x| covers
// the range: the values it leaves out at the bottom, [-2**31 - 1, -2**31], truncate to the most
// negative integer anyway.
__host__ __device__ inline long long trunc_to_i64(double x) {
  return fabs(x) < 9223372036854775808.0 ? (long long)x : -9223372036854775807LL - 1;
}
__host__ __device__ inline int trunc_to_i32(double x) {
  return fabs(x) < 2147483648.0 ? (int)x : -2147483647 - 1;
}

// A floating value to each integer type as NumPy's compiled C casts do on x86-64: types
// narrower than int convert to int and keep the low bits; unsigned int converts to 64 bits and
// keeps the low 32; unsigned long long takes values from 2**63 up through a subtraction.
template <class To>
struct int_from_real {
  __host__ __device__ static To from(double x) { return To(trunc_to_i32(x)); }
};
template <>
struct int_from_real<long long> {
  __host__ __device__ static long long from(double x) { return trunc_to_i64(x); }
};
template <>
struct int_from_real<unsigned int> {
  __host__ __device__ static unsigned int from(double x) { return (unsigned int)trunc_to_i64(x); }
};
template <>
struct int_from_real<unsigned long long> {
  __host__ __device__ static unsigned long long from(double x) {
    const double two63 = 9223372036854775808.0;
    if (x >= two63) return (unsigned long long)trunc_to_i64(x - two63) ^ (1ULL << 63);
    return (unsigned long long)trunc_to_i64(x);
  }
};

// Integer targets: integers convert as C does (keeping the low bits), floating values through
// int_from_real, complex values by their real part.
template <class To>
struct cast_to_int {
  template <class From>
  __host__ __device__ static To from(From x) {
    return To(x);
  }
  __host__ __device__ static To from(float x) { return int_from_real<To>::from(x); }
  __host__ __device__ static To from(double x) { return int_from_real<To>::from(x); }
  __host__ __device__ static To from(__half x) {
    return int_from_real<To>::from(float_from_half(x));
  }
  template <class T>
  __host__ __device__ static To from(complex<T> x) {
    return from(x.re);
  }
};
template <>
struct cast_to<signed char> : cast_to_int<signed char> {};
template <>
struct cast_to<short> : cast_to_int<short> {};
template <>
struct cast_to<int> : cast_to_int<int> {};
template <>
struct cast_to<long long> : cast_to_int<long long> {};
template <>
struct cast_to<unsigned char> : cast_to_int<unsigned char> {};
template <>
struct cast_to<unsigned short> : cast_to_int<unsigned short> {};
template <>
struct cast_to<unsigned int> : cast_to_int<unsigned int> {};
template <>
struct cast_to<unsigned long long> : cast_to_int<unsigned long long> {};

template <>
struct cast_to<bool> {
  template <class From>
  __host__ __device__ static bool from(From x) {
    return as_real(x) != 0;
  }
  template <class T>
  __host__ __device__ static bool from(complex<T> x) {
    return x.re != 0 || x.im != 0;
  }
};

template <>
struct cast_to<__half> {
  template <class From>
  __host__ __device__ static __half from(From x) {
    // Integers and double round once, from double; float rounds from float (also exact).
    return half_from_double(double(as_real(x)));
  }
  __host__ __device__ static __half from(__half x) { return x; }
  __host__ __device__ static __half from(float x) { return half_from_float(x); }
};

template <class T>
struct cast_to<complex<T> > {
  template <class From>
  __host__ __device__ static complex<T> from(From x) {
    return complex<T>(T(as_real(x)), T(0));
  }
  template <class U>
  __host__ __device__ static complex<T> from(complex<U> x) {
    return complex<T>(T(x.re), T(x.im));
  }
};

template <class To, class From>
__host__ __device__ inline To cast(From x) {
  return cast_to<To>::from(x);
}

}  // namespace cupylike
