#pragma once
/// Matrix products behind one description of the call. The front-end (cupylike/linalg/_products.py)
/// turns arrays' layouts into a GemmCall; the cpu device runs it on a host OpenBLAS (the
/// scipy-openblas32 wheel, opened with dlopen), a GPU on cuBLAS (dlopen too), so both devices
/// get the same description. A debug log records each call's description, and a dry-run mode
/// records without running (tests compare the two devices' calls on the emulated GPU).
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.hpp"
#include "runtime/device.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// C = op(A) op(B) for `batch` column-major matrices, as BLAS and cuBLAS take them: op(A) is
/// m x k, op(B) k x n, C m x n; leading dimensions and batch strides count elements.
struct GemmCall {
  DType dtype = DType::float32;  // float32, float64, complex64 or complex128
  bool trans_a = false, trans_b = false;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 1, ldb = 1, ldc = 1;
  int64_t batch = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0;
};

/// Whether BLAS has routines for `dtype`: float32, float64, complex64, complex128.
bool blas_dtype(DType dtype);

/// The call in one line, e.g. "gemm float32 N T m=4 n=3 k=2 lda=4 ldb=3 ldc=4 batch=1 ...".
std::string describe(const GemmCall& call);

/// Runs `call` on `device` (alpha 1, beta 0), after checking that every matrix it describes
/// lies inside the given extents (bytes from each pointer); ValueError otherwise.
void gemm(Device device, const GemmCall& call, const void* a, int64_t a_bytes, const void* b,
          int64_t b_bytes, void* c, int64_t c_bytes, const Stream& stream);

/// The host BLAS library (a path); cupylike/linalg/_products.py names the wheel's on first use.
void set_host_blas_library(const std::string& path);
/// Whether the cpu device's gemm can run: a path was set (or the library is open).
bool host_blas_library_known();

/// Debug log of described calls (off by default), and dry runs that only record.
void set_blas_log(bool on, bool dry_run);
std::vector<std::string> take_blas_log();

}  // namespace cupylike
