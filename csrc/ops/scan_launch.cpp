#include "ops/scan_launch.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

std::atomic<int> g_forced_mode{-1};
std::atomic<long long> g_forced_chunks{1};

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
  const LaunchPolicy& policy = launch_policy(device);
  const long long total = p.slices * p.len;
  const int last = p.ndim - 1;
  ScanWork work;
  work.slices = p.slices;
  work.len = p.len;
  work.last_extent = p.shape[last];
  work.acc_size = run.acc_size;
  work.outer = p.shape[last] >= 8 && std::llabs(p.in_stride[last]) < std::llabs(p.in_step);
  work.ordered = run.ordered;
  work.forced_mode = g_forced_mode.load();
  work.forced_chunks = g_forced_chunks.load();
  const WorkCut cut = policy.scan(work);
  const int mode = cut.mode;
  long long blocks = cut.blocks;
  p.mode = mode;
  // No empty chunks: every chunk's total is combined in pass 2.
  p.chunk = (p.len + cut.parts - 1) / cut.parts;
  p.chunks = (p.len + p.chunk - 1) / p.chunk;
  if (mode == CUPYLIKE_SCAN_CHUNK || mode == CUPYLIKE_SCAN_BLOCK)
    blocks = std::min(blocks, p.slices * p.chunks);

  void* args[] = {&p};
  const LaunchDims dims = linear_dims(blocks, cut.threads);
  const size_t shared =
      mode == CUPYLIKE_SCAN_BLOCK ? size_t(cut.threads) * size_t(run.acc_size) : 0;
  ArrayPtr totals;
  if (p.chunks > 1) {
    totals = empty(device, DType::uint8, {p.slices * p.chunks * run.acc_size});
    p.totals = totals->data();
    p.pass = 1;
    kernel.launch(dims, shared, stream, args, uint64_t(total));
    p.pass = 2;
    kernel.launch(policy.scan_totals(p.slices), 0, stream, args, uint64_t(p.slices * p.chunks));
  }
  p.pass = 3;
  kernel.launch(dims, shared, stream, args, uint64_t(total));
}

}  // namespace cupylike
