// cg::reduce for the cpu device, over tiles and coalesced groups (CUDA's version is nvcc-only).
#ifndef CUPYLIKE_CPU_SHIM_CG_REDUCE_H
#define CUPYLIKE_CPU_SHIM_CG_REDUCE_H

#include "../../cpu/cooperative_groups.h"

#pragma GCC visibility push(hidden)

namespace cooperative_groups {

// Tiles: a butterfly, after which every rank holds the result.
template <unsigned int N, class ParentT, class T, class Op>
inline T reduce(const thread_block_tile<N, ParentT>& group, T value, Op op) {
  for (unsigned int lane_mask = N / 2; lane_mask > 0; lane_mask /= 2)
    value = op(value, group.shfl_xor(value, lane_mask));
  return value;
}

// Coalesced groups of any size: a tree towards rank 0, then a broadcast.
template <class T, class Op>
inline T reduce(const coalesced_group& group, T value, Op op) {
  const unsigned int n = group.num_threads(), rank = group.thread_rank();
  for (unsigned int offset = 1; offset < n; offset *= 2) {
    const T other = group.shfl_down(value, offset);
    if (rank % (2 * offset) == 0 && rank + offset < n) value = op(value, other);
  }
  return group.shfl(value, 0);
}

}  // namespace cooperative_groups

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_SHIM_CG_REDUCE_H
