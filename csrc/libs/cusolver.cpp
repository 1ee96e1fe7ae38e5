// cuSOLVER's dense API for CUDA devices, opened with dlopen on first use (the extension links no
// CUDA library). One handle per device and thread, bound to the call's stream before each call;
// workspaces and the info array come from the device's memory pool; the batch's matrices are
// one call each, queued on the stream, and the infos come back once the stream has run them.
//
// The routines map onto cuSOLVER's by their LAPACK names, but for the SVD: cuSOLVER has no
// gesdd, and its gesvd (QR iteration) computes the same factors with jobu = jobvt = jobz; like
// the facade, it takes only m >= n. geev is the 64-bit API's cusolverDnXgeev (CUDA 12.6+,
// looked up only when eig needs it): a complex W, and for real A real arithmetic and LAPACK's
// packed real eigenvectors, as the facade describes.
//
// Written against the cuSOLVER documentation; in CI it runs on the emulated GPU's stand-in
// (emulator/cusolver.cpp), whose numerics are the host LAPACK's (docs/gpu_status.md).
#include <dlfcn.h>

#include <map>
#include <mutex>

#include "core/error.hpp"
#include "cuda_api/cusolver_abi.h"
#include "libs/blas_backends.hpp"
#include "libs/library_info.hpp"
#include "libs/solver_backends.hpp"
#include "memory/allocator.hpp"
#include "runtime/backend.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

// The typed routines (float*, cuComplex* ...) called through pointer types taking void* for
// the matrices: all pointers pass alike, and one table indexed by dtype serves the four types.
using H = cusolverDnHandle_t;
using S = cusolverStatus_t;
using GetrfSize = S (*)(H, int, int, void*, int, int*);
using Getrf = S (*)(H, int, int, void*, int, void*, int*, int*);
using Getrs = S (*)(H, cublasOperation_t, int, int, const void*, int, const int*, void*, int, int*);
using PotrfSize = S (*)(H, cublasFillMode_t, int, void*, int, int*);
using Potrf = S (*)(H, cublasFillMode_t, int, void*, int, void*, int, int*);
using GeqrfSize = S (*)(H, int, int, void*, int, int*);
using Geqrf = S (*)(H, int, int, void*, int, void*, void*, int, int*);
using OrgqrSize = S (*)(H, int, int, int, const void*, int, const void*, int*);
using Orgqr = S (*)(H, int, int, int, void*, int, const void*, void*, int, int*);
using GesvdSize = S (*)(H, int, int, int*);
using Gesvd = S (*)(H, signed char, signed char, int, int, void*, int, void*, void*, int, void*,
                    int, void*, int, void*, int*);
using SyevdSize = S (*)(H, cusolverEigMode_t, cublasFillMode_t, int, const void*, int, const void*,
                        int*);
using Syevd = S (*)(H, cusolverEigMode_t, cublasFillMode_t, int, void*, int, void*, void*, int,
                    int*);

using GeevSize = S (*)(H, cusolverDnParams_t, cusolverEigMode_t, cusolverEigMode_t, int64_t,
                       cudaDataType, const void*, int64_t, cudaDataType, const void*, cudaDataType,
                       const void*, int64_t, cudaDataType, const void*, int64_t, cudaDataType,
                       size_t*, size_t*);
using Geev = S (*)(H, cusolverDnParams_t, cusolverEigMode_t, cusolverEigMode_t, int64_t,
                   cudaDataType, void*, int64_t, cudaDataType, void*, cudaDataType, void*, int64_t,
                   cudaDataType, void*, int64_t, cudaDataType, void*, size_t, void*, size_t, int*);

// Indexed by the dtype: 0 S (float32), 1 D (float64), 2 C (complex64), 3 Z (complex128).
struct Cusolver {
  void* library = nullptr;
  decltype(&::cusolverDnCreate) create = nullptr;
  decltype(&::cusolverDnSetStream) set_stream = nullptr;
  GetrfSize getrf_size[4];
  Getrf getrf[4];
  Getrs getrs[4];
  PotrfSize potrf_size[4];
  Potrf potrf[4];
  GeqrfSize geqrf_size[4];
  Geqrf geqrf[4];
  OrgqrSize orgqr_size[4];
  Orgqr orgqr[4];
  GesvdSize gesvd_size[4];
  Gesvd gesvd[4];
  SyevdSize syevd_size[4];
  Syevd syevd[4];
};

