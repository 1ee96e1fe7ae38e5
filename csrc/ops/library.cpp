#include "ops/library.hpp"

#include <algorithm>
#include <mutex>
#include <numeric>
#include <unordered_map>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "jit/parallel_compile.hpp"

namespace cupylike {

DType integer_accumulator(DType dtype) {
  switch (dtype_info(dtype).kind) {
    case 'b':
    case 'i':
      return DType::int64;
    case 'u':
      return DType::uint64;
    default:
      return dtype;
  }
}

std::shared_ptr<LoadedKernel> library_kernel(Device device, const KernelFamily& family,
                                             const std::string& instantiation) {
  static std::mutex mutex;
  static auto* modules = new std::unordered_map<std::string, std::shared_ptr<RawModule>>;
  std::shared_ptr<RawModule> module;
  {
    std::lock_guard<std::mutex> lock(mutex);
    // One module per instantiation, as CuPy compiles a kernel per loop: code generation is
    // most of a compile, and a program uses few of a family's instantiations (the demo 31 of
    // 370 in 25 families; compiling whole families took 47 s of its cold start, 2 cores).
    auto& slot = (*modules)[family.name + '\0' + instantiation];
    if (!slot)
      slot = std::make_shared<RawModule>(
          family.source.empty() ? "#include <" + family.header + ">\n" : family.source,
          // NumPy computes every operation separately: no fused multiply-adds on GPUs
          // either (the cpu device compiles with -ffp-contract=off).
          std::vector<std::string>{"--fmad=false"}, std::vector<std::string>{instantiation},
          family.name + ".cu");
    module = slot;
  }
  return module->kernel(device, instantiation);
}

FamilyKernels::FamilyKernels(size_t instantiations)
    : count_(instantiations),
      kernels_(instantiations * kDeviceSlots),
      fast_(new std::atomic<LoadedKernel*>[kernels_.size()]) {
  for (size_t i = 0; i < kernels_.size(); ++i) fast_[i].store(nullptr);
}

const LoadedKernel& FamilyKernels::get(Device device, const KernelFamily& family, size_t i) {
  const size_t slot = size_t(device.slot()) * count_ + i;
  if (LoadedKernel* k = fast_[slot].load(std::memory_order_acquire)) return *k;
  // Compiled outside the lock: a cold family can take seconds, and other families (or other
  // devices) need not wait for it.
  auto k = library_kernel(device, family, family.instantiations[i]);
  std::lock_guard<std::mutex> lock(mutex_);
  if (!kernels_[slot]) {
    kernels_[slot] = k;
    fast_[slot].store(k.get(), std::memory_order_release);
  }
  return *kernels_[slot];
}

void FamilyKernels::prepare(Device device, const KernelFamily& family,
                            const std::vector<size_t>& which) {
  std::vector<std::function<void()>> jobs;
  for (size_t i : which) {
    if (i >= count_)
      raise(ErrorKind::index, "no kernel " + std::to_string(i) + " in " + family.name);
    if (!fast_[size_t(device.slot()) * count_ + i].load(std::memory_order_acquire))
      jobs.push_back([this, device, &family, i] { get(device, family, i); });
  }
  jit::compile_in_parallel(jobs);
}

void nd_params(cupylike_nd_params& p, const NDArray& out, const NDArray* in) {
  int n = out.ndim();
  p.out = out.data();
  p.in = in ? in->data() : nullptr;
  p.size = out.size();
  // Walk the output in memory order: outer axes have the larger strides.
  std::vector<int> axes;
  for (int i = 0; i < n; ++i)
    if (out.shape()[i] != 1) axes.push_back(i);
  std::stable_sort(axes.begin(), axes.end(), [&](int a, int b) {
    return std::abs(out.strides()[a]) > std::abs(out.strides()[b]);
  });
  long long out_strides[kMaxNdim], in_strides[kMaxNdim];
  std::copy(out.strides().begin(), out.strides().end(), out_strides);
  if (in) std::copy(in->strides().begin(), in->strides().end(), in_strides);
  const long long* moving[2] = {out_strides, in ? in_strides : nullptr};
  long long* merged[2] = {p.strides[0], p.strides[1]};
  // CUPYLIKE_MAX_NDIM is the arrays' own limit: merging never needs more.
  const int m = merge_axes(out.shape(), axes.data(), int(axes.size()), moving, 2, p.shape, merged,
                           CUPYLIKE_MAX_NDIM);
  p.ndim = m;
  bool out_unit = m == 0 || (m == 1 && p.strides[0][0] == out.itemsize());
  bool in_unit = !in || m == 0 || (m == 1 && p.strides[1][0] == in->itemsize());
  p.contiguous = out_unit && in_unit;
}

}  // namespace cupylike
