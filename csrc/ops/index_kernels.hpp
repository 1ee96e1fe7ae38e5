#pragma once
/// The kernels of kernels/cupylike/index.cuh, compiled as one family, and their launches.
#include <cupylike/params.h>

#include "ops/library.hpp"

namespace cupylike {

const KernelFamily& index_family();

/// Launches index_copy_kernel for elements of `itemsize` bytes (a gather, or a scatter);
/// `in_order`: as one thread, so the elements move one after another in the walk's order.
void launch_index_copy(Device device, const cupylike_index_params& p, int itemsize, bool scatter,
                       const Stream& stream, bool in_order = false);

/// For each position of `p`'s walk (the index arrays' broadcast shape, view strides zero), the
/// largest position whose index tuple selects the same element: `out`, contiguous int64 of
/// p.size elements. The same whatever order the device runs its threads in.
void last_writers(Device device, const cupylike_index_params& p, const NDArray& out,
                  const Stream& stream);

/// The smallest position in `idx` (contiguous int64) of an index outside [-len, len), or -1.
/// Several arrays are checked with one synchronisation: `first_bad` gets one result each.
void check_indices(Device device, const std::vector<const NDArray*>& idx,
                   const std::vector<int64_t>& lens, std::vector<int64_t>& first_bad,
                   const Stream& stream);

/// A boolean mask's true elements counted per block of the compaction (kernels/cupylike/
/// index.cuh): their total, and where each block's first one goes (on the device).
struct MaskCounts {
  int64_t total = 0;
  int64_t blocks = 0, chunk = 0;
  int threads = 1;
  ArrayPtr offsets;  // uint64 [blocks]
};

/// Counts the true elements of `mask` (contiguous bool); one synchronisation. `emit_itemsize`:
/// what emit_mask will copy next (1 for coordinates), whose kernel compiles meanwhile.
MaskCounts count_mask(const NDArray& mask, int emit_itemsize, const Stream& stream);

/// Writes the true elements' coordinates in `shape` (values null: `out` is int64
/// [shape.size()][total], C order) or the elements of `values` (contiguous, as the mask) there.
void emit_mask(const NDArray& mask, const MaskCounts& counts, const DimVector& shape,
               const NDArray* values, const NDArray& out, const Stream& stream);

/// Tests: the compaction's threads per block on the cpu device (a power of two; 0: its choice,
/// one), so that the GPU's block-wide prefix sums run there too.
void force_compact_threads(int threads);

}  // namespace cupylike
