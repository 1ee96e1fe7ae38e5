// curand_kernel.h for the cpu device. CUDA's header is host compatible (Philox, XORWOW,
// MRG32k3a, Sobol and the distributions run unchanged), except that its MTGP32 part declares
// `extern const uint3 threadIdx` and `extern const dim3 blockDim` for host builds and compiles
// its __syncthreads out. Around the header those names become calls that trap, so MTGP32 fails
// with a clear message (it would race without its barriers) and the rest sees no clash with the
// prelude's macros.
#ifndef CUPYLIKE_CPU_SHIM_CURAND_KERNEL_H
#define CUPYLIKE_CPU_SHIM_CURAND_KERNEL_H

// Uses blockDim as a parameter name; through our shim, before the names are taken over.
#include <cuda_runtime.h>

#pragma GCC visibility push(hidden)
inline const uint3 __cpuk_curand_mtgp32_thread_idx() {
  __cpuk_trap("curand MTGP32 generators are not supported on the cpu device");
}
inline const dim3 __cpuk_curand_mtgp32_block_dim() {
  __cpuk_trap("curand MTGP32 generators are not supported on the cpu device");
}
#pragma GCC visibility pop

#pragma push_macro("threadIdx")
#pragma push_macro("blockDim")
#undef threadIdx
#undef blockDim
#define threadIdx __cpuk_curand_mtgp32_thread_idx()
#define blockDim __cpuk_curand_mtgp32_block_dim()
#include "../cpu/host_headers_begin.h"
#include_next <curand_kernel.h>
#include "../cpu/host_headers_end.h"
#pragma pop_macro("blockDim")
#pragma pop_macro("threadIdx")

#endif  // CUPYLIKE_CPU_SHIM_CURAND_KERNEL_H
