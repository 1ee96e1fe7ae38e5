// The one reduction kernel: a template over an operation struct generated from a reduction's
// definition (or a ReductionKernel), of the form
//
//   struct op {
//     static const int nin = 1;   // inputs (a where mask, if any, comes after them)
//     static const bool ordered = false;  // true: a left fold in element order, no identity
//     typedef float A;            // accumulator
//     typedef float SO, CO;       // output storage and compute types
//     __device__ static A identity();
//     // map of the inputs at byte offsets off[k]; _i: the element's index in its slice
//     __device__ static A load(const char* const* in, const long long* off, long long _i);
//     // the same for element e of contiguous runs starting at off[k]
//     __device__ static A load_run(const char* const* in, const long long* off, long long e,
//                                  long long _i);
//     __device__ static bool is_run(const long long* step);  // steps are the itemsizes
//     __device__ static A reduce(const A& a, const A& b);    // associative and commutative
//     __device__ static void post(const A& a, long long _n, CO& out0);  // _n: slice length
//     // argmin/argmax-like ops (A is an arg_pair of the input's compute type C0):
//     static const bool arg_search;
//     __device__ static C0 value_run(const char* const* in, const long long* off, long long e);
//     __device__ static C0 vbest(const C0& a, const C0& b);  // the value reduce would keep
//   };
//
// launched as cupylike::red_kernel<op> with cupylike_red_params; the mode (params.h) says how
// the work is cut. Float sums err like NumPy's pairwise sums, O(log n): elements go round a set
// of lanes in rows, and each block of rows joins a binary counter that adds equal-sized
// results (RedLanes).
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>
#include <cupylike/reduction_ops.cuh>

namespace cupylike {

// Lanes per accumulator set: on the cpu device a vector's worth of registers several times
// over, so the lane loops vectorise; on a GPU one (a thread's state stays small).
template <class A>
struct red_lanes {
#if defined(__CUDACC__)
  static const int value = 1;
#else
  static const int value = sizeof(A) <= 4 ? 64 : sizeof(A) <= 8 ? 32 : 16;
#endif
};

template <class Op, int L>
struct RedLanes {
  typedef typename Op::A A;
  static const int kRows = L == 1 ? 128 : 16;  // rows per block: the sequential part
  static const int kLevels = 40;               // blocks up to 2^40 each
  A lane[L];
  // Raw storage: levels are written before they are read, so nothing is constructed here.
  alignas(A) unsigned char level_bytes[kLevels * L * sizeof(A)];
  unsigned long long full;  // bit k: level k holds 2^k blocks
  int rows;

  __device__ RedLanes() : full(0), rows(0) {
    for (int j = 0; j < L; ++j) lane[j] = Op::identity();
  }
  __device__ A* level(int k) { return reinterpret_cast<A*>(level_bytes) + k * L; }
  __device__ void row_done() {
    if (++rows == kRows) push();
  }
  __device__ void push() {
    rows = 0;
    int k = 0;
    for (; full >> k & 1ull; ++k) {
      A* lv = level(k);
      for (int j = 0; j < L; ++j) lane[j] = Op::reduce(lv[j], lane[j]);
      full &= ~(1ull << k);
    }
    A* lv = level(k);
    for (int j = 0; j < L; ++j) {
      lv[j] = lane[j];
      lane[j] = Op::identity();
    }
    full |= 1ull << k;
  }
  // Each lane's total, left in lane[j].
  __device__ void collect() {
    for (int k = 0; k < kLevels; ++k) {
      if (!(full >> k & 1ull)) continue;
      A* lv = level(k);
      for (int j = 0; j < L; ++j) lane[j] = Op::reduce(lv[j], lane[j]);
    }
    full = 0;
  }
  __device__ A total() {
    collect();
    for (int h = L / 2; h > 0; h /= 2)
      for (int j = 0; j < h; ++j) lane[j] = Op::reduce(lane[j], lane[j + h]);
    return lane[0];
  }
};

// Offsets of output o: in the output array and in each input (and the mask).
__device__ inline void red_out_offsets(const cupylike_red_params& p, long long o,
                                       long long& out_off, long long* in_off) {
  out_off = 0;
  for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) in_off[k] = 0;
  for (int d = p.out_ndim - 1; d >= 0; --d) {
    long long n = p.out_shape[d], i = o % n;
    o /= n;
    out_off += i * p.out_stride[d];
    for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) in_off[k] += i * p.in_out_stride[k][d];
  }
}

