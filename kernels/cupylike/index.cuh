// Advanced indexing: gathers and scatters through integer index arrays, the bounds check that
// runs before them, and the compaction behind boolean masks (nonzero, x[mask]).
//
// The host (csrc/ops/indexing.cpp) turns x[key] into a basic view of x and a list of int64
// index arrays, each indexing one axis of the view; the copy walks the result's shape, where
// the index arrays' broadcast shape sits among the view's remaining axes (cupylike_index_params
// says which walk axis moves what). Elements move as bytes: T is an unsigned type of the
// itemsize (bytes16 for complex128), so one instantiation per itemsize serves every dtype.
#pragma once
#include <cupylike/fill.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// Byte offsets of walk element i: in the indexed view (from the axes it keeps), in the other
// array (the result, or the values of a scatter), and in each index array.
struct IndexCursor {
  const cupylike_index_params* p;
  long long view, other, idx[CUPYLIKE_IDX_MAX_ARRAYS];
  long long pos[CUPYLIKE_IDX_MAX_NDIM];

  __device__ explicit IndexCursor(const cupylike_index_params& params) : p(&params) {}

  __device__ void seek(long long i) {
    for (int d = p->ndim - 1; d >= 0; --d) {
      pos[d] = i % p->shape[d];
      i /= p->shape[d];
    }
    view = other = 0;
    for (int k = 0; k < p->narrays; ++k) idx[k] = 0;
    for (int d = 0; d < p->ndim; ++d) {
      view += pos[d] * p->view_stride[d];
      other += pos[d] * p->other_stride[d];
      for (int k = 0; k < p->narrays; ++k) idx[k] += pos[d] * p->idx_stride[k][d];
    }
  }
  __device__ void seek_indexed(long long i) { seek(i); }

  // The next element in C order (an odometer, as NdCursor::next).
  __device__ void next() {
    for (int d = p->ndim - 1; d >= 0; --d) {
      view += p->view_stride[d];
      other += p->other_stride[d];
      for (int k = 0; k < p->narrays; ++k) idx[k] += p->idx_stride[k][d];
      if (++pos[d] < p->shape[d]) return;
      view -= p->view_stride[d] * p->shape[d];
      other -= p->other_stride[d] * p->shape[d];
      for (int k = 0; k < p->narrays; ++k) idx[k] -= p->idx_stride[k][d] * p->shape[d];
      pos[d] = 0;
    }
  }

  // The element's offset in the view: the kept axes' part plus each index (checked by
  // index_check_kernel, negative ones counted from the end).
  __device__ long long view_offset() const {
    long long off = view;
    for (int k = 0; k < p->narrays; ++k) {
      long long v = *reinterpret_cast<const long long*>(p->idx[k] + idx[k]);
      off += (v < 0 ? v + p->idx_len[k] : v) * p->idx_step[k];
    }
    return off;
  }
};

// Moves one element: view -> other for a gather, other -> view for a scatter.
template <class T, bool Scatter>
__device__ inline void index_move(char* view, char* other) {
  if (Scatter)
    *reinterpret_cast<T*>(view) = *reinterpret_cast<const T*>(other);
  else
    *reinterpret_cast<T*>(other) = *reinterpret_cast<const T*>(view);
}

#if !defined(__CUDACC__)
// The cpu device's take from a dense axis into a dense result through dense indices: typed
// pointers, and the element PREFETCH indices ahead requested early, so that more of a random
// gather's cache misses are in flight at once.
template <class T, bool Scatter>
__device__ void take_dense(const cupylike_index_params& p) {
  const int PREFETCH = 64;
  const long long* __restrict__ idx = reinterpret_cast<const long long*>(p.idx[0]);
  T* view = reinterpret_cast<T*>(p.view);
  T* other = reinterpret_cast<T*>(p.other);
  const long long len = p.idx_len[0];
  long long lo, hi;
  cpu_share(p.size, lo, hi);
  long long i = lo;
  for (; i + PREFETCH < hi; ++i) {
    const long long ahead = idx[i + PREFETCH];
    __builtin_prefetch(view + (ahead < 0 ? ahead + len : ahead), Scatter ? 1 : 0);
    const long long v = idx[i];
    index_move<T, Scatter>(reinterpret_cast<char*>(view + (v < 0 ? v + len : v)),
                           reinterpret_cast<char*>(other + i));
  }
  for (; i < hi; ++i) {
    const long long v = idx[i];
    index_move<T, Scatter>(reinterpret_cast<char*>(view + (v < 0 ? v + len : v)),
                           reinterpret_cast<char*>(other + i));
  }
}
#endif

