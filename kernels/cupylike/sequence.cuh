// Sequences: arange, linspace and logspace's power, with NumPy's arithmetic reproduced step by
// step so the values match NumPy's bit for bit. Every floating-point operation is one rounded
// IEEE operation (the _rn intrinsics), so a GPU compiler cannot fuse a multiply and an add
// into an FMA that NumPy's loops never use.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// NumPy's element arithmetic for one floating type: +, -, *, / each rounded once; float16 is
// computed in float and rounded back to half (NumPy's half loops do the same, and float has
// enough precision that the result equals a correctly rounded half operation).
template <class T>
struct arith;

template <>
struct arith<float> {
  __device__ static float add(float a, float b) { return __fadd_rn(a, b); }
  __device__ static float sub(float a, float b) { return __fsub_rn(a, b); }
  __device__ static float mul(float a, float b) { return __fmul_rn(a, b); }
  __device__ static float div(float a, float b) { return __fdiv_rn(a, b); }
  __device__ static float index(long long i) { return (float)i; }
  __device__ static float floor_of(float a) { return floorf(a); }
  __device__ static float abs_of(float a) { return fabsf(a); }
};

template <>
struct arith<double> {
  __device__ static double add(double a, double b) { return __dadd_rn(a, b); }
  __device__ static double sub(double a, double b) { return __dsub_rn(a, b); }
  __device__ static double mul(double a, double b) { return __dmul_rn(a, b); }
  __device__ static double div(double a, double b) { return __ddiv_rn(a, b); }
  __device__ static double index(long long i) { return (double)i; }
  __device__ static double floor_of(double a) { return floor(a); }
  __device__ static double abs_of(double a) { return fabs(a); }
};

template <>
struct arith<__half> {
  typedef arith<float> F;
  __device__ static __half h(float x) { return half_from_float(x); }
  __device__ static float f(__half x) { return float_from_half(x); }
  __device__ static __half add(__half a, __half b) { return h(F::add(f(a), f(b))); }
  __device__ static __half sub(__half a, __half b) { return h(F::sub(f(a), f(b))); }
  __device__ static __half mul(__half a, __half b) { return h(F::mul(f(a), f(b))); }
  __device__ static __half div(__half a, __half b) { return h(F::div(f(a), f(b))); }
  // numpy.arange(n, dtype=float16): the index goes through float before rounding to half.
  __device__ static __half index(long long i) { return h((float)i); }
  __device__ static __half floor_of(__half a) { return h(floorf(f(a))); }
};

template <class T>
struct arith<complex<T> > {
  typedef arith<T> R;
  typedef complex<T> C;
  __device__ static C add(C a, C b) { return C(R::add(a.re, b.re), R::add(a.im, b.im)); }
  __device__ static C sub(C a, C b) { return C(R::sub(a.re, b.re), R::sub(a.im, b.im)); }
  // The textbook product, as NumPy's complex multiply loop computes it.
  __device__ static C mul(C a, C b) {
    return C(R::sub(R::mul(a.re, b.re), R::mul(a.im, b.im)),
             R::add(R::mul(a.re, b.im), R::mul(a.im, b.re)));
  }
  // Smith's division, as NumPy's complex divide loop computes it.
  __device__ static C div(C a, C b) {
    T br = R::abs_of(b.re), bi = R::abs_of(b.im);
    if (br >= bi) {
      if (br == T(0) && bi == T(0)) return C(R::div(a.re, br), R::div(a.im, br));
      T rat = R::div(b.im, b.re);
      T scl = R::div(T(1), R::add(b.re, R::mul(b.im, rat)));
      return C(R::mul(R::add(a.re, R::mul(a.im, rat)), scl),
               R::mul(R::sub(a.im, R::mul(a.re, rat)), scl));
    }
    T rat = R::div(b.re, b.im);
    T scl = R::div(T(1), R::add(b.im, R::mul(b.re, rat)));
    return C(R::mul(R::add(R::mul(a.re, rat), a.im), scl),
             R::mul(R::sub(R::mul(a.im, rat), a.re), scl));
  }
  // numpy.arange(num, dtype=complex): real parts 0 + i*1, imaginary parts 0 + i*0.
  __device__ static C index(long long i) { return C(R::index(i), T(0)); }
  __device__ static C floor_of(C a) { return a; }  // never asked: NumPy has no complex floor
};

