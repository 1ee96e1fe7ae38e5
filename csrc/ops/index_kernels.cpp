#include "ops/index_kernels.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "core/error.hpp"
#include "ops/copy.hpp"
#include "ops/transfer.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

constexpr int kItemsizes[] = {1, 2, 4, 8, 16};

// Instantiation slots: copies (5 itemsizes x gather/scatter), the check, the compaction, then
// the last writers of a scatter.
enum Slot { kCopy = 0, kCheck = 10, kCount = 11, kEmit = 12, kClaim = 17, kWinner = 18 };

int itemsize_slot(int itemsize) {
  for (int k = 0; k < 5; ++k)
    if (kItemsizes[k] == itemsize) return k;
  raise(ErrorKind::runtime, "no index kernel for itemsize " + std::to_string(itemsize));
}

FamilyKernels& kernels() {
  static auto* k = new FamilyKernels(index_family().instantiations.size());
  return *k;
}

std::atomic<int> g_forced_threads{0};

}  // namespace

const KernelFamily& index_family() {
  static const KernelFamily* f = [] {
    auto* family = new KernelFamily{"index", "cupylike/index.cuh", {}};
    for (int scatter = 0; scatter < 2; ++scatter)
      for (int size : kItemsizes)
        family->instantiations.push_back(std::string("cupylike::index_copy_kernel<") +
                                         bytes_type(size) + (scatter ? ", true>" : ", false>"));
    family->instantiations.push_back("cupylike::index_check_kernel");
    family->instantiations.push_back("cupylike::compact_count_kernel");
    for (int size : kItemsizes)
      family->instantiations.push_back(std::string("cupylike::compact_emit_kernel<") +
                                       bytes_type(size) + ">");
    family->instantiations.push_back("cupylike::scatter_claim_kernel");
    family->instantiations.push_back("cupylike::scatter_winner_kernel");
    return family;
  }();
  return *f;
}

void launch_index_copy(Device device, const cupylike_index_params& p, int itemsize, bool scatter,
                       const Stream& stream, bool in_order) {
  if (p.size == 0) return;
  const size_t slot = kCopy + (scatter ? 5 : 0) + size_t(itemsize_slot(itemsize));
  const LoadedKernel& k = kernels().get(device, index_family(), slot);
  cupylike_index_params params = p;
  void* args[] = {&params};
  k.launch(in_order ? linear_dims(1, 1) : launch_dims(device, p.size), 0, stream, args,
           uint64_t(p.size));
}

void last_writers(Device device, const cupylike_index_params& p, const NDArray& out,
                  const Stream& stream) {
  if (p.size == 0) return;
  unsigned long long slots = 16;
  while (slots < 2 * (unsigned long long)p.size) slots *= 2;
  ArrayPtr keys = empty(device, DType::uint64, {int64_t(slots)});
  ArrayPtr winners = empty(device, DType::uint64, {int64_t(slots)});
  const unsigned long long none = CUPYLIKE_SCATTER_EMPTY, zero = 0;
  fill(*keys, &none, stream);
  fill(*winners, &zero, stream);
  cupylike_index_params params = p;
  unsigned long long* k = reinterpret_cast<unsigned long long*>(keys->data());
  unsigned long long* w = reinterpret_cast<unsigned long long*>(winners->data());
  unsigned long long mask = slots - 1;
  long long* o = reinterpret_cast<long long*>(out.data());
  kernels().prepare(device, index_family(), {kClaim, kWinner});  // compiled side by side
  void* claim[] = {&params, &k, &w, &mask};
  kernels()
      .get(device, index_family(), kClaim)
      .launch(launch_dims(device, p.size), 0, stream, claim, uint64_t(p.size));
  void* winner[] = {&params, &k, &w, &mask, &o};
  kernels()
      .get(device, index_family(), kWinner)
      .launch(launch_dims(device, p.size), 0, stream, winner, uint64_t(p.size));
}