// Offsets of reduced element r of a slice, by division (a GPU thread's jump).
__device__ inline void red_offsets(const cupylike_red_params& p, long long r, long long* off) {
  for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] = 0;
  for (int d = p.red_ndim - 1; d >= 0; --d) {
    long long n = p.red_shape[d], i = r % n;
    r /= n;
    for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] += i * p.in_red_stride[k][d];
  }
}

// Walks reduced elements r, r + 1, ... of a slice like an odometer, keeping the offsets.
struct RedWalk {
  const cupylike_red_params* p;
  long long idx[CUPYLIKE_RED_MAX_NDIM];
  long long off[CUPYLIKE_RED_MAX_IN];

  __device__ RedWalk(const cupylike_red_params& params, long long r) : p(&params) {
    for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] = 0;
    for (int d = p->red_ndim - 1; d >= 0; --d) {
      idx[d] = r % p->red_shape[d];
      r /= p->red_shape[d];
      for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] += idx[d] * p->in_red_stride[k][d];
    }
  }
  __device__ void next() {
    for (int d = p->red_ndim - 1; d >= 0; --d) {
      if (++idx[d] < p->red_shape[d]) {
        for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] += p->in_red_stride[k][d];
        return;
      }
      for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k)
        off[k] -= p->in_red_stride[k][d] * (p->red_shape[d] - 1);
      idx[d] = 0;
    }
  }
};

// Element r of a slice whose inputs start at base[k], at offsets off[k] within the slice.
template <class Op>
__device__ inline typename Op::A red_element(const cupylike_red_params& p, const long long* base,
                                             const long long* off, long long r) {
  if (p.has_where && !*reinterpret_cast<const bool*>(p.in[Op::nin] + base[Op::nin] + off[Op::nin]))
    return Op::identity();
  long long at[CUPYLIKE_RED_MAX_IN];
  for (int k = 0; k < Op::nin; ++k) at[k] = base[k] + off[k];
  return Op::load(p.in, at, r);
}

#if !defined(__CUDACC__)
// The cpu device's search of a block of B values stored as V itself (a real or integer type):
// vector lanes keep the block's largest and smallest numbers and whether it holds a NaN; a
// block's best under any rule of argmax's kind (the largest or smallest number, NaNs first or
// never) is among those three, so Op::vbest picks it from them. Lanes of GCC vectors stay in
// registers (the scalar lanes below are stored and reloaded every step, 40% slower, measured).
template <class V>
struct red_vec_type {
  static const bool ok = false;
};
#define CUPYLIKE_RED_VEC_TYPE(T) \
  template <>                    \
  struct red_vec_type<T> {       \
    static const bool ok = true; \
  };
CUPYLIKE_RED_VEC_TYPE(signed char)
CUPYLIKE_RED_VEC_TYPE(short)
CUPYLIKE_RED_VEC_TYPE(int)
CUPYLIKE_RED_VEC_TYPE(long long)
CUPYLIKE_RED_VEC_TYPE(unsigned char)
CUPYLIKE_RED_VEC_TYPE(unsigned short)
CUPYLIKE_RED_VEC_TYPE(unsigned int)
CUPYLIKE_RED_VEC_TYPE(unsigned long long)
CUPYLIKE_RED_VEC_TYPE(float)
CUPYLIKE_RED_VEC_TYPE(double)
#undef CUPYLIKE_RED_VEC_TYPE

template <class S, class V>
struct red_stored_as {
  static const bool value = false;
};
template <class V>
struct red_stored_as<V, V> {
  static const bool value = red_vec_type<V>::ok;
};

