// Cooperative groups for the cpu device (CUDA's cooperative_groups.h is empty without nvcc).
//
// Our own implementation of the commonly used subset, on top of the prelude's barriers and warp
// collectives: this_thread_block(), tiled_partition<N> for N <= 32 (static and dynamic),
// coalesced_threads(), this_thread(), and this_grid() whose sync() traps, because a grid-wide
// barrier needs every block resident at once and the cpu device runs blocks a few at a time.
// Reductions and scans over these groups are in cooperative_groups/reduce.h and scan.h.
#ifndef CUPYLIKE_CPU_COOPERATIVE_GROUPS_H
#define CUPYLIKE_CPU_COOPERATIVE_GROUPS_H

#pragma GCC visibility push(hidden)

namespace cooperative_groups {
namespace __cpuk_detail {

inline unsigned lanemask_lt() { return (1u << __cpuk_lane()) - 1u; }

// The lane holding rank `rank` in the group of lanes `mask` (ranks count set bits upwards).
inline int lane_of_rank(unsigned mask, unsigned rank) {
  for (unsigned i = 0; i < rank; ++i) mask &= mask - 1u;
  return mask ? __builtin_ctz(mask) : 0;
}

// Gathers the bits of `bits` at the positions set in `mask` into the low bits, in order.
inline unsigned compress(unsigned bits, unsigned mask) {
  unsigned out = 0, position = 0;
  for (; mask; mask &= mask - 1u, ++position)
    if (bits & mask & (0u - mask)) out |= 1u << position;
  return out;
}

// Shuffles a value of any trivially copyable type, 8 bytes per runtime call, as CUDA's group
// shuffles accept any such type.
template <class T>
inline T shfl(int mode, unsigned mask, const T& value, int lane, int width) {
  unsigned char bytes[sizeof(T)];
  __builtin_memcpy(bytes, static_cast<const void*>(&value), sizeof(T));
  for (unsigned offset = 0; offset < sizeof(T); offset += 8) {
    const unsigned n = sizeof(T) - offset < 8 ? sizeof(T) - offset : 8;
    unsigned long long chunk = 0;
    __builtin_memcpy(&chunk, bytes + offset, n);
    chunk = __cpuk_rt->shfl(mode, mask, chunk, lane, width);
    __builtin_memcpy(bytes + offset, &chunk, n);
  }
  T result;
  __builtin_memcpy(static_cast<void*>(&result), bytes, sizeof(T));
  return result;
}

[[noreturn]] inline void unsupported(const char* what) { __cpuk_trap(what); }

}  // namespace __cpuk_detail

// A group known only at run time: the whole block, or a set of lanes of one warp (a dynamic
// tile or a coalesced group).
class thread_group {
 public:
  unsigned long long num_threads() const {
    return whole_block_ ? __cpuk_block_threads() : static_cast<unsigned>(__popc(mask_));
  }
  unsigned long long size() const { return num_threads(); }
  unsigned long long thread_rank() const {
    return whole_block_ ? __cpuk_linear_tid()
                        : static_cast<unsigned>(__popc(mask_ & __cpuk_detail::lanemask_lt()));
  }
  void sync() const {
    if (whole_block_)
      __syncthreads();
    else
      __syncwarp(mask_);
  }
  bool is_valid() const { return true; }

 protected:
  thread_group(bool whole_block, unsigned mask) : whole_block_(whole_block), mask_(mask) {}
  bool whole_block_;
  unsigned mask_;  // lanes of the caller's warp, when !whole_block_
  friend thread_group tiled_partition(const thread_group& parent, unsigned tile_size);
};

class thread_block : public thread_group {
 public:
  static void sync() { __syncthreads(); }
  static unsigned int thread_rank() { return __cpuk_linear_tid(); }
  static unsigned int num_threads() { return __cpuk_block_threads(); }
  static unsigned int size() { return num_threads(); }
  static dim3 group_index() { return dim3(blockIdx); }
  static dim3 thread_index() { return dim3(threadIdx); }
  static dim3 group_dim() { return dim3(blockDim); }
  static dim3 dim_threads() { return dim3(blockDim); }
  bool is_valid() const { return true; }

