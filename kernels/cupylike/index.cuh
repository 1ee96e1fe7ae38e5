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

// Gather (result = view[indices]) or scatter (view[indices] = values). With repeated indices
// threads race on a GPU: the host first makes every writer of a target carry the same value
// (scatter_claim_kernel and scatter_winner_kernel below), so the race cannot show.
template <class T, bool Scatter>
__global__ void index_copy_kernel(const __grid_constant__ cupylike_index_params p) {
  if (p.ndim == 1 && p.narrays == 1 && p.view_stride[0] == 0) {  // take: no cursor to carry
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
  for_each_index(n, [&](long long i) {
    const long long v = idx[i];
    if (v < -len || v >= len) atomicMin(first_bad, (unsigned long long)i);
  });
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

__global__ void scatter_claim_kernel(const __grid_constant__ cupylike_index_params p,
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

__global__ void scatter_winner_kernel(const __grid_constant__ cupylike_index_params p,
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

__global__ void compact_count_kernel(const __grid_constant__ cupylike_compact_params p) {
  const long long lo = (long long)blockIdx.x * p.chunk;
  const long long hi = lo + p.chunk < p.n ? lo + p.chunk : p.n;
  unsigned long long count = 0;
  for (long long i = lo + threadIdx.x; i < hi; i += blockDim.x) count += p.mask[i] ? 1 : 0;
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

template <class T>
__global__ void compact_emit_kernel(const __grid_constant__ cupylike_compact_params p) {
  const long long lo = (long long)blockIdx.x * p.chunk;
  const long long hi = lo + p.chunk < p.n ? lo + p.chunk : p.n;
  unsigned long long next = p.offsets[blockIdx.x];
  if (blockDim.x == 1) {  // the cpu device: one thread walks its run in order
    for (long long i = lo; i < hi; ++i)
      if (p.mask[i]) compact_emit<T>(p, i, next++);
    return;
  }
  for (long long t = lo; t < hi; t += blockDim.x) {
    const long long i = t + threadIdx.x;
    const bool set = i < hi && p.mask[i];
    unsigned long long tile_total;
    const unsigned long long before = compact_block_prefix(set ? 1 : 0, &tile_total);
    if (set) compact_emit<T>(p, i, next + before);
    next += tile_total;
  }
}

}  // namespace cupylike