// Gather (result = view[indices]) or scatter (view[indices] = values). With repeated indices
// threads race on a GPU: the host first makes every writer of a target carry the same value
// (scatter_claim_kernel and scatter_winner_kernel below), so the race cannot show.
template <class T, bool Scatter>
__global__ void index_copy_kernel(CUPYLIKE_GRID_PARAMS(cupylike_index_params) p) {
  if (p.ndim == 1 && p.narrays == 1 && p.view_stride[0] == 0) {  // take: no cursor to carry
#if !defined(__CUDACC__)
    if (p.idx_stride[0][0] == 8 && p.other_stride[0] == (long long)sizeof(T) &&
        p.idx_step[0] == (long long)sizeof(T)) {
      take_dense<T, Scatter>(p);
      return;
    }
#endif
    const char* __restrict__ idx = p.idx[0];
    char* view = p.view;
    char* other = p.other;
    const long long is = p.idx_stride[0][0], os = p.other_stride[0], len = p.idx_len[0],
                    step = p.idx_step[0];
    for_each_index(p.size, [&](long long i) {
      long long v = *reinterpret_cast<const long long*>(idx + i * is);
      v = v < 0 ? v + len : v;
      index_move<T, Scatter>(view + v * step, other + i * os);
    });
    return;
  }
#if !defined(__CUDACC__)
  // The cpu device: when no index moves along the innermost axis (whole rows are selected),
  // one offset per row, then a strided run the host compiler can vectorise.
  const int inner = p.ndim - 1;
  bool rows_kept = p.ndim > 0 && p.shape[inner] >= 8;
  for (int k = 0; rows_kept && k < p.narrays; ++k) rows_kept = p.idx_stride[k][inner] == 0;
  if (rows_kept) {
    const long long len = p.shape[inner], vs = p.view_stride[inner], os = p.other_stride[inner];
    IndexCursor c(p);
    CUPYLIKE_FOR(r, p.size / len) {
      c.seek(r * len);
      char* view = p.view + c.view_offset();
      char* other = p.other + c.other;
      if (vs == (long long)sizeof(T) && os == (long long)sizeof(T)) {
        T* __restrict__ to = reinterpret_cast<T*>(Scatter ? view : other);
        const T* __restrict__ from = reinterpret_cast<const T*>(Scatter ? other : view);
        for (long long j = 0; j < len; ++j) to[j] = from[j];
      } else {
        for (long long j = 0; j < len; ++j) index_move<T, Scatter>(view + j * vs, other + j * os);
      }
    }
    return;
  }
#endif
  IndexCursor c(p);
  CUPYLIKE_FOR_ND(i, p.size, c) {
    index_move<T, Scatter>(p.view + c.view_offset(), p.other + c.other);
  }
}

// Records in *first_bad the smallest position i whose index idx[i] is outside [-len, len)
// (the host initialises it to ~0ull and reads it after the launch).
__global__ void index_check_kernel(const long long* idx, long long n, long long len,
                                   unsigned long long* first_bad) {
#if !defined(__CUDACC__)
  // The cpu device: runs of 256 tested with a branch-free loop that vectorises; a run with a
  // bad index is searched for it, and this thread's first one is the only one that can count.
  long long lo, hi;
  cpu_share(n, lo, hi);
  for (long long r = lo; r < hi; r += 256) {
    const long long end = r + 256 < hi ? r + 256 : hi;
    unsigned long long bad = 0;
    for (long long i = r; i < end; ++i)
      bad |= (unsigned long long)idx[i] + (unsigned long long)len >= 2ull * len;
    if (!bad) continue;
    for (long long i = r; i < end; ++i)
      if (idx[i] < -len || idx[i] >= len) {
        atomicMin(first_bad, (unsigned long long)i);
        return;
      }
  }
#else
  for_each_index(n, [&](long long i) {
    const long long v = idx[i];
    if (v < -len || v >= len) atomicMin(first_bad, (unsigned long long)i);
  });
#endif
}

// A scatter's repeated targets, NumPy's way: the last write in index order wins. The walk runs
// over the index arrays' broadcast shape only (p.view_stride all zero), so view_offset() is the
// byte offset a position's index tuple selects. CLAIM records, in an open-addressing table of
// `mask + 1` slots (a power of two, at least twice the positions), each distinct offset once
// (keys, initialised to CUPYLIKE_SCATTER_EMPTY, which no offset equals) with the largest
// position writing it plus one (winners, initialised to 0); WINNER then gives each position
// the winner of its offset, so the host can hand every writer of a target the winner's value.
// atomicMax makes the result independent of the order in which threads run.

