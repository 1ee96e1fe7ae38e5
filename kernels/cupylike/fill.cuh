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

#if !defined(__CUDACC__) && defined(__AVX__)
#define CUPYLIKE_FILL_STREAMS 1
// Fills larger than the caches on the cpu device: streaming stores of 32 bytes, which write
// memory without first reading each line into the cache (half the traffic of plain stores).
// Elements of T tile 32 bytes, so from a 32-byte boundary every store holds the same pattern.
typedef long long cupylike_fill_v4di __attribute__((vector_size(32)));
const long long kFillStreamBytes = 8ll << 20;

template <class T>
__device__ inline void fill_streaming(T* out, long long lo, long long hi, const T value) {
  long long i = lo;
  for (; i < hi && reinterpret_cast<unsigned long long>(out + i) % 32 != 0; ++i) out[i] = value;
  const int per = 32 / (int)sizeof(T);
  union {
    T t[32 / sizeof(T)];
    cupylike_fill_v4di v;
  } pattern;
  for (int k = 0; k < per; ++k) pattern.t[k] = value;
  for (; i + per <= hi; i += per) {
#if defined(__clang__)
    __builtin_nontemporal_store(pattern.v, reinterpret_cast<cupylike_fill_v4di*>(out + i));
#else
    __builtin_ia32_movntdq256(reinterpret_cast<cupylike_fill_v4di*>(out + i), pattern.v);
#endif
  }
  for (; i < hi; ++i) out[i] = value;
  __builtin_ia32_sfence();  // streaming stores are weakly ordered: done before the block is
}
#endif

template <class T>
__global__ void fill_kernel(CUPYLIKE_GRID_PARAMS(cupylike_nd_params) p, const T value) {
  if (p.contiguous) {
    T* __restrict__ out = reinterpret_cast<T*>(p.out);
#if defined(CUPYLIKE_FILL_STREAMS)
    if (p.size * (long long)sizeof(T) >= kFillStreamBytes &&
        reinterpret_cast<unsigned long long>(out) % sizeof(T) == 0) {
      long long lo, hi;
      cpu_share(p.size, lo, hi);
      fill_streaming<T>(out, lo, hi, value);
      return;
    }
#endif
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
