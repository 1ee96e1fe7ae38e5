#pragma once
/// Running a reduction kernel (kernels/cupylike/reduction.cuh) over prepared arrays: axes
/// merged, a way of cutting the work chosen for the device and the shape, one or two launches.
#include <optional>
#include <vector>

#include "array/ndarray.hpp"
#include "jit/raw_module.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct ReductionRun {
  /// Inputs of the loop's types, each with the input's shape (broadcast views are fine).
  std::vector<const NDArray*> inputs;
  const NDArray* where = nullptr;  // bool, the input's shape, or null
  /// The output, with the input's ndim: length 1 and stride 0 on reduced axes.
  const NDArray* out = nullptr;
  std::vector<bool> reduced;  // per axis of the input
  int acc_size = 0;           // bytes of the accumulator type
  /// The map reads the element's index in its slice: reduced axes stay in C order.
  bool uses_index = false;
  /// A left fold in element order (the op's `ordered`): a thread per output, whole slices.
  bool ordered = false;
  const unsigned char* initial = nullptr;  // accumulator bytes (at most 32), or null
};

/// Launches `kernel` (a cupylike::red_kernel<op>) for `run` on `stream`.
void run_reduction(const LoadedKernel& kernel, const ReductionRun& run, const Stream& stream);

/// Tests: force a mode (CUPYLIKE_RED_THREAD..BLOCK) and the parts per output, so that every
/// way of cutting the work runs on the cpu device too; nullopt: choose as usual.
void force_reduction_mode(std::optional<int> mode, long long parts);

}  // namespace cupylike