__device__ inline unsigned long long scatter_slot(unsigned long long key, unsigned long long mask) {
  const unsigned long long h = key * 0x9E3779B97F4A7C15ull;  // Fibonacci hashing
  return (h ^ (h >> 31)) & mask;
}

__global__ void scatter_claim_kernel(CUPYLIKE_GRID_PARAMS(cupylike_index_params) p,
                                     unsigned long long* keys, unsigned long long* winners,
                                     unsigned long long mask) {
  IndexCursor c(p);
  CUPYLIKE_FOR_ND(i, p.size, c) {
    const unsigned long long key = (unsigned long long)c.view_offset();
    unsigned long long s = scatter_slot(key, mask);
    for (;;) {
      const unsigned long long seen = atomicCAS(&keys[s], CUPYLIKE_SCATTER_EMPTY, key);
      if (seen == CUPYLIKE_SCATTER_EMPTY || seen == key) break;
      s = (s + 1) & mask;
    }
    atomicMax(&winners[s], (unsigned long long)i + 1);
  }
}

__global__ void scatter_winner_kernel(CUPYLIKE_GRID_PARAMS(cupylike_index_params) p,
                                      const unsigned long long* keys,
                                      const unsigned long long* winners, unsigned long long mask,
                                      long long* out) {
  IndexCursor c(p);
  CUPYLIKE_FOR_ND(i, p.size, c) {
    const unsigned long long key = (unsigned long long)c.view_offset();
    unsigned long long s = scatter_slot(key, mask);
    while (keys[s] != key) s = (s + 1) & mask;
    out[i] = (long long)winners[s] - 1;
  }
}

// Compaction of a boolean mask of n elements (contiguous, C order) in two launches. Each block
// owns one run of `chunk` elements: the COUNT launch writes its number of true elements to
// counts[block]; the host turns the counts into starting positions (offsets[block]) and the
// EMIT launch writes, for the k-th true element of the mask, either its coordinates (nonzero:
// out is an int64 [ndim][total] array with stride `total`) or the element of `values` at the
// same position (x[mask], contiguous values of itemsize sizeof(T)). Inside a block the threads
// take tiles of blockDim elements (a power of two) and place them with a shared-memory prefix
// sum, so the output keeps the mask's order.

__device__ inline unsigned long long compact_block_sum(unsigned long long v) {
  extern __shared__ unsigned long long cupylike_compact_shared[];
  cupylike_compact_shared[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      cupylike_compact_shared[threadIdx.x] += cupylike_compact_shared[threadIdx.x + s];
    __syncthreads();
  }
  const unsigned long long total = cupylike_compact_shared[0];
  __syncthreads();
  return total;
}

// Whether mask element i is true, read as its byte: a bool array viewed from other bytes may
// hold any value, and NumPy counts every nonzero byte as true (read as a C++ bool, a 2 can
// count twice).
__device__ inline bool compact_set(const cupylike_compact_params& p, long long i) {
  return reinterpret_cast<const unsigned char*>(p.mask)[i] != 0;
}

__global__ void compact_count_kernel(CUPYLIKE_GRID_PARAMS(cupylike_compact_params) p) {
  const long long lo = (long long)blockIdx.x * p.chunk;
  const long long hi = lo + p.chunk < p.n ? lo + p.chunk : p.n;
  unsigned long long count = 0;
#if !defined(__CUDACC__)
  if (blockDim.x == 1) {  // the cpu device: a stride-1 loop over bytes, which vectorises
    const unsigned char* __restrict__ m = reinterpret_cast<const unsigned char*>(p.mask);
    for (long long i = lo; i < hi; ++i) count += m[i] != 0;
    p.counts[blockIdx.x] = count;
    return;
  }
#endif
  for (long long i = lo + threadIdx.x; i < hi; i += blockDim.x) count += compact_set(p, i);
  count = blockDim.x == 1 ? count : compact_block_sum(count);
  if (threadIdx.x == 0) p.counts[blockIdx.x] = count;
}

