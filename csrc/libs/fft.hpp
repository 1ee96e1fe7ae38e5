#pragma once
/// Fast Fourier transforms behind one description of the call. The front-end (cupylike/fft/)
/// turns every transform into FftCalls as cufftPlanMany takes them (kind, precision, rank and
/// dims, batch, strides, distances and embeddings, direction), unnormalised, and applies the
/// scale itself. The facade checks and logs each call and picks the executor by device: a GPU
/// runs it on cuFFT (dlopen, plans cached per device), the cpu device on the host executor,
/// NumPy's pocketfft over views of the arrays' memory, which only Python can call: the Python
/// layer registers it at import (set_host_fft), as it names the host BLAS library. A debug log
/// records each call's description, and a dry-run mode records without running (tests compare
/// the two devices' calls on the emulated GPU).
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "array/ndarray.hpp"
#include "runtime/device.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// complex to complex, real to complex (forward, the last dim halved), complex to real (inverse).
enum class FftKind { c2c, r2c, c2r };

/// One cufftPlanMany call and its execution, in elements of each side's type: input element
/// (b, x0, x1, x2) lies at b * idist + ((x0 * inembed[1] + x1) * inembed[2] + x2) * istride
/// (for rank 3; fewer terms for less), the output likewise. `dims` are the logical (real)
/// lengths; for r2c the output's last dim is dims[rank-1] / 2 + 1, for c2r the input's.
struct FftCall {
  FftKind kind = FftKind::c2c;
  bool double_precision = false;
  int rank = 1;  // 1 to 3
  int64_t dims[3] = {1, 1, 1};
  int64_t batch = 1;
  int64_t istride = 1, idist = 1, inembed[3] = {1, 1, 1};
  int64_t ostride = 1, odist = 1, onembed[3] = {1, 1, 1};
  int direction = -1;  // cuFFT's: -1 forward, +1 inverse (c2c; r2c is -1, c2r +1)
};

/// The call in the front-end's terms (cupylike/fft/_plan.py's FftCall): the kind by name
/// ("c2c", "r2c", "c2r"), dims and embeddings as lists of 1 to 3 lengths; ValueError else.
FftCall fft_call(const std::string& kind, bool double_precision, std::span<const int64_t> dims,
                 int64_t batch, int64_t istride, int64_t idist, std::span<const int64_t> inembed,
                 int64_t ostride, int64_t odist, std::span<const int64_t> onembed, int direction);
/// "c2c", "r2c" or "c2r".
const char* fft_kind_name(FftKind kind);

/// The call in one line, e.g. "fft c2c single dir=-1 dims=8 batch=4 in=1,8,[8] out=1,8,[8]".
std::string describe(const FftCall& call);

/// Checks `call` against x and y (one device, the dtypes of the kind and precision, y
/// writeable, both sides inside the arrays) and records it in the log; unless a dry run, runs
/// it from x's memory into y's: on cuFFT on a GPU's current stream (C2R overwrites the input,
/// as cuFFT does), on the host executor on the cpu device and, through host copies, for a
/// GPU's input that holds an infinity or a NaN (libs/fft_nonfinite.hpp).
void fft(const ArrayPtr& x, const ArrayPtr& y, const FftCall& call);

/// The cpu device's executor, registered once at import; fft raises RuntimeError without one.
using HostFft = std::function<void(const FftCall& call, const ArrayPtr& x, const ArrayPtr& y)>;
void set_host_fft(HostFft executor);

/// Debug log of described calls (off by default), and dry runs that only record.
void set_fft_log(bool on, bool dry_run);
std::vector<std::string> take_fft_log();

/// The plan cache of each GPU: its size limit in plans (LRU; 0 disables caching), the plans
/// it holds, and clearing it. The cpu device has no plans (pocketfft keeps its own).
int64_t fft_plan_cache_limit(Device device);
void set_fft_plan_cache_limit(Device device, int64_t plans);
int64_t fft_plan_cache_count(Device device);
void clear_fft_plan_cache(Device device);

}  // namespace cupylike
