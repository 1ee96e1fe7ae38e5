// cuBLAS on the emulated GPU: the entry points the library's facade calls (libs/cublas.cpp),
// with cuBLAS's signatures, handles and status codes, written from NVIDIA's cuBLAS
// documentation. A handle belongs to the device current when it was created; a product is
// checked when it is called (dimensions, leading dimensions, operations) and then queued on the
// handle's stream, where it runs in stream order on the emulator's memory through the host
// BLAS. What a GPU would reject at run time and a host BLAS would not is a fault there: a
// matrix outside live device memory sets the sticky CUDA_ERROR_ILLEGAL_ADDRESS.
#pragma GCC visibility push(default)
#include "cuda_api/cublas_abi.h"
#pragma GCC visibility pop

#include <algorithm>
#include <complex>
#include <cstdint>
#include <set>
#include <string>
#include <type_traits>

#include "emulator/host_libraries.hpp"
#include "emulator/library_version.hpp"
#include "emulator/state.hpp"

struct cublasContext {
  int device = 0;
  CUstream stream = nullptr;  // the legacy null stream until cublasSetStream
};

namespace cupylike::emulator {

namespace {

std::set<cublasHandle_t>& handles() {
  static auto* h = new std::set<cublasHandle_t>;  // under the driver's lock
  return *h;
}

// CBLAS's enums (cblas.h), which OpenBLAS's scipy_cblas_?gemm take.
enum { kColMajor = 102, kNoTrans = 111, kTrans = 112, kConjTrans = 113 };

template <class T>
using CblasGemm = void (*)(int, int, int, int, int, int, const T*, const T*, int, const T*, int,
                           const T*, T*, int);
template <class T>
using CblasGemmReal = void (*)(int, int, int, int, int, int, T, const T*, int, const T*, int, T, T*,
                               int);

int cblas_op(cublasOperation_t op) {
  return op == CUBLAS_OP_N ? kNoTrans : op == CUBLAS_OP_T ? kTrans : kConjTrans;
}

bool valid_op(cublasOperation_t op) {
  return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}

// The bytes a column-major rows x cols matrix with leading dimension ld spans.
uint64_t span(int rows, int cols, int ld, size_t item) {
  if (rows == 0 || cols == 0) return 0;
  return (uint64_t(cols - 1) * uint64_t(ld) + uint64_t(rows)) * item;
}

struct Gemm {
  const char* name;
  cublasOperation_t ta, tb;
  int m, n, k, lda, ldb, ldc, batch;
  long long sa, sb, sc;
  CUdeviceptr a, b, c;
  int device;
};

// The emulator's address of matrix `which` of batch `i`, or null with the fault in `fault`.
char* host_matrix(State& s, const Gemm& g, CUdeviceptr base, long long step, int i, uint64_t bytes,
                  const char* which, std::string& fault) {
  const CUdeviceptr p = base + CUdeviceptr(step * i);
  char* h = s.translate(p, bytes, g.device);
  if (!h && fault.empty())
    fault = std::string(g.name) + ": matrix " + which + " of batch " + std::to_string(i) + " (" +
            std::to_string(bytes) + " bytes at " + address_text(p) +
            ") is not inside one live allocation of device " + std::to_string(g.device);
  return h;
}

template <class T>
Work gemm_work(const Gemm& g, T alpha, T beta, void* function) {
  return [g, alpha, beta, function](State& s) -> std::string {
    const size_t item = sizeof(T);
    const bool an = g.ta == CUBLAS_OP_N, bn = g.tb == CUBLAS_OP_N;
    const uint64_t bytes_a = span(an ? g.m : g.k, an ? g.k : g.m, g.lda, item);
    const uint64_t bytes_b = span(bn ? g.k : g.n, bn ? g.n : g.k, g.ldb, item);
    const uint64_t bytes_c = span(g.m, g.n, g.ldc, item);
    const long long step = static_cast<long long>(item);
    std::string fault;
    for (int i = 0; i < g.batch && fault.empty(); ++i) {
      // With k == 0 cuBLAS reads neither A nor B (C = beta * C).
      const T* a = nullptr;
      const T* b = nullptr;
      if (g.k > 0) {
        a = reinterpret_cast<const T*>(host_matrix(s, g, g.a, g.sa * step, i, bytes_a, "A", fault));
        b = reinterpret_cast<const T*>(host_matrix(s, g, g.b, g.sb * step, i, bytes_b, "B", fault));
      }
      T* c = reinterpret_cast<T*>(host_matrix(s, g, g.c, g.sc * step, i, bytes_c, "C", fault));
      if (!fault.empty()) break;
      const int ta = cblas_op(g.ta), tb = cblas_op(g.tb);
      if constexpr (std::is_floating_point_v<T>) {
        reinterpret_cast<CblasGemmReal<T>>(function)(kColMajor, ta, tb, g.m, g.n, g.k, alpha, a,
                                                     g.lda, b, g.ldb, beta, c, g.ldc);
      } else {
        reinterpret_cast<CblasGemm<T>>(function)(kColMajor, ta, tb, g.m, g.n, g.k, &alpha, a, g.lda,
                                                 b, g.ldb, &beta, c, g.ldc);
      }
    }
    return fault;
  };
}

template <class T, class C>
cublasStatus_t gemm(const char* name, const char* cblas, cublasHandle_t handle,
                    cublasOperation_t ta, cublasOperation_t tb, int m, int n, int k, const C* alpha,
                    const C* a, int lda, long long sa, const C* b, int ldb, long long sb,
                    const C* beta, C* c, int ldc, long long sc, int batch) {
  State& s = state();
  Call call(s);
  if (!handles().count(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  // The argument checks cuBLAS documents for ?gemmStridedBatched.
  if (!valid_op(ta) || !valid_op(tb) || m < 0 || n < 0 || k < 0 || batch < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (lda < std::max(1, ta == CUBLAS_OP_N ? m : k) ||
      ldb < std::max(1, tb == CUBLAS_OP_N ? k : n) || ldc < std::max(1, m))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!alpha || !beta) return CUBLAS_STATUS_INVALID_VALUE;
  if (m == 0 || n == 0 || batch == 0) return CUBLAS_STATUS_SUCCESS;
  void* function = host_symbol(cblas);
  if (!function) return CUBLAS_STATUS_NOT_SUPPORTED;  // no host BLAS was named
  // A kernel launched on another device's context or stream fails: so does the product.
  if (need_context(s) != CUDA_SUCCESS || t_current->device != handle->device)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  Gemm g{name,
         ta,
         tb,
         m,
         n,
         k,
         lda,
         ldb,
         ldc,
         batch,
         sa,
         sb,
         sc,
         reinterpret_cast<CUdeviceptr>(a),
         reinterpret_cast<CUdeviceptr>(b),
         reinterpret_cast<CUdeviceptr>(c),
         handle->device};
  Op op;
  op.kind = Op::work;
  op.library = "cublas";
  op.run = gemm_work<T>(g, *reinterpret_cast<const T*>(alpha), *reinterpret_cast<const T*>(beta),
                        function);
  return issue(s, handle->stream, std::move(op), false) == CUDA_SUCCESS
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_EXECUTION_FAILED;
}

}  // namespace

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t* handle) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!handle) return CUBLAS_STATUS_INVALID_VALUE;
  // cuBLAS initialises the device current now; without one there is nothing to bind to.
  if (emu::need_context(s) != CUDA_SUCCESS) return CUBLAS_STATUS_NOT_INITIALIZED;
  auto* h = new cublasContext;
  h->device = emu::t_current->device;
  emu::handles().insert(h);
  *handle = h;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t handle) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::handles().erase(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::handles().count(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  handle->stream = reinterpret_cast<CUstream>(stream);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t handle, cudaStream_t* stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::handles().count(handle)) return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!stream) return CUBLAS_STATUS_INVALID_VALUE;
  *stream = reinterpret_cast<cudaStream_t>(handle->stream);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const float* alpha, const float* a, int lda, long long sa,
                                         const float* b, int ldb, long long sb, const float* beta,
                                         float* c, int ldc, long long sc, int batch) {
  return emu::gemm<float>("cublasSgemmStridedBatched", "cblas_sgemm", h, ta, tb, m, n, k, alpha, a,
                          lda, sa, b, ldb, sb, beta, c, ldc, sc, batch);
}

