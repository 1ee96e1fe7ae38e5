#pragma once
/// Fast Fourier transforms behind one description of the call. The front-end (cupylike/fft/)
/// turns every transform into FftCalls as cufftPlanMany takes them (kind, precision, rank and
/// dims, batch, strides, distances and embeddings, direction), unnormalised, and applies the
/// scale itself. A GPU runs them on cuFFT (dlopen, plans cached per device); the cpu device runs
/// the same description in Python on NumPy's pocketfft over views of the arrays' memory, so
/// `fft` here only checks, logs and reports that the host must run it. A debug log records each
/// call's description, and a dry-run mode records without running (tests compare the two
/// devices' calls on the emulated GPU).
#include <cstdint>
#include <string>
#include <vector>

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

/// The call in one line, e.g. "fft c2c single dir=-1 dims=8 batch=4 in=1,8,[8] out=1,8,[8]".
std::string describe(const FftCall& call);

/// Checks `call` (sizes, and that both sides lie inside the given extents: bytes from each
/// pointer) and records it in the log. On a GPU runs it on cuFFT on `stream` (C2R overwrites
/// the input, as cuFFT does) and returns false; on the cpu device returns true: the caller runs
/// it on the host FFT. A dry run returns false without running.
bool fft(Device device, const FftCall& call, const void* in, int64_t in_bytes, void* out,
         int64_t out_bytes, const Stream& stream);

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
