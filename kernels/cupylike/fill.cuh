// Fill: every element of an array of any layout set to one value.
#pragma once
#include <cupylike/loop.cuh>

namespace cupylike {

// Sets every element to `value`, stored as bytes: the fill needs no conversion on the device
// (the host converted the value with NumPy's rules). T is an unsigned integer of the itemsize,
// or a 16-byte pair for complex128.
struct bytes16 {
  unsigned long long lo, hi;
};

// The general N-d walk, out of line as in copy.cuh (the host compiler schedules it better).
template <class T>
__device__ __noinline__ void fill_nd(const cupylike_nd_params& p, const T value) {
  NdCursor c(p);
  CUPYLIKE_FOR_ND(i, p.size, c) { *reinterpret_cast<T*>(c.out) = value; }
}

template <class T>
__global__ void fill_kernel(const __grid_constant__ cupylike_nd_params p, const T value) {
  if (p.contiguous) {
    T* __restrict__ out = reinterpret_cast<T*>(p.out);
    for_each_index(p.size, [&](long long i) { out[i] = value; });
  } else if (p.ndim == 1) {  // one strided run (axes merged on the host): no cursor to carry
    char* __restrict__ out = p.out;
    const long long so = p.strides[0][0];
    for_each_index(p.size, [&](long long i) { *reinterpret_cast<T*>(out + i * so) = value; });
  } else {
    fill_nd<T>(p, value);
  }
}

}  // namespace cupylike
