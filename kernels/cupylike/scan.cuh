// The one scan kernel (cumsum, cumprod, ufunc.accumulate): a template over an operation struct
// generated from a scan's definition (csrc/ops/scan.cpp), of the form
//
//   struct op {
//     typedef ... A;  // accumulator: the output's compute type (float for float16)
//     // element e of the run at p (input storage, mapped: NaN -> 0 for nancumsum)
//     __device__ static A load(const char* p, long long e);
//     __device__ static A combine(const A& a, const A& b);  // a: earlier elements
//     __device__ static void store(char* p, long long e, const A& a);
//     static const int in_size, out_size;  // bytes of the input and output elements
//   };
//
// launched as cupylike::scan_kernel<op> with cupylike_scan_params; the mode (params.h) says how
// the work is cut. There is no identity: a scan starts from its first element, as NumPy's
// accumulate does, so every op of a ufunc can be scanned. The cut modes (CHUNK, BLOCK)
// regroup the combines, so the host uses them only for ops that are associative — and, in
// the table, also commutative: chunk totals fold interleaved lanes.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// Byte offsets of slice s in the input and the output, by division (a GPU thread's jump).
__device__ inline void scan_slice_offsets(const cupylike_scan_params& p, long long s,
                                          long long& in_off, long long& out_off) {
  in_off = 0;
  out_off = 0;
  for (int d = p.ndim - 1; d >= 0; --d) {
    long long n = p.shape[d], i = s % n;
    s /= n;
    in_off += i * p.in_stride[d];
    out_off += i * p.out_stride[d];
  }
}

// Elements [r0, r1) of the slice whose input and output start at `in` and `out`, scanned in
// element order from `*carry` (the combined elements before r0) or, when carry is null, from
// element r0 itself. Returns the last result.
template <class Op>
__device__ typename Op::A scan_range(const cupylike_scan_params& p, const char* in, char* out,
                                     long long r0, long long r1, const typename Op::A* carry) {
  typedef typename Op::A A;
  in += r0 * p.in_step;
  out += r0 * p.out_step;
  long long n = r1 - r0, e = 0;
  A a = carry ? Op::combine(*carry, Op::load(in, 0)) : Op::load(in, 0);
  Op::store(out, 0, a);
  if (p.in_step == Op::in_size && p.out_step == Op::out_size) {  // contiguous: indexed
    for (e = 1; e < n; ++e) {
      a = Op::combine(a, Op::load(in, e));
      Op::store(out, e, a);
    }
  } else {
    for (e = 1; e < n; ++e) {
      in += p.in_step;
      out += p.out_step;
      a = Op::combine(a, Op::load(in, 0));
      Op::store(out, 0, a);
    }
  }
  return a;
}

// The combined elements [r0, r1) (r1 > r0) of the slice whose input starts at `in`. On the cpu
// device contiguous runs fold into interleaved lanes that vectorise (a pass over the data at
// memory speed instead of one dependent combine per element).
template <class Op>
__device__ typename Op::A scan_total(const cupylike_scan_params& p, const char* in, long long r0,
                                     long long r1) {
  typedef typename Op::A A;
  in += r0 * p.in_step;
  const long long n = r1 - r0;
  long long e = 1;
  A a = Op::load(in, 0);
#if !defined(__CUDACC__)
  const int L = sizeof(A) <= 4 ? 32 : 16;
  if (p.in_step == Op::in_size && n >= 2 * L) {
    A lane[L];
    for (int j = 0; j < L; ++j) lane[j] = Op::load(in, j);
    for (e = L; e + L <= n; e += L)
      for (int j = 0; j < L; ++j) lane[j] = Op::combine(lane[j], Op::load(in, e + j));
    a = lane[0];
    for (int j = 1; j < L; ++j) a = Op::combine(a, lane[j]);
    for (; e < n; ++e) a = Op::combine(a, Op::load(in, e));
    return a;
  }
#endif
  for (; e < n; ++e) a = Op::combine(a, Op::load(in + e * p.in_step, 0));
  return a;
}

