// The cpu device's BLAS: the CBLAS interface of the scipy-openblas32 wheel (OpenBLAS built for
// packaging, with its symbols prefixed "scipy_"), opened with dlopen from the path the Python
// package finds, so the extension links no BLAS and imports without one.
#include <dlfcn.h>

#include <algorithm>
#include <complex>
#include <mutex>

#include "core/error.hpp"
#include "libs/blas_backends.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike {

namespace {

// CBLAS's enums (cblas.h).
constexpr int kColMajor = 102, kNoTrans = 111, kTrans = 112;

using RealGemm32 = void (*)(int, int, int, int, int, int, float, const float*, int, const float*,
                            int, float, float*, int);
using RealGemm64 = void (*)(int, int, int, int, int, int, double, const double*, int, const double*,
                            int, double, double*, int);
using ComplexGemm = void (*)(int, int, int, int, int, int, const void*, const void*, int,
                             const void*, int, const void*, void*, int);

using RealDot32 = float (*)(int, const float*, int, const float*, int);
using RealDot64 = double (*)(int, const double*, int, const double*, int);
using ComplexDot = void (*)(int, const void*, int, const void*, int, void*);

struct HostBlas {
  RealGemm32 sgemm = nullptr;
  RealGemm64 dgemm = nullptr;
  ComplexGemm cgemm = nullptr, zgemm = nullptr;
  RealDot32 sdot = nullptr;
  RealDot64 ddot = nullptr;
  ComplexDot cdotu = nullptr, zdotu = nullptr;
};

template <class Fn>
Fn find(void* lib, const char* name) {
  return reinterpret_cast<Fn>(dlsym(lib, name));
}

std::mutex g_mutex;
std::string g_path;
void* g_library = nullptr;
HostBlas* g_blas = nullptr;

void* open_library_locked() {
  if (g_library) return g_library;
  if (g_path.empty())
    raise(ErrorKind::runtime,
          "no host BLAS library was set (cupylike/linalg/_products.py sets it)");
  void* lib = dlopen(g_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* why = dlerror();
    raise(ErrorKind::runtime, "cannot load the host BLAS " + g_path + ": " + (why ? why : "?"));
  }
  g_library = lib;
  return lib;
}

const HostBlas& host_blas() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_blas) return *g_blas;
  void* lib = open_library_locked();
  auto* b = new HostBlas;
  b->sgemm = find<RealGemm32>(lib, "scipy_cblas_sgemm");
  b->dgemm = find<RealGemm64>(lib, "scipy_cblas_dgemm");
  b->cgemm = find<ComplexGemm>(lib, "scipy_cblas_cgemm");
  b->zgemm = find<ComplexGemm>(lib, "scipy_cblas_zgemm");
  b->sdot = find<RealDot32>(lib, "scipy_cblas_sdot");
  b->ddot = find<RealDot64>(lib, "scipy_cblas_ddot");
  b->cdotu = find<ComplexDot>(lib, "scipy_cblas_cdotu_sub");
  b->zdotu = find<ComplexDot>(lib, "scipy_cblas_zdotu_sub");
  if (!b->sgemm || !b->dgemm || !b->cgemm || !b->zgemm || !b->sdot || !b->ddot || !b->cdotu ||
      !b->zdotu) {
    delete b;
    raise(ErrorKind::runtime, "the host BLAS " + g_path + " lacks scipy_cblas_?gemm or ?dot");
  }
  g_blas = b;
  return *g_blas;
}

}  // namespace

void set_host_blas_library(const std::string& path) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_library) g_path = path;
}

bool host_blas_library_known() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_library || !g_path.empty();
}

void* host_blas_library() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return open_library_locked();
}

void point_emulator_at_host_blas() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::string path;
    {
      std::lock_guard<std::mutex> lock(g_mutex);
      path = g_path;
    }
    if (path.empty()) raise(ErrorKind::runtime, "the host BLAS library was never named");
    cuda::check(cuda::driver().cupylikeEmulatorSetHostLibrary(path.c_str()),
                "cupylikeEmulatorSetHostLibrary");
  });
}

namespace {

// A 1 x 1 product is the dot product of op(A)'s row and op(B)'s column; OpenBLAS's gemm takes
// microseconds to set up for it (a 1e3-element vector dot: 15 us against dot's 0.3 us).
void host_dot(const HostBlas& blas, const GemmCall& c, const void* a, const void* b, void* out) {
  const int k = int(c.k);
  const int inc_a = c.trans_a ? 1 : int(c.lda), inc_b = c.trans_b ? int(c.ldb) : 1;
  switch (c.dtype) {
    case DType::float32:
      *static_cast<float*>(out) =
          blas.sdot(k, static_cast<const float*>(a), inc_a, static_cast<const float*>(b), inc_b);
      break;
    case DType::float64:
      *static_cast<double*>(out) =
          blas.ddot(k, static_cast<const double*>(a), inc_a, static_cast<const double*>(b), inc_b);
      break;
    case DType::complex64:
      blas.cdotu(k, a, inc_a, b, inc_b, out);
      break;
    default:
      blas.zdotu(k, a, inc_a, b, inc_b, out);
      break;
  }
}

}  // namespace

