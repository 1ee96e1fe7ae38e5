// The cpu device's launch policy: one thread per block wherever a kernel allows it (a block's
// threads run one after another, so more threads only add switches), and a few blocks per
// worker thread of the pool (CUPYLIKE_CPU_THREADS).
#include <cupylike/params.h>

#include <algorithm>

#include "runtime/cpu/cpu_backend.hpp"
#include "runtime/cpu/worker_pool.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

// A block handles at least this many elements: smaller ones cost more to hand out than to run.
constexpr long long kBlockElements = 16 << 10;
// Up to this many blocks per worker thread, so that uneven progress balances.
constexpr long long kBlocksPerWorker = 4;
// Launches that finish the work of several blocks (a reduction's FINAL, a scan's pass 2) run
// as at most this many blocks: they are short, and each block costs a hand-out.
constexpr long long kShortLaunchBlocks = 8;
// A forced block-wide mode (tests) runs blocks of a warp, so its collectives run too.
constexpr unsigned kForcedBlockThreads = 32;

long long workers() { return cpu::WorkerPool::instance().threads(); }

// Work on fewer elements runs as one block on the calling thread. Waking a sleeping worker
// costs 10-20 us where the CPUs are virtual (an idle vCPU is woken by an interrupt through the
// hypervisor): measured on the 2-core CI machine, two threads lose to one below about 2^18
// float32 elements for `a + b` and `x.sum()` (1e5: 20 against 14 us, 13.7 against 7.6 us).
constexpr long long kParallelElements = 1 << 18;

// Blocks that are worth handing out for `total` elements.
long long useful_blocks(long long total) {
  return total < kParallelElements ? 1 : std::max(1ll, total / kBlockElements);
}

// Tiles of `tile_bytes` of consecutive slices (or outputs) that step down the axis together.
long long tiles(long long slices, long long last_extent, int acc_size, int tile_bytes) {
  const long long width = std::max(1, tile_bytes / acc_size);
  return slices / last_extent * ((last_extent + width - 1) / width);
}

class CpuLaunchPolicy final : public LaunchPolicy {
 public:
  // Small jobs run in one block; each block is at least kBlockElements of `work`.
  LaunchDims elementwise(int64_t items, int64_t work, int64_t, int64_t, int64_t) const override {
    work = work > 0 ? work : items;
    const long long blocks = std::clamp<long long>(std::min<long long>(useful_blocks(work), items),
                                                   1, kBlocksPerWorker * workers());
    return {Dim3{unsigned(blocks), 1, 1}, Dim3{1, 1, 1}};
  }

  WorkCut reduction(const ReductionWork& w) const override {
    if (w.red_size == 0)  // every output is post(identity): one block of nothing to combine
      return {CUPYLIKE_RED_THREAD, 1, 1, 1};
    if (w.ordered) return {CUPYLIKE_RED_THREAD, 1, std::min(w.out_size, kShortLaunchBlocks), 1};
    if (w.forced_mode >= 0) {
      WorkCut c{w.forced_mode, w.forced_parts, 0, 1};
      if (c.mode == CUPYLIKE_RED_TILE && w.red_ndim == 0) c.mode = CUPYLIKE_RED_THREAD;
      if (c.mode == CUPYLIKE_RED_THREAD) c.parts = 1;
      if (c.mode == CUPYLIKE_RED_BLOCK) c.threads = kForcedBlockThreads;
      c.blocks = w.out_size * c.parts;  // a block per part: of a warp, or of one thread
      return c;
    }
    const long long n = workers(), total = w.out_size * w.red_size;
    const long long useful = useful_blocks(total);
    WorkCut c;
    if (w.outer) {  // tiles of outputs that step through their rows together
      c.mode = CUPYLIKE_RED_TILE;
      const long long t = tiles(w.out_size, w.last_extent, w.acc_size, CUPYLIKE_RED_TILE_BYTES);
      if (t < n && useful >= n)  // too few tiles: cut the rows too
        c.parts = std::clamp((2 * n + t - 1) / t, 1ll, std::max(1ll, w.red_size / 256));
      c.blocks = std::min({t * c.parts, kBlocksPerWorker * n, useful});
    } else if (w.out_size >= n || useful < n) {
      c.mode = CUPYLIKE_RED_THREAD;
      c.blocks = std::min({w.out_size, kBlocksPerWorker * n, useful});
    } else {  // a few long slices, each cut into parts that a FINAL launch combines
      c.mode = CUPYLIKE_RED_PARTIAL;
      c.parts = std::clamp((kBlocksPerWorker * n + w.out_size - 1) / w.out_size, 1ll,
                           std::max(1ll, w.red_size / kBlockElements));
      c.blocks = std::min(w.out_size * c.parts, kBlocksPerWorker * n);
    }
    return c;
  }

  LaunchDims reduction_final(long long outputs) const override {
    return linear_dims(std::min(outputs / 4096 + 1, kShortLaunchBlocks), 1);
  }

  WorkCut scan(const ScanWork& w) const override {
    const long long t = tiles(w.slices, w.last_extent, w.acc_size, CUPYLIKE_SCAN_TILE_BYTES);
    if (w.forced_mode >= 0) {
      WorkCut c{w.forced_mode, 1, 0, 1};
      const bool cut = c.mode == CUPYLIKE_SCAN_CHUNK || c.mode == CUPYLIKE_SCAN_BLOCK;
      if (cut && w.ordered) c.mode = CUPYLIKE_SCAN_THREAD;
      if (c.mode == CUPYLIKE_SCAN_CHUNK || c.mode == CUPYLIKE_SCAN_BLOCK) c.parts = w.forced_chunks;
      if (c.mode == CUPYLIKE_SCAN_BLOCK) c.threads = kForcedBlockThreads;
      c.blocks = c.mode == CUPYLIKE_SCAN_TILE     ? t
                 : c.mode == CUPYLIKE_SCAN_THREAD ? w.slices
                                                  : w.slices * c.parts;
      return c;
    }
    const long long n = workers();
    const long long useful = useful_blocks(w.slices * w.len);
    if (w.outer) return {CUPYLIKE_SCAN_TILE, 1, std::min({t, kBlocksPerWorker * n, useful}), 1};
    if (w.ordered || w.slices >= n || useful < n)
      return {CUPYLIKE_SCAN_THREAD, 1, std::min({w.slices, kBlocksPerWorker * n, useful}), 1};
    // A few long slices: two chunks per worker, so slices share workers evenly.
    const long long chunks = (2 * n + w.slices - 1) / w.slices;
    return {CUPYLIKE_SCAN_CHUNK, chunks, w.slices * chunks, 1};
  }

  LaunchDims scan_totals(long long slices) const override {
    return linear_dims(std::min(slices, kShortLaunchBlocks), 1);
  }

  // A few runs per worker, each walked by one thread.
  LaunchDims compaction(int64_t n, int forced_threads) const override {
    const long long blocks =
        std::clamp<long long>(useful_blocks(n), 1, kBlocksPerWorker * workers());
    return {Dim3{unsigned(blocks), 1, 1}, Dim3{unsigned(forced_threads > 0 ? forced_threads : 1)}};
  }
};

}  // namespace

const LaunchPolicy& CpuBackend::launch_policy() const {
  static const CpuLaunchPolicy policy;
  return policy;
}

}  // namespace cupylike
