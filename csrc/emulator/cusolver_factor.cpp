// cuSOLVER's LU (getrf, getrs), Cholesky (potrf) and QR (geqrf, orgqr/ungqr) on the emulated
// GPU: each checks its arguments as cuSOLVER documents, then queues the host LAPACK's routine
// (cusolver.hpp). Workspace sizes are LAPACK's own, from a workspace query when bufferSize is
// called, so the routine runs in the caller's device workspace as cuSOLVER's does, and an
// Lwork below that size is rejected.
#include <complex>

#include "emulator/cusolver.hpp"

namespace cupylike::emulator::solver {

namespace {

using Getrf = void (*)(const int*, const int*, void*, const int*, int*, int*);
using Getrs = void (*)(const char*, const int*, const int*, const void*, const int*, const int*,
                       void*, const int*, int*, Len);
using Potrf = void (*)(const char*, const int*, void*, const int*, int*, Len);
using Geqrf = void (*)(const int*, const int*, void*, const int*, void*, void*, const int*, int*);
using Orgqr = void (*)(const int*, const int*, const int*, void*, const int*, const void*, void*,
                       const int*, int*);

// LAPACK's getrf and potrf take no workspace, cuSOLVER's do: their bufferSize asks for one
// element, so the caller still allocates it and the routine still finds it live.
constexpr int kNoWorkspace = 1;

// cuSOLVER's getrf without devIpiv factors without pivoting, which LAPACK cannot: this is
// LAPACK's unblocked getrf without the row exchanges. A zero pivot leaves its column unscaled
// and is reported as LAPACK reports one (the first, 1-based).
template <class T>
int lu_without_pivoting(int m, int n, char* data, int lda) {
  T* a = reinterpret_cast<T*>(data);
  auto at = [&](int i, int j) -> T& { return a[i + size_t(j) * size_t(lda)]; };
  int info = 0;
  for (int j = 0; j < std::min(m, n); ++j) {
    const T pivot = at(j, j);
    if (pivot != T(0)) {
      for (int i = j + 1; i < m; ++i) at(i, j) /= pivot;
    } else if (info == 0) {
      info = j + 1;
    }
    for (int k = j + 1; k < n; ++k)
      for (int i = j + 1; i < m; ++i) at(i, k) -= at(i, j) * at(j, k);
  }
  return info;
}

int lu_without_pivoting(int t, int m, int n, char* a, int lda) {
  switch (t) {
    case 0:
      return lu_without_pivoting<float>(m, n, a, lda);
    case 1:
      return lu_without_pivoting<double>(m, n, a, lda);
    case 2:
      return lu_without_pivoting<std::complex<float>>(m, n, a, lda);
    default:
      return lu_without_pivoting<std::complex<double>>(m, n, a, lda);
  }
}

// LAPACK's workspace for geqrf and orgqr (elements), or 0 without a host library. A query
// reads none of the arrays, so none is passed (cuSOLVER's bufferSize may be given nulls).
int geqrf_work(int t, int m, int n, int lda) {
  auto fn = lapack<Geqrf>(t, "geqrf");
  if (!fn) return 0;
  Probe probe;
  const int query = -1;
  int info = 0;
  fn(&m, &n, nullptr, &lda, nullptr, probe.data(), &query, &info);
  return query_answer(probe.data(), t);
}

int orgqr_work(int t, int m, int n, int k, int lda) {
  auto fn = lapack<Orgqr>(t, "orgqr", "ungqr");
  if (!fn) return 0;
  Probe probe;
  const int query = -1;
  int info = 0;
  fn(&m, &n, &k, nullptr, &lda, nullptr, probe.data(), &query, &info);
  return query_answer(probe.data(), t);
}

// Each routine first takes the driver's lock and checks its handle (NOT_INITIALIZED), then its
// arguments (INVALID_VALUE: cuSOLVER's documented checks), then finds the host routine
// (NOT_SUPPORTED when the library never named one).

cusolverStatus_t getrf_size(cusolverDnHandle_t h, int m, int n, int lda, int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < std::max(1, m) || !lwork) return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = kNoWorkspace;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t getrf(int t, cusolverDnHandle_t h, int m, int n, void* a, int lda, void* work,
                       int* ipiv, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < std::max(1, m)) return CUSOLVER_STATUS_INVALID_VALUE;
  auto fn = lapack<Getrf>(t, "getrf");
  if (!fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const size_t item = kTypes[t].item;
  const uint64_t pivots = ipiv ? uint64_t(std::min(m, n)) * sizeof(int) : 0;
  // getrf takes no Lwork: the workspace is the size bufferSize gave.
  return launch(s, h, routine(t, "getrf"),
                {{"A", a, span(m, n, lda, item)},
                 {"Workspace", work, kNoWorkspace * item},
                 {"devIpiv", ipiv, pivots}},
                "devInfo", info, [=](const Views& v) {
                  if (!ipiv) return lu_without_pivoting(t, m, n, v[0], lda);
                  int r = 0;
                  fn(&m, &n, v[0], &lda, reinterpret_cast<int*>(v[2]), &r);
                  return r;
                });
}

cusolverStatus_t getrs(int t, cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs,
                       const void* a, int lda, const int* ipiv, void* b, int ldb, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (trans != CUBLAS_OP_N && trans != CUBLAS_OP_T && trans != CUBLAS_OP_C)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (n < 0 || nrhs < 0 || lda < std::max(1, n) || ldb < std::max(1, n))
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto fn = lapack<Getrs>(t, "getrs");
  if (!fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const size_t item = kTypes[t].item;
  const char op = trans == CUBLAS_OP_N ? 'N' : trans == CUBLAS_OP_T ? 'T' : 'C';
  return launch(s, h, routine(t, "getrs"),
                {{"A", a, span(n, n, lda, item)},
                 {"devIpiv", ipiv, uint64_t(n) * sizeof(int)},
                 {"B", b, span(n, nrhs, ldb, item)}},
                "devInfo", info, [=](const Views& v) {
                  int r = 0;
                  fn(&op, &n, &nrhs, v[0], &lda, reinterpret_cast<const int*>(v[1]), v[2], &ldb, &r,
                     1);
                  return r;
                });
}

cusolverStatus_t potrf_size(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int lda,
                            int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_fill(uplo) || n < 0 || lda < std::max(1, n) || !lwork)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *lwork = kNoWorkspace;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t potrf(int t, cusolverDnHandle_t h, cublasFillMode_t uplo, int n, void* a, int lda,
                       void* work, int lwork, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_fill(uplo) || n < 0 || lda < std::max(1, n) || lwork < kNoWorkspace)
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto fn = lapack<Potrf>(t, "potrf");
  if (!fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  const size_t item = kTypes[t].item;
  const char fill = fill_char(uplo);
  return launch(s, h, routine(t, "potrf"),
                {{"A", a, span(n, n, lda, item)}, {"Workspace", work, uint64_t(lwork) * item}},
                "devInfo", info, [=](const Views& v) {
                  int r = 0;
                  fn(&fill, &n, v[0], &lda, &r, 1);
                  return r;
                });
}

cusolverStatus_t geqrf_size(int t, cusolverDnHandle_t h, int m, int n, int lda, int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < std::max(1, m) || !lwork) return CUSOLVER_STATUS_INVALID_VALUE;
  const int size = geqrf_work(t, m, n, lda);
  if (size == 0) return CUSOLVER_STATUS_NOT_SUPPORTED;
  *lwork = size;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t geqrf(int t, cusolverDnHandle_t h, int m, int n, void* a, int lda, void* tau,
                       void* work, int lwork, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || lda < std::max(1, m)) return CUSOLVER_STATUS_INVALID_VALUE;
  auto fn = lapack<Geqrf>(t, "geqrf");
  if (!fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (lwork < geqrf_work(t, m, n, lda)) return CUSOLVER_STATUS_INVALID_VALUE;
  const size_t item = kTypes[t].item;
  return launch(s, h, routine(t, "geqrf"),
                {{"A", a, span(m, n, lda, item)},
                 {"TAU", tau, uint64_t(std::min(m, n)) * item},
                 {"Workspace", work, uint64_t(lwork) * item}},
                "devInfo", info, [=](const Views& v) {
                  int r = 0;
                  fn(&m, &n, v[0], &lda, v[1], v[2], &lwork, &r);
                  return r;
                });
}

// orgqr's checks: m >= n >= k >= 0 and lda >= max(1, m).
bool valid_orgqr(int m, int n, int k, int lda) {
  return m >= 0 && n >= 0 && k >= 0 && n <= m && k <= n && lda >= std::max(1, m);
}

cusolverStatus_t orgqr_size(int t, cusolverDnHandle_t h, int m, int n, int k, int lda, int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_orgqr(m, n, k, lda) || !lwork) return CUSOLVER_STATUS_INVALID_VALUE;
  const int size = orgqr_work(t, m, n, k, lda);
  if (size == 0) return CUSOLVER_STATUS_NOT_SUPPORTED;
  *lwork = size;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t orgqr(int t, cusolverDnHandle_t h, int m, int n, int k, void* a, int lda,
                       const void* tau, void* work, int lwork, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_orgqr(m, n, k, lda)) return CUSOLVER_STATUS_INVALID_VALUE;
  auto fn = lapack<Orgqr>(t, "orgqr", "ungqr");
  if (!fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (lwork < orgqr_work(t, m, n, k, lda)) return CUSOLVER_STATUS_INVALID_VALUE;
  const size_t item = kTypes[t].item;
  return launch(s, h, routine(t, t < 2 ? "orgqr" : "ungqr"),
                {{"A", a, span(m, n, lda, item)},
                 {"tau", tau, uint64_t(k) * item},
                 {"work", work, uint64_t(lwork) * item}},
                "info", info, [=](const Views& v) {
                  int r = 0;
                  fn(&m, &n, &k, v[0], &lda, v[1], v[2], &lwork, &r);
                  return r;
                });
}

}  // namespace

}  // namespace cupylike::emulator::solver

namespace solver = cupylike::emulator::solver;

// The typed entry points cusolverDn.h declares, one set per type: each forwards to the
// routine above with its type's index, and the compiler holds it to the header's prototype.
#define CUPYLIKE_FACTOR_ENTRIES(P, T, t, ORGQR)                                                    \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t h, int m, int n, T*,         \
                                                   int lda, int* lwork) {                          \
    return solver::getrf_size(h, m, n, lda, lwork);                                                \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n, T* a, int lda,         \
                                        T* work, int* ipiv, int* info) {                           \
    return solver::getrf(t, h, m, n, a, lda, work, ipiv, info);                                    \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t h, cublasOperation_t trans, int n,      \
                                        int nrhs, const T* a, int lda, const int* ipiv, T* b,      \
                                        int ldb, int* info) {                                      \
    return solver::getrs(t, h, trans, n, nrhs, a, lda, ipiv, b, ldb, info);                        \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t h, cublasFillMode_t uplo,    \
                                                   int n, T*, int lda, int* lwork) {               \
    return solver::potrf_size(h, uplo, n, lda, lwork);                                             \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T* a,  \
                                        int lda, T* work, int lwork, int* info) {                  \
    return solver::potrf(t, h, uplo, n, a, lda, work, lwork, info);                                \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t h, int m, int n, T*,         \
                                                   int lda, int* lwork) {                          \
    return solver::geqrf_size(t, h, m, n, lda, lwork);                                             \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n, T* a, int lda, T* tau, \
                                        T* work, int lwork, int* info) {                           \
    return solver::geqrf(t, h, m, n, a, lda, tau, work, lwork, info);                              \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##ORGQR##_bufferSize(cusolverDnHandle_t h, int m, int n, int k,    \
                                                     const T*, int lda, const T*, int* lwork) {    \
    return solver::orgqr_size(t, h, m, n, k, lda, lwork);                                          \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##ORGQR(cusolverDnHandle_t h, int m, int n, int k, T* a, int lda,  \
                                        const T* tau, T* work, int lwork, int* info) {             \
    return solver::orgqr(t, h, m, n, k, a, lda, tau, work, lwork, info);                           \
  }

extern "C" {
CUPYLIKE_FACTOR_ENTRIES(S, float, 0, orgqr)
CUPYLIKE_FACTOR_ENTRIES(D, double, 1, orgqr)
CUPYLIKE_FACTOR_ENTRIES(C, cuComplex, 2, ungqr)
CUPYLIKE_FACTOR_ENTRIES(Z, cuDoubleComplex, 3, ungqr)
}  // extern "C"
