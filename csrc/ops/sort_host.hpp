#pragma once
/// The cpu device's sorting helpers: a stable least-significant-digit radix sort over the keys of
/// kernels/cupylike/sort_keys.cuh (NumPy's order: NaNs last, complex by CLT), run on the
/// worker pool — rows in parallel, or one long row split into chunks that count and scatter
/// in parallel; and a parallel merge of two sorted runs. Memory of the cpu device is host memory,
/// and its streams run in order on the calling thread, so this works on the arrays' buffers
/// directly.
#include <cstdint>

#include "core/dtype.hpp"

namespace cupylike {

/// Sorts each of `rows` contiguous rows of `n` elements of `dtype` at `values` in place. With
/// `indices` (int64, [rows][n]), each row's permutation is written there too: the original
/// position in its row of each sorted element (numpy.argsort with kind='stable'). Throws
/// Interrupted on Ctrl-C (runtime/interrupt.hpp), leaving the rows in any order.
void host_sort_rows(DType dtype, void* values, int64_t* indices, int64_t rows, int64_t n);

/// Merges the sorted runs [0, mid) and [mid, n) of `src` into `dst` (n elements of `dtype`) in
/// NumPy's order, stably, in pieces of the output spread over the worker threads. Throws
/// Interrupted on Ctrl-C, leaving `dst` partly written.
void host_merge(DType dtype, const void* src, void* dst, int64_t n, int64_t mid);

}  // namespace cupylike
