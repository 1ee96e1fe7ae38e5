// The element types of the library's kernels, one per NumPy dtype: bool, signed and unsigned
// integers, __half (float16), float, double, and complex<float> / complex<double> (two values,
// real first, as NumPy stores them).
#pragma once
#include <cuda_fp16.h>

namespace cupylike {

template <class T>
struct complex {
  T re, im;
  __host__ __device__ complex() : re(0), im(0) {}
  __host__ __device__ complex(T r, T i = T(0)) : re(r), im(i) {}
};

template <class T>
struct is_complex {
  static const bool value = false;
};
template <class T>
struct is_complex<complex<T> > {
  static const bool value = true;
};

}  // namespace cupylike
