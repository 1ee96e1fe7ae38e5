#pragma once
/// Launching, owned by the backends: the shape of a launch, the `Kernel` each backend runs, and
/// each backend's `LaunchPolicy`, which cuts the library's kernels into blocks. Everything above
/// the runtime asks these and never branches on the kind of device.
#include <cstddef>
#include <cstdint>

#include "runtime/gpu_limits.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// A grid or block shape, as CUDA's dim3.
struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

/// The grid and block of one launch.
struct LaunchDims {
  Dim3 grid, block;
};

/// `blocks` blocks (clamped to [1, 2^30]) of `threads` threads, in x.
LaunchDims linear_dims(long long blocks, unsigned threads);

/// cuFuncGetAttribute's answers for one kernel (CuPy's RawKernel.attributes).
struct KernelAttributes {
  int max_threads_per_block = 0;  ///< limited by registers and __launch_bounds__
  int shared_size_bytes = 0;      ///< static __shared__ memory
  int const_size_bytes = 0;
  int local_size_bytes = 0;  ///< per thread
  int num_regs = 0;
  int ptx_version = 0;     ///< major * 10 + minor of the PTX target
  int binary_version = 0;  ///< major * 10 + minor of the SASS
  int cache_mode_ca = 0;
  int max_dynamic_shared_size_bytes = 0;
  int preferred_shared_memory_carveout = 0;
};

/// One compiled kernel on one device, as its backend runs it. Callers check a launch against a
/// GPU's rules first (jit/launch_check.hpp); a kernel only runs it.
class Kernel {
 public:
  virtual ~Kernel() = default;
  /// Runs the grid on `stream` with `args` pointing at each parameter's value, as
  /// cuLaunchKernel takes them. `work_items` is a hint for the cpu device's choice between
  /// the calling thread and its worker pool (0: judge by the threads).
  virtual void launch(const LaunchDims& dims, size_t shared_bytes, const Stream& stream,
                      void** args, uint64_t work_items) const = 0;
  /// The driver's attributes on a GPU; on the cpu device the same names with what applies
  /// there (1024 threads, the measured static shared memory).
  virtual KernelAttributes attributes() const = 0;
  /// Lets launches ask for up to `bytes` of dynamic shared memory (cuFuncSetAttribute's
  /// MAX_DYNAMIC_SHARED_SIZE_BYTES); the caller has checked `bytes` against the device.
  virtual void set_max_dynamic_shared(int bytes) = 0;
};

/// What a reduction (kernels/cupylike/reduction.cuh) asks its device's policy, after merging
/// axes: the sizes of its output and of each slice, and how they lie in memory.
struct ReductionWork {
  long long out_size = 0, red_size = 0;  ///< outputs, and elements reduced into each
  long long last_extent = 1;             ///< length of the innermost output axis
  int red_ndim = 0;                      ///< reduced axes after merging
  int acc_size = 0;                      ///< bytes of the accumulator
  /// An outer axis is reduced: consecutive outputs are closer in memory than consecutive
  /// reduced elements, so they are best read together.
  bool outer = false;
  bool ordered = false;  ///< a left fold: a thread per output, whole slices
  int forced_mode = -1;  ///< tests: a CUPYLIKE_RED_* mode to run (-1: choose)
  long long forced_parts = 1;
};

/// How to cut a reduction or a scan: the kernel's mode (CUPYLIKE_RED_* / CUPYLIKE_SCAN_*),
/// the parts (chunks) each slice is cut into, and the grid of the main launch.
struct WorkCut {
  int mode = 0;
  long long parts = 1;
  long long blocks = 1;
  unsigned threads = 1;
};

/// What a scan (kernels/cupylike/scan.cuh) asks its device's policy, after merging axes.
struct ScanWork {
  long long slices = 0, len = 0;  ///< slices, and elements in each
  long long last_extent = 1;      ///< length of the innermost slice axis
  int acc_size = 0;               ///< bytes of the accumulator
  /// The scanned axis is an outer one: neighbouring slices are closer in memory than
  /// neighbouring elements of a slice, so they are best read together.
  bool outer = false;
  bool ordered = false;  ///< not associative: each slice in element order
  int forced_mode = -1;  ///< tests: a CUPYLIKE_SCAN_* mode to run (-1: choose)
  long long forced_chunks = 1;
};

/// How a backend cuts the library's kernels into blocks; one per backend
/// (runtime/cpu/cpu_launch_policy.cpp, runtime/cuda/cuda_launch_policy.cpp).
class LaunchPolicy {
 public:
  virtual ~LaunchPolicy() = default;
  /// Grid and block for a kernel whose index loop (CUPYLIKE_FOR) covers `items`; `work` is the
  /// whole job's element count (0: `items`); `block`, `per_thread` and `max_blocks` are what a
  /// GPU should use (the loop is grid-stride beyond `max_blocks`).
  virtual LaunchDims elementwise(int64_t items, int64_t work, int64_t block, int64_t per_thread,
                                 int64_t max_blocks) const = 0;
  virtual WorkCut reduction(const ReductionWork& work) const = 0;
  /// The FINAL launch of a reduction cut into parts: a thread per output.
  virtual LaunchDims reduction_final(long long outputs) const = 0;
  virtual WorkCut scan(const ScanWork& work) const = 0;
  /// Pass 2 of a chunked scan (the scan of each slice's chunk totals): a thread per slice.
  virtual LaunchDims scan_totals(long long slices) const = 0;
  /// Mask compaction (kernels/cupylike/index.cuh) over `n` elements: blocks of runs and
  /// threads per block. `forced_threads` (tests, when > 0) is a block size for the cpu device.
  virtual LaunchDims compaction(int64_t n, int forced_threads) const = 0;
};

/// The policy of `device`'s backend.
const LaunchPolicy& launch_policy(Device device);

/// The elementwise grid of `device`'s policy (LaunchPolicy::elementwise), which the ops and
/// Python's kernels (`_native._launch_dims`) ask.
LaunchDims launch_dims(Device device, int64_t items, int64_t work = 0, int64_t block = 256,
                       int64_t per_thread = 1, int64_t max_blocks = int64_t(1) << 20);

}  // namespace cupylike