template <class Fn>
void load(void* lib, Fn (&slots)[4], const char* real_name, const char* complex_name,
          const char* suffix = "") {
  static const char kPrefix[] = "SDCZ";
  for (int t = 0; t < 4; ++t) {
    const std::string name =
        std::string("cusolverDn") + kPrefix[t] + (t < 2 ? real_name : complex_name) + suffix;
    slots[t] = reinterpret_cast<Fn>(dlsym(lib, name.c_str()));
    if (!slots[t]) raise(ErrorKind::runtime, "cuSOLVER lacks " + name);
  }
}

void* open_cusolver() {
  return cuda::open_vendor_library(
      "cusolver", {"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"}, "cuSOLVER");
}

const Cusolver& cusolver() {
  cuda::search_vendor_library("cusolver");  // before the guard below: it may take the GIL
  static const Cusolver* loaded = [] {
    void* lib = open_cusolver();
    auto* c = new Cusolver;
    c->library = lib;
    c->create = reinterpret_cast<decltype(c->create)>(dlsym(lib, "cusolverDnCreate"));
    c->set_stream = reinterpret_cast<decltype(c->set_stream)>(dlsym(lib, "cusolverDnSetStream"));
    if (!c->create || !c->set_stream) raise(ErrorKind::runtime, "cuSOLVER lacks cusolverDnCreate");
    load(lib, c->getrf_size, "getrf", "getrf", "_bufferSize");
    load(lib, c->getrf, "getrf", "getrf");
    load(lib, c->getrs, "getrs", "getrs");
    load(lib, c->potrf_size, "potrf", "potrf", "_bufferSize");
    load(lib, c->potrf, "potrf", "potrf");
    load(lib, c->geqrf_size, "geqrf", "geqrf", "_bufferSize");
    load(lib, c->geqrf, "geqrf", "geqrf");
    load(lib, c->orgqr_size, "orgqr", "ungqr", "_bufferSize");
    load(lib, c->orgqr, "orgqr", "ungqr");
    load(lib, c->gesvd_size, "gesvd", "gesvd", "_bufferSize");
    load(lib, c->gesvd, "gesvd", "gesvd");
    load(lib, c->syevd_size, "syevd", "heevd", "_bufferSize");
    load(lib, c->syevd, "syevd", "heevd");
    return c;
  }();
  return *loaded;
}

void check(cusolverStatus_t status, const SolverCall& c, const char* what) {
  if (status != CUSOLVER_STATUS_SUCCESS)
    raise(ErrorKind::runtime, std::string("cuSOLVER ") + what + " failed (status " +
                                  std::to_string(int(status)) + ") for " + describe(c));
}

// cusolverDnXgeev and its parameters object, found on first use (older cuSOLVERs lack it).
struct CusolverGeev {
  decltype(&::cusolverDnCreateParams) create_params = nullptr;
  GeevSize size = nullptr;
  Geev geev = nullptr;
};

const CusolverGeev& cusolver_geev() {
  cuda::search_vendor_library("cusolver");  // before the guard below: it may take the GIL
  static const CusolverGeev* loaded = [] {
    void* lib = cusolver().library;
    auto* g = new CusolverGeev;
    g->create_params =
        reinterpret_cast<decltype(g->create_params)>(dlsym(lib, "cusolverDnCreateParams"));
    g->size = reinterpret_cast<GeevSize>(dlsym(lib, "cusolverDnXgeev_bufferSize"));
    g->geev = reinterpret_cast<Geev>(dlsym(lib, "cusolverDnXgeev"));
    if (!g->create_params || !g->size || !g->geev)
      raise(ErrorKind::not_implemented,
            "eig and eigvals need cuSOLVER's cusolverDnXgeev (CUDA 12.6 or later); this "
            "cuSOLVER lacks it");
    return g;
  }();
  return *loaded;
}

// Handles are not safe to share between threads at once; each thread keeps its own per device.
cusolverDnHandle_t handle_for(Device device, const SolverCall& c) {
  thread_local std::map<int, cusolverDnHandle_t> handles;
  auto found = handles.find(device.index);
  if (found != handles.end()) return found->second;
  if (cuda::emulated()) point_emulator_at_host_blas();
  cusolverDnHandle_t h = nullptr;
  check(cusolver().create(&h), c, "cusolverDnCreate");
  handles[device.index] = h;
  return h;
}