 private:
  thread_block() : thread_group(true, 0) {}
  friend thread_block this_thread_block();
};
inline thread_block this_thread_block() { return thread_block(); }

// Tiles of N (a power of two up to 32) consecutive threads: always within one warp.
template <unsigned int N, class ParentT = void>
class thread_block_tile;

template <unsigned int N>
class thread_block_tile<N, void> : public thread_group {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                "tiles on the cpu device are powers of two up to 32 threads");

 public:
  static constexpr unsigned int num_threads() { return N; }
  static constexpr unsigned int size() { return N; }
  static unsigned int thread_rank() { return __cpuk_lane() % N; }
  unsigned int meta_group_rank() const { return meta_rank_; }
  unsigned int meta_group_size() const { return meta_size_; }
  void sync() const { __syncwarp(mask_); }

  template <class T>
  T shfl(const T& var, int src_rank) const {
    return __cpuk_detail::shfl(__CPUK_SHFL_IDX, mask_, var, src_rank, N);
  }
  template <class T>
  T shfl_down(const T& var, unsigned int delta) const {
    return __cpuk_detail::shfl(__CPUK_SHFL_DOWN, mask_, var, static_cast<int>(delta), N);
  }
  template <class T>
  T shfl_up(const T& var, unsigned int delta) const {
    return __cpuk_detail::shfl(__CPUK_SHFL_UP, mask_, var, static_cast<int>(delta), N);
  }
  template <class T>
  T shfl_xor(const T& var, unsigned int lane_mask) const {
    return __cpuk_detail::shfl(__CPUK_SHFL_XOR, mask_, var, static_cast<int>(lane_mask), N);
  }
  int any(int predicate) const { return __any_sync(mask_, predicate); }
  int all(int predicate) const { return __all_sync(mask_, predicate); }
  // Bit r of the result is the predicate of the tile's rank r.
  unsigned int ballot(int predicate) const { return __ballot_sync(mask_, predicate) >> offset(); }
  template <class T>
  unsigned int match_any(T value) const {
    return __match_any_sync(mask_, value) >> offset();
  }
  template <class T>
  unsigned int match_all(T value, int& pred) const {
    return __match_all_sync(mask_, value, &pred) >> offset();
  }

 protected:
  thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : thread_group(false, (N == 32 ? 0xffffffffu : (1u << N) - 1u) << offset()),
        meta_rank_(meta_rank),
        meta_size_(meta_size) {}
  static unsigned offset() { return __cpuk_lane() / N * N; }
  unsigned meta_rank_, meta_size_;
  template <unsigned int, class>
  friend class thread_block_tile;
  friend thread_block_tile<1, void> this_thread();
};

// A tile that remembers its parent type converts to the parent-erased form, as in CUDA.
template <unsigned int N, class ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
 public:
  explicit thread_block_tile(const ParentT& parent)
      : thread_block_tile<N, void>(static_cast<unsigned>(parent.thread_rank()) / N,
                                   static_cast<unsigned>((parent.num_threads() + N - 1) / N)) {}
};

template <unsigned int N, class ParentT>
inline thread_block_tile<N, ParentT> tiled_partition(const ParentT& parent) {
  return thread_block_tile<N, ParentT>(parent);
}

inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(0, 1); }

// Dynamic tiles: a power of two up to 32 threads, taken within the caller's warp.
inline thread_group tiled_partition(const thread_group& parent, unsigned tile_size) {
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)) != 0)
    __cpuk_detail::unsupported(
        "tiled_partition: the cpu device supports tiles of 1, 2, 4, 8, 16 or 32 threads");
  const unsigned tile_mask = tile_size == 32 ? 0xffffffffu : (1u << tile_size) - 1u;
  const unsigned mask = tile_mask << (__cpuk_lane() / tile_size * tile_size);
  return thread_group(false, parent.whole_block_ ? mask : mask & parent.mask_);
}

// The lanes of the warp that are active (here: have not exited) when it is created.
class coalesced_group : public thread_group {
 public:
  unsigned int num_threads() const { return static_cast<unsigned>(__popc(mask_)); }
  unsigned int size() const { return num_threads(); }
  unsigned int thread_rank() const {
    return static_cast<unsigned>(__popc(mask_ & __cpuk_detail::lanemask_lt()));
  }
  unsigned int meta_group_rank() const { return 0; }
  unsigned int meta_group_size() const { return 1; }
  void sync() const { __syncwarp(mask_); }