namespace {

// One gemm C = op(A) op(B) + beta C on the host BLAS.
void gemm_once(const HostBlas& blas, const GemmCall& c, int n, int k, const void* a, const void* b,
               bool accumulate, void* out) {
  const int ta = c.trans_a ? kTrans : kNoTrans, tb = c.trans_b ? kTrans : kNoTrans;
  const int m = int(c.m);
  const int lda = int(c.lda), ldb = int(c.ldb), ldc = int(c.ldc);
  switch (c.dtype) {
    case DType::float32:
      blas.sgemm(kColMajor, ta, tb, m, n, k, 1.0f, static_cast<const float*>(a), lda,
                 static_cast<const float*>(b), ldb, accumulate ? 1.0f : 0.0f,
                 static_cast<float*>(out), ldc);
      break;
    case DType::float64:
      blas.dgemm(kColMajor, ta, tb, m, n, k, 1.0, static_cast<const double*>(a), lda,
                 static_cast<const double*>(b), ldb, accumulate ? 1.0 : 0.0,
                 static_cast<double*>(out), ldc);
      break;
    case DType::complex64: {
      const std::complex<float> one(1), beta(accumulate ? 1.0f : 0.0f);
      blas.cgemm(kColMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &beta, out, ldc);
      break;
    }
    default: {
      const std::complex<double> one(1), beta(accumulate ? 1.0 : 0.0);
      blas.zgemm(kColMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &beta, out, ldc);
      break;
    }
  }
}

// Ctrl-C: a product of more than kPieceFlops runs in pieces, with a look at the interrupt
// count between them: sums over slices of k, and when one slice is still too much, over blocks
// of C's columns too. Each piece is another pass over its block of C, and BLAS packs A again
// for each column block, so pieces are large and slices are multiples of the k blocking of
// OpenBLAS's kernels (384 for float32, 256 for float64, 192 for complex128 on x86-64), so
// that no slice leaves a short block. Measured on a 4096^2 float32 product (2 cores, OpenBLAS
// 0.3, one gemm 2.7-2.9 s): slices of 768 and 1152 within the noise of one call (+-3%), of
// 1024 +4%, of 256 +25%; column blocks of 2048 +9%. A piece of 40 GFLOP is ~0.5 s on 2 cores.
// 8192^2 float32 (column blocks of 3072): 18.3-18.5 s in one call, 16.8-19.4 s in pieces; with
// blocks of 1024 instead, 20.7-21.8 s.
constexpr double kPieceFlops = 40e9;
constexpr int64_t kSliceAlign = 768, kColumnAlign = 1024;

struct Pieces {
  int64_t k_slice, columns;
};

Pieces pieces_of(const GemmCall& c) {
  const double per_mac =
      2.0 * (c.dtype == DType::complex64 || c.dtype == DType::complex128 ? 4 : 1);
  // The largest multiple of `align` within `want` (at least `align`).
  auto aligned = [](double want, int64_t align) {
    const int64_t w = want >= 1e18 ? int64_t(1e18) : int64_t(want);
    return std::max(align, w / align * align);
  };
  const int64_t k_slice = aligned(kPieceFlops / (per_mac * double(c.m) * double(c.n)), kSliceAlign);
  const int64_t columns =
      aligned(kPieceFlops / (per_mac * double(c.m) * double(std::min(k_slice, c.k))), kColumnAlign);
  return {k_slice, std::min(columns, c.n)};
}

}  // namespace

void host_gemm(const GemmCall& c, const void* a, const void* b, void* out) {
  const HostBlas& blas = host_blas();
  install_interrupt_handler();
  const InterruptWatch watch;
  const int64_t isz = itemsize(c.dtype);
  auto at = [isz](const void* p, int64_t stride, int64_t i) {
    return static_cast<const char*>(p) + i * stride * isz;
  };
  const Pieces pieces = pieces_of(c);
  // Steps to op(A)'s column l, op(B)'s row l and op(B)'s column j (column-major, A m x k,
  // B k x n).
  const int64_t a_k = c.trans_a ? 1 : c.lda, b_k = c.trans_b ? c.ldb : 1;
  const int64_t b_n = c.trans_b ? 1 : c.ldb;
  for (int64_t i = 0; i < c.batch; ++i) {
    const void* ai = at(a, c.stride_a, i);
    const void* bi = at(b, c.stride_b, i);
    const void* ci = at(out, c.stride_c, i);
    if (c.m == 1 && c.n == 1) {
      host_dot(blas, c, ai, bi, const_cast<void*>(ci));
      continue;
    }
    for (int64_t j = 0; j == 0 || j < c.n; j += pieces.columns) {
      const int64_t n = std::min(pieces.columns, c.n - j);
      void* cj = const_cast<char*>(at(ci, c.ldc, j));
      for (int64_t l = 0; l == 0 || l < c.k; l += pieces.k_slice) {
        const int64_t k = std::min(pieces.k_slice, c.k - l);
        gemm_once(blas, c, int(n), int(k), at(ai, a_k, l), at(at(bi, b_k, l), b_n, j), l > 0, cj);
        watch.check();
      }
    }
  }
}

}  // namespace cupylike
