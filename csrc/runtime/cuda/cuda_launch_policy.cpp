// A GPU's launch policy: blocks of 256 threads, enough blocks to fill the device, and in the
// reductions and scans a block-wide tree over each part of a long slice.
#include <cupylike/params.h>

#include <algorithm>

#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

constexpr unsigned kBlock = 256;
// Blocks that fill a GPU: a few thousand.
constexpr long long kFillBlocks = 2048;
// A block of a reduction or scan cut into parts takes at least this many elements.
constexpr long long kPartElements = 4096;
// Scans in element order below this many elements (the cpu device's CHUNK threshold with two
// workers), so that the two give NumPy's results on the same inputs.
constexpr long long kInOrderBelow = 32 << 10;

long long blocks_for(long long threads) { return (threads + kBlock - 1) / kBlock; }

class CudaLaunchPolicy final : public LaunchPolicy {
 public:
  LaunchDims elementwise(int64_t items, int64_t, int64_t block, int64_t per_thread,
                         int64_t max_blocks) const override {
    const int64_t per_block = block * per_thread;
    const int64_t blocks = std::clamp<int64_t>((items + per_block - 1) / per_block, 1, max_blocks);
    return {Dim3{unsigned(blocks), 1, 1}, Dim3{unsigned(block), 1, 1}};
  }

  WorkCut reduction(const ReductionWork& w) const override {
    // A thread per output: neighbouring threads read neighbouring outputs.
    const WorkCut per_output{CUPYLIKE_RED_THREAD, 1, blocks_for(w.out_size), kBlock};
    if (w.red_size == 0 || w.ordered) return per_output;
    if (w.forced_mode >= 0) {
      WorkCut c{w.forced_mode, w.forced_parts, 0, kBlock};
      if (c.mode == CUPYLIKE_RED_TILE) c.mode = CUPYLIKE_RED_THREAD;  // a cpu device's mode
      if (c.mode == CUPYLIKE_RED_THREAD) c.parts = 1;
      c.blocks =
          c.mode == CUPYLIKE_RED_BLOCK ? w.out_size * c.parts : blocks_for(w.out_size * c.parts);
      return c;
    }
    if (w.red_size <= 32 || (w.outer && w.out_size >= kFillBlocks)) return per_output;
    // A block per part: enough blocks to fill the device, none with under kPartElements.
    const long long want = std::max(1ll, kFillBlocks / w.out_size);
    const long long parts = std::clamp(w.red_size / kPartElements, 1ll, want);
    return {CUPYLIKE_RED_BLOCK, parts, w.out_size * parts, kBlock};
  }

  LaunchDims reduction_final(long long outputs) const override {
    return linear_dims(blocks_for(outputs), kBlock);
  }

  WorkCut scan(const ScanWork& w) const override {
    if (w.forced_mode >= 0) {
      WorkCut c{w.forced_mode, 1, 0, kBlock};
      if (c.mode == CUPYLIKE_SCAN_TILE) c.mode = CUPYLIKE_SCAN_THREAD;  // a cpu device's mode
      const bool cut = c.mode == CUPYLIKE_SCAN_CHUNK || c.mode == CUPYLIKE_SCAN_BLOCK;
      if (cut && w.ordered) c.mode = CUPYLIKE_SCAN_THREAD;
      if (c.mode == CUPYLIKE_SCAN_CHUNK || c.mode == CUPYLIKE_SCAN_BLOCK) c.parts = w.forced_chunks;
      c.blocks = c.mode == CUPYLIKE_SCAN_THREAD ? blocks_for(w.slices) : w.slices * c.parts;
      return c;
    }
    // Small scans run in element order, one thread per slice, so that floating-point sums
    // round as NumPy's do (a block's tree changes the order); from kInOrderBelow elements
    // on, the parallel scan's speed is worth a last-bit difference (docs/differences.md).
    if (w.ordered || w.len <= 32 || (w.outer && w.slices >= 1024) ||
        w.slices * w.len < kInOrderBelow)
      return {CUPYLIKE_SCAN_THREAD, 1, blocks_for(w.slices), kBlock};
    // A block per chunk: neighbouring threads read neighbouring elements.
    const long long chunks =
        std::clamp(w.len / kPartElements, 1ll, std::max(1ll, kFillBlocks / w.slices));
    return {CUPYLIKE_SCAN_BLOCK, chunks, w.slices * chunks, kBlock};
  }

  LaunchDims scan_totals(long long slices) const override {
    return linear_dims(blocks_for(slices), kBlock);
  }

  // Tiles of 256 with block-wide prefix sums, about 16 tiles per block.
  LaunchDims compaction(int64_t n, int) const override {
    const long long blocks = std::clamp<long long>(n / (kBlock * 16), 1, 4096);
    return {Dim3{unsigned(blocks), 1, 1}, Dim3{kBlock, 1, 1}};
  }
};

}  // namespace

const LaunchPolicy& CudaBackend::launch_policy() const {
  static const CudaLaunchPolicy policy;
  return policy;
}

}  // namespace cupylike