void check_indices(Device device, const std::vector<const NDArray*>& idx,
                   const std::vector<int64_t>& lens, std::vector<int64_t>& first_bad,
                   const Stream& stream) {
  const size_t n = idx.size();
  first_bad.assign(n, -1);
  if (n == 0) return;
  ArrayPtr found = empty(device, DType::uint64, {int64_t(n)});
  const unsigned long long none = ~0ull;
  fill(*found, &none, stream);
  const LoadedKernel& k = kernels().get(device, index_family(), kCheck);
  for (size_t j = 0; j < n; ++j) {
    const long long* data = reinterpret_cast<const long long*>(idx[j]->data());
    long long count = idx[j]->size(), len = lens[j];
    unsigned long long* slot = reinterpret_cast<unsigned long long*>(found->data()) + j;
    if (count == 0) continue;
    void* args[] = {&data, &count, &len, &slot};
    k.launch(launch_dims(device, count), 0, stream, args, uint64_t(count));
  }
  std::vector<unsigned long long> host(n);
  download(*found, host.data(), stream);
  for (size_t j = 0; j < n; ++j)
    if (host[j] != none) first_bad[j] = int64_t(host[j]);
}

void force_compact_threads(int threads) { g_forced_threads = threads; }

MaskCounts count_mask(const NDArray& mask, int emit_itemsize, const Stream& stream) {
  const Device device = mask.device();
  MaskCounts c;
  const int64_t n = mask.size();
  if (n == 0) return c;
  // Both kernels of the compaction: on a cold cache they compile side by side.
  kernels().prepare(device, index_family(), {kCount, kEmit + size_t(itemsize_slot(emit_itemsize))});
  const LaunchDims grid = launch_policy(device).compaction(n, g_forced_threads.load());
  c.threads = int(grid.block.x);
  c.blocks = grid.grid.x;
  c.chunk = (n + c.blocks - 1) / c.blocks;
  c.blocks = (n + c.chunk - 1) / c.chunk;
  ArrayPtr counts = empty(device, DType::uint64, {c.blocks});
  cupylike_compact_params p;
  std::memset(&p, 0, sizeof p);
  p.mask = reinterpret_cast<const bool*>(mask.data());
  p.n = n;
  p.chunk = c.chunk;
  p.counts = reinterpret_cast<unsigned long long*>(counts->data());
  void* args[] = {&p};
  const size_t shared = c.threads > 1 ? size_t(c.threads) * 8 : 0;
  kernels()
      .get(device, index_family(), kCount)
      .launch(linear_dims(c.blocks, unsigned(c.threads)), shared, stream, args, uint64_t(n));
  std::vector<unsigned long long> host(size_t(c.blocks));
  download(*counts, host.data(), stream);
  unsigned long long running = 0;
  for (unsigned long long& v : host) {  // exclusive prefix sum: each block's first position
    unsigned long long count = v;
    v = running;
    running += count;
  }
  c.total = int64_t(running);
  upload(*counts, host.data(), stream);
  c.offsets = counts;
  return c;
}

void emit_mask(const NDArray& mask, const MaskCounts& c, const DimVector& shape,
               const NDArray* values, const NDArray& out, const Stream& stream) {
  if (c.total == 0) return;
  const Device device = mask.device();
  cupylike_compact_params p;
  std::memset(&p, 0, sizeof p);
  p.mask = reinterpret_cast<const bool*>(mask.data());
  p.n = mask.size();
  p.chunk = c.chunk;
  p.offsets = reinterpret_cast<const unsigned long long*>(c.offsets->data());
  p.out = out.data();
  p.values = values ? values->data() : nullptr;
  p.total = c.total;
  if (int(shape.size()) > CUPYLIKE_MAX_NDIM)
    raise(ErrorKind::value, "nonzero: at most " + std::to_string(CUPYLIKE_MAX_NDIM) + " axes");
  p.ndim = int(shape.size());
  for (int d = 0; d < p.ndim; ++d) p.shape[d] = shape[size_t(d)];
  const int itemsize = values ? values->itemsize() : 1;
  void* args[] = {&p};
  const size_t shared = c.threads > 1 ? size_t(c.threads) * 8 : 0;
  kernels()
      .get(device, index_family(), kEmit + size_t(itemsize_slot(itemsize)))
      .launch(linear_dims(c.blocks, unsigned(c.threads)), shared, stream, args, uint64_t(p.n));
}

}  // namespace cupylike
