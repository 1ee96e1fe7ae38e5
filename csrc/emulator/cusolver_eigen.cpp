// cuSOLVER's SVD (gesvd) and symmetric/Hermitian eigensolver (syevd/heevd) on the emulated GPU:
// each checks its arguments as cuSOLVER documents, then queues the host LAPACK's routine
// (cusolver.hpp). The work array is the caller's device workspace, of LAPACK's size from a
// workspace query; the arrays cuSOLVER's interface has no room for (LAPACK's iwork, and rwork
// of the complex routines) are the host's, inside the queued work.
#include <cmath>
#include <cstring>

#include "emulator/cusolver.hpp"

namespace cupylike::emulator::solver {

namespace {

using GesvdReal = void (*)(const char*, const char*, const int*, const int*, void*, const int*,
                           void*, void*, const int*, void*, const int*, void*, const int*, int*,
                           Len, Len);
using GesvdComplex = void (*)(const char*, const char*, const int*, const int*, void*, const int*,
                              void*, void*, const int*, void*, const int*, void*, const int*, void*,
                              int*, Len, Len);
using Syevd = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                       const int*, int*, const int*, int*, Len, Len);
using Heevd = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                       const int*, void*, const int*, int*, const int*, int*, Len, Len);

// Host scratch of `count` reals of either precision.
std::vector<double> reals(int64_t count) { return std::vector<double>(size_t(count) + 1); }

// Whether the column-major m x n matrix at `a` holds NaN or an infinity (in either part of a
// complex element).
bool any_nonfinite(const char* a, int m, int n, int lda, const Type& type) {
  const int parts = int(type.item / type.real);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m * parts; ++i) {
      const char* p = a + (size_t(j) * size_t(lda) * type.item) + size_t(i) * type.real;
      const double v = type.real == 4 ? double(*reinterpret_cast<const float*>(p))
                                      : *reinterpret_cast<const double*>(p);
      if (!std::isfinite(v)) return true;
    }
  return false;
}

// gesvd's bufferSize is given no jobs: LAPACK's size for jobu = jobvt = 'A', which is at least
// its minimum for every job (the minimum does not depend on them). 0 without a host library.
// A query reads none of the matrices and vectors.
int gesvd_work(int t, int m, int n) {
  const char job = 'A';
  const int lda = std::max(1, m), ldvt = std::max(1, n), query = -1;
  Probe probe, rprobe;
  int info = 0;
  if (t < 2) {
    auto fn = lapack<GesvdReal>(t, "gesvd");
    if (!fn) return 0;
    fn(&job, &job, &m, &n, nullptr, &lda, nullptr, nullptr, &lda, nullptr, &ldvt, probe.data(),
       &query, &info, 1, 1);
  } else {
    auto fn = lapack<GesvdComplex>(t, "gesvd");
    if (!fn) return 0;
    fn(&job, &job, &m, &n, nullptr, &lda, nullptr, nullptr, &lda, nullptr, &ldvt, probe.data(),
       &query, rprobe.data(), &info, 1, 1);
  }
  return query_answer(probe.data(), t);
}

bool valid_job(signed char job) { return job == 'A' || job == 'S' || job == 'O' || job == 'N'; }

// gesvd's checks: cuSOLVER's (m >= n >= 0, lda >= max(1, m), the jobs 'A', 'S', 'O' or 'N')
// and LAPACK's for U and VT, whose leading dimensions a GPU needs as much; U and VT cannot
// both overwrite A.
bool valid_gesvd(signed char jobu, signed char jobvt, int m, int n, int lda, int ldu, int ldvt) {
  if (!valid_job(jobu) || !valid_job(jobvt) || (jobu == 'O' && jobvt == 'O')) return false;
  if (n < 0 || m < n || lda < std::max(1, m) || ldu < 1 || ldvt < 1) return false;
  if ((jobu == 'A' || jobu == 'S') && ldu < m) return false;
  return !(jobvt == 'A' && ldvt < n) && !(jobvt == 'S' && ldvt < std::min(m, n));
}

cusolverStatus_t gesvd_size(int t, cusolverDnHandle_t h, int m, int n, int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (m < 0 || n < 0 || !lwork) return CUSOLVER_STATUS_INVALID_VALUE;
  const int size = gesvd_work(t, m, n);
  if (size == 0) return CUSOLVER_STATUS_NOT_SUPPORTED;
  *lwork = size;
  return CUSOLVER_STATUS_SUCCESS;
}

// The part of U (VT) gesvd writes for its job: all of it, min(m, n) columns (rows), or none.
uint64_t singular_vectors(signed char job, int rows, int cols, int mn, int ld, size_t item,
                          bool columns) {
  if (job == 'A') return span(rows, cols, ld, item);
  if (job != 'S') return 0;
  return columns ? span(rows, mn, ld, item) : span(mn, cols, ld, item);
}

