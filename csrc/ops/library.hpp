#pragma once
/// The library's own kernels: templates in kernels/cupylike/ instantiated for dtypes, compiled
/// per device by the same machinery as user kernels (a module per instantiation, on its first
/// use), and launched with the backend's policy.
#include <cupylike/params.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "array/ndarray.hpp"
#include "core/dtype.hpp"
#include "jit/raw_module.hpp"

namespace cupylike {

/// NumPy's default accumulator for sums, products and scans: bool and signed integers in
/// int64, unsigned in uint64, anything else as itself.
DType integer_accumulator(DType dtype);

/// The instantiations of one header (or generated source), each compiled on its own.
struct KernelFamily {
  std::string name;                         // unique, e.g. "copy_from_float32"
  std::string header;                       // e.g. "cupylike/copy.cuh"
  std::vector<std::string> instantiations;  // e.g. "cupylike::copy_kernel<float, double>"
  std::string source = {};                  // generated source, used instead of the header
};

/// The kernel `instantiation` of `family` on `device`, compiled on first use.
std::shared_ptr<LoadedKernel> library_kernel(Device device, const KernelFamily& family,
                                             const std::string& instantiation);

/// The kernels of one family per device and instantiation, compiled on first use. Reads after
/// the first take no lock: this is on the per-call path of every ufunc, reduction and scan.
class FamilyKernels {
 public:
  explicit FamilyKernels(size_t instantiations);

  /// Instantiation `i` of `family` on `device`; valid for this object's life (kernels are
  /// never removed).
  const LoadedKernel& get(Device device, const KernelFamily& family, size_t i);
  /// Loads the instantiations `which` of `family` on `device`, compiling those the cache
  /// lacks side by side (jit/parallel_compile): for an operation that needs several kernels
  /// at once, and for warming the cache ahead.
  void prepare(Device device, const KernelFamily& family, const std::vector<size_t>& which);

 private:
  size_t count_;
  std::mutex mutex_;
  std::vector<std::shared_ptr<LoadedKernel>> kernels_;  // [device slot * count_ + i]
  std::unique_ptr<std::atomic<LoadedKernel*>[]> fast_;  // the same slots, read without the lock
};

/// Fills `params` for walking `out` (and `in`, of the same shape, or null): axes ordered by
/// the output's strides and merged where both arrays allow, so memory is walked in order.
void nd_params(cupylike_nd_params& params, const NDArray& out, const NDArray* in);

}  // namespace cupylike
