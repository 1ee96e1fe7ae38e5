// The cpu device's LAPACK: the Fortran routines of the host BLAS library (scipy-openblas32's
// OpenBLAS, symbols prefixed "scipy_", 32-bit integers), found in the library host_blas.cpp
// opens. Each matrix of a batch is one call; routines that take a workspace get the size LAPACK
// asks for in a query (lwork = -1) on the batch's first matrix, and one workspace serves all.
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <mutex>

#include "core/error.hpp"
#include "libs/blas_backends.hpp"
#include "libs/solver_backends.hpp"

namespace cupylike {

namespace {

// Fortran passes everything by reference; CHARACTER arguments add a hidden length each, at the
// end (gfortran's convention, harmless for LAPACKs translated to C, which ignore them).
using Len = size_t;
using Getrf = void (*)(const int*, const int*, void*, const int*, int*, int*);
using Getrs = void (*)(const char*, const int*, const int*, const void*, const int*, const int*,
                       void*, const int*, int*, Len);
using Potrf = void (*)(const char*, const int*, void*, const int*, int*, Len);
using Geqrf = void (*)(const int*, const int*, void*, const int*, void*, void*, const int*, int*);
using Orgqr = void (*)(const int*, const int*, const int*, void*, const int*, const void*, void*,
                       const int*, int*);
using GesddReal = void (*)(const char*, const int*, const int*, void*, const int*, void*, void*,
                           const int*, void*, const int*, void*, const int*, int*, int*, Len);
using GesddComplex = void (*)(const char*, const int*, const int*, void*, const int*, void*, void*,
                              const int*, void*, const int*, void*, const int*, void*, int*, int*,
                              Len);
using SyevdReal = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                           const int*, int*, const int*, int*, Len, Len);
using HeevdComplex = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                              const int*, void*, const int*, int*, const int*, int*, Len, Len);
using GeevReal = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                          void*, const int*, void*, const int*, void*, const int*, int*, Len, Len);
using GeevComplex = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                             const int*, void*, const int*, void*, const int*, void*, int*, Len,
                             Len);

// Indexed by the dtype: 0 s (float32), 1 d (float64), 2 c (complex64), 3 z (complex128).
struct HostLapack {
  Getrf getrf[4];
  Getrs getrs[4];
  Potrf potrf[4];
  Geqrf geqrf[4];
  Orgqr orgqr[4];
  GesddReal gesdd_real[2];
  GesddComplex gesdd_complex[2];
  SyevdReal syevd[2];
  HeevdComplex heevd[2];
  GeevReal geev_real[2];
  GeevComplex geev_complex[2];
};

template <class Fn>
void load(void* lib, Fn* slots, int first, int count, const char* real_name,
          const char* complex_name) {
  static const char kPrefix[] = "sdcz";
  for (int i = 0; i < count; ++i) {
    const int t = first + i;
    const std::string name =
        std::string("scipy_") + kPrefix[t] + (t < 2 ? real_name : complex_name) + "_";
    slots[i] = reinterpret_cast<Fn>(dlsym(lib, name.c_str()));
    if (!slots[i]) raise(ErrorKind::runtime, "the host BLAS library lacks LAPACK's " + name);
  }
}

const HostLapack& host_lapack() {
  static std::mutex mutex;
  static HostLapack* loaded = nullptr;
  std::lock_guard<std::mutex> lock(mutex);
  if (loaded) return *loaded;
  void* lib = host_blas_library();
  auto* l = new HostLapack;
  load(lib, l->getrf, 0, 4, "getrf", "getrf");
  load(lib, l->getrs, 0, 4, "getrs", "getrs");
  load(lib, l->potrf, 0, 4, "potrf", "potrf");
  load(lib, l->geqrf, 0, 4, "geqrf", "geqrf");
  load(lib, l->orgqr, 0, 4, "orgqr", "ungqr");
  load(lib, l->gesdd_real, 0, 2, "gesdd", "");
  load(lib, l->gesdd_complex, 2, 2, "", "gesdd");
  load(lib, l->syevd, 0, 2, "syevd", "");
  load(lib, l->heevd, 2, 2, "", "heevd");
  load(lib, l->geev_real, 0, 2, "geev", "");
  load(lib, l->geev_complex, 2, 2, "", "geev");
  loaded = l;
  return *loaded;
}

// Workspace of `count` elements of `dtype`, 16-byte aligned (complex128's alignment).
struct Work {
  std::vector<std::complex<double>> storage;
  Work(int64_t count, DType dtype)
      : storage(size_t((std::max<int64_t>(count, 1) * itemsize(dtype) + 15) / 16)) {}
  void* data() { return storage.data(); }
};

