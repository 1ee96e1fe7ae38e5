#include "ops/reduction_launch.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <numeric>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

std::atomic<int> g_forced_mode{-1};
std::atomic<long long> g_forced_parts{1};

constexpr int kArrays = CUPYLIKE_RED_MAX_IN;  // inputs and mask share the slots

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

  // How to cut the work: the device's policy, given the shape.
  const long long total = p.out_size * std::max(1ll, p.red_size);
  const Device device = x.device();
  const LaunchPolicy& policy = launch_policy(device);
  ReductionWork work;
  work.out_size = p.out_size;
  work.red_size = p.red_size;
  work.red_ndim = p.red_ndim;
  work.acc_size = run.acc_size;
  const int last = p.out_ndim - 1;
  work.last_extent = p.out_shape[last];
  work.outer =
      p.red_ndim > 0 && p.out_shape[last] >= 8 &&
      std::llabs(p.in_out_stride[0][last]) < std::llabs(p.in_red_stride[0][p.red_ndim - 1]);
  work.ordered = run.ordered;
  work.forced_mode = g_forced_mode.load();
  work.forced_parts = g_forced_parts.load();
  const WorkCut cut = policy.reduction(work);
  const int mode = cut.mode;
  const long long blocks = cut.blocks;
  p.mode = mode;
  p.parts = cut.parts;

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
    scratch =
        empty(device, DType::uint8, {std::max(1ll, blocks) * p.levels * CUPYLIKE_RED_TILE_BYTES});
    p.scratch = scratch->data();
  }
  void* args[] = {&p};
  size_t shared = mode == CUPYLIKE_RED_BLOCK ? size_t(cut.threads) * size_t(run.acc_size) : 0;
  kernel.launch(linear_dims(blocks, cut.threads), shared, stream, args, uint64_t(total));
  if (two_pass) {
    p.mode = CUPYLIKE_RED_FINAL;
    kernel.launch(policy.reduction_final(p.out_size), 0, stream, args,
                  uint64_t(p.out_size * p.parts));
  }
}

}  // namespace cupylike