// numpy.arange's fill function for element i >= 2 from the first two values (which NumPy
// converts from Python objects): v0 + i * (v1 - v0) in the element type. Integers wrap, as
// NumPy's C arithmetic does, so compute them in unsigned 64-bit arithmetic.
template <class T>
struct arange_step {
  __device__ static T at(T v0, T v1, long long i) {
    typedef unsigned long long U;
    return T(U(v0) + U(i) * (U(v1) - U(v0)));
  }
};
template <>
struct arange_step<bool> {
  __device__ static bool at(bool v0, bool, long long) { return v0; }  // length <= 2 only
};
template <>
struct arange_step<float> {
  __device__ static float at(float v0, float v1, long long i) {
    typedef arith<float> A;
    return A::add(v0, A::mul(A::index(i), A::sub(v1, v0)));
  }
};
template <>
struct arange_step<double> {
  __device__ static double at(double v0, double v1, long long i) {
    typedef arith<double> A;
    return A::add(v0, A::mul(A::index(i), A::sub(v1, v0)));
  }
};
template <>
struct arange_step<__half> {
  // NumPy's HALF_fill works in float: start and delta are floats, each value rounds once.
  __device__ static __half at(__half v0, __half v1, long long i) {
    typedef arith<float> A;
    float start = float_from_half(v0), delta = A::sub(float_from_half(v1), start);
    return half_from_float(A::add(start, A::mul(A::index(i), delta)));
  }
};
template <class T>
struct arange_step<complex<T> > {
  __device__ static complex<T> at(complex<T> v0, complex<T> v1, long long i) {
    return complex<T>(arange_step<T>::at(v0.re, v1.re, i), arange_step<T>::at(v0.im, v1.im, i));
  }
};

template <class T>
__global__ void arange_kernel(T* __restrict__ out, const long long n, const T v0, const T v1) {
  for_each_index(n, [&](long long i) {
    out[i] = i == 0 ? v0 : i == 1 ? v1 : arange_step<T>::at(v0, v1, i);
  });
}

// How numpy.linspace scales y = arange(num): by step (the usual case), by 1/div then delta
// (when step underflows to zero), or by delta alone (num <= 1 with endpoint, num == 0).
enum { kLinspaceStep = 0, kLinspaceDivide = 1, kLinspaceDelta = 2 };

// numpy.linspace over a floating type T: y = i * step + start (or the other scalings above),
// the last value replaced by stop when `stop_last`, floored when the requested dtype is an
// integer (NumPy floors in T before its cast).
template <class T>
__global__ void linspace_kernel(T* __restrict__ out, const long long num, const int mode,
                                const int stop_last, const int floor_result, const T start,
                                const T stop, const T scale, const T div) {
  typedef arith<T> A;
  for_each_index(num, [&](long long i) {
    T y = A::index(i);
    if (mode == kLinspaceDivide)
      y = A::mul(A::div(y, div), scale);
    else
      y = A::mul(y, scale);
    y = A::add(y, start);
    if (stop_last && i == num - 1) y = stop;
    out[i] = floor_result ? A::floor_of(y) : y;
  });
}

// numpy.power(base, y) for logspace, over a real floating type; float16 goes through float
// as NumPy's half loop does.
__device__ inline float power_of(float b, float y) { return powf(b, y); }
__device__ inline double power_of(double b, double y) { return pow(b, y); }
__device__ inline __half power_of(__half b, __half y) {
  return half_from_float(powf(float_from_half(b), float_from_half(y)));
}

template <class T>
__global__ void power_kernel(T* out, const T* y, const long long n, const T base) {
  for_each_index(n, [&](long long i) { out[i] = power_of(base, y[i]); });  // out may be y
}

}  // namespace cupylike