// The size a workspace query left in work[0] (a real or the real part of a complex number),
// rounded up: float32's answer can fall just short of a large integer.
int query_size(const void* work, DType dtype) {
  const double v = solver_real(dtype) == DType::float32 ? double(*static_cast<const float*>(work))
                                                        : *static_cast<const double*>(work);
  return std::max(1, int(std::ceil(v * (1 + 1e-6))));
}

struct Batch {
  const SolverCall& c;
  const SolverOperands& ops;
  void* at(const SolverOperand& op, int64_t stride, int64_t i) const {
    return static_cast<char*>(op.data) + i * stride * itemsize(op.dtype);
  }
  void* a(int64_t i) const { return at(ops.a, c.stride_a, i); }
  void* b(int64_t i) const { return ops.b.present ? at(ops.b, c.stride_b, i) : nullptr; }
  void* cc(int64_t i) const { return ops.c.present ? at(ops.c, c.stride_c, i) : nullptr; }
  void* v(int64_t i) const { return ops.v.present ? at(ops.v, c.stride_v, i) : nullptr; }
};

void check_arguments(int info, const SolverCall& c) {
  if (info < 0)
    raise(ErrorKind::runtime,
          routine_name(c) + " rejected argument " + std::to_string(-info) + " of " + describe(c));
}

// A real geev's eigenvalues (wr, wi) as complex numbers.
template <class R>
void combine_eigenvalues(int n, const R* wr, const R* wi, void* w) {
  auto* wc = static_cast<std::complex<R>*>(w);
  for (int j = 0; j < n; ++j) wc[j] = std::complex<R>(wr[j], wi[j]);
}

void run_geev(const HostLapack& l, const Batch& bt, int t, int64_t i, int& info) {
  const SolverCall& c = bt.c;
  const int n = int(c.n), lda = int(c.lda), one = 1, ldvr = std::max(1, n), query = -1;
  const char jobvl = 'N', jobvr = c.job;
  const bool vectors = c.job == 'V';
  const DType real = solver_real(c.dtype);
  Work probe(2, c.dtype);
  if (t >= 2) {
    Work rwork(2 * int64_t(n), real);
    l.geev_complex[t - 2](&jobvl, &jobvr, &n, bt.a(i), &lda, bt.v(i), nullptr, &one, bt.b(i), &ldvr,
                          probe.data(), &query, rwork.data(), &info, 1, 1);
    check_arguments(info, c);
    const int lwork = query_size(probe.data(), c.dtype);
    Work work(lwork, c.dtype);
    const int ldb = vectors ? int(c.ldb) : 1;
    l.geev_complex[t - 2](&jobvl, &jobvr, &n, bt.a(i), &lda, bt.v(i), nullptr, &one, bt.b(i), &ldb,
                          work.data(), &lwork, rwork.data(), &info, 1, 1);
    return;
  }
  Work wr(n, real), wi(n, real);
  const int ldb = vectors ? int(c.ldb) : 1;
  l.geev_real[t](&jobvl, &jobvr, &n, bt.a(i), &lda, wr.data(), wi.data(), nullptr, &one, bt.b(i),
                 &ldvr, probe.data(), &query, &info, 1, 1);
  check_arguments(info, c);
  const int lwork = query_size(probe.data(), c.dtype);
  Work work(lwork, c.dtype);
  l.geev_real[t](&jobvl, &jobvr, &n, bt.a(i), &lda, wr.data(), wi.data(), nullptr, &one, bt.b(i),
                 &ldb, work.data(), &lwork, &info, 1, 1);
  if (t == 0)
    combine_eigenvalues<float>(n, static_cast<float*>(wr.data()), static_cast<float*>(wi.data()),
                               bt.v(i));
  else
    combine_eigenvalues<double>(n, static_cast<double*>(wr.data()), static_cast<double*>(wi.data()),
                                bt.v(i));
}

}  // namespace