template <class Op, bool Vec = red_stored_as<typename Op::S0, typename Op::C0>::value>
struct RedArgBlock {
  static const bool ok = false;
  template <int B>
  __device__ static typename Op::C0 best(const char*) {
    return typename Op::C0();  // never called: ok is false
  }
};
template <class Op>
struct RedArgBlock<Op, true> {
  static const bool ok = true;
  typedef typename Op::C0 V;
  static const int W = 64 / sizeof(V), K = 2;  // lanes: K vectors of W values
  typedef V vec __attribute__((vector_size(64)));
  // The best of B values at `at` (B a multiple of K * W).
  template <int B>
  __device__ static V best(const char* at) {
    // The hardware prefetcher stops at page boundaries: the next block's pages are asked for
    // now, so its first lines do not wait on memory (12% of the profile without this).
    for (int b = 0; b < B * int(sizeof(V)); b += 4096) __builtin_prefetch(at + B * sizeof(V) + b);
    vec hi[K], lo[K];
    for (int k = 0; k < K; ++k) {
      for (int j = 0; j < W; ++j) hi[k][j] = red_limits<V>::lowest();
      for (int j = 0; j < W; ++j) lo[k][j] = red_limits<V>::highest();
    }
    decltype(hi[0] != hi[0]) nan = hi[0] != hi[0];
    for (int q = 0; q < B; q += K * W)
      for (int k = 0; k < K; ++k) {
        vec x;
        __builtin_memcpy(&x, at + (q + k * W) * sizeof(V), sizeof x);
        hi[k] = x > hi[k] ? x : hi[k];  // a NaN compares false: it stays out of the lanes
        lo[k] = x < lo[k] ? x : lo[k];
        nan |= x != x;
      }
    V h = hi[0][0], l = lo[0][0];
    bool any_nan = false;
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < W; ++j) {
        h = hi[k][j] > h ? hi[k][j] : h;
        l = lo[k][j] < l ? lo[k][j] : l;
        any_nan |= nan[j] != 0;
      }
    // With no number in the block (all NaN), h and l are the type's limits, which no element
    // equals: where the rule leaves NaNs out, the search that follows finds nothing, rightly.
    V m = Op::vbest(h, l);
    return any_nan ? Op::vbest(m, quiet_nan<V>()) : m;
  }
};
#endif

// argmin/argmax over a contiguous run: the best value of each block of 1024 found with
// vectorised lanes, and the block searched for its first occurrence only when that value
// beats the best so far (rarely, after the first blocks).
template <class Op, bool Arg = Op::arg_search>
struct RedArgRun {
  __device__ static typename Op::A run(const cupylike_red_params&, const long long*, long long,
                                       long long) {
    return Op::identity();  // never called: red_range asks only when Op::arg_search
  }
};
template <class Op>
struct RedArgRun<Op, true> {
  typedef typename Op::A A;
  typedef typename Op::C0 V;
  __device__ static A run(const cupylike_red_params& p, const long long* off, long long r0,
                          long long n) {
#if defined(__CUDACC__)
    const int J = 1, B = 1024;  // a GPU thread keeps one lane (its state stays in registers)
#else
    const int J = 64, B = 1024;
#endif
    A best = Op::identity();
    for (long long e0 = 0; e0 < n; e0 += B) {
      const long long len = n - e0 < B ? n - e0 : B;
      V m = Op::value_run(p.in, off, e0);
#if !defined(__CUDACC__)
      if (RedArgBlock<Op>::ok && len == B) {
        m = RedArgBlock<Op>::template best<B>(p.in[0] + off[0] + e0 * sizeof(V));
      } else
#endif
      if (len == B) {
        V lane[J];
        for (int j = 0; j < J; ++j) lane[j] = Op::value_run(p.in, off, e0 + j);
        for (int q = J; q < B; q += J)
          for (int j = 0; j < J; ++j)
            lane[j] = Op::vbest(lane[j], Op::value_run(p.in, off, e0 + q + j));
        m = lane[0];
        for (int j = 1; j < J; ++j) m = Op::vbest(m, lane[j]);
      } else {
        for (long long e = e0 + 1; e < e0 + len; ++e) m = Op::vbest(m, Op::value_run(p.in, off, e));
      }
      // Ties keep the lower index, so the candidate wins only when it is strictly better (or
      // when neither has an index yet).
      if (Op::reduce(best, Op::map(m, CUPYLIKE_NO_INDEX)).i != CUPYLIKE_NO_INDEX) continue;
      for (long long e = e0; e < e0 + len; ++e) {
        V v = Op::value_run(p.in, off, e);
        if (red_same(v, m)) {
          best = Op::reduce(best, Op::map(v, r0 + e));
          break;
        }
      }
    }
    return best;
  }
};

