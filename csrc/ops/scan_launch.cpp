#include "ops/scan_launch.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "runtime/cpu/worker_pool.hpp"

namespace cupylike {

namespace {

std::atomic<int> g_forced_mode{-1};
std::atomic<long long> g_forced_chunks{1};

constexpr int kTileBytes = 4096;  // CUPYLIKE_SCAN_TILE_BYTES
constexpr int kGpuBlock = 256;
// The cpu device scans in order below 2 pieces of 16 Ki elements (its CHUNK threshold with two
// workers); a GPU does the same, so the two give NumPy's results on the same inputs.
constexpr long long kGpuInOrderBelow = 32 << 10;

// The slice axes (every axis but the scanned one, length-1 axes left out), outermost first by
// the output's strides, merged where both arrays step over them exactly.
void slice_axes(cupylike_scan_params& p, const NDArray& in, const NDArray& out, int axis) {
  const DimVector& shape = in.shape();
  std::vector<int> axes;
  for (int a = 0; a < in.ndim(); ++a)
    if (a != axis && shape[size_t(a)] != 1) axes.push_back(a);
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) {
    return std::llabs(out.strides()[size_t(a)]) > std::llabs(out.strides()[size_t(b)]);
  });
  long long in_strides[kMaxNdim], out_strides[kMaxNdim];
  std::copy(in.strides().begin(), in.strides().end(), in_strides);
  std::copy(out.strides().begin(), out.strides().end(), out_strides);
  const long long* moving[2] = {in_strides, out_strides};
  long long* merged[2] = {p.in_stride, p.out_stride};
  int d = merge_axes(shape, axes.data(), int(axes.size()), moving, 2, p.shape, merged,
                     CUPYLIKE_SCAN_MAX_NDIM);
  if (d < 0)
    raise(ErrorKind::not_implemented, "scans over arrays with more than " +
                                          std::to_string(CUPYLIKE_SCAN_MAX_NDIM) +
                                          " axes that cannot be merged");
  if (d == 0) {  // one slice: an axis of length 1 keeps the walk uniform
    p.shape[0] = 1;
    d = 1;
  }
  p.ndim = d;
  p.slices = 1;
  for (int k = 0; k < d; ++k) p.slices *= p.shape[k];
}

cpu::LaunchDims dims(long long blocks, int threads) {
  blocks = std::clamp<long long>(blocks, 1, 1ll << 30);
  return {uint3{unsigned(blocks), 1, 1}, uint3{unsigned(threads), 1, 1}};
}

}  // namespace

void force_scan_mode(std::optional<int> mode, long long chunks) {
  g_forced_mode = mode ? *mode : -1;
  g_forced_chunks = std::max(1ll, chunks);
}

