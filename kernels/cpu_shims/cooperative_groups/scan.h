// cg::inclusive_scan / exclusive_scan for the cpu device, over tiles and coalesced groups (CUDA's
// version is nvcc-only).
#ifndef CUPYLIKE_CPU_SHIM_CG_SCAN_H
#define CUPYLIKE_CPU_SHIM_CG_SCAN_H

#include "../../cpu/cooperative_groups.h"

#pragma GCC visibility push(hidden)

namespace cooperative_groups {

// Hillis-Steele: log2(n) shuffles up; ranks past the start keep their value.
template <class Group, class T, class Op>
inline T inclusive_scan(const Group& group, T value, Op op) {
  const unsigned int n = static_cast<unsigned int>(group.num_threads());
  const unsigned int rank = static_cast<unsigned int>(group.thread_rank());
  for (unsigned int delta = 1; delta < n; delta *= 2) {
    const T other = group.shfl_up(value, delta);
    if (rank >= delta) value = op(other, value);
  }
  return value;
}
template <class Group, class T>
inline T inclusive_scan(const Group& group, T value) {
  return inclusive_scan(group, value, plus<T>());
}

// Rank 0 receives a value-initialised T, as in CUDA.
template <class Group, class T, class Op>
inline T exclusive_scan(const Group& group, T value, Op op) {
  const T inclusive = inclusive_scan(group, value, op);
  const T previous = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T{} : previous;
}
template <class Group, class T>
inline T exclusive_scan(const Group& group, T value) {
  return exclusive_scan(group, value, plus<T>());
}

}  // namespace cooperative_groups

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_SHIM_CG_SCAN_H