// n elements of contiguous runs starting at off[k] (index r0 onwards), combined pairwise.
template <class Op>
__device__ typename Op::A red_run(const cupylike_red_params& p, const long long* off,
                                  long long r0, long long n) {
  const int L = red_lanes<typename Op::A>::value;
  RedLanes<Op, L> acc;
  long long e = 0;
  for (; e + L <= n; e += L) {
    for (int j = 0; j < L; ++j)
      acc.lane[j] = Op::reduce(acc.lane[j], Op::load_run(p.in, off, e + j, r0 + e + j));
    acc.row_done();
  }
  for (int j = 0; e < n; ++e, ++j)
    acc.lane[j] = Op::reduce(acc.lane[j], Op::load_run(p.in, off, e, r0 + e));
  return acc.total();
}

// Elements [r0, r1) of the slice whose inputs start at base[k], combined pairwise.
template <class Op>
__device__ typename Op::A red_range(const cupylike_red_params& p, const long long* base,
                                    long long r0, long long r1) {
  typedef typename Op::A A;
  const long long n = r1 - r0;
  if (n <= 0) return Op::identity();  // (an empty slice has an axis of length 0: no walk)
  if (n <= 128) {  // eight interleaved accumulators, as NumPy's pairwise sum below 128
    A s[8];
    for (int j = 0; j < 8; ++j) s[j] = Op::identity();
    RedWalk w(p, r0);
    for (long long e = 0; e < n; ++e, w.next())
      s[e & 7] = Op::reduce(s[e & 7], red_element<Op>(p, base, w.off, r0 + e));
    return Op::reduce(Op::reduce(Op::reduce(s[0], s[1]), Op::reduce(s[2], s[3])),
                      Op::reduce(Op::reduce(s[4], s[5]), Op::reduce(s[6], s[7])));
  }
  if (p.contiguous) {
    long long off[CUPYLIKE_RED_MAX_IN];
    for (int k = 0; k < Op::nin; ++k) off[k] = base[k] + r0 * p.in_red_stride[k][0];
    return Op::arg_search ? RedArgRun<Op>::run(p, off, r0, n) : red_run<Op>(p, off, r0, n);
  }
  const int L = red_lanes<A>::value;
  RedLanes<Op, L> acc;
  long long e = 0;
  RedWalk w(p, r0);
  for (int j = 0; e < n; ++e, w.next()) {
    acc.lane[j] = Op::reduce(acc.lane[j], red_element<Op>(p, base, w.off, r0 + e));
    if (++j == L) {
      j = 0;
      acc.row_done();
    }
  }
  return acc.total();
}

template <class Op>
__device__ inline void red_finish(const cupylike_red_params& p, long long out_off,
                                  typename Op::A a) {
  typedef typename Op::A A;
  if (p.has_initial && !Op::ordered) a = Op::reduce(*reinterpret_cast<const A*>(p.initial), a);
  typename Op::CO out0;
  Op::post(a, p.red_size, out0);
  *reinterpret_cast<typename Op::SO*>(p.out + out_off) = cast<typename Op::SO>(out0);
}

// A left fold in element order from the initial value or the first element (ufunc.reduce of
// subtract, power, ...: operations that are not associative): a thread per output.
template <class Op>
__device__ typename Op::A red_fold(const cupylike_red_params& p, const long long* base) {
  typedef typename Op::A A;
  bool have = p.has_initial;
  A a = have ? *reinterpret_cast<const A*>(p.initial) : Op::identity();
  if (p.red_size == 0) return a;
  RedWalk w(p, 0);
  for (long long r = 0; r < p.red_size; ++r, w.next()) {
    if (p.has_where &&
        !*reinterpret_cast<const bool*>(p.in[Op::nin] + base[Op::nin] + w.off[Op::nin]))
      continue;
    long long at[CUPYLIKE_RED_MAX_IN];
    for (int k = 0; k < Op::nin; ++k) at[k] = base[k] + w.off[k];
    A v = Op::load(p.in, at, r);
    a = have ? Op::reduce(a, v) : v;
    have = true;
  }
  return a;
}

#if !defined(__CUDACC__)

