// Integer and bool matrix products, which BLAS lacks: C[b] = A[b] B[b] for a stack of matrices
// read through element strides (any sign, broadcast batches as stride 0), C C-contiguous.
// NumPy's arithmetic: integers wrap (sums of products modulo 2**bits, computed in an unsigned
// accumulator of at least 32 bits, where wrapping is defined, and truncated once at the end,
// which gives the same bits as wrapping at every step), bool is or-of-ands.
//
// Each thread owns a TM x TN tile of C and runs over the whole k for it, with the tile's sums
// in registers and no temporary in memory. Missing rows and columns of edge tiles read
// element 0 (always present) and are not stored, so the inner loops have fixed trip counts.
// The backends differ only in tile shape and tile order: on a GPU neighbouring threads take
// neighbouring column tiles of one row band; on the cpu device a block's chunk of tiles walks
// down a column band first, so the band's k x TN panel of B stays in cache.
#pragma once
#include <cupylike/loop.cuh>

namespace cupylike {

#if defined(__CUDACC__)
#define CUPYLIKE_MATMUL_TM 4
#define CUPYLIKE_MATMUL_TN 4
#else
#define CUPYLIKE_MATMUL_TM 4
#define CUPYLIKE_MATMUL_TN 16
#endif

template <class T>
struct matmul_acc {  // 8-, 16- and 32-bit integers
  typedef unsigned int type;
};
template <>
struct matmul_acc<long long> {
  typedef unsigned long long type;
};
template <>
struct matmul_acc<unsigned long long> {
  typedef unsigned long long type;
};
template <>
struct matmul_acc<bool> {
  typedef bool type;
};

template <class A>
__device__ inline void matmul_mac(A& acc, A x, A y) {
  acc += x * y;
}
__device__ inline void matmul_mac(bool& acc, bool x, bool y) { acc = acc | (x & y); }

template <class T>
__global__ void int_matmul_kernel(const T* a, const T* b, T* c, long long batch, long long m,
                                  long long n, long long k, long long a_batch, long long a_row,
                                  long long a_col, long long b_batch, long long b_row,
                                  long long b_col) {
  typedef typename matmul_acc<T>::type A;
  const int TM = CUPYLIKE_MATMUL_TM, TN = CUPYLIKE_MATMUL_TN;
  const long long tiles_m = (m + TM - 1) / TM, tiles_n = (n + TN - 1) / TN;
  for_each_index(batch * tiles_m * tiles_n, [&](long long t) {
#if defined(__CUDACC__)
    const long long jt = t % tiles_n, it = t / tiles_n % tiles_m;
#else
    const long long it = t % tiles_m, jt = t / tiles_m % tiles_n;
#endif
    const long long bt = t / (tiles_m * tiles_n);
    const long long i0 = it * TM, j0 = jt * TN;
    const T* ap[TM];
    const T* bp = b + bt * b_batch + j0 * b_col;
    long long b_step[TN];
    for (int r = 0; r < TM; ++r) ap[r] = a + bt * a_batch + (i0 + r < m ? i0 + r : 0) * a_row;
    for (int q = 0; q < TN; ++q) b_step[q] = (j0 + q < n ? q : -j0) * b_col;
    A sum[TM][TN];
    for (int r = 0; r < TM; ++r)
      for (int q = 0; q < TN; ++q) sum[r][q] = A(0);
    if (b_col == 1 && j0 + TN <= n) {
      // Unit-stride columns: the B row of the tile is one contiguous run (vectorised on the cpu).
      for (long long l = 0; l < k; ++l) {
        const T* brow = bp + l * b_row;
        for (int r = 0; r < TM; ++r) {
          const A x = A(ap[r][l * a_col]);
          for (int q = 0; q < TN; ++q) matmul_mac(sum[r][q], x, A(brow[q]));
        }
      }
    } else {
      for (long long l = 0; l < k; ++l) {
        const T* brow = bp + l * b_row;
        for (int r = 0; r < TM; ++r) {
          const A x = A(ap[r][l * a_col]);
          for (int q = 0; q < TN; ++q) matmul_mac(sum[r][q], x, A(brow[b_step[q]]));
        }
      }
    }
    T* crow = c + (bt * m + i0) * n + j0;
    for (int r = 0; r < TM && i0 + r < m; ++r)
      for (int q = 0; q < TN && j0 + q < n; ++q) crow[r * n + q] = T(sum[r][q]);
  });
}

}  // namespace cupylike