char* at(const SolverOperand& op, int64_t stride, int64_t i) {
  return op.present ? static_cast<char*>(op.data) + i * stride * itemsize(op.dtype) : nullptr;
}

// The 64-bit API's parameters object, one per device and thread like the handles.
cusolverDnParams_t params_for(Device device, const SolverCall& c) {
  thread_local std::map<int, cusolverDnParams_t> all;
  auto found = all.find(device.index);
  if (found != all.end()) return found->second;
  cusolverDnParams_t p = nullptr;
  check(cusolver_geev().create_params(&p), c, "cusolverDnCreateParams");
  all[device.index] = p;
  return p;
}

cudaDataType cuda_type(DType dtype) {
  switch (dtype) {
    case DType::float32:
      return CUDA_R_32F;
    case DType::float64:
      return CUDA_R_64F;
    case DType::complex64:
      return CUDA_C_32F;
    default:
      return CUDA_C_64F;
  }
}

// geev for each matrix: W complex; VR in A's type (real A: LAPACK's packed real vectors). The
// host workspace is reused by every matrix, so the stream is synchronised after each call that
// has one (cuSOLVER may still read it after returning).
void run_geev(Device device, CudaBackend& backend, H h, const SolverCall& c,
              const SolverOperands& ops, int* dev_info, const Stream& stream) {
  const CusolverGeev& api = cusolver_geev();
  cusolverDnParams_t params = params_for(device, c);
  const cusolverEigMode_t jobvr =
      c.job == 'V' ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cudaDataType ta = cuda_type(c.dtype), tw = cuda_type(solver_complex(c.dtype));
  const int64_t ldvr = c.job == 'V' ? c.ldb : 1;
  size_t device_bytes = 0, host_bytes = 0;
  check(api.size(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, c.n, ta, ops.a.data, c.lda, tw,
                 ops.v.data, ta, nullptr, 1, ta, ops.b.data, ldvr, ta, &device_bytes, &host_bytes),
        c, "Xgeev_bufferSize");
  MemoryPtr work = allocate(device, std::max<size_t>(device_bytes, 1));
  std::vector<char> host_work(std::max<size_t>(host_bytes, 1));
  for (int64_t i = 0; i < c.batch; ++i) {
    check(
        api.geev(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, c.n, ta, at(ops.a, c.stride_a, i),
                 c.lda, tw, at(ops.v, c.stride_v, i), ta, nullptr, 1, ta, at(ops.b, c.stride_b, i),
                 ldvr, ta, work->ptr(), device_bytes, host_work.data(), host_bytes, dev_info + i),
        c, "Xgeev");
    if (host_bytes) backend.synchronize_stream(stream.handle());
  }
}

// The workspace size (elements of the call's dtype) the routine asks for, on the first matrix.
int workspace_size(const Cusolver& api, H h, const SolverCall& c, const SolverOperands& ops,
                   int t) {
  const int m = int(c.m), n = int(c.n), k = int(c.nrhs), lda = int(c.lda);
  const cublasFillMode_t uplo = c.uplo == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  const cusolverEigMode_t jobz =
      c.job == 'V' ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  void* a = ops.a.data;
  int lwork = 0;
  switch (c.routine) {
    case SolverRoutine::getrf:
      check(api.getrf_size[t](h, m, n, a, lda, &lwork), c, "getrf_bufferSize");
      break;
    case SolverRoutine::potrf:
      check(api.potrf_size[t](h, uplo, n, a, lda, &lwork), c, "potrf_bufferSize");
      break;
    case SolverRoutine::geqrf:
      check(api.geqrf_size[t](h, m, n, a, lda, &lwork), c, "geqrf_bufferSize");
      break;
    case SolverRoutine::orgqr:
      check(api.orgqr_size[t](h, m, n, k, a, lda, ops.v.data, &lwork), c, "orgqr_bufferSize");
      break;
    case SolverRoutine::gesdd:
      check(api.gesvd_size[t](h, m, n, &lwork), c, "gesvd_bufferSize");
      break;
    case SolverRoutine::syevd:
      check(api.syevd_size[t](h, jobz, uplo, n, a, lda, ops.v.data, &lwork), c, "syevd_bufferSize");
      break;
    default:
      break;
  }
  return std::max(lwork, 1);
}

}  // namespace

