// cuSOLVER's cusolverDnXgeev (the 64-bit API, CUDA 12.6 on) on the emulated GPU: eigenvalues
// and left and/or right eigenvectors of a general matrix by the host LAPACK's geev, checked and
// queued as the legacy routines are (cusolver.hpp). A real A takes a complex W (n eigenvalues)
// or a real one (n real parts, then n imaginary parts), and real eigenvectors in LAPACK's
// packing of complex pairs; the computation stays real.
//
// Everything LAPACK works in (its work array, then 2n reals: wr and wi for a real A, rwork for
// a complex one) lies in the device workspace, where a range outside live memory faults as on
// a GPU; the host workspace is 0 bytes and never read.
#include <climits>

#include "emulator/cusolver.hpp"

namespace cupylike::emulator::solver {

namespace {

using GeevReal = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                          void*, const int*, void*, const int*, void*, const int*, int*, Len, Len);
using GeevComplex = void (*)(const char*, const char*, const int*, void*, const int*, void*, void*,
                             const int*, void*, const int*, void*, const int*, void*, int*, Len,
                             Len);

int type_index(cudaDataType type) {
  switch (type) {
    case CUDA_R_32F:
      return 0;
    case CUDA_R_64F:
      return 1;
    case CUDA_C_32F:
      return 2;
    case CUDA_C_64F:
      return 3;
    default:
      return -1;
  }
}

bool valid_eig_mode(cusolverEigMode_t job) {
  return job == CUSOLVER_EIG_MODE_NOVECTOR || job == CUSOLVER_EIG_MODE_VECTOR;
}

// A call's arguments, once checked.
struct Geev {
  int t = 0;               // A's type
  bool complex_w = false;  // W complex (else a real A's 2n reals)
  char jobvl = 'N', jobvr = 'N';
  int n = 0, lda = 1, ldvl = 1, ldvr = 1;
  int lwork = 0;  // LAPACK's work array, elements of A's type
  // 2n reals: W's bytes, whether complex or not, and the room LAPACK's wr and wi (or rwork)
  // take after the work array.
  size_t reals_2n() const { return 2 * size_t(n) * kTypes[t].real; }
  size_t device_bytes() const { return size_t(lwork) * kTypes[t].item + reals_2n(); }
};

// LAPACK's work array for geev (elements), or 0 without a host library. A query reads none of
// the matrices and vectors (a complex one writes rwork[0]).
int geev_work(const Geev& g) {
  Probe probe, rprobe;
  const int query = -1;
  int info = 0;
  if (g.t < 2) {
    auto fn = lapack<GeevReal>(g.t, "geev");
    if (!fn) return 0;
    fn(&g.jobvl, &g.jobvr, &g.n, nullptr, &g.lda, nullptr, nullptr, nullptr, &g.ldvl, nullptr,
       &g.ldvr, probe.data(), &query, &info, 1, 1);
  } else {
    auto fn = lapack<GeevComplex>(g.t, "geev");
    if (!fn) return 0;
    fn(&g.jobvl, &g.jobvr, &g.n, nullptr, &g.lda, nullptr, nullptr, &g.ldvl, nullptr, &g.ldvr,
       probe.data(), &query, rprobe.data(), &info, 1, 1);
  }
  return query_answer(probe.data(), g.t);
}

// cuSOLVER's checks of Xgeev's arguments (INVALID_VALUE), then its types (NOT_SUPPORTED: A's
// type is VL's, VR's and the compute type; W's is A's or, for real A, the complex one of A's
// precision). Sizes past 2**31 - 1 are NOT_SUPPORTED too: the host LAPACK takes 32-bit ints.
cusolverStatus_t check(cusolverDnParams_t params, cusolverEigMode_t jobvl, cusolverEigMode_t jobvr,
                       int64_t n, cudaDataType ta, int64_t lda, cudaDataType tw, cudaDataType tvl,
                       int64_t ldvl, cudaDataType tvr, int64_t ldvr, cudaDataType compute,
                       Geev& g) {
  const bool left = jobvl == CUSOLVER_EIG_MODE_VECTOR, right = jobvr == CUSOLVER_EIG_MODE_VECTOR;
  if (!known(params) || !valid_eig_mode(jobvl) || !valid_eig_mode(jobvr) || n < 0 ||
      lda < std::max<int64_t>(1, n) || ldvl < 1 || ldvr < 1 || (left && ldvl < n) ||
      (right && ldvr < n))
    return CUSOLVER_STATUS_INVALID_VALUE;
  g.t = type_index(ta);
  if (g.t < 0 || compute != ta || tvl != ta || tvr != ta) return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (tw == ta)
    g.complex_w = g.t >= 2;
  else if (g.t < 2 && type_index(tw) == g.t + 2)
    g.complex_w = true;
  else
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (lda > INT_MAX || ldvl > INT_MAX || ldvr > INT_MAX) return CUSOLVER_STATUS_NOT_SUPPORTED;
  g.jobvl = left ? 'V' : 'N';
  g.jobvr = right ? 'V' : 'N';
  g.n = int(n);
  g.lda = int(lda);
  g.ldvl = int(ldvl);
  g.ldvr = int(ldvr);
  g.lwork = geev_work(g);
  return g.lwork == 0 ? CUSOLVER_STATUS_NOT_SUPPORTED : CUSOLVER_STATUS_SUCCESS;
}

// LAPACK's (wr, wi) as W: n complex numbers, or n real parts then n imaginary parts.
template <class R>
void place_eigenvalues(int n, const char* wr, const char* wi, char* w, bool complex_w) {
  const R* re = reinterpret_cast<const R*>(wr);
  const R* im = reinterpret_cast<const R*>(wi);
  R* out = reinterpret_cast<R*>(w);
  for (int j = 0; j < n; ++j) {
    out[complex_w ? 2 * j : j] = re[j];
    out[complex_w ? 2 * j + 1 : n + j] = im[j];
  }
}

int run_geev(const Geev& g, const Views& v) {
  char* a = v[0];
  char* w = v[1];
  char* work = v[4];
  char* extra = work + size_t(g.lwork) * kTypes[g.t].item;
  int info = 0;
  if (g.t >= 2) {
    auto fn = lapack<GeevComplex>(g.t, "geev");
    fn(&g.jobvl, &g.jobvr, &g.n, a, &g.lda, w, v[2], &g.ldvl, v[3], &g.ldvr, work, &g.lwork, extra,
       &info, 1, 1);
    return info;
  }
  auto fn = lapack<GeevReal>(g.t, "geev");
  char* wi = extra + g.reals_2n() / 2;
  fn(&g.jobvl, &g.jobvr, &g.n, a, &g.lda, extra, wi, v[2], &g.ldvl, v[3], &g.ldvr, work, &g.lwork,
     &info, 1, 1);
  if (g.t == 0)
    place_eigenvalues<float>(g.n, extra, wi, w, g.complex_w);
  else
    place_eigenvalues<double>(g.n, extra, wi, w, g.complex_w);
  return info;
}

}  // namespace

}  // namespace cupylike::emulator::solver