// Tiles of consecutive outputs along the innermost output axis, one accumulator each, step
// through their rows (reduced elements) together: reducing an outer axis, each step reads a
// contiguous stripe. Blocks of 16 rows join a binary counter whose levels live in the block's
// scratch (p.levels of them); with parts > 1 each part of the rows leaves partial results.
template <class Op>
__device__ void red_tiles(const cupylike_red_params& p) {
  typedef typename Op::A A;
  const int W = CUPYLIKE_RED_TILE_BYTES / sizeof(A);
  const int last = p.out_ndim - 1;
  const long long inner = p.out_shape[last];
  const long long tiles_per_row = (inner + W - 1) / W;
  const long long chunk = (p.red_size + p.parts - 1) / p.parts;
  long long step[CUPYLIKE_RED_MAX_IN];
  for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) step[k] = p.in_out_stride[k][last];
  const bool runs = !p.has_where && Op::is_run(step);
  A* levels = reinterpret_cast<A*>(p.scratch + blockIdx.x * p.levels * CUPYLIKE_RED_TILE_BYTES);
  A lane[W];
  CUPYLIKE_FOR(w, p.out_size / inner * tiles_per_row * p.parts) {
    const long long t = w / p.parts, part = w % p.parts;
    const long long in_row = t % tiles_per_row * W;
    const long long first = t / tiles_per_row * inner + in_row;
    const int count = int(inner - in_row < W ? inner - in_row : W);
    const long long r0 = part * chunk, r1 = r0 + chunk < p.red_size ? r0 + chunk : p.red_size;
    long long out_off, base[CUPYLIKE_RED_MAX_IN];
    red_out_offsets(p, first, out_off, base);
    for (int j = 0; j < W; ++j) lane[j] = Op::identity();
    unsigned long long full = 0;  // bit k: level k holds 2^k blocks of rows
    int rows = 0;
    // A block of 16 rows done: carry it up the counter.
    auto carry = [&]() {
      int k = 0;
      for (; full >> k & 1ull; ++k) {
        for (int j = 0; j < W; ++j) lane[j] = Op::reduce(levels[k * W + j], lane[j]);
        full &= ~(1ull << k);
      }
      for (int j = 0; j < W; ++j) {
        levels[k * W + j] = lane[j];
        lane[j] = Op::identity();
      }
      full |= 1ull << k;
    };
    if (r0 < r1) {
      RedWalk walk(p, r0);
      long long r = r0;
      // Whole tiles of contiguous runs, 16 rows at a time: each lane's block of rows summed in
      // one go (the same order as row by row from the identity), so a lane is stored once per
      // block rather than once per row.
      for (; runs && count == W && r + 16 <= r1; r += 16) {
        long long offs[16][CUPYLIKE_RED_MAX_IN];
        for (int q = 0; q < 16; ++q, walk.next())
          for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) offs[q][k] = base[k] + walk.off[k];
        for (int j = 0; j < W; ++j) {
          A a = Op::identity();
#pragma GCC unroll 16
          for (int q = 0; q < 16; ++q) a = Op::reduce(a, Op::load_run(p.in, offs[q], j, r + q));
          lane[j] = a;
        }
        carry();
      }
      for (; r < r1; ++r, walk.next()) {
        long long off[CUPYLIKE_RED_MAX_IN];
        for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) off[k] = base[k] + walk.off[k];
        if (runs && count == W) {
          for (int j = 0; j < W; ++j) lane[j] = Op::reduce(lane[j], Op::load_run(p.in, off, j, r));
        } else {
          for (int j = 0; j < count; ++j) {
            long long at[CUPYLIKE_RED_MAX_IN];
            for (int k = 0; k < CUPYLIKE_RED_MAX_IN; ++k) at[k] = off[k] + j * step[k];
            if (p.has_where && !*reinterpret_cast<const bool*>(p.in[Op::nin] + at[Op::nin]))
              continue;
            lane[j] = Op::reduce(lane[j], Op::load(p.in, at, r));
          }
        }
        if (++rows < 16) continue;
        rows = 0;
        carry();
      }
    }
    for (int k = 0; full; ++k, full >>= 1)
      if (full & 1ull)
        for (int j = 0; j < W; ++j) lane[j] = Op::reduce(levels[k * W + j], lane[j]);
    for (int j = 0; j < count; ++j) {
      if (p.parts == 1)
        red_finish<Op>(p, out_off + j * p.out_stride[last], lane[j]);
      else
        reinterpret_cast<A*>(p.partial)[(first + j) * p.parts + part] = lane[j];
    }
  }
}

#endif  // !__CUDACC__

