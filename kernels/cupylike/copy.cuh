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
// The cpu device's N-d walk when rows are long and dense in both arrays: each row's part as
// one run, a loop the host compiler vectorises (a plain memory copy when the types agree), and
// the cursor carried once per row rather than stepped per element.
template <class In, class Out>
__device__ __noinline__ void copy_rows(const cupylike_nd_params& p) {
  long long lo, hi;
  cpu_share(p.size, lo, hi);
  if (lo >= hi) return;
  NdCursor c(p);
  c.seek_indexed(lo);
  for (long long i = lo;;) {
    const long long left = c.inner_len - c.inner_idx;
    const long long run = left < hi - i ? left : hi - i;
    Out* __restrict__ out = reinterpret_cast<Out*>(c.out);
    const In* __restrict__ in = reinterpret_cast<const In*>(c.in);
    for (long long j = 0; j < run; ++j) out[j] = cast<Out>(in[j]);
    i += run;
    if (i >= hi) return;
    c.next_row();
  }
}
#endif

template <class In, class Out>
__global__ void copy_kernel(CUPYLIKE_GRID_PARAMS(cupylike_nd_params) p) {
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
    const int last = p.ndim - 1;
    if (last >= 0 && p.shape[last] >= 16 && p.strides[0][last] == (long long)sizeof(Out) &&
        p.strides[1][last] == (long long)sizeof(In)) {
      copy_rows<In, Out>(p);
      return;
    }
#endif
    copy_nd<In, Out>(p);
  }
}

}  // namespace cupylike