// Elements [r0, r1) of chunk c of the cut slices: chunks of p.chunk elements.
__device__ inline void scan_chunk(const cupylike_scan_params& p, long long c, long long& r0,
                                  long long& r1) {
  r0 = c * p.chunk;
  r1 = r0 + p.chunk < p.len ? r0 + p.chunk : p.len;
}

// Pass 2 of the cut modes: each slice's chunk totals scanned in place (inclusive), so chunk
// c > 0 starts from totals[c - 1]. The last chunk's total is never needed.
template <class Op>
__device__ void scan_totals(const cupylike_scan_params& p) {
  typedef typename Op::A A;
  CUPYLIKE_FOR(s, p.slices) {
    A* t = reinterpret_cast<A*>(p.totals) + s * p.chunks;
    for (long long c = 1; c + 1 < p.chunks; ++c) t[c] = Op::combine(t[c - 1], t[c]);
  }
}

// CHUNK (cpu): pass 1 folds each chunk, pass 3 rescans it in order from its offset, a thread
// per chunk.
template <class Op>
__device__ void scan_chunks(const cupylike_scan_params& p) {
  typedef typename Op::A A;
  A* totals = reinterpret_cast<A*>(p.totals);
  CUPYLIKE_FOR(w, p.slices * p.chunks) {
    const long long c = w % p.chunks;
    if (p.pass == 1 && c + 1 == p.chunks) continue;
    long long in_off, out_off, r0, r1;
    scan_slice_offsets(p, w / p.chunks, in_off, out_off);
    scan_chunk(p, c, r0, r1);
    if (r0 >= r1) continue;
    if (p.pass == 1)
      totals[w] = scan_total<Op>(p, p.in + in_off, r0, r1);
    else
      scan_range<Op>(p, p.in + in_off, p.out + out_off, r0, r1, c > 0 ? totals + w - 1 : 0);
  }
}

// BLOCK (GPU): a block per chunk. Pass 1: threads fold interleaved elements, then a
// shared-memory tree; pass 3: the chunk in tiles of blockDim elements, each scanned in shared
// memory (Hillis-Steele) and combined with the carry of the tiles before it. blockDim is a
// power of two.
template <class Op>
__device__ void scan_blocks(const cupylike_scan_params& p) {
  typedef typename Op::A A;
  extern __shared__ unsigned long long cupylike_scan_shared[];
  A* s = reinterpret_cast<A*>(cupylike_scan_shared);
  A* totals = reinterpret_cast<A*>(p.totals);
  const long long tid = threadIdx.x;
  for (long long b = blockIdx.x; b < p.slices * p.chunks; b += gridDim.x) {
    const long long c = b % p.chunks;
    if (p.pass == 1 && c + 1 == p.chunks) continue;  // (b is the same for the whole block)
    long long in_off, out_off, r0, r1;
    scan_slice_offsets(p, b / p.chunks, in_off, out_off);
    scan_chunk(p, c, r0, r1);
    if (r0 >= r1) continue;
    const char* in = p.in + in_off;
    if (p.pass == 1) {
      // Threads below min(blockDim, n) hold a value; each step of the tree keeps that a prefix.
      long long n = r1 - r0 < blockDim.x ? r1 - r0 : blockDim.x;
      if (tid < n) {
        A a = Op::load(in + (r0 + tid) * p.in_step, 0);
        for (long long r = r0 + tid + blockDim.x; r < r1; r += blockDim.x)
          a = Op::combine(a, Op::load(in + r * p.in_step, 0));
        s[tid] = a;
      }
      __syncthreads();
      for (long long half = blockDim.x / 2; half > 0; half /= 2) {
        if (tid < half && tid + half < n) s[tid] = Op::combine(s[tid], s[tid + half]);
        __syncthreads();
        n = n < half ? n : half;
      }
      if (tid == 0) totals[b] = s[0];
      __syncthreads();
      continue;
    }
    char* out = p.out + out_off;
    bool have = c > 0;  // a carry: the elements before this tile
    A carry = have ? totals[b - 1] : A();
    for (long long t0 = r0; t0 < r1; t0 += blockDim.x) {
      const long long count = r1 - t0 < blockDim.x ? r1 - t0 : blockDim.x;
      const long long r = t0 + tid;
      if (tid < count) s[tid] = Op::load(in + r * p.in_step, 0);
      __syncthreads();
      for (long long off = 1; off < count; off *= 2) {
        const bool take = tid >= off && tid < count;
        A v = carry;  // (any value: replaced when taken)
        if (take) v = Op::combine(s[tid - off], s[tid]);
        __syncthreads();
        if (take) s[tid] = v;
        __syncthreads();
      }
      if (tid < count)
        Op::store(out + r * p.out_step, 0, have ? Op::combine(carry, s[tid]) : s[tid]);
      const A last = s[count - 1];
      __syncthreads();  // every thread has read the tile before the next one overwrites it
      carry = have ? Op::combine(carry, last) : last;
      have = true;
    }
  }
}