// Exclusive prefix sum of one flag per thread (Hillis-Steele in shared memory); the tile's
// total in *total.
__device__ inline unsigned long long compact_block_prefix(unsigned long long flag,
                                                          unsigned long long* total) {
  extern __shared__ unsigned long long cupylike_compact_shared[];
  cupylike_compact_shared[threadIdx.x] = flag;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    const unsigned long long add = threadIdx.x >= s ? cupylike_compact_shared[threadIdx.x - s] : 0;
    __syncthreads();
    cupylike_compact_shared[threadIdx.x] += add;
    __syncthreads();
  }
  const unsigned long long inclusive = cupylike_compact_shared[threadIdx.x];
  *total = cupylike_compact_shared[blockDim.x - 1];
  __syncthreads();
  return inclusive - flag;
}

template <class T>
__device__ inline void compact_emit(const cupylike_compact_params& p, long long i,
                                    unsigned long long k) {
  if (p.values) {
    reinterpret_cast<T*>(p.out)[k] = reinterpret_cast<const T*>(p.values)[i];
    return;
  }
  long long* coords = reinterpret_cast<long long*>(p.out);
  if (p.ndim == 1) {
    coords[k] = i;
    return;
  }
  for (int d = p.ndim - 1; d >= 0; --d) {
    coords[d * p.total + (long long)k] = i % p.shape[d];
    i /= p.shape[d];
  }
}

#if !defined(__CUDACC__)
// The cpu device's EMIT of elements [lo, hi) whose true ones go to [next, end): without a
// branch on the mask (a random mask mispredicts every other element), every element is written
// to the next free position, which advances only past true ones. The write after the run's
// last true element would land in the next run's place, which another thread fills: the loop
// stops once the run's places are full.
template <class T>
__device__ void compact_emit_run(const cupylike_compact_params& p, long long lo, long long hi,
                                 unsigned long long next, unsigned long long end) {
  const unsigned char* __restrict__ m = reinterpret_cast<const unsigned char*>(p.mask);
  if (p.values) {
    T* __restrict__ out = reinterpret_cast<T*>(p.out);
    const T* __restrict__ values = reinterpret_cast<const T*>(p.values);
    for (long long i = lo; i < hi && next < end; ++i) {
      out[next] = values[i];
      next += m[i] != 0;
    }
    return;
  }
  long long* __restrict__ coords = reinterpret_cast<long long*>(p.out);
  if (p.ndim == 1) {
    for (long long i = lo; i < hi && next < end; ++i) {
      coords[next] = i;
      next += m[i] != 0;
    }
    return;
  }
  // Several axes: the coordinates of i kept like an odometer, written for every element.
  long long pos[CUPYLIKE_MAX_NDIM];
  long long rest = lo;
  for (int d = p.ndim - 1; d >= 0; --d) {
    pos[d] = rest % p.shape[d];
    rest /= p.shape[d];
  }
  const int last = p.ndim - 1;
  for (long long i = lo; i < hi && next < end; ++i) {
    for (int d = 0; d < p.ndim; ++d) coords[d * p.total + (long long)next] = pos[d];
    next += m[i] != 0;
    if (++pos[last] < p.shape[last]) continue;
    for (int d = last; d > 0 && pos[d] == p.shape[d]; --d) {
      pos[d] = 0;
      ++pos[d - 1];
    }
  }
}
#endif

template <class T>
__global__ void compact_emit_kernel(CUPYLIKE_GRID_PARAMS(cupylike_compact_params) p) {
  const long long lo = (long long)blockIdx.x * p.chunk;
  const long long hi = lo + p.chunk < p.n ? lo + p.chunk : p.n;
  unsigned long long next = p.offsets[blockIdx.x];
  if (blockDim.x == 1) {  // the cpu device: one thread walks its run in order
#if !defined(__CUDACC__)
    const unsigned long long end =
        blockIdx.x + 1 < gridDim.x ? p.offsets[blockIdx.x + 1] : (unsigned long long)p.total;
    compact_emit_run<T>(p, lo, hi, next, end);
#else
    for (long long i = lo; i < hi; ++i)
      if (compact_set(p, i)) compact_emit<T>(p, i, next++);
#endif
    return;
  }
  for (long long t = lo; t < hi; t += blockDim.x) {
    const long long i = t + threadIdx.x;
    const bool set = i < hi && compact_set(p, i);
    unsigned long long tile_total;
    const unsigned long long before = compact_block_prefix(set ? 1 : 0, &tile_total);
    if (set) compact_emit<T>(p, i, next + before);
    next += tile_total;
  }
}

}  // namespace cupylike
