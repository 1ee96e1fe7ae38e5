// The index loops of the library's kernels: the only place where the two backends differ.
// On a GPU a loop is grid-stride (every thread takes every gridDim * blockDim-th element); on
// the cpu device each block takes one contiguous chunk and its threads split it, so the loop
// has stride 1, vectorises, and walks N-d arrays by incrementing an index instead of dividing.
#pragma once
#include <cupylike/params.h>

namespace cupylike {

#if !defined(__CUDACC__)
// This thread's share [lo, hi) of n elements: the block's chunk, split between its threads.
__device__ inline void cpu_share(long long n, long long& lo, long long& hi) {
  long long per_block = (n + gridDim.x - 1) / gridDim.x;
  long long b_lo = blockIdx.x * per_block, b_hi = b_lo + per_block < n ? b_lo + per_block : n;
  long long len = b_hi > b_lo ? b_hi - b_lo : 0;
  long long per_thread = (len + blockDim.x - 1) / blockDim.x;
  lo = b_lo + threadIdx.x * per_thread;
  hi = lo + per_thread < b_hi ? lo + per_thread : b_hi;
  if (lo > hi) lo = hi;
}

// Calls f(i) for i in [lo, hi) on this thread, in runs of 8: a fixed trip count the host
// compiler vectorises at -O2 (its cheap cost model leaves loops of unknown length scalar).
template <class F>
__device__ inline void for_each_in(long long lo, long long hi, F f) {
  long long i = lo;
  for (; i + 8 <= hi; i += 8)
    for (int k = 0; k < 8; ++k) f(i + k);
  for (; i < hi; ++i) f(i);
}
#endif

// Calls f(i) for this thread's indices in [0, n): grid-stride on a GPU; on the cpu device this
// thread's share of the block's chunk, through for_each_in. f is a lambda capturing by
// reference, so __restrict__ pointers keep their meaning inside it.
template <class F>
__device__ inline void for_each_index(long long n, F f) {
#if defined(__CUDACC__)
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x)
    f(i);
#else
  long long lo, hi;
  cpu_share(n, lo, hi);
  for_each_in(lo, hi, f);
#endif
}

// Pointers to the current element of up to two arrays walking one N-d shape in C order.
struct NdCursor {
  const cupylike_nd_params* p;
  char* out;
  const char* in;
  // The innermost axis, kept in the cursor (a local the compiler holds in registers) so the
  // common step of next() reads no memory that the kernel's stores might alias.
  long long inner_len, inner_out, inner_in, inner_idx;
  long long idx[CUPYLIKE_MAX_NDIM];

  __device__ explicit NdCursor(const cupylike_nd_params& params) : p(&params) {
    int d = params.ndim - 1;
    inner_len = d >= 0 ? params.shape[d] : 1;
    inner_out = d >= 0 ? params.strides[0][d] : 0;
    inner_in = d >= 0 ? params.strides[1][d] : 0;
    inner_idx = 0;
  }

  // Jump to element i (division per axis: the GPU loop's way).
  __device__ void seek(long long i) {
    long long o = 0, s = 0;
    for (int d = p->ndim - 1; d >= 0; --d) {
      long long n = p->shape[d], k = i % n;
      i /= n;
      o += k * p->strides[0][d];
      s += k * p->strides[1][d];
    }
    out = p->out + o;
    in = p->in + s;
  }
  // seek, also remembering the index for next().
  __device__ void seek_indexed(long long i) {
    for (int d = p->ndim - 1; d >= 0; --d) {
      idx[d] = i % p->shape[d];
      i /= p->shape[d];
    }
    long long o = 0, s = 0;
    for (int d = 0; d < p->ndim; ++d) {
      o += idx[d] * p->strides[0][d];
      s += idx[d] * p->strides[1][d];
    }
    out = p->out + o;
    in = p->in + s;
    inner_idx = p->ndim > 0 ? idx[p->ndim - 1] : 0;
  }
  // The next element in C order (carry like an odometer: the cpu loop's way).
  __device__ void next() {
    out += inner_out;
    in += inner_in;
    if (++inner_idx < inner_len) return;
    out -= inner_out * inner_len;
    in -= inner_in * inner_len;
    inner_idx = 0;
    carry();
  }
  // The start of the next row, from anywhere in the current one (cpu loops that take the
  // innermost axis as one run).
  __device__ void next_row() {
    out -= inner_out * inner_idx;
    in -= inner_in * inner_idx;
    inner_idx = 0;
    carry();
  }
  // One step along the outer axes, carrying like an odometer.
  __device__ void carry() {
    for (int d = p->ndim - 2; d >= 0; --d) {
      out += p->strides[0][d];
      in += p->strides[1][d];
      if (++idx[d] < p->shape[d]) return;
      out -= p->strides[0][d] * p->shape[d];
      in -= p->strides[1][d] * p->shape[d];
      idx[d] = 0;
    }
  }
};

}  // namespace cupylike

#if defined(__CUDACC__)
#define CUPYLIKE_FOR(i, n)                                                      \
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
       i += (long long)gridDim.x * blockDim.x)
#define CUPYLIKE_FOR_ND(i, n, cursor) \
  CUPYLIKE_FOR(i, n)                  \
  if (((cursor).seek(i)), true)
#else
#define CUPYLIKE_FOR(i, n)                                                        \
  for (long long cupylike_lo_##i = 0, cupylike_hi_##i = 0,                        \
                 i = (cupylike::cpu_share((n), cupylike_lo_##i, cupylike_hi_##i), \
                      cupylike_lo_##i);                                           \
       i < cupylike_hi_##i; ++i)
#define CUPYLIKE_FOR_ND(i, n, cursor)                                             \
  for (long long cupylike_lo_##i = 0, cupylike_hi_##i = 0,                        \
                 i = (cupylike::cpu_share((n), cupylike_lo_##i, cupylike_hi_##i), \
                      (cursor).seek_indexed(cupylike_lo_##i), cupylike_lo_##i);   \
       i < cupylike_hi_##i; ++i, (cursor).next())
#endif