#if !defined(__CUDACC__)

// Tiles of consecutive slices along the innermost slice axis step down the scan axis
// together, a lane each: scanning an outer axis, each step reads and writes a contiguous
// stripe. Each lane is combined in element order, so any op may run this way.
template <class Op>
__device__ void scan_tiles(const cupylike_scan_params& p) {
  typedef typename Op::A A;
  const int W = CUPYLIKE_SCAN_TILE_BYTES / sizeof(A);
  const int last = p.ndim - 1;
  const long long inner = p.shape[last];
  const long long per_row = (inner + W - 1) / W;
  const long long is = p.in_stride[last], os = p.out_stride[last];
  // GCC's loop vectoriser fuses the textbook complex product into multiply-adds (vfmaddsub)
  // even under -ffp-contract=off, which rounds unlike NumPy's: complex lanes step one at a
  // time (an asm statement keeps a loop scalar).
  const bool scalar = is_complex<A>::value;
  A lane[W];
  CUPYLIKE_FOR(t, p.slices / inner * per_row) {
    const long long col = t % per_row * W;
    const int count = int(inner - col < W ? inner - col : W);
    long long in_off, out_off;
    scan_slice_offsets(p, t / per_row * inner + col, in_off, out_off);
    const char* in = p.in + in_off;
    char* out = p.out + out_off;
    const bool runs = count == W && is == Op::in_size && os == Op::out_size;
    for (long long r = 0; r < p.len; ++r, in += p.in_step, out += p.out_step) {
      // Separate load and store loops: each vectorises (the lanes are private).
      if (runs && r == 0) {
        for (int j = 0; j < W; ++j) lane[j] = Op::load(in, j);
      } else if (runs && !scalar) {
        for (int j = 0; j < W; ++j) lane[j] = Op::combine(lane[j], Op::load(in, j));
      } else {
        for (int j = 0; j < count; ++j) {
          if (scalar) asm volatile("");
          lane[j] =
              r == 0 ? Op::load(in + j * is, 0) : Op::combine(lane[j], Op::load(in + j * is, 0));
        }
      }
      if (runs)
        for (int j = 0; j < W; ++j) Op::store(out, j, lane[j]);
      else
        for (int j = 0; j < count; ++j) Op::store(out + j * os, 0, lane[j]);
    }
  }
}

#endif  // !__CUDACC__

template <class Op>
__global__ void scan_kernel(CUPYLIKE_GRID_PARAMS(cupylike_scan_params) p) {
  if (p.pass == 2) {
    scan_totals<Op>(p);
    return;
  }
  switch (p.mode) {
#if !defined(__CUDACC__)
    case CUPYLIKE_SCAN_TILE:
      scan_tiles<Op>(p);
      return;
#endif
    case CUPYLIKE_SCAN_CHUNK:
      scan_chunks<Op>(p);
      return;
    case CUPYLIKE_SCAN_BLOCK:
      scan_blocks<Op>(p);
      return;
    default:  // CUPYLIKE_SCAN_THREAD: a thread per slice, in element order
      CUPYLIKE_FOR(s, p.slices) {
        long long in_off, out_off;
        scan_slice_offsets(p, s, in_off, out_off);
        scan_range<Op>(p, p.in + in_off, p.out + out_off, 0, p.len, 0);
      }
  }
}

}  // namespace cupylike