cusolverStatus_t gesvd(int t, cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m,
                       int n, void* a, int lda, void* sv, void* u, int ldu, void* vt, int ldvt,
                       void* work, int lwork, void* rwork, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_gesvd(jobu, jobvt, m, n, lda, ldu, ldvt)) return CUSOLVER_STATUS_INVALID_VALUE;
  auto real_fn = t < 2 ? lapack<GesvdReal>(t, "gesvd") : nullptr;
  auto complex_fn = t < 2 ? nullptr : lapack<GesvdComplex>(t, "gesvd");
  if (!real_fn && !complex_fn) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (lwork < gesvd_work(t, m, n)) return CUSOLVER_STATUS_INVALID_VALUE;
  const Type& type = kTypes[t];
  const int mn = std::min(m, n);
  // rwork (min(m, n) - 1 reals, may be null) receives the unconverged superdiagonals.
  const uint64_t superdiagonals = rwork && mn > 1 ? uint64_t(mn - 1) * type.real : 0;
  const char ju = char(jobu), jvt = char(jobvt);
  return launch(s, h, routine(t, "gesvd"),
                {{"A", a, span(m, n, lda, type.item)},
                 {"S", sv, uint64_t(mn) * type.real},
                 {"U", u, singular_vectors(jobu, m, m, mn, ldu, type.item, true)},
                 {"VT", vt, singular_vectors(jobvt, n, n, mn, ldvt, type.item, false)},
                 {"work", work, uint64_t(lwork) * type.item},
                 {"rwork", rwork, superdiagonals}},
                "info", info, [=](const Views& v) {
                  int r = 0;
                  const bool nonfinite = any_nonfinite(v[0], m, n, lda, type);
                  // LAPACK leaves the unconverged superdiagonals in work[1:] (real) or rwork
                  // (complex).
                  if (real_fn) {
                    real_fn(&ju, &jvt, &m, &n, v[0], &lda, v[1], v[2], &ldu, v[3], &ldvt, v[4],
                            &lwork, &r, 1, 1);
                    if (r > 0 && v[5]) std::memcpy(v[5], v[4] + type.item, superdiagonals);
                  } else {
                    std::vector<double> host_rwork = reals(5 * int64_t(mn));
                    complex_fn(&ju, &jvt, &m, &n, v[0], &lda, v[1], v[2], &ldu, v[3], &ldvt, v[4],
                               &lwork, host_rwork.data(), &r, 1, 1);
                    if (r > 0 && v[5]) std::memcpy(v[5], host_rwork.data(), superdiagonals);
                  }
                  // cuSOLVER's gesvd does not look for NaN or infinities and reports nothing
                  // for them: on an H100 (CUDA 13) [[nan]] and [[nan, 1], [inf, 3]] came back
                  // with devInfo 0, and [[inf]] with devInfo 0 and the singular value inf.
                  // The stand-in reports no failure for any input holding either, whatever
                  // LAPACK's gesvd said: the front end must find them itself.
                  if (nonfinite) r = 0;
                  return r;
                });
}

bool valid_eig_mode(cusolverEigMode_t jobz) {
  return jobz == CUSOLVER_EIG_MODE_NOVECTOR || jobz == CUSOLVER_EIG_MODE_VECTOR;
}

bool valid_syevd(cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, int lda) {
  return valid_eig_mode(jobz) && valid_fill(uplo) && n >= 0 && lda >= std::max(1, n);
}

// LAPACK's three workspaces of syevd/heevd (work: elements; rwork: reals, complex types only;
// iwork: ints); work 0 without a host library.
struct EigenWork {
  int work = 0, rwork = 1, iwork = 1;
};

EigenWork syevd_work(int t, char jobz, char uplo, int n, int lda) {
  EigenWork sizes;
  Probe probe, rprobe;
  int iwork = 1, info = 0;
  const int query = -1;
  if (t < 2) {
    auto fn = lapack<Syevd>(t, "syevd");
    if (!fn) return sizes;
    fn(&jobz, &uplo, &n, nullptr, &lda, nullptr, probe.data(), &query, &iwork, &query, &info, 1, 1);
  } else {
    auto fn = lapack<Heevd>(t, "heevd");
    if (!fn) return sizes;
    fn(&jobz, &uplo, &n, nullptr, &lda, nullptr, probe.data(), &query, rprobe.data(), &query,
       &iwork, &query, &info, 1, 1);
    sizes.rwork = query_answer(rprobe.data(), t);
  }
  sizes.work = query_answer(probe.data(), t);
  sizes.iwork = std::max(1, iwork);
  return sizes;
}

