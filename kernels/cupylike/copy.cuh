// Copy with a dtype conversion, between any two layouts of one shape (an input broadcast to
// the output's shape has zero strides). One template, instantiated per (input, output) type.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// The general N-d walk, kept out of line: inlined next to the loops below, the host compiler
// schedules its odometer loop worse (a transposed copy ran 35% slower, measured).
template <class In, class Out>
__device__ __noinline__ void copy_nd(const cupylike_nd_params& p) {
  NdCursor c(p);
  CUPYLIKE_FOR_ND(i, p.size, c) {
    *reinterpret_cast<Out*>(c.out) = cast<Out>(*reinterpret_cast<const In*>(c.in));
  }
}

#if !defined(__CUDACC__)
// The cpu device's N-d walk when rows are long: the innermost axis as one run per row, a loop
// the host compiler vectorises (a plain memory copy when both rows are dense), and the cursor
// carried once per row rather than stepped per element.
template <class In, class Out>
__device__ __noinline__ void copy_rows(const cupylike_nd_params& p) {
  long long lo, hi;
  cpu_share(p.size, lo, hi);
  if (lo >= hi) return;
  NdCursor c(p);
  c.seek_indexed(lo);
  const long long so = c.inner_out, si = c.inner_in;
  const bool dense = so == (long long)sizeof(Out) && si == (long long)sizeof(In);
  for (long long i = lo;;) {
    const long long left = c.inner_len - c.inner_idx;
    const long long run = left < hi - i ? left : hi - i;
    if (dense) {
      Out* __restrict__ out = reinterpret_cast<Out*>(c.out);
      const In* __restrict__ in = reinterpret_cast<const In*>(c.in);
      for (long long j = 0; j < run; ++j) out[j] = cast<Out>(in[j]);
    } else {
      char* __restrict__ out = c.out;
      const char* __restrict__ in = c.in;
      for (long long j = 0; j < run; ++j)
        *reinterpret_cast<Out*>(out + j * so) = cast<Out>(*reinterpret_cast<const In*>(in + j * si));
    }
    i += run;
    if (i >= hi) return;
    c.next_row();
  }
}
#endif

template <class In, class Out>
__global__ void copy_kernel(const __grid_constant__ cupylike_nd_params p) {
  if (p.contiguous) {
    Out* __restrict__ out = reinterpret_cast<Out*>(p.out);
    const In* __restrict__ in = reinterpret_cast<const In*>(p.in);
    for_each_index(p.size, [&](long long i) { out[i] = cast<Out>(in[i]); });
  } else if (p.ndim == 1) {  // one strided run (axes merged on the host): no cursor to carry
    char* __restrict__ out = p.out;
    const char* __restrict__ in = p.in;
    const long long so = p.strides[0][0], si = p.strides[1][0];
    for_each_index(p.size, [&](long long i) {
      *reinterpret_cast<Out*>(out + i * so) = cast<Out>(*reinterpret_cast<const In*>(in + i * si));
    });
  } else {
#if !defined(__CUDACC__)
    if (p.ndim > 0 && p.shape[p.ndim - 1] >= 16) {
      copy_rows<In, Out>(p);
      return;
    }
#endif
    copy_nd<In, Out>(p);
  }
}

}  // namespace cupylike