namespace emu = cupylike::emulator;
namespace solver = cupylike::emulator::solver;

extern "C" {

cusolverStatus_t cusolverDnXgeev_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobvl,
    cusolverEigMode_t jobvr, int64_t n, cudaDataType dataTypeA, const void*, int64_t lda,
    cudaDataType dataTypeW, const void*, cudaDataType dataTypeVL, const void*, int64_t ldvl,
    cudaDataType dataTypeVR, const void*, int64_t ldvr, cudaDataType computeType,
    size_t* workspaceInBytesOnDevice, size_t* workspaceInBytesOnHost) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::known(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!workspaceInBytesOnDevice || !workspaceInBytesOnHost) return CUSOLVER_STATUS_INVALID_VALUE;
  solver::Geev g;
  if (cusolverStatus_t r = solver::check(params, jobvl, jobvr, n, dataTypeA, lda, dataTypeW,
                                         dataTypeVL, ldvl, dataTypeVR, ldvr, computeType, g);
      r != CUSOLVER_STATUS_SUCCESS)
    return r;
  *workspaceInBytesOnDevice = g.device_bytes();
  *workspaceInBytesOnHost = 0;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnXgeev(cusolverDnHandle_t handle, cusolverDnParams_t params,
                                 cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int64_t n,
                                 cudaDataType dataTypeA, void* A, int64_t lda,
                                 cudaDataType dataTypeW, void* W, cudaDataType dataTypeVL, void* VL,
                                 int64_t ldvl, cudaDataType dataTypeVR, void* VR, int64_t ldvr,
                                 cudaDataType computeType, void* bufferOnDevice,
                                 size_t workspaceInBytesOnDevice, void* /*bufferOnHost*/,
                                 size_t /*workspaceInBytesOnHost*/, int* info) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::known(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  solver::Geev g;
  if (cusolverStatus_t r = solver::check(params, jobvl, jobvr, n, dataTypeA, lda, dataTypeW,
                                         dataTypeVL, ldvl, dataTypeVR, ldvr, computeType, g);
      r != CUSOLVER_STATUS_SUCCESS)
    return r;
  if (workspaceInBytesOnDevice < g.device_bytes()) return CUSOLVER_STATUS_INVALID_VALUE;
  const size_t item = solver::kTypes[g.t].item;
  return solver::launch(s, handle, "cusolverDnXgeev",
                        {{"A", A, solver::span(n, n, lda, item)},
                         {"W", W, g.reals_2n()},
                         {"VL", VL, g.jobvl == 'V' ? solver::span(n, n, ldvl, item) : 0},
                         {"VR", VR, g.jobvr == 'V' ? solver::span(n, n, ldvr, item) : 0},
                         {"bufferOnDevice", bufferOnDevice, g.device_bytes()}},
                        "info", info,
                        [g](const solver::Views& v) { return solver::run_geev(g, v); });
}

}  // extern "C"
