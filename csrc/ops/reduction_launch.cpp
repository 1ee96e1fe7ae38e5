#include "ops/reduction_launch.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <numeric>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "runtime/cpu/worker_pool.hpp"

namespace cupylike {

namespace {

std::atomic<int> g_forced_mode{-1};
std::atomic<long long> g_forced_parts{1};

constexpr int kArrays = CUPYLIKE_RED_MAX_IN;  // inputs and mask share the slots
constexpr int kTileBytes = 16384;             // CUPYLIKE_RED_TILE_BYTES

// Merges `axes` (in walking order, outermost first) into p's shape/stride arrays: an axis
// joins the previous one when every array steps over it exactly.
int merge(const std::vector<int>& axes, const DimVector& shape,
          const long long (*strides)[kMaxNdim], const long long* out_strides, long long* m_shape,
          long long (*m_strides)[CUPYLIKE_RED_MAX_NDIM], long long* m_out, int narrays) {
  // The output, when it walks these axes, is one more array that must step over them exactly.
  const long long* moving[kArrays + 1];
  long long* merged[kArrays + 1];
  for (int k = 0; k < narrays; ++k) {
    moving[k] = strides[k];
    merged[k] = m_strides[k];
  }
  if (m_out) {
    moving[narrays] = out_strides;
    merged[narrays] = m_out;
  }
  const int d = merge_axes(shape, axes.data(), int(axes.size()), moving, narrays + (m_out ? 1 : 0),
                           m_shape, merged, CUPYLIKE_RED_MAX_NDIM);
  if (d < 0)
    raise(ErrorKind::not_implemented, "reductions over arrays with more than " +
                                          std::to_string(CUPYLIKE_RED_MAX_NDIM) +
                                          " output or reduced axes that cannot be merged");
  return d;
}

// A whole launch: grid of `blocks` blocks of `threads`.
cpu::LaunchDims dims(long long blocks, int threads) {
  blocks = std::clamp<long long>(blocks, 1, 1ll << 30);
  return {uint3{unsigned(blocks), 1, 1}, uint3{unsigned(threads), 1, 1}};
}

}  // namespace

void force_reduction_mode(std::optional<int> mode, long long parts) {
  g_forced_mode = mode ? *mode : -1;
  g_forced_parts = std::max(1ll, parts);
}

void run_reduction(const LoadedKernel& kernel, const ReductionRun& run, const Stream& stream) {
  const NDArray& x = *run.inputs.at(0);
  const DimVector& shape = x.shape();
  const int ndim = x.ndim(), nin = int(run.inputs.size());
  const int narrays = nin + (run.where ? 1 : 0);
  if (narrays > kArrays) raise(ErrorKind::value, "a reduction takes at most 4 arrays");
  cupylike_red_params p;
  std::memset(&p, 0, sizeof p);
  long long strides[kArrays][kMaxNdim];
  const NDArray* arrays[kArrays] = {};
  for (int k = 0; k < narrays; ++k) {
    arrays[k] = k < nin ? run.inputs[size_t(k)] : run.where;
    p.in[k] = arrays[k]->data();
    for (int a = 0; a < ndim; ++a) strides[k][a] = arrays[k]->strides()[size_t(a)];
  }
  long long out_strides[kMaxNdim];
  for (int a = 0; a < ndim; ++a) out_strides[a] = run.out->strides()[size_t(a)];

  // Output axes walk in the output's memory order, reduced axes in the first input's (or in C
  // order when the map reads the index); length-1 axes drop out.
  std::vector<int> out_axes, red_axes;
  for (int a = 0; a < ndim; ++a)
    if (shape[size_t(a)] != 1) (run.reduced[size_t(a)] ? red_axes : out_axes).push_back(a);
  auto by_stride = [](const long long* s) {
    return [s](int a, int b) { return std::llabs(s[a]) > std::llabs(s[b]); };
  };
  std::stable_sort(out_axes.begin(), out_axes.end(), by_stride(out_strides));
  if (!run.uses_index && !run.ordered)
    std::stable_sort(red_axes.begin(), red_axes.end(), by_stride(strides[0]));
  p.out_ndim = merge(out_axes, shape, strides, out_strides, p.out_shape, p.in_out_stride,
                     p.out_stride, narrays);
  p.red_ndim =
      merge(red_axes, shape, strides, nullptr, p.red_shape, p.in_red_stride, nullptr, narrays);
  p.out_size = 1;
  for (int d = 0; d < p.out_ndim; ++d) p.out_size *= p.out_shape[d];
  p.red_size = 1;
  for (int d = 0; d < p.red_ndim; ++d) p.red_size *= p.red_shape[d];
  if (p.out_size == 0) return;
  if (p.out_ndim == 0) {  // one output: an axis of length 1 keeps the walk uniform
    p.out_ndim = 1;
    p.out_shape[0] = 1;
  }
  p.out = run.out->data();
  p.has_where = run.where != nullptr;
  p.contiguous = !run.where && p.red_ndim == 1;
  for (int k = 0; p.contiguous && k < nin; ++k)
    p.contiguous = p.in_red_stride[k][0] == arrays[k]->itemsize();
  if (run.initial) {
    p.has_initial = 1;
    std::memcpy(p.initial, run.initial, sizeof p.initial);
  }
  p.parts = 1;

  // How to cut the work.
  const long long total = p.out_size * std::max(1ll, p.red_size);
  const Device device = x.device();
  const bool gpu = device.is_cuda();
  const int last = p.out_ndim - 1;
  // Reducing an outer axis: consecutive outputs are closer in memory than consecutive
  // reduced elements, so they are best read together.
  const bool outer =
      p.red_ndim > 0 && p.out_shape[last] >= 8 &&
      std::llabs(p.in_out_stride[0][last]) < std::llabs(p.in_red_stride[0][p.red_ndim - 1]);
  int mode;
  int threads = 1;
  long long blocks;
  if (gpu) {
    constexpr int kBlock = 256;
    if (p.red_size <= 32 || (outer && p.out_size >= 2048)) {
      mode = CUPYLIKE_RED_THREAD;  // neighbouring threads read neighbouring outputs
      threads = kBlock;
      blocks = (p.out_size + kBlock - 1) / kBlock;
    } else {
      mode = CUPYLIKE_RED_BLOCK;
      threads = kBlock;
      // Enough blocks to fill the device (a few thousand), none with under 4096 elements.
      long long want = std::max(1ll, 2048 / p.out_size);
      p.parts = std::clamp(p.red_size / 4096, 1ll, want);
      blocks = p.out_size * p.parts;
    }
  } else {
    const long long workers = cpu::WorkerPool::instance().threads();
    // Chunks of at least 16 Ki elements: smaller ones cost more to hand out than to run.
    const long long useful = std::max(1ll, total / (16 << 10));
    if (outer) {
      mode = CUPYLIKE_RED_TILE;
      const long long width = std::max(1, kTileBytes / run.acc_size);
      const long long tiles =
          p.out_size / p.out_shape[last] * ((p.out_shape[last] + width - 1) / width);
      if (tiles < workers && useful >= workers)  // too few tiles: cut the rows too
        p.parts =
            std::clamp((2 * workers + tiles - 1) / tiles, 1ll, std::max(1ll, p.red_size / 256));
      blocks = std::min({tiles * p.parts, 4 * workers, useful});
    } else if (p.out_size >= workers || useful < workers) {
      mode = CUPYLIKE_RED_THREAD;
      blocks = std::min({p.out_size, 4 * workers, useful});
    } else {
      mode = CUPYLIKE_RED_PARTIAL;
      p.parts = std::clamp((4 * workers + p.out_size - 1) / p.out_size, 1ll,
                           std::max(1ll, p.red_size / (16 << 10)));
      blocks = std::min(p.out_size * p.parts, 4 * workers);
    }
  }
  if (int forced = g_forced_mode.load(); forced >= 0) {
    mode = forced;
    if (mode == CUPYLIKE_RED_TILE && (gpu || p.red_ndim == 0)) mode = CUPYLIKE_RED_THREAD;
    p.parts = mode == CUPYLIKE_RED_THREAD ? 1 : g_forced_parts.load();
    threads = mode == CUPYLIKE_RED_BLOCK ? (gpu ? 256 : 32) : gpu ? 256 : 1;
    blocks = mode == CUPYLIKE_RED_BLOCK ? p.out_size * p.parts
                                        : (p.out_size * p.parts + threads - 1) / threads;
  }
  if (run.ordered) {
    mode = CUPYLIKE_RED_THREAD;
    p.parts = 1;
    threads = gpu ? 256 : 1;
    blocks = gpu ? (p.out_size + 255) / 256 : std::min<long long>(p.out_size, 8);
  }
  if (p.red_size == 0) {  // every output is post(identity): no parts to combine
    mode = CUPYLIKE_RED_THREAD;
    p.parts = 1;
    threads = gpu ? 256 : 1;
    blocks = gpu ? (p.out_size + 255) / 256 : 1;
  }
  p.mode = mode;

  ArrayPtr partial, scratch;
  // PARTIAL always leaves partial results for a FINAL launch (with one part too, as a forced
  // mode can ask); the other modes only when a slice is cut into parts.
  const bool two_pass = p.parts > 1 || mode == CUPYLIKE_RED_PARTIAL;
  if (two_pass) {
    partial = empty(device, DType::uint8, {p.out_size * p.parts * run.acc_size});
    p.partial = partial->data();
  }
  if (mode == CUPYLIKE_RED_TILE) {
    // Counter levels: one per doubling of a part's blocks of 16 rows, and one to spare.
    long long blocks_of_rows = ((p.red_size + p.parts - 1) / p.parts + 15) / 16;
    p.levels = 2;
    while (blocks_of_rows >>= 1) ++p.levels;
    scratch = empty(device, DType::uint8, {std::max(1ll, blocks) * p.levels * kTileBytes});
    p.scratch = scratch->data();
  }
  void* args[] = {&p};
  size_t shared = mode == CUPYLIKE_RED_BLOCK ? size_t(threads) * size_t(run.acc_size) : 0;
  kernel.launch(dims(blocks, threads), shared, stream, args, uint64_t(total));
  if (two_pass) {
    p.mode = CUPYLIKE_RED_FINAL;
    long long final_blocks =
        gpu ? (p.out_size + 255) / 256 : std::min<long long>(p.out_size / 4096 + 1, 8);
    kernel.launch(dims(final_blocks, gpu ? 256 : 1), 0, stream, args,
                  uint64_t(p.out_size * p.parts));
  }
}

}  // namespace cupylike
