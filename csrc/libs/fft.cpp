#include "libs/fft.hpp"

#include <atomic>
#include <mutex>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "libs/fft_backends.hpp"
#include "libs/fft_nonfinite.hpp"
#include "runtime/cpu/capture.hpp"
#include "runtime/graph.hpp"

namespace cupylike {

namespace {

std::atomic<bool> g_log{false}, g_dry_run{false};
std::mutex g_log_mutex;
std::vector<std::string> g_entries;
std::atomic<int64_t> g_cpu_limit{16};  // reported and settable on cpu, where it has no effect
std::mutex g_host_mutex;
HostFft g_host_fft;

std::string join(const int64_t* values, int count) {
  std::string s;
  for (int i = 0; i < count; ++i) {
    if (i) s += ',';
    s += std::to_string(values[i]);
  }
  return s;
}

// Bytes from the pointer to the end of the last element one side of `call` touches (its
// lengths `len`, element size `isz`); ValueError when its layout is not one cuFFT takes.
int64_t reach(const FftCall& c, const int64_t* len, int64_t stride, int64_t dist,
              const int64_t* embed, int64_t isz, const char* side) {
  if (stride < 1 || dist < 1)
    raise(ErrorKind::value, std::string("fft: the ") + side +
                                " stride and distance must be "
                                "positive in " +
                                describe(c));
  int64_t step = stride, last = 0;
  for (int k = c.rank - 1; k >= 0; --k) {
    if (k > 0 && embed[k] < len[k])
      raise(ErrorKind::value, std::string("fft: an ") + side +
                                  " embedding is below its length "
                                  "in " +
                                  describe(c));
    last += (len[k] - 1) * step;
    step *= embed[k];
  }
  return ((c.batch - 1) * dist + last + 1) * isz;
}

// The bytes each side of a call reaches from its array's first element.
struct Reach {
  int64_t in = 0, out = 0;
};

Reach check(const FftCall& c, int64_t in_bytes, int64_t out_bytes) {
  if (c.rank < 1 || c.rank > 3) raise(ErrorKind::value, "fft: rank must be 1 to 3");
  if (c.batch < 1) raise(ErrorKind::value, "fft: batch must be positive in " + describe(c));
  for (int k = 0; k < c.rank; ++k)
    if (c.dims[k] < 1) raise(ErrorKind::value, "fft: a transform length below 1 in " + describe(c));
  if ((c.kind == FftKind::c2c && c.direction != -1 && c.direction != 1) ||
      (c.kind == FftKind::r2c && c.direction != -1) || (c.kind == FftKind::c2r && c.direction != 1))
    raise(ErrorKind::value, "fft: a direction the kind does not take in " + describe(c));
  int64_t in_len[3], out_len[3];
  for (int k = 0; k < c.rank; ++k) in_len[k] = out_len[k] = c.dims[k];
  const int last = c.rank - 1;
  if (c.kind == FftKind::r2c) out_len[last] = c.dims[last] / 2 + 1;
  if (c.kind == FftKind::c2r) in_len[last] = c.dims[last] / 2 + 1;
  const int64_t real = c.double_precision ? 8 : 4;
  const int64_t in_isz = c.kind == FftKind::r2c ? real : 2 * real;
  const int64_t out_isz = c.kind == FftKind::c2r ? real : 2 * real;
  const Reach r{reach(c, in_len, c.istride, c.idist, c.inembed, in_isz, "input"),
                reach(c, out_len, c.ostride, c.odist, c.onembed, out_isz, "output")};
  if (r.in > in_bytes || r.out > out_bytes)
    raise(ErrorKind::value, "fft: the transforms reach beyond their arrays in " + describe(c));
  return r;
}

void copy_lengths(std::span<const int64_t> from, int64_t* to, const char* what) {
  if (from.empty() || from.size() > 3)
    raise(ErrorKind::value, std::string("fft: ") + what + " needs 1 to 3 entries");
  for (size_t k = 0; k < from.size(); ++k) to[k] = from[k];
}

int64_t bytes_from_data(const NDArray& a) {
  Extent e = byte_extent(a.shape(), a.strides(), a.itemsize());
  if (e.lo < 0) raise(ErrorKind::value, "fft: an operand has negative strides");
  return e.hi;
}

// The dtypes each side of a kind and precision has.
void check_dtypes(const FftCall& c, DType in, DType out) {
  const DType real = c.double_precision ? DType::float64 : DType::float32;
  const DType complex = c.double_precision ? DType::complex128 : DType::complex64;
  const DType want_in = c.kind == FftKind::r2c ? real : complex;
  const DType want_out = c.kind == FftKind::c2r ? real : complex;
  if (in != want_in || out != want_out)
    raise(ErrorKind::type, std::string("fft: the call needs ") + dtype_name(want_in) + " -> " +
                               dtype_name(want_out) + " arrays, got " + dtype_name(in) + " -> " +
                               dtype_name(out));
}

void run_on_host(const FftCall& call, const ArrayPtr& x, const ArrayPtr& y) {
  HostFft executor;
  {
    std::lock_guard<std::mutex> lock(g_host_mutex);
    executor = g_host_fft;
  }
  if (!executor) raise(ErrorKind::runtime, "fft: no host FFT registered (import cupylike.fft)");
  executor(call, x, y);
}

}  // namespace

FftCall fft_call(const std::string& kind, bool double_precision, std::span<const int64_t> dims,
                 int64_t batch, int64_t istride, int64_t idist, std::span<const int64_t> inembed,
                 int64_t ostride, int64_t odist, std::span<const int64_t> onembed, int direction) {
  FftCall call;
  if (kind == "c2c")
    call.kind = FftKind::c2c;
  else if (kind == "r2c")
    call.kind = FftKind::r2c;
  else if (kind == "c2r")
    call.kind = FftKind::c2r;
  else
    raise(ErrorKind::value, "fft: kind must be 'c2c', 'r2c' or 'c2r', not '" + kind + "'");
  call.double_precision = double_precision;
  call.rank = int(dims.size());
  copy_lengths(dims, call.dims, "dims");
  if (inembed.size() != dims.size() || onembed.size() != dims.size())
    raise(ErrorKind::value, "fft: dims, inembed and onembed need the same length");
  copy_lengths(inembed, call.inembed, "inembed");
  copy_lengths(onembed, call.onembed, "onembed");
  call.batch = batch;
  call.istride = istride;
  call.idist = idist;
  call.ostride = ostride;
  call.odist = odist;
  call.direction = direction;
  return call;
}

const char* fft_kind_name(FftKind kind) {
  switch (kind) {
    case FftKind::c2c:
      return "c2c";
    case FftKind::r2c:
      return "r2c";
    default:
      return "c2r";
  }
}

std::string describe(const FftCall& c) {
  return std::string("fft ") + fft_kind_name(c.kind) +
         (c.double_precision ? " double" : " single") + " dir=" + std::to_string(c.direction) +
         " dims=" + join(c.dims, c.rank) + " batch=" + std::to_string(c.batch) +
         " in=" + std::to_string(c.istride) + "," + std::to_string(c.idist) + ",[" +
         join(c.inembed, c.rank) + "]" + " out=" + std::to_string(c.ostride) + "," +
         std::to_string(c.odist) + ",[" + join(c.onembed, c.rank) + "]";
}

void fft(const ArrayPtr& x, const ArrayPtr& y, const FftCall& call) {
  const Device device = y->device();
  check_same_device(x->device(), device);
  if (!y->writeable()) raise(ErrorKind::value, "fft: the output is read-only");
  check_dtypes(call, x->dtype(), y->dtype());
  const Reach reach = check(call, bytes_from_data(*x), bytes_from_data(*y));
  if (g_log.load()) {
    std::lock_guard<std::mutex> lock(g_log_mutex);
    g_entries.push_back(describe(call));
    if (g_dry_run.load()) return;
  }
  if (device.is_cpu()) {
    // The host FFT does not go through the stream: a capture records the call itself.
    if (cpu::capture_open() && cpu::record(current_stream(device)->handle(), "cufftXtExec",
                                           [=] { run_on_host(call, x, y); }))
      return;
    return run_on_host(call, x, y);
  }
  const Stream& stream = *current_stream(device);
  // A capturing stream cannot wait for the finiteness answer: a graph replays cuFFT as it is.
  if (captured_here(stream) || fft_all_finite(x, stream))
    return cufft_exec(device, call, x->data(), y->data(), stream);
  // cuFFT would put NaNs where NumPy has none (libs/fft_nonfinite.hpp): NumPy's values come
  // from the host executor, over host copies of both sides (y's keeps what the call skips).
  const ArrayPtr host_y = fft_host_copy(y, reach.out, stream);
  run_on_host(call, fft_host_copy(x, reach.in, stream), host_y);
  fft_copy_back(y, host_y, reach.out, stream);
}

void set_host_fft(HostFft executor) {
  std::lock_guard<std::mutex> lock(g_host_mutex);
  g_host_fft = std::move(executor);
}

void set_fft_log(bool on, bool dry_run) {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  g_log = on;
  g_dry_run = on && dry_run;
  g_entries.clear();
}

std::vector<std::string> take_fft_log() {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  std::vector<std::string> out;
  out.swap(g_entries);
  return out;
}

int64_t fft_plan_cache_limit(Device device) {
  return device.is_cpu() ? g_cpu_limit.load() : cufft_cache_limit(device.index);
}

void set_fft_plan_cache_limit(Device device, int64_t plans) {
  if (plans < 0) raise(ErrorKind::value, "the plan cache size must be non-negative");
  if (device.is_cpu())
    g_cpu_limit = plans;
  else
    set_cufft_cache_limit(device.index, plans);
}

int64_t fft_plan_cache_count(Device device) {
  return device.is_cpu() ? 0 : cufft_cache_count(device.index);
}

void clear_fft_plan_cache(Device device) {
  if (!device.is_cpu()) clear_cufft_cache(device.index);
}

}  // namespace cupylike
