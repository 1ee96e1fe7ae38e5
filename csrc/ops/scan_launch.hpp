#pragma once
/// Running a scan kernel (kernels/cupylike/scan.cuh) over prepared arrays: slice axes merged,
/// a way of cutting the work chosen for the device and the shape, one or three launches.
#include <optional>

#include "array/ndarray.hpp"
#include "jit/raw_module.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct ScanRun {
  const NDArray* in = nullptr;   // of the loop's input type
  const NDArray* out = nullptr;  // of the loop's output type, the input's shape
  int axis = 0;                  // the scanned axis
  int acc_size = 0;              // bytes of the accumulator type
  bool ordered = false;          // combine strictly in element order: no cut slices
};

/// Launches `kernel` (a cupylike::scan_kernel<op>) for `run` on `stream`.
void run_scan(const LoadedKernel& kernel, const ScanRun& run, const Stream& stream);

/// Tests: force a mode (CUPYLIKE_SCAN_THREAD..BLOCK) and the chunks per slice, so that every
/// way of cutting the work runs on the cpu device too; nullopt: choose as usual. Ordered
/// scans still run a slice per thread when CHUNK or BLOCK is forced.
void force_scan_mode(std::optional<int> mode, long long chunks);

}  // namespace cupylike