char job_char(cusolverEigMode_t jobz) { return jobz == CUSOLVER_EIG_MODE_VECTOR ? 'V' : 'N'; }

cusolverStatus_t syevd_size(int t, cusolverDnHandle_t h, cusolverEigMode_t jobz,
                            cublasFillMode_t uplo, int n, int lda, int* lwork) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_syevd(jobz, uplo, n, lda) || !lwork) return CUSOLVER_STATUS_INVALID_VALUE;
  const EigenWork sizes = syevd_work(t, job_char(jobz), fill_char(uplo), n, lda);
  if (sizes.work == 0) return CUSOLVER_STATUS_NOT_SUPPORTED;
  *lwork = sizes.work;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t syevd(int t, cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo,
                       int n, void* a, int lda, void* w, void* work, int lwork, int* info) {
  State& s = state();
  Call call(s);
  if (!known(h)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!valid_syevd(jobz, uplo, n, lda)) return CUSOLVER_STATUS_INVALID_VALUE;
  const char job = job_char(jobz), fill = fill_char(uplo);
  const EigenWork sizes = syevd_work(t, job, fill, n, lda);
  if (sizes.work == 0) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (lwork < sizes.work) return CUSOLVER_STATUS_INVALID_VALUE;
  auto real_fn = t < 2 ? lapack<Syevd>(t, "syevd") : nullptr;
  auto complex_fn = t < 2 ? nullptr : lapack<Heevd>(t, "heevd");
  const Type& type = kTypes[t];
  return launch(s, h, routine(t, t < 2 ? "syevd" : "heevd"),
                {{"A", a, span(n, n, lda, type.item)},
                 {"W", w, uint64_t(n) * type.real},
                 {"work", work, uint64_t(lwork) * type.item}},
                "info", info, [=](const Views& v) {
                  int r = 0;
                  std::vector<int> iwork(size_t(sizes.iwork));
                  if (real_fn) {
                    real_fn(&job, &fill, &n, v[0], &lda, v[1], v[2], &lwork, iwork.data(),
                            &sizes.iwork, &r, 1, 1);
                  } else {
                    std::vector<double> rwork = reals(sizes.rwork);
                    complex_fn(&job, &fill, &n, v[0], &lda, v[1], v[2], &lwork, rwork.data(),
                               &sizes.rwork, iwork.data(), &sizes.iwork, &r, 1, 1);
                  }
                  return r;
                });
}

}  // namespace

}  // namespace cupylike::emulator::solver

namespace solver = cupylike::emulator::solver;

// The typed entry points cusolverDn.h declares, one set per type (T the matrices' type, R the
// singular values' and eigenvalues'): each forwards to the routine above with its type's index,
// and the compiler holds it to the header's prototype.
#define CUPYLIKE_EIGEN_ENTRIES(P, T, R, t, SYEVD)                                                  \
  cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n,             \
                                                   int* lwork) {                                   \
    return solver::gesvd_size(t, h, m, n, lwork);                                                  \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t h, signed char jobu, signed char jobvt, \
                                        int m, int n, T* a, int lda, R* sv, T* u, int ldu, T* vt,  \
                                        int ldvt, T* work, int lwork, R* rwork, int* info) {       \
    return solver::gesvd(t, h, jobu, jobvt, m, n, a, lda, sv, u, ldu, vt, ldvt, work, lwork,       \
                         rwork, info);                                                             \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##SYEVD##_bufferSize(cusolverDnHandle_t h, cusolverEigMode_t jobz, \
                                                     cublasFillMode_t uplo, int n, const T*,       \
                                                     int lda, const R*, int* lwork) {              \
    return solver::syevd_size(t, h, jobz, uplo, n, lda, lwork);                                    \
  }                                                                                                \
  cusolverStatus_t cusolverDn##P##SYEVD(cusolverDnHandle_t h, cusolverEigMode_t jobz,              \
                                        cublasFillMode_t uplo, int n, T* a, int lda, R* w,         \
                                        T* work, int lwork, int* info) {                           \
    return solver::syevd(t, h, jobz, uplo, n, a, lda, w, work, lwork, info);                       \
  }

extern "C" {
CUPYLIKE_EIGEN_ENTRIES(S, float, float, 0, syevd)
CUPYLIKE_EIGEN_ENTRIES(D, double, double, 1, syevd)
CUPYLIKE_EIGEN_ENTRIES(C, cuComplex, float, 2, heevd)
CUPYLIKE_EIGEN_ENTRIES(Z, cuDoubleComplex, double, 3, heevd)
}  // extern "C"