std::vector<int32_t> host_solver(const SolverCall& c, const SolverOperands& ops) {
  const HostLapack& l = host_lapack();
  const Batch bt{c, ops};
  const int t = solver_type_index(c.dtype);
  const int m = int(c.m), n = int(c.n), nrhs = int(c.nrhs), lda = int(c.lda), ldb = int(c.ldb),
            ldc = int(c.ldc), query = -1;
  const int mn = std::min(m, n);
  const DType real = solver_real(c.dtype);
  std::vector<int32_t> infos(size_t(c.batch), 0);
  Work probe(2, c.dtype);
  int lwork = 1, lrwork = 1, liwork = 1, info = 0;
  // Workspace sizes, asked once for the batch.
  switch (c.routine) {
    case SolverRoutine::geqrf:
      l.geqrf[t](&m, &n, bt.a(0), &lda, bt.v(0), probe.data(), &query, &info);
      break;
    case SolverRoutine::orgqr:
      l.orgqr[t](&m, &n, &nrhs, bt.a(0), &lda, bt.v(0), probe.data(), &query, &info);
      break;
    case SolverRoutine::gesdd: {
      int iw = 0;
      Work rprobe(1, real);
      if (t < 2)
        l.gesdd_real[t](&c.job, &m, &n, bt.a(0), &lda, bt.v(0), bt.b(0), &ldb, bt.cc(0), &ldc,
                        probe.data(), &query, &iw, &info, 1);
      else
        l.gesdd_complex[t - 2](&c.job, &m, &n, bt.a(0), &lda, bt.v(0), bt.b(0), &ldb, bt.cc(0),
                               &ldc, probe.data(), &query, rprobe.data(), &iw, &info, 1);
      break;
    }
    case SolverRoutine::syevd: {
      Work rprobe(2, real);
      int iw = 0;
      if (t < 2) {
        l.syevd[t](&c.job, &c.uplo, &n, bt.a(0), &lda, bt.v(0), probe.data(), &query, &iw, &query,
                   &info, 1, 1);
      } else {
        l.heevd[t - 2](&c.job, &c.uplo, &n, bt.a(0), &lda, bt.v(0), probe.data(), &query,
                       rprobe.data(), &query, &iw, &query, &info, 1, 1);
        lrwork = query_size(rprobe.data(), real);
      }
      liwork = std::max(1, iw);
      break;
    }
    default:
      break;
  }
  check_arguments(info, c);
  if (c.routine == SolverRoutine::geqrf || c.routine == SolverRoutine::orgqr ||
      c.routine == SolverRoutine::gesdd || c.routine == SolverRoutine::syevd)
    lwork = query_size(probe.data(), c.dtype);
  Work work(lwork, c.dtype);
  // gesdd's integer and (complex) real workspaces, by LAPACK's documented minimum sizes.
  const int64_t mx = std::max(m, n);
  if (c.routine == SolverRoutine::gesdd) {
    liwork = 8 * mn;
    lrwork = c.job == 'N' ? 7 * mn
                          : int(std::max<int64_t>(5 * int64_t(mn) * mn + 5 * mn,
                                                  2 * mx * mn + 2 * int64_t(mn) * mn + mn));
  }
  Work rwork(lrwork, real);
  std::vector<int> iwork(size_t(std::max(liwork, 1)));
  for (int64_t i = 0; i < c.batch; ++i) {
    info = 0;
    switch (c.routine) {
      case SolverRoutine::getrf:
        l.getrf[t](&m, &n, bt.a(i), &lda, static_cast<int*>(bt.v(i)), &info);
        break;
      case SolverRoutine::getrs:
        l.getrs[t](&c.trans, &n, &nrhs, bt.a(i), &lda, static_cast<int*>(bt.v(i)), bt.b(i), &ldb,
                   &info, 1);
        break;
      case SolverRoutine::potrf:
        l.potrf[t](&c.uplo, &n, bt.a(i), &lda, &info, 1);
        break;
      case SolverRoutine::geqrf:
        l.geqrf[t](&m, &n, bt.a(i), &lda, bt.v(i), work.data(), &lwork, &info);
        break;
      case SolverRoutine::orgqr:
        l.orgqr[t](&m, &n, &nrhs, bt.a(i), &lda, bt.v(i), work.data(), &lwork, &info);
        break;
      case SolverRoutine::gesdd:
        if (t < 2)
          l.gesdd_real[t](&c.job, &m, &n, bt.a(i), &lda, bt.v(i), bt.b(i), &ldb, bt.cc(i), &ldc,
                          work.data(), &lwork, iwork.data(), &info, 1);
        else
          l.gesdd_complex[t - 2](&c.job, &m, &n, bt.a(i), &lda, bt.v(i), bt.b(i), &ldb, bt.cc(i),
                                 &ldc, work.data(), &lwork, rwork.data(), iwork.data(), &info, 1);
        // LAPACK 3.x's gesdd rejects a matrix holding NaN as argument 4 (A); NumPy reports it
        // as a failure to converge (LinAlgError), so it becomes one here.
        if (info == -4) info = std::max(m, n);
        break;
      case SolverRoutine::syevd:
        if (t < 2)
          l.syevd[t](&c.job, &c.uplo, &n, bt.a(i), &lda, bt.v(i), work.data(), &lwork, iwork.data(),
                     &liwork, &info, 1, 1);
        else
          l.heevd[t - 2](&c.job, &c.uplo, &n, bt.a(i), &lda, bt.v(i), work.data(), &lwork,
                         rwork.data(), &lrwork, iwork.data(), &liwork, &info, 1, 1);
        break;
      case SolverRoutine::geev:
        run_geev(l, bt, t, i, info);
        break;
    }
    check_arguments(info, c);
    infos[size_t(i)] = info;
  }
  return infos;
}

}  // namespace cupylike
