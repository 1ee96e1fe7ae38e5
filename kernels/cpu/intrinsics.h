// CUDA's __-prefixed intrinsics that are not about rounding: fast-math functions, bit
// reinterpretation, integer bit tricks, SIMD dot products and cache-hinted loads and stores.
#ifndef CUPYLIKE_CPU_INTRINSICS_H
#define CUPYLIKE_CPU_INTRINSICS_H

#include <math.h>

#pragma GCC visibility push(hidden)

// ---------------------------------------------------------------------------------------------
// Fast-math intrinsics: the GPU trades accuracy for speed with special-function units; here the
// accurate libm function is as fast as anything else (research/cpu_backend.md §8).

inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return exp10f(x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { sincosf(x, s, c); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

// ---------------------------------------------------------------------------------------------
// Reinterpretation of bits.

template <class To, class From>
inline To __cpuk_bit_cast(From from) {
  static_assert(sizeof(To) == sizeof(From), "bit casts keep the size");
  To to;
  __builtin_memcpy(&to, &from, sizeof(To));
  return to;
}
inline float __int_as_float(int x) { return __cpuk_bit_cast<float>(x); }
inline int __float_as_int(float x) { return __cpuk_bit_cast<int>(x); }
inline float __uint_as_float(unsigned x) { return __cpuk_bit_cast<float>(x); }
inline unsigned __float_as_uint(float x) { return __cpuk_bit_cast<unsigned>(x); }
inline double __longlong_as_double(long long x) { return __cpuk_bit_cast<double>(x); }
inline long long __double_as_longlong(double x) { return __cpuk_bit_cast<long long>(x); }
inline int __double2hiint(double x) {
  return static_cast<int>(static_cast<unsigned long long>(__double_as_longlong(x)) >> 32);
}
inline int __double2loint(double x) {
  return static_cast<int>(static_cast<unsigned>(__double_as_longlong(x)));
}
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double(
      static_cast<long long>((static_cast<unsigned long long>(static_cast<unsigned>(hi)) << 32) |
                             static_cast<unsigned>(lo)));
}

// ---------------------------------------------------------------------------------------------
// Integer intrinsics. The builtins are undefined for 0 where CUDA defines a result.

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }

inline unsigned __brev(unsigned x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) |
         __brev(static_cast<unsigned>(x >> 32));
}

// Byte n of the result is byte (s >> 4n) & 7 of the 8-byte value y:x (x holds bytes 0..3).
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned result = 0;
  for (int n = 0; n < 4; ++n) {
    const unsigned selector = (s >> (4 * n)) & 7u;
    result |= static_cast<unsigned>((bytes >> (8 * selector)) & 0xffu) << (8 * n);
  }
  return result;
}

// Funnel shifts of the 64-bit value hi:lo. The plain forms take the shift mod 32, the _c forms
// clamp it to 32.
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift & 31u)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>((v << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift & 31u));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  const unsigned long long v = (static_cast<unsigned long long>(hi) << 32) | lo;
  return static_cast<unsigned>(v >> (shift < 32u ? shift : 32u));
}

// High halves of full products.
inline unsigned __umulhi(unsigned x, unsigned y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((static_cast<__int128>(x) * y) >> 64);
}
// Products of the low 24 bits (signed: sign-extended from bit 23), low 32 bits kept.
inline int __mul24(int x, int y) {
  const long long a = static_cast<int>(static_cast<unsigned>(x) << 8) >> 8;
  const long long b = static_cast<int>(static_cast<unsigned>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned>(static_cast<unsigned long long>(a * b)));
}
inline unsigned __umul24(unsigned x, unsigned y) { return (x & 0xffffffu) * (y & 0xffffffu); }

// Averages without intermediate overflow; the r forms round up.
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
inline unsigned __uhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned __urhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// |x - y| + z.
inline unsigned __sad(int x, int y, unsigned z) {
  const long long d = static_cast<long long>(x) - y;
  return static_cast<unsigned>(d < 0 ? -d : d) + z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }

// Dot products of packed 8-bit (dp4a) and 16-by-8-bit (dp2a) lanes, accumulated into c.
inline int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 4; ++i)
    c += static_cast<signed char>(a >> (8 * i)) * static_cast<signed char>(b >> (8 * i));
  return c;
}
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 4; ++i) c += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
inline int __dp2a_lo(int a, int b, int c) {
  for (int i = 0; i < 2; ++i)
    c += static_cast<short>(a >> (16 * i)) * static_cast<signed char>(b >> (8 * i));
  return c;
}
inline int __dp2a_hi(int a, int b, int c) {
  for (int i = 0; i < 2; ++i)
    c += static_cast<short>(a >> (16 * i)) * static_cast<signed char>(b >> (8 * i + 16));
  return c;
}
inline unsigned __dp2a_lo(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 2; ++i) c += ((a >> (16 * i)) & 0xffffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
inline unsigned __dp2a_hi(unsigned a, unsigned b, unsigned c) {
  for (int i = 0; i < 2; ++i) c += ((a >> (16 * i)) & 0xffffu) * ((b >> (8 * i + 16)) & 0xffu);
  return c;
}

// ---------------------------------------------------------------------------------------------
// Cache-hinted loads and stores: the hints steer the GPU's caches; the values are the same.

template <class T>
inline T __ldg(const T* p) {
  return *p;
}
template <class T>
inline T __ldcg(const T* p) {
  return *p;
}
template <class T>
inline T __ldca(const T* p) {
  return *p;
}
template <class T>
inline T __ldcs(const T* p) {
  return *p;
}
template <class T>
inline T __ldlu(const T* p) {
  return *p;
}
template <class T>
inline T __ldcv(const T* p) {
  return *p;
}
template <class T>
inline void __stwb(T* p, T value) {
  *p = value;
}
template <class T>
inline void __stcg(T* p, T value) {
  *p = value;
}
template <class T>
inline void __stcs(T* p, T value) {
  *p = value;
}
template <class T>
inline void __stwt(T* p, T value) {
  *p = value;
}

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_INTRINSICS_H
