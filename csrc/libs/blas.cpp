#include "libs/blas.hpp"

#include <atomic>
#include <mutex>

#include "core/error.hpp"
#include "libs/blas_backends.hpp"
#include "runtime/cpu/capture.hpp"

namespace cupylike {

namespace {

std::atomic<bool> g_log{false}, g_dry_run{false};
std::mutex g_log_mutex;
std::vector<std::string> g_entries;

// Bytes from the pointer to the end of the last element of `batch` column-major matrices of
// rows x cols with leading dimension ld, `stride` elements apart.
int64_t reach(int64_t rows, int64_t cols, int64_t ld, int64_t batch, int64_t stride,
              int64_t itemsize) {
  if (rows == 0 || cols == 0 || batch == 0) return 0;
  return ((batch - 1) * stride + (cols - 1) * ld + rows) * itemsize;
}

void check(const GemmCall& c, int64_t a_bytes, int64_t b_bytes, int64_t c_bytes) {
  if (!blas_dtype(c.dtype))
    raise(ErrorKind::type, std::string("gemm: no BLAS routine for ") + dtype_name(c.dtype));
  if (c.m < 0 || c.n < 0 || c.k < 0 || c.batch < 0 || c.stride_a < 0 || c.stride_b < 0 ||
      c.stride_c < 0)
    raise(ErrorKind::value, "gemm: negative size or stride in " + describe(c));
  const int64_t a_rows = c.trans_a ? c.k : c.m, a_cols = c.trans_a ? c.m : c.k;
  const int64_t b_rows = c.trans_b ? c.n : c.k, b_cols = c.trans_b ? c.k : c.n;
  if (c.lda < std::max<int64_t>(1, a_rows) || c.ldb < std::max<int64_t>(1, b_rows) ||
      c.ldc < std::max<int64_t>(1, c.m))
    raise(ErrorKind::value, "gemm: a leading dimension is below its rows in " + describe(c));
  const int64_t isz = itemsize(c.dtype);
  if (reach(a_rows, a_cols, c.lda, c.batch, c.stride_a, isz) > a_bytes ||
      reach(b_rows, b_cols, c.ldb, c.batch, c.stride_b, isz) > b_bytes ||
      reach(c.m, c.n, c.ldc, c.batch, c.stride_c, isz) > c_bytes)
    raise(ErrorKind::value, "gemm: the matrices reach beyond their arrays in " + describe(c));
  // Both libraries take int sizes (OpenBLAS's LP64 interface, cuBLAS's gemm).
  constexpr int64_t kMax = (int64_t(1) << 31) - 1;
  for (int64_t v : {c.m, c.n, c.k, c.lda, c.ldb, c.ldc, c.batch})
    if (v > kMax) raise(ErrorKind::value, "gemm: a size beyond 2**31 - 1 in " + describe(c));
}

}  // namespace

bool blas_dtype(DType d) {
  return d == DType::float32 || d == DType::float64 || d == DType::complex64 ||
         d == DType::complex128;
}

std::string describe(const GemmCall& c) {
  auto op = [](bool t) { return t ? " T" : " N"; };
  return std::string("gemm ") + dtype_name(c.dtype) + op(c.trans_a) + op(c.trans_b) +
         " m=" + std::to_string(c.m) + " n=" + std::to_string(c.n) + " k=" + std::to_string(c.k) +
         " lda=" + std::to_string(c.lda) + " ldb=" + std::to_string(c.ldb) +
         " ldc=" + std::to_string(c.ldc) + " batch=" + std::to_string(c.batch) +
         " strides=" + std::to_string(c.stride_a) + "," + std::to_string(c.stride_b) + "," +
         std::to_string(c.stride_c);
}

void gemm(Device device, const GemmCall& call, const void* a, int64_t a_bytes, const void* b,
          int64_t b_bytes, void* c, int64_t c_bytes, const Stream& stream) {
  check(call, a_bytes, b_bytes, c_bytes);
  if (g_log.load()) {
    std::lock_guard<std::mutex> lock(g_log_mutex);
    g_entries.push_back(describe(call));
    if (g_dry_run.load()) return;
  }
  if (call.m == 0 || call.n == 0 || call.batch == 0) return;
  // k == 0 still writes C (zeros), as BLAS does with beta 0.
  if (device.is_cpu()) {
    // The host BLAS does not go through the stream: a capture records the call itself.
    if (cpu::capture_open() &&
        cpu::record(stream.handle(), "cublasGemmEx", [=] { host_gemm(call, a, b, c); }))
      return;
    host_gemm(call, a, b, c);
  } else
    cublas_gemm(device, call, a, b, c, stream);
}

void set_blas_log(bool on, bool dry_run) {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  g_log = on;
  g_dry_run = on && dry_run;
  g_entries.clear();
}

std::vector<std::string> take_blas_log() {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  std::vector<std::string> out;
  out.swap(g_entries);
  return out;
}

}  // namespace cupylike
