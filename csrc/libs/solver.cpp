#include "libs/solver.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string_view>

#include "core/error.hpp"
#include "libs/solver_backends.hpp"
#include "runtime/cpu/capture.hpp"

namespace cupylike {

namespace {

std::atomic<bool> g_log{false}, g_dry_run{false};
std::mutex g_log_mutex;
std::vector<std::string> g_entries;

const char* base_name(const SolverCall& c) {
  const bool complex = c.dtype == DType::complex64 || c.dtype == DType::complex128;
  switch (c.routine) {
    case SolverRoutine::getrf:
      return "getrf";
    case SolverRoutine::getrs:
      return "getrs";
    case SolverRoutine::potrf:
      return "potrf";
    case SolverRoutine::geqrf:
      return "geqrf";
    case SolverRoutine::orgqr:
      return complex ? "ungqr" : "orgqr";
    case SolverRoutine::gesdd:
      return "gesdd";
    case SolverRoutine::syevd:
      return complex ? "heevd" : "syevd";
    case SolverRoutine::geev:
      return "geev";
  }
  return "?";
}

// Bytes from the pointer to the end of the last element of `batch` column-major matrices of
// rows x cols with leading dimension ld, `stride` elements apart (vectors: cols 1).
int64_t reach(int64_t rows, int64_t cols, int64_t ld, int64_t batch, int64_t stride,
              int64_t itemsize) {
  if (rows == 0 || cols == 0 || batch == 0) return 0;
  return ((batch - 1) * stride + (cols - 1) * ld + rows) * itemsize;
}

struct Checker {
  const SolverCall& c;
  const SolverOperands& ops;
  [[noreturn]] void fail(ErrorKind kind, const std::string& why) const {
    raise(kind, routine_name(c) + ": " + why + " in " + describe(c));
  }
  void operand(const SolverOperand& op, const char* name, DType dtype, int64_t rows, int64_t cols,
               int64_t ld, int64_t stride) const {
    if (!op.present) fail(ErrorKind::value, std::string("no operand ") + name);
    if (op.dtype != dtype)
      fail(ErrorKind::type, std::string("operand ") + name + " is " + dtype_name(op.dtype) +
                                ", not " + dtype_name(dtype));
    if (ld < std::max<int64_t>(1, rows))
      fail(ErrorKind::value,
           std::string("the leading dimension of ") + name + " is below its rows");
    if (stride < 0) fail(ErrorKind::value, std::string("a negative batch stride of ") + name);
    if (reach(rows, cols, ld, c.batch, stride, itemsize(dtype)) > op.bytes)
      fail(ErrorKind::value, std::string("operand ") + name + " reaches beyond its array");
  }
  void vector(DType dtype, int64_t length) const {
    operand(ops.v, "v", dtype, length, 1, std::max<int64_t>(length, 1), c.stride_v);
  }
  void square() const {
    if (c.m != c.n) fail(ErrorKind::value, "A is not square");
  }
  void one_of(char value, const char* allowed, const char* what) const {
    if (!value || std::string_view(allowed).find(value) == std::string_view::npos)
      fail(ErrorKind::value, std::string("bad ") + what);
  }
};

void check(const SolverCall& c, const SolverOperands& ops) {
  if (c.dtype != DType::float32 && c.dtype != DType::float64 && c.dtype != DType::complex64 &&
      c.dtype != DType::complex128)
    raise(ErrorKind::type, std::string("no LAPACK routine for ") + dtype_name(c.dtype));
  const Checker k{c, ops};
  if (c.m < 0 || c.n < 0 || c.nrhs < 0 || c.batch < 0) k.fail(ErrorKind::value, "a negative size");
  // LAPACK's LP64 interface and cuSOLVER's legacy API take int sizes.
  constexpr int64_t kMax = (int64_t(1) << 31) - 1;
  for (int64_t v : {c.m, c.n, c.nrhs, c.lda, c.ldb, c.ldc, c.batch})
    if (v > kMax) k.fail(ErrorKind::value, "a size beyond 2**31 - 1");
  const int64_t mn = std::min(c.m, c.n);
  const DType real = solver_real(c.dtype), cplx = solver_complex(c.dtype);
  k.operand(ops.a, "a", c.dtype, c.m, c.n, c.lda, c.stride_a);
  switch (c.routine) {
    case SolverRoutine::getrf:
      k.vector(DType::int32, mn);
      break;
    case SolverRoutine::getrs:
      k.square();
      k.one_of(c.trans, "NTC", "trans");
      k.vector(DType::int32, c.n);
      k.operand(ops.b, "b", c.dtype, c.n, c.nrhs, c.ldb, c.stride_b);
      break;
    case SolverRoutine::potrf:
      k.square();
      k.one_of(c.uplo, "LU", "uplo");
      break;
    case SolverRoutine::geqrf:
      k.vector(c.dtype, mn);
      break;
    case SolverRoutine::orgqr:
      if (c.n > c.m || c.nrhs > c.n) k.fail(ErrorKind::value, "orgqr needs m >= n >= k");
      k.vector(c.dtype, c.nrhs);
      break;
    case SolverRoutine::gesdd:
      // cuSOLVER's gesvd takes only m >= n; the front-end transposes wide matrices.
      if (c.m < c.n) k.fail(ErrorKind::value, "the SVD needs m >= n");
      k.one_of(c.job, "ASN", "job");
      k.vector(real, c.n);
      if (c.job != 'N') {
        k.operand(ops.b, "b", c.dtype, c.m, c.job == 'A' ? c.m : c.n, c.ldb, c.stride_b);
        k.operand(ops.c, "c", c.dtype, c.n, c.n, c.ldc, c.stride_c);
      }
      break;
    case SolverRoutine::syevd:
      k.square();
      k.one_of(c.job, "VN", "job");
      k.one_of(c.uplo, "LU", "uplo");
      k.vector(real, c.n);
      break;
    case SolverRoutine::geev:
      k.square();
      k.one_of(c.job, "VN", "job");
      k.vector(cplx, c.n);
      // Real types: LAPACK's packed real eigenvectors (the front-end unpacks them).
      if (c.job == 'V') k.operand(ops.b, "b", c.dtype, c.n, c.n, c.ldb, c.stride_b);
      break;
  }
}

}  // namespace

SolverRoutine solver_routine(const std::string& name) {
  static const std::pair<const char*, SolverRoutine> kNames[] = {
      {"getrf", SolverRoutine::getrf}, {"getrs", SolverRoutine::getrs},
      {"potrf", SolverRoutine::potrf}, {"geqrf", SolverRoutine::geqrf},
      {"orgqr", SolverRoutine::orgqr}, {"gesdd", SolverRoutine::gesdd},
      {"syevd", SolverRoutine::syevd}, {"geev", SolverRoutine::geev}};
  for (const auto& [n, r] : kNames)
    if (name == n) return r;
  raise(ErrorKind::value, "no solver routine named " + name);
}

std::string routine_name(const SolverCall& c) {
  const char prefix = c.dtype == DType::float32     ? 's'
                      : c.dtype == DType::float64   ? 'd'
                      : c.dtype == DType::complex64 ? 'c'
                                                    : 'z';
  return std::string(1, prefix) + base_name(c);
}

std::string describe(const SolverCall& c) {
  auto num = [](const char* name, int64_t v) {
    return std::string(" ") + name + std::to_string(v);
  };
  return routine_name(c) + " job=" + c.job + " uplo=" + c.uplo + " trans=" + c.trans +
         num("m=", c.m) + num("n=", c.n) + num("nrhs=", c.nrhs) + num("lda=", c.lda) +
         num("ldb=", c.ldb) + num("ldc=", c.ldc) + num("batch=", c.batch) +
         " strides=" + std::to_string(c.stride_a) + "," + std::to_string(c.stride_b) + "," +
         std::to_string(c.stride_c) + "," + std::to_string(c.stride_v);
}

std::vector<int32_t> run_solver(Device device, const SolverCall& call, const SolverOperands& ops,
                                const Stream& stream) {
  check(call, ops);
  if (g_log.load()) {
    std::lock_guard<std::mutex> lock(g_log_mutex);
    g_entries.push_back(describe(call));
    if (g_dry_run.load()) return std::vector<int32_t>(size_t(call.batch), 0);
  }
  // Empty matrices: nothing to compute, and cuSOLVER rejects some zero sizes LAPACK accepts.
  if (call.batch == 0 || call.m == 0 || call.n == 0 ||
      (call.routine == SolverRoutine::getrs && call.nrhs == 0))
    return std::vector<int32_t>(size_t(call.batch), 0);
  if (device.is_cpu()) {
    // The host LAPACK's answer (info) is read at once; a GPU's would be copied to the host,
    // which a capture forbids: refused likewise.
    cpu::refuse_while_capturing(stream.handle(), "cusolverDn");
    return host_solver(call, ops);
  }
  return cusolver_solver(device, call, ops, stream);
}

void set_solver_log(bool on, bool dry_run) {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  g_log = on;
  g_dry_run = on && dry_run;
  g_entries.clear();
}

std::vector<std::string> take_solver_log() {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  std::vector<std::string> out;
  out.swap(g_entries);
  return out;
}

}  // namespace cupylike