// A block per part of a slice (GPU): threads take interleaved elements, then a shared-memory
// tree; with one part per output the block writes the output, else its partial result.
template <class Op>
__device__ void red_blocks(const cupylike_red_params& p) {
  typedef typename Op::A A;
  extern __shared__ unsigned long long cupylike_red_shared[];
  A* s = reinterpret_cast<A*>(cupylike_red_shared);
  const long long chunk = (p.red_size + p.parts - 1) / p.parts;
  for (long long b = blockIdx.x; b < p.out_size * p.parts; b += gridDim.x) {
    const long long o = b / p.parts, r0 = b % p.parts * chunk;
    const long long r1 = r0 + chunk < p.red_size ? r0 + chunk : p.red_size;
    long long out_off, base[CUPYLIKE_RED_MAX_IN];
    red_out_offsets(p, o, out_off, base);
    A a = Op::identity();
    for (long long r = r0 + threadIdx.x; r < r1; r += blockDim.x) {
      long long off[CUPYLIKE_RED_MAX_IN];
      red_offsets(p, r, off);
      a = Op::reduce(a, red_element<Op>(p, base, off, r));
    }
    s[threadIdx.x] = a;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
      if (threadIdx.x < half) s[threadIdx.x] = Op::reduce(s[threadIdx.x], s[threadIdx.x + half]);
      __syncthreads();
    }
    if (threadIdx.x == 0) {
      if (p.parts == 1)
        red_finish<Op>(p, out_off, s[0]);
      else
        reinterpret_cast<A*>(p.partial)[b] = s[0];
    }
    __syncthreads();
  }
}

// The launch modes. An ordered op always runs a thread per output (the host asks for no
// other mode), so its families skip the pairwise paths: less code to compile per loop.
template <class Op, bool Ordered = Op::ordered>
struct RedModes {
  __device__ static void run(const cupylike_red_params& p) {
    CUPYLIKE_FOR(o, p.out_size) {
      long long out_off, base[CUPYLIKE_RED_MAX_IN];
      red_out_offsets(p, o, out_off, base);
      red_finish<Op>(p, out_off, red_fold<Op>(p, base));
    }
  }
};

template <class Op>
struct RedModes<Op, false> {
  __device__ static void run(const cupylike_red_params& p);
};

template <class Op>
__device__ void RedModes<Op, false>::run(const cupylike_red_params& p) {
  typedef typename Op::A A;
  switch (p.mode) {
    case CUPYLIKE_RED_THREAD:
      CUPYLIKE_FOR(o, p.out_size) {
        long long out_off, base[CUPYLIKE_RED_MAX_IN];
        red_out_offsets(p, o, out_off, base);
        red_finish<Op>(p, out_off, red_range<Op>(p, base, 0, p.red_size));
      }
      return;
#if !defined(__CUDACC__)
    case CUPYLIKE_RED_TILE:
      red_tiles<Op>(p);
      return;
#endif
    case CUPYLIKE_RED_BLOCK:
      red_blocks<Op>(p);
      return;
    case CUPYLIKE_RED_PARTIAL: {
      const long long chunk = (p.red_size + p.parts - 1) / p.parts;
      CUPYLIKE_FOR(w, p.out_size * p.parts) {
        long long out_off, base[CUPYLIKE_RED_MAX_IN];
        red_out_offsets(p, w / p.parts, out_off, base);
        long long r0 = w % p.parts * chunk, r1 = r0 + chunk < p.red_size ? r0 + chunk : p.red_size;
        reinterpret_cast<A*>(p.partial)[w] = red_range<Op>(p, base, r0, r1);
      }
      return;
    }
    default:  // CUPYLIKE_RED_FINAL: the parts' results, in order
      CUPYLIKE_FOR(o, p.out_size) {
        long long out_off, base[CUPYLIKE_RED_MAX_IN];
        red_out_offsets(p, o, out_off, base);
        const A* part = reinterpret_cast<const A*>(p.partial) + o * p.parts;
        A a = part[0];
        for (long long k = 1; k < p.parts; ++k) a = Op::reduce(a, part[k]);
        red_finish<Op>(p, out_off, a);
      }
  }
}

template <class Op>
__global__ void red_kernel(CUPYLIKE_GRID_PARAMS(cupylike_red_params) p) {
  RedModes<Op>::run(p);
}

}  // namespace cupylike
