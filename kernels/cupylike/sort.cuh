// Sorting and searching on the device (cupylike/_sorting/_sort.py and _search.py drive them).
//
// Sort: a least-significant-digit radix sort of a contiguous array of `total` elements that
// holds rows of n, in passes of RADIX_BITS bits: first over the elements' keys
// (sort_keys.cuh), then over their row numbers (idx / n, idx being each element's original
// position, carried along), so rows end up sorted independently. Each pass is stable: thread t
// owns the run [t * run, (t + 1) * run) and counts its digits (sort_count_kernel, into counts
// laid out digit-major: counts[d * threads + t]); an inclusive scan of those counts (cumsum on
// the host side) gives where each (digit, thread) group ends; sort_scatter_kernel walks the run
// again in order, writing each element to the next place of its group. Keys are recomputed
// from the elements on every pass, so only the elements (and indices) move.
//
// CUB's device-wide radix sort is a host API that NVRTC cannot compile, hence these kernels;
// they need no shared memory or barriers, so they run unchanged on the cpu device (where the
// library sorts with a host radix sort instead, and tests force these kernels).
//
// Short rows sort in one launch instead (sort_rank_kernel): each element goes straight to its
// rank in its row.
//
// Search: one binary search per value (numpy.searchsorted), in the same order.
#pragma once
#include <cupylike/loop.cuh>
#include <cupylike/sort_keys.cuh>

#define CUPYLIKE_RADIX_BITS 4
#define CUPYLIKE_RADIX (1 << CUPYLIKE_RADIX_BITS)

namespace cupylike {

template <class Key>
__device__ inline unsigned radix_digit(const typename Key::elem* v, const long long* idx,
                                       long long i, long long n, int shift, int by_row) {
  if (by_row)
    return unsigned((unsigned long long)(idx[i] / n) >> shift) & (CUPYLIKE_RADIX - 1);
  return Key::digit(v[i], shift, CUPYLIKE_RADIX_BITS);
}

template <class Key>
__global__ void sort_count_kernel(const typename Key::elem* v, const long long* idx,
                                  long long total, long long n, long long threads, long long run,
                                  int shift, int by_row, unsigned long long* counts) {
  CUPYLIKE_FOR(t, threads) {
    unsigned long long c[CUPYLIKE_RADIX];
    for (int d = 0; d < CUPYLIKE_RADIX; ++d) c[d] = 0;
    const long long lo = t * run, hi = lo + run < total ? lo + run : total;
    for (long long i = lo; i < hi; ++i) ++c[radix_digit<Key>(v, idx, i, n, shift, by_row)];
    for (int d = 0; d < CUPYLIKE_RADIX; ++d) counts[d * threads + t] = c[d];
  }
}

// `ends` is the inclusive scan of the count kernel's `counts`. With `WithIdx` the indices move
// along with the elements.
template <class Key, bool WithIdx>
__global__ void sort_scatter_kernel(const typename Key::elem* v, const long long* idx,
                                    typename Key::elem* out, long long* out_idx, long long total,
                                    long long n, long long threads, long long run, int shift,
                                    int by_row, const unsigned long long* ends) {
  CUPYLIKE_FOR(t, threads) {
    unsigned long long next[CUPYLIKE_RADIX];
    for (int d = 0; d < CUPYLIKE_RADIX; ++d) next[d] = 0;
    const long long lo = t * run, hi = lo + run < total ? lo + run : total;
    for (long long i = lo; i < hi; ++i) ++next[radix_digit<Key>(v, idx, i, n, shift, by_row)];
    for (int d = 0; d < CUPYLIKE_RADIX; ++d) next[d] = ends[d * threads + t] - next[d];
    for (long long i = lo; i < hi; ++i) {
      const unsigned long long to = next[radix_digit<Key>(v, idx, i, n, shift, by_row)]++;
      out[to] = v[i];
      if (WithIdx) out_idx[to] = idx[i];
    }
  }
}

// Rows of n elements at `v` sorted into `out` in one launch, for short rows where the radix
// passes' launches cost more than n comparisons per element: element i goes to its rank in
// its row — the count of the row's elements that sort before it, smaller ones and equal ones
// at smaller positions — which is where a stable sort puts it. With `WithIdx`, `out_idx` gets
// each element's original column there.
template <class Key, bool WithIdx>
__global__ void sort_rank_kernel(const typename Key::elem* v, typename Key::elem* out,
                                 long long* out_idx, long long total, long long n) {
  CUPYLIKE_FOR(i, total) {
    const long long col = i % n, lo = i - col;
    const typename Key::elem x = v[i];
    long long rank = 0;
    for (long long j = 0; j < n; ++j) {
      const typename Key::elem y = v[lo + j];
      rank += j < col ? !Key::less(x, y) : Key::less(y, x);
    }
    out[lo + rank] = x;
    if (WithIdx) out_idx[lo + rank] = col;
  }
}

// out[i] = where values[i] goes in the sorted a[0, n) (through `sorter` when `use_sorter`):
// the first such place (`right` 0) or the last (`right` 1).
template <class Key>
__global__ void search_kernel(const typename Key::elem* a, long long n, const long long* sorter,
                              int use_sorter, const typename Key::elem* values, long long m,
                              int right, long long* out) {
  CUPYLIKE_FOR(i, m) {
    const typename Key::elem x = values[i];
    long long lo = 0, hi = n;
    while (lo < hi) {
      const long long mid = lo + (hi - lo) / 2;
      const typename Key::elem y = a[use_sorter ? sorter[mid] : mid];
      if (right ? !Key::less(x, y) : Key::less(y, x))
        lo = mid + 1;
      else
        hi = mid;
    }
    out[i] = lo;
  }
}

}  // namespace cupylike
