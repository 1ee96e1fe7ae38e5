// Order statistics for median, percentile and quantile: each thread owns one slice of a
// contiguous work array [slices][n] and moves the requested order statistics into their sorted
// positions with an introselect (quickselect with median-of-3 pivots and a three-way partition,
// falling back to heapsort of the remaining range once 2*log2(n) rounds have not finished, so
// the worst case stays O(n log n)). NumPy's sort order: NaN after every number, and complex
// values ordered by real part, then imaginary part, with any NaN part last.
//
// One thread per slice is correct on both devices but serial within a slice: a GPU is slow on
// one huge slice (the device sorts of issue 6 will serve that case).
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// Comparisons in NumPy's sort order for values known not to be NaN, and the NaN test.
template <class T>
struct sort_order {
  __device__ static bool less(T a, T b) { return as_real(a) < as_real(b); }
  __device__ static bool is_nan(T a) {
    typename real_of<T>::type k = as_real(a);
    return k != k;  // always false for integers and bool: the NaN pass compiles away
  }
};

template <class T>
struct sort_order<complex<T> > {
  __device__ static bool less(complex<T> a, complex<T> b) {
    return a.re < b.re || (a.re == b.re && a.im < b.im);
  }
  __device__ static bool is_nan(complex<T> a) { return a.re != a.re || a.im != a.im; }
};

template <class T>
__device__ inline void select_swap(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

// Restores the max-heap property of v[0, end) below `root`.
template <class T>
__device__ void sift_down(T* v, long long root, long long end) {
  typedef sort_order<T> O;
  for (long long child = 2 * root + 1; child < end; child = 2 * root + 1) {
    if (child + 1 < end && O::less(v[child], v[child + 1])) ++child;
    if (!O::less(v[root], v[child])) return;
    select_swap(v[root], v[child]);
    root = child;
  }
}

// Sorts v[0, n) with a binary max-heap: the fallback that bounds introselect's worst case.
template <class T>
__device__ void heap_sort(T* v, long long n) {
  for (long long start = n / 2; start-- > 0;) sift_down(v, start, n);
  for (long long end = n - 1; end > 0; --end) {
    select_swap(v[0], v[end]);
    sift_down(v, 0, end);
  }
}

template <class T>
__device__ void insertion_sort(T* v, long long n) {
  typedef sort_order<T> O;
  for (long long i = 1; i < n; ++i) {
    T x = v[i];
    long long j = i;
    for (; j > 0 && O::less(x, v[j - 1]); --j) v[j] = v[j - 1];
    v[j] = x;
  }
}

// Moves the k-th smallest of v[l, r) to v[k], smaller-or-equal values before it and
// greater-or-equal values after it. v holds no NaN. After `rounds` partitions (< 0: about
// 2*log2(r - l)) the rest of the range is heapsorted.
template <class T>
__device__ void select_kth(T* v, long long l, long long r, long long k, int rounds) {
  typedef sort_order<T> O;
  if (rounds < 0) {
    rounds = 4;
    for (long long len = r - l; len > 1; len >>= 1) rounds += 2;
  }
  while (r - l > 16) {
    if (rounds-- == 0) {
      heap_sort(v + l, r - l);
      return;
    }
    // Median of three: sorts v[l], v[m], v[r - 1] and takes the middle as the pivot.
    long long m = l + (r - l) / 2;
    if (O::less(v[m], v[l])) select_swap(v[m], v[l]);
    if (O::less(v[r - 1], v[m])) select_swap(v[r - 1], v[m]);
    if (O::less(v[m], v[l])) select_swap(v[m], v[l]);
    const T pivot = v[m];
    // Three-way partition: [l, lt) < pivot, [lt, i) == pivot, [gt, r) > pivot. Runs of equal
    // values (integers, bool) end the search instead of making it quadratic.
    long long lt = l, i = l, gt = r;
    while (i < gt) {
      if (O::less(v[i], pivot)) {
        select_swap(v[lt++], v[i++]);
      } else if (O::less(pivot, v[i])) {
        select_swap(v[i], v[--gt]);
      } else {
        ++i;
      }
    }
    if (k < lt) {
      r = lt;
    } else if (k >= gt) {
      l = gt;
    } else {
      return;
    }
  }
  insertion_sort(v + l, r - l);
}

// For each slice s of work[slices][n]: out[j * slices + s] = the pos[j]-th smallest value of the
// slice, for j < npos, where ks (nk values, ascending) are the distinct positions in pos. A
// slice holding NaN gets one of its NaNs in every output (NumPy's quantile of such a slice is
// NaN). The work array is reordered in place. rounds < 0 is introselect's default bound;
// tests pass 0 to run the heapsort fallback.
template <class T>
__global__ void select_kernel(T* work, long long slices, long long n, const long long* ks, int nk,
                              const long long* pos, int npos, T* out, int rounds) {
  typedef sort_order<T> O;
  CUPYLIKE_FOR(s, slices) {
    T* v = work + s * n;
    long long m = n;  // NaNs move to v[m, n)
    for (long long i = 0; i < m;) {
      if (O::is_nan(v[i])) {
        select_swap(v[i], v[--m]);
      } else {
        ++i;
      }
    }
    if (m < n) {
      for (int j = 0; j < npos; ++j) out[j * slices + s] = v[m];
      continue;
    }
    // Each selection leaves v[k] in its sorted place with only larger-or-equal values after
    // it, so the next (larger) position is searched for to its right only.
    long long lo = 0;
    for (int j = 0; j < nk; ++j) {
      if (ks[j] < lo) continue;
      select_kth(v, lo, n, ks[j], rounds);
      lo = ks[j] + 1;
    }
    for (int j = 0; j < npos; ++j) out[j * slices + s] = v[pos[j]];
  }
}

}  // namespace cupylike
