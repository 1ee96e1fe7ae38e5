// Warp collectives: votes, shuffles, match and reduce.
//
// Each is a rendezvous of the lanes named in `mask`, carried out by the runtime's scheduler:
// the calling CUDA thread blocks until every live lane of the mask has arrived, as the _sync
// forms require. Values travel as 8 raw bytes, so every type CUDA overloads (up to 8 bytes)
// shares one runtime entry.
#ifndef CUPYLIKE_CPU_WARP_H
#define CUPYLIKE_CPU_WARP_H

#pragma GCC visibility push(hidden)

inline void __syncwarp(unsigned mask = 0xffffffffu) { __cpuk_rt->syncwarp(mask); }

inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return __cpuk_rt->vote(__CPUK_VOTE_BALLOT, mask, predicate != 0);
}
inline int __all_sync(unsigned mask, int predicate) {
  return static_cast<int>(__cpuk_rt->vote(__CPUK_VOTE_ALL, mask, predicate != 0));
}
inline int __any_sync(unsigned mask, int predicate) {
  return static_cast<int>(__cpuk_rt->vote(__CPUK_VOTE_ANY, mask, predicate != 0));
}
inline int __uni_sync(unsigned mask, int predicate) {
  return static_cast<int>(__cpuk_rt->vote(__CPUK_VOTE_UNI, mask, predicate != 0));
}
// Lanes of the caller's warp that have not exited: the runtime cannot know which lanes a GPU
// would consider converged (research/cpu_backend.md §3).
inline unsigned __activemask() { return __cpuk_rt->activemask(); }

// Value <-> the 8 bytes the runtime moves. Zero-extended, so __match_*_sync compares equal
// values of a type equal.
template <class T>
inline unsigned long long __cpuk_to_bits(const T& value) {
  static_assert(sizeof(T) <= 8, "warp collectives move at most 8 bytes per lane");
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, static_cast<const void*>(&value), sizeof(T));
  return bits;
}
template <class T>
inline T __cpuk_from_bits(unsigned long long bits) {
  T value;
  __builtin_memcpy(static_cast<void*>(&value), &bits, sizeof(T));
  return value;
}
template <class T>
inline T __cpuk_shfl(int mode, unsigned mask, T var, int lane, int width) {
  return __cpuk_from_bits<T>(__cpuk_rt->shfl(mode, mask, __cpuk_to_bits(var), lane, width));
}

// Explicit overloads, not one template: CUDA declares one per type, and with a template a
// `short` or `bool` argument would return its own type instead of promoting to int as CUDA's
// overload resolution does. cuda_fp16.h/cuda_bf16.h add the half types (cpu/fp16.h, cpu/bf16.h).
#define __CPUK_SHFL_OVERLOADS(T)                                                          \
  inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = warpSize) {        \
    return __cpuk_shfl<T>(__CPUK_SHFL_IDX, mask, var, src_lane, width);                   \
  }                                                                                       \
  inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize) {   \
    return __cpuk_shfl<T>(__CPUK_SHFL_UP, mask, var, static_cast<int>(delta), width);     \
  }                                                                                       \
  inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize) { \
    return __cpuk_shfl<T>(__CPUK_SHFL_DOWN, mask, var, static_cast<int>(delta), width);   \
  }                                                                                       \
  inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = warpSize) {   \
    return __cpuk_shfl<T>(__CPUK_SHFL_XOR, mask, var, lane_mask, width);                  \
  }

#define __CPUK_MATCH_OVERLOADS(T)                                                                  \
  inline unsigned __match_any_sync(unsigned mask, T value) {                                       \
    return __cpuk_rt->match(__CPUK_MATCH_ANY, mask, __cpuk_to_bits(value), nullptr);               \
  }                                                                                                \
  inline unsigned __match_all_sync(unsigned mask, T value, int* pred) {                            \
    int all_equal = 0;                                                                             \
    unsigned result = __cpuk_rt->match(__CPUK_MATCH_ALL, mask, __cpuk_to_bits(value), &all_equal); \
    if (pred) *pred = all_equal;                                                                   \
    return result;                                                                                 \
  }

#define __CPUK_WARP_OVERLOADS(T) __CPUK_SHFL_OVERLOADS(T) __CPUK_MATCH_OVERLOADS(T)
__CPUK_WARP_OVERLOADS(int)
__CPUK_WARP_OVERLOADS(unsigned int)
__CPUK_WARP_OVERLOADS(long)
__CPUK_WARP_OVERLOADS(unsigned long)
__CPUK_WARP_OVERLOADS(long long)
__CPUK_WARP_OVERLOADS(unsigned long long)
__CPUK_WARP_OVERLOADS(float)
__CPUK_WARP_OVERLOADS(double)
#undef __CPUK_WARP_OVERLOADS
#undef __CPUK_MATCH_OVERLOADS

// __reduce_*_sync (sm_80): min and max exist for int and unsigned, the bitwise ones only for
// unsigned; add wraps the same either way.
inline unsigned __reduce_add_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_ADD, mask, value, 0);
}
inline int __reduce_add_sync(unsigned mask, int value) {
  return static_cast<int>(
      __cpuk_rt->reduce(__CPUK_REDUCE_ADD, mask, static_cast<unsigned>(value), 1));
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_MIN, mask, value, 0);
}
inline int __reduce_min_sync(unsigned mask, int value) {
  return static_cast<int>(
      __cpuk_rt->reduce(__CPUK_REDUCE_MIN, mask, static_cast<unsigned>(value), 1));
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_MAX, mask, value, 0);
}
inline int __reduce_max_sync(unsigned mask, int value) {
  return static_cast<int>(
      __cpuk_rt->reduce(__CPUK_REDUCE_MAX, mask, static_cast<unsigned>(value), 1));
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_AND, mask, value, 0);
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_OR, mask, value, 0);
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned value) {
  return __cpuk_rt->reduce(__CPUK_REDUCE_XOR, mask, value, 0);
}

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_WARP_H
