// Helpers of the reduction table (cupylike/_core/_reduction_defs/): index-value pairs for argmin
// and argmax with NumPy's choices (the first NaN wins, ties go to the lower index, complex numbers
// compare lexicographically) and the extreme values that start min/max accumulators.
#pragma once
#include <cupylike/types.cuh>
#include <cupylike/ufunc/complex.cuh>
#include <cupylike/ufunc/floating.cuh>

namespace cupylike {

template <class T>
struct arg_pair {
  T v;
  long long i;
};

// An index no element has: the identity's, which every real element beats on ties.
#define CUPYLIKE_NO_INDEX 0x7fffffffffffffffLL

template <class T>
__device__ inline bool red_isnan(const T& v) {
  return v != v;
}
template <class T>
__device__ inline bool red_isnan(const complex<T>& v) {
  return v.re != v.re || v.im != v.im;
}

template <class T>
__device__ inline bool red_greater(const T& a, const T& b) {
  return a > b;
}
template <class T>
__device__ inline bool red_greater(const complex<T>& a, const complex<T>& b) {
  return a.re > b.re || (a.re == b.re && a.im > b.im);
}

// Equal, with NaN equal to NaN: finds the element a search's best value came from.
template <class T>
__device__ inline bool red_same(const T& a, const T& b) {
  return red_isnan(a) ? red_isnan(b) : !red_isnan(b) && a == b;
}
template <class T>
__device__ inline bool red_same(const complex<T>& a, const complex<T>& b) {
  return red_isnan(a) ? red_isnan(b) : !red_isnan(b) && a.re == b.re && a.im == b.im;
}

// The value argmax (Greater) or argmin keeps of two: a NaN first, then the better one.
template <bool Greater, class T>
__device__ inline T value_best(const T& a, const T& b) {
  return red_isnan(a) || (!red_isnan(b) && !(Greater ? red_greater(b, a) : red_greater(a, b))) ? a
                                                                                               : b;
}
// The same, NaNs left out (nanargmax, nanargmin): a NaN only when both are.
template <bool Greater, class T>
__device__ inline T value_best_num(const T& a, const T& b) {
  return red_isnan(b) || (!red_isnan(a) && !(Greater ? red_greater(b, a) : red_greater(a, b))) ? a
                                                                                               : b;
}

template <class T>
__device__ inline arg_pair<T> make_arg_pair(const T& v, long long i) {
  arg_pair<T> p;
  p.v = v;
  p.i = i;
  return p;
}

// argmax (Greater) or argmin (!Greater): NaNs first (the lower index among them), then the
// better value, then the lower index. Associative and commutative, so any order of
// combination finds NumPy's answer.
template <bool Greater, class T>
__device__ inline arg_pair<T> arg_best(const arg_pair<T>& a, const arg_pair<T>& b) {
  const bool an = red_isnan(a.v), bn = red_isnan(b.v);
  if (an != bn) return an ? a : b;
  if (!an) {
    if (Greater ? red_greater(a.v, b.v) : red_greater(b.v, a.v)) return a;
    if (Greater ? red_greater(b.v, a.v) : red_greater(a.v, b.v)) return b;
  }
  return a.i <= b.i ? a : b;
}

// nanargmax (Greater) or nanargmin: NaNs lose to every number (the identity's included, so an
// all-NaN slice keeps the identity's index), then the better value, then the lower index.
template <bool Greater, class T>
__device__ inline arg_pair<T> arg_best_num(const arg_pair<T>& a, const arg_pair<T>& b) {
  const bool an = red_isnan(a.v), bn = red_isnan(b.v);
  if (an != bn) return an ? b : a;
  if (!an) {
    if (Greater ? red_greater(a.v, b.v) : red_greater(b.v, a.v)) return a;
    if (Greater ? red_greater(b.v, a.v) : red_greater(a.v, b.v)) return b;
  }
  return a.i <= b.i ? a : b;
}

// |x|^2, the summand of var and std: for complex values re^2 + im^2 (NumPy squares the parts).
template <class T>
__device__ inline T red_abs2(const T& x) {
  return x * x;
}
template <class T>
__device__ inline T red_abs2(const complex<T>& x) {
  return x.re * x.re + x.im * x.im;
}

// nansum and nanprod: a NaN (complex: either part) counts as `v`.
template <class T, class V>
__device__ inline T red_nan_as(const T& x, const V& v) {
  return red_isnan(x) ? T(v) : x;
}

// The lowest and highest values of a compute type (infinities for floating types), which
// start max and min accumulators.
template <class T>
struct red_limits;
#define CUPYLIKE_RED_LIMITS(T, LO, HI)           \
  template <>                                    \
  struct red_limits<T> {                         \
    __device__ static T lowest() { return LO; }  \
    __device__ static T highest() { return HI; } \
  };
CUPYLIKE_RED_LIMITS(bool, false, true)
CUPYLIKE_RED_LIMITS(signed char, -128, 127)
CUPYLIKE_RED_LIMITS(short, -32768, 32767)
CUPYLIKE_RED_LIMITS(int, -2147483647 - 1, 2147483647)
CUPYLIKE_RED_LIMITS(long long, -0x7fffffffffffffffLL - 1, 0x7fffffffffffffffLL)
CUPYLIKE_RED_LIMITS(unsigned char, 0, 255)
CUPYLIKE_RED_LIMITS(unsigned short, 0, 65535)
CUPYLIKE_RED_LIMITS(unsigned int, 0u, 4294967295u)
CUPYLIKE_RED_LIMITS(unsigned long long, 0ull, 0xffffffffffffffffull)
CUPYLIKE_RED_LIMITS(float, -infinity<float>(), infinity<float>())
CUPYLIKE_RED_LIMITS(double, -infinity<double>(), infinity<double>())
CUPYLIKE_RED_LIMITS(complex<float>, complex<float>(-infinity<float>(), -infinity<float>()),
                    complex<float>(infinity<float>(), infinity<float>()))
CUPYLIKE_RED_LIMITS(complex<double>, complex<double>(-infinity<double>(), -infinity<double>()),
                    complex<double>(infinity<double>(), infinity<double>()))
#undef CUPYLIKE_RED_LIMITS

}  // namespace cupylike