void run_scan(const LoadedKernel& kernel, const ScanRun& run, const Stream& stream) {
  const NDArray& in = *run.in;
  cupylike_scan_params p;
  std::memset(&p, 0, sizeof p);
  p.in = in.data();
  p.out = run.out->data();
  p.len = in.shape()[size_t(run.axis)];
  p.in_step = in.strides()[size_t(run.axis)];
  p.out_step = run.out->strides()[size_t(run.axis)];
  slice_axes(p, in, *run.out, run.axis);
  if (p.slices == 0 || p.len == 0) return;

  const Device device = in.device();
  const bool gpu = device.is_cuda();
  const long long total = p.slices * p.len;
  const int last = p.ndim - 1;
  // Scanning an outer axis: neighbouring slices are closer in memory than neighbouring
  // elements of a slice, so they are best read together.
  const bool outer = p.shape[last] >= 8 && std::llabs(p.in_stride[last]) < std::llabs(p.in_step);
  const long long width = std::max(1, kTileBytes / run.acc_size);
  const long long tiles = p.slices / p.shape[last] * ((p.shape[last] + width - 1) / width);
  int mode, threads = gpu ? kGpuBlock : 1;
  long long chunks = 1, blocks;
  if (gpu) {
    // Small scans run in element order, one thread per slice, so that floating-point sums
    // round as NumPy's do (a block's tree changes the order); from kGpuInOrderBelow elements
    // on, the parallel scan's speed is worth a last-bit difference (docs/differences.md).
    if (run.ordered || p.len <= 32 || (outer && p.slices >= 1024) || total < kGpuInOrderBelow) {
      mode = CUPYLIKE_SCAN_THREAD;  // neighbouring threads read neighbouring slices
      blocks = (p.slices + kGpuBlock - 1) / kGpuBlock;
    } else {
      mode = CUPYLIKE_SCAN_BLOCK;  // a block per chunk: neighbouring threads, neighbouring elements
      chunks = std::clamp(p.len / 4096, 1ll, std::max(1ll, 2048 / p.slices));
      blocks = p.slices * chunks;
    }
  } else {
    const long long workers = cpu::WorkerPool::instance().threads();
    // Pieces of at least 16 Ki elements: smaller ones cost more to hand out than to run.
    const long long useful = std::max(1ll, total / (16 << 10));
    if (outer) {
      mode = CUPYLIKE_SCAN_TILE;
      blocks = std::min({tiles, 4 * workers, useful});
    } else if (run.ordered || p.slices >= workers || useful < workers) {
      mode = CUPYLIKE_SCAN_THREAD;
      blocks = std::min({p.slices, 4 * workers, useful});
    } else {  // a few long slices: two chunks per worker, so slices share workers evenly
      mode = CUPYLIKE_SCAN_CHUNK;
      chunks = (2 * workers + p.slices - 1) / p.slices;
      blocks = p.slices * chunks;
    }
  }
  if (int forced = g_forced_mode.load(); forced >= 0) {
    mode = forced;
    if (mode == CUPYLIKE_SCAN_TILE && gpu) mode = CUPYLIKE_SCAN_THREAD;
    const bool cut = mode == CUPYLIKE_SCAN_CHUNK || mode == CUPYLIKE_SCAN_BLOCK;
    if (cut && run.ordered) mode = CUPYLIKE_SCAN_THREAD;
    chunks =
        mode == CUPYLIKE_SCAN_CHUNK || mode == CUPYLIKE_SCAN_BLOCK ? g_forced_chunks.load() : 1;
    threads = mode == CUPYLIKE_SCAN_BLOCK ? (gpu ? kGpuBlock : 32) : gpu ? kGpuBlock : 1;
    blocks = mode == CUPYLIKE_SCAN_TILE     ? tiles
             : mode == CUPYLIKE_SCAN_THREAD ? (p.slices + threads - 1) / threads
                                            : p.slices * chunks;
  }
  p.mode = mode;
  // No empty chunks: every chunk's total is combined in pass 2.
  p.chunk = (p.len + chunks - 1) / chunks;
  p.chunks = (p.len + p.chunk - 1) / p.chunk;
  if (mode == CUPYLIKE_SCAN_CHUNK || mode == CUPYLIKE_SCAN_BLOCK)
    blocks = std::min(blocks, p.slices * p.chunks);

  void* args[] = {&p};
  const size_t shared = mode == CUPYLIKE_SCAN_BLOCK ? size_t(threads) * size_t(run.acc_size) : 0;
  ArrayPtr totals;
  if (p.chunks > 1) {
    totals = empty(device, DType::uint8, {p.slices * p.chunks * run.acc_size});
    p.totals = totals->data();
    p.pass = 1;
    kernel.launch(dims(blocks, threads), shared, stream, args, uint64_t(total));
    p.pass = 2;
    kernel.launch(gpu ? dims((p.slices + kGpuBlock - 1) / kGpuBlock, kGpuBlock)
                      : dims(std::min(p.slices, 8ll), 1),
                  0, stream, args, uint64_t(p.slices * p.chunks));
  }
  p.pass = 3;
  kernel.launch(dims(blocks, threads), shared, stream, args, uint64_t(total));
}

}  // namespace cupylike