  template <class T>
  T shfl(const T& var, unsigned int src_rank) const {
    return __cpuk_detail::shfl(__CPUK_SHFL_IDX, mask_, var,
                               __cpuk_detail::lane_of_rank(mask_, src_rank % num_threads()), 32);
  }
  // Ranks past either end read their own value, as CUDA's shuffles past the width do.
  template <class T>
  T shfl_down(const T& var, unsigned int delta) const {
    const unsigned target = thread_rank() + delta;
    const int lane = target < num_threads() ? __cpuk_detail::lane_of_rank(mask_, target)
                                            : static_cast<int>(__cpuk_lane());
    return __cpuk_detail::shfl(__CPUK_SHFL_IDX, mask_, var, lane, 32);
  }
  template <class T>
  T shfl_up(const T& var, unsigned int delta) const {
    const unsigned rank = thread_rank();
    const int lane = rank >= delta ? __cpuk_detail::lane_of_rank(mask_, rank - delta)
                                   : static_cast<int>(__cpuk_lane());
    return __cpuk_detail::shfl(__CPUK_SHFL_IDX, mask_, var, lane, 32);
  }
  int any(int predicate) const { return __any_sync(mask_, predicate); }
  int all(int predicate) const { return __all_sync(mask_, predicate); }
  unsigned int ballot(int predicate) const {
    return __cpuk_detail::compress(__ballot_sync(mask_, predicate), mask_);
  }
  template <class T>
  unsigned int match_any(T value) const {
    return __cpuk_detail::compress(__match_any_sync(mask_, value), mask_);
  }
  template <class T>
  unsigned int match_all(T value, int& pred) const {
    return __cpuk_detail::compress(__match_all_sync(mask_, value, &pred), mask_);
  }

 private:
  explicit coalesced_group(unsigned mask) : thread_group(false, mask) {}
  friend coalesced_group coalesced_threads();
};
inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

// The whole grid. Its ranks and sizes are available; its barrier is not (see the top).
class grid_group {
 public:
  static bool is_valid() { return false; }  // never a cooperative launch
  static void sync() {
    __cpuk_detail::unsupported(
        "grid_group::sync() needs a cooperative launch, which the cpu device cannot run");
  }
  static unsigned long long num_blocks() {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  }
  static unsigned long long block_rank() {
    return blockIdx.x + static_cast<unsigned long long>(gridDim.x) *
                            (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
  }
  static unsigned long long num_threads() { return num_blocks() * __cpuk_block_threads(); }
  static unsigned long long size() { return num_threads(); }
  static unsigned long long thread_rank() {
    return block_rank() * __cpuk_block_threads() + __cpuk_linear_tid();
  }
  static dim3 dim_blocks() { return dim3(gridDim); }
  static dim3 block_index() { return dim3(blockIdx); }
  static dim3 group_dim() { return dim3(gridDim); }
  static dim3 dim_threads() { return dim3(blockDim); }
};
inline grid_group this_grid() { return grid_group(); }

// Free-function forms.
template <class Group>
inline void sync(const Group& group) {
  group.sync();
}
template <class Group>
inline auto thread_rank(const Group& group) -> decltype(group.thread_rank()) {
  return group.thread_rank();
}
template <class Group>
inline auto group_size(const Group& group) -> decltype(group.num_threads()) {
  return group.num_threads();
}

// The operators that reduce and scan take (details/functional.h in CUDA).
template <class T>
struct plus {
  T operator()(T a, T b) const { return a + b; }
};
template <class T>
struct less {  // the smaller of the two
  T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T>
struct greater {  // the larger of the two
  T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T>
struct bit_and {
  T operator()(T a, T b) const { return a & b; }
};
template <class T>
struct bit_or {
  T operator()(T a, T b) const { return a | b; }
};
template <class T>
struct bit_xor {
  T operator()(T a, T b) const { return a ^ b; }
};

}  // namespace cooperative_groups

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_COOPERATIVE_GROUPS_H