cublasStatus_t cublasDgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const double* alpha, const double* a, int lda,
                                         long long sa, const double* b, int ldb, long long sb,
                                         const double* beta, double* c, int ldc, long long sc,
                                         int batch) {
  return emu::gemm<double>("cublasDgemmStridedBatched", "cblas_dgemm", h, ta, tb, m, n, k, alpha, a,
                           lda, sa, b, ldb, sb, beta, c, ldc, sc, batch);
}

cublasStatus_t cublasCgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const cuComplex* alpha, const cuComplex* a, int lda,
                                         long long sa, const cuComplex* b, int ldb, long long sb,
                                         const cuComplex* beta, cuComplex* c, int ldc, long long sc,
                                         int batch) {
  return emu::gemm<std::complex<float>>("cublasCgemmStridedBatched", "cblas_cgemm", h, ta, tb, m, n,
                                        k, alpha, a, lda, sa, b, ldb, sb, beta, c, ldc, sc, batch);
}

cublasStatus_t cublasZgemmStridedBatched(cublasHandle_t h, cublasOperation_t ta,
                                         cublasOperation_t tb, int m, int n, int k,
                                         const cuDoubleComplex* alpha, const cuDoubleComplex* a,
                                         int lda, long long sa, const cuDoubleComplex* b, int ldb,
                                         long long sb, const cuDoubleComplex* beta,
                                         cuDoubleComplex* c, int ldc, long long sc, int batch) {
  return emu::gemm<std::complex<double>>("cublasZgemmStridedBatched", "cblas_zgemm", h, ta, tb, m,
                                         n, k, alpha, a, lda, sa, b, ldb, sb, beta, c, ldc, sc,
                                         batch);
}

cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value) {
  return emu::library_property(type, value, CUPYLIKE_CUBLAS_API_MAJOR, CUPYLIKE_CUBLAS_API_MINOR,
                               CUPYLIKE_CUBLAS_API_PATCH)
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_INVALID_VALUE;
}

}  // extern "C"
