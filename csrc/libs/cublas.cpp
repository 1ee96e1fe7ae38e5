// cuBLAS for CUDA devices, opened with dlopen on first use (the extension links no CUDA
// library). One handle per device and thread, bound to the call's stream before each call.
//
// Written against the cuBLAS documentation; in CI it runs on the emulated GPU's stand-in
// (emulator/cublas.cpp), whose numerics are the host BLAS's (docs/gpu_status.md).
#include <dlfcn.h>

#include <map>
#include <mutex>

#include "core/error.hpp"
#include "cuda_api/cublas_abi.h"
#include "libs/blas_backends.hpp"
#include "libs/library_info.hpp"
#include "runtime/backend.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

struct Cublas {
  decltype(&::cublasCreate_v2) create = nullptr;
  decltype(&::cublasSetStream_v2) set_stream = nullptr;
  decltype(&::cublasSgemmStridedBatched) sgemm = nullptr;
  decltype(&::cublasDgemmStridedBatched) dgemm = nullptr;
  decltype(&::cublasCgemmStridedBatched) cgemm = nullptr;
  decltype(&::cublasZgemmStridedBatched) zgemm = nullptr;
};

void* open_cublas() {
  return cuda::open_vendor_library("cublas", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
                                   "cuBLAS");
}

const Cublas& cublas() {
  cuda::search_vendor_library("cublas");  // before the guard below: it may take the GIL
  static const Cublas* loaded = [] {
    void* lib = open_cublas();
    auto* c = new Cublas;
    c->create = reinterpret_cast<decltype(c->create)>(dlsym(lib, "cublasCreate_v2"));
    c->set_stream = reinterpret_cast<decltype(c->set_stream)>(dlsym(lib, "cublasSetStream_v2"));
    c->sgemm = reinterpret_cast<decltype(c->sgemm)>(dlsym(lib, "cublasSgemmStridedBatched"));
    c->dgemm = reinterpret_cast<decltype(c->dgemm)>(dlsym(lib, "cublasDgemmStridedBatched"));
    c->cgemm = reinterpret_cast<decltype(c->cgemm)>(dlsym(lib, "cublasCgemmStridedBatched"));
    c->zgemm = reinterpret_cast<decltype(c->zgemm)>(dlsym(lib, "cublasZgemmStridedBatched"));
    if (!c->create || !c->set_stream || !c->sgemm || !c->dgemm || !c->cgemm || !c->zgemm)
      raise(ErrorKind::runtime, "cuBLAS lacks a function cupylike needs");
    return c;
  }();
  return *loaded;
}

void check(cublasStatus_t status, const char* what) {
  if (status != CUBLAS_STATUS_SUCCESS)
    raise(ErrorKind::runtime,
          std::string(what) + " failed: cuBLAS status " + std::to_string(int(status)));
}

// Handles are not safe to share between threads at once; each thread keeps its own per device.
cublasHandle_t handle_for(Device device) {
  thread_local std::map<int, cublasHandle_t> handles;
  auto found = handles.find(device.index);
  if (found != handles.end()) return found->second;
  if (cuda::emulated()) point_emulator_at_host_blas();
  cublasHandle_t h = nullptr;
  check(cublas().create(&h), "cublasCreate");
  handles[device.index] = h;
  return h;
}

}  // namespace

cuda::LibraryInfo cublas_info() {
  return cuda::describe_library<decltype(&::cublasGetProperty)>("cuBLAS", open_cublas,
                                                                "cublasGetProperty");
}

void cublas_gemm(Device device, const GemmCall& c, const void* a, const void* b, void* out,
                 const Stream& stream) {
  static_cast<CudaBackend&>(backend_for(device)).activate();
  const Cublas& api = cublas();
  cublasHandle_t h = handle_for(device);
  check(api.set_stream(h, static_cast<cudaStream_t>(stream.handle())), "cublasSetStream");
  const cublasOperation_t ta = c.trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t tb = c.trans_b ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int m = int(c.m), n = int(c.n), k = int(c.k), batch = int(c.batch);
  const int lda = int(c.lda), ldb = int(c.ldb), ldc = int(c.ldc);
  const long long sa = c.stride_a, sb = c.stride_b, sc = c.stride_c;
  switch (c.dtype) {
    case DType::float32: {
      const float one = 1, zero = 0;
      check(api.sgemm(h, ta, tb, m, n, k, &one, static_cast<const float*>(a), lda, sa,
                      static_cast<const float*>(b), ldb, sb, &zero, static_cast<float*>(out), ldc,
                      sc, batch),
            "cublasSgemmStridedBatched");
      break;
    }
    case DType::float64: {
      const double one = 1, zero = 0;
      check(api.dgemm(h, ta, tb, m, n, k, &one, static_cast<const double*>(a), lda, sa,
                      static_cast<const double*>(b), ldb, sb, &zero, static_cast<double*>(out), ldc,
                      sc, batch),
            "cublasDgemmStridedBatched");
      break;
    }
    case DType::complex64: {
      const cuComplex one{1, 0}, zero{0, 0};
      check(api.cgemm(h, ta, tb, m, n, k, &one, static_cast<const cuComplex*>(a), lda, sa,
                      static_cast<const cuComplex*>(b), ldb, sb, &zero,
                      static_cast<cuComplex*>(out), ldc, sc, batch),
            "cublasCgemmStridedBatched");
      break;
    }
    default: {
      const cuDoubleComplex one{1, 0}, zero{0, 0};
      check(api.zgemm(h, ta, tb, m, n, k, &one, static_cast<const cuDoubleComplex*>(a), lda, sa,
                      static_cast<const cuDoubleComplex*>(b), ldb, sb, &zero,
                      static_cast<cuDoubleComplex*>(out), ldc, sc, batch),
            "cublasZgemmStridedBatched");
      break;
    }
  }
}

}  // namespace cupylike
