#pragma once
/// The two implementations behind libs/blas.hpp's gemm, called after its checks.
#include "libs/blas.hpp"

namespace cupylike {

/// On the host BLAS (OpenBLAS's CBLAS, column-major), one call per matrix of the batch.
void host_gemm(const GemmCall& call, const void* a, const void* b, void* c);

/// The host BLAS library's dlopen handle, opened on first use from the path
/// set_host_blas_library set (host_lapack.cpp finds LAPACK's routines in it too).
void* host_blas_library();

/// Tells the emulated GPU which host BLAS its vendor libraries compute with (the file
/// set_host_blas_library named; once).
void point_emulator_at_host_blas();

/// On cuBLAS, one strided-batched call on `stream` of `device`.
void cublas_gemm(Device device, const GemmCall& call, const void* a, const void* b, void* c,
                 const Stream& stream);

}  // namespace cupylike
