// cuda_runtime.h for the cpu device: CUDA's header (host API declarations, which kernels may
// include out of habit) uses gridDim and blockDim as parameter names, which the prelude's
// macros would rewrite, so they are suspended around it.
#ifndef CUPYLIKE_CPU_SHIM_CUDA_RUNTIME_H
#define CUPYLIKE_CPU_SHIM_CUDA_RUNTIME_H
#pragma push_macro("threadIdx")
#pragma push_macro("blockIdx")
#pragma push_macro("blockDim")
#pragma push_macro("gridDim")
#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
#include "../cpu/host_headers_begin.h"
#include_next <cuda_runtime.h>
#include "../cpu/host_headers_end.h"
#pragma pop_macro("gridDim")
#pragma pop_macro("blockDim")
#pragma pop_macro("blockIdx")
#pragma pop_macro("threadIdx")
#endif