cuda::LibraryInfo cusolver_info() {
  return cuda::describe_library<decltype(&::cusolverGetProperty)>("cuSOLVER", open_cusolver,
                                                                  "cusolverGetProperty");
}

std::vector<int32_t> cusolver_solver(Device device, const SolverCall& c, const SolverOperands& ops,
                                     const Stream& stream) {
  auto& backend = static_cast<CudaBackend&>(backend_for(device));
  backend.activate();
  const Cusolver& api = cusolver();
  H h = handle_for(device, c);
  check(api.set_stream(h, static_cast<cudaStream_t>(stream.handle())), c, "cusolverDnSetStream");
  const int t = solver_type_index(c.dtype);
  const int m = int(c.m), n = int(c.n), nrhs = int(c.nrhs), lda = int(c.lda), ldb = int(c.ldb),
            ldc = int(c.ldc);
  const cublasFillMode_t uplo = c.uplo == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  const cusolverEigMode_t jobz =
      c.job == 'V' ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasOperation_t trans = c.trans == 'T'   ? CUBLAS_OP_T
                                  : c.trans == 'C' ? CUBLAS_OP_C
                                                   : CUBLAS_OP_N;
  // Pool memory for the work queued on `stream`: allocate() serves the device's current
  // stream, which is the stream the bindings pass. getrs takes no workspace, and geev sizes
  // its own (run_geev).
  const bool own_workspace = c.routine == SolverRoutine::getrs || c.routine == SolverRoutine::geev;
  const int lwork = own_workspace ? 1 : workspace_size(api, h, c, ops, t);
  MemoryPtr work = allocate(device, size_t(lwork) * size_t(itemsize(c.dtype)));
  MemoryPtr info = allocate(device, size_t(c.batch) * sizeof(int));
  int* dev_info = static_cast<int*>(info->ptr());
  void* w = work->ptr();
  // The U and VT a jobz 'N' SVD never references still need valid leading dimensions.
  const int ldu = c.job == 'N' ? std::max(1, m) : ldb, ldvt = c.job == 'N' ? std::max(1, n) : ldc;
  if (c.routine == SolverRoutine::geev) run_geev(device, backend, h, c, ops, dev_info, stream);
  for (int64_t i = 0; c.routine != SolverRoutine::geev && i < c.batch; ++i) {
    void* a = at(ops.a, c.stride_a, i);
    void* b = at(ops.b, c.stride_b, i);
    void* v = at(ops.v, c.stride_v, i);
    int* inf = dev_info + i;
    switch (c.routine) {
      case SolverRoutine::getrf:
        check(api.getrf[t](h, m, n, a, lda, w, static_cast<int*>(v), inf), c, "getrf");
        break;
      case SolverRoutine::getrs:
        check(api.getrs[t](h, trans, n, nrhs, a, lda, static_cast<const int*>(v), b, ldb, inf), c,
              "getrs");
        break;
      case SolverRoutine::potrf:
        check(api.potrf[t](h, uplo, n, a, lda, w, lwork, inf), c, "potrf");
        break;
      case SolverRoutine::geqrf:
        check(api.geqrf[t](h, m, n, a, lda, v, w, lwork, inf), c, "geqrf");
        break;
      case SolverRoutine::orgqr:
        check(api.orgqr[t](h, m, n, nrhs, a, lda, v, w, lwork, inf), c, "orgqr");
        break;
      case SolverRoutine::gesdd: {
        const auto job = static_cast<signed char>(c.job);
        check(api.gesvd[t](h, job, job, m, n, a, lda, v, b, ldu, at(ops.c, c.stride_c, i), ldvt, w,
                           lwork, nullptr, inf),
              c, "gesvd");
        break;
      }
      case SolverRoutine::syevd:
        check(api.syevd[t](h, jobz, uplo, n, a, lda, v, w, lwork, inf), c, "syevd");
        break;
      default:
        break;
    }
  }
  // copy_to_host returns once the data has arrived, after the queued calls ran.
  std::vector<int32_t> infos(size_t(c.batch), 0);
  backend.copy_to_host(infos.data(), dev_info, infos.size() * sizeof(int), stream.handle());
  for (int32_t v : infos)
    if (v < 0)
      raise(ErrorKind::runtime,
            "cuSOLVER rejected argument " + std::to_string(-v) + " of " + describe(c));
  return infos;
}

}  // namespace cupylike
