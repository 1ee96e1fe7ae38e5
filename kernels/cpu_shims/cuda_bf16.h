// cuda_bf16.h for the cpu device: CUDA's header (host side), then the device-only functions
// it lacks there (../cpu/bf16.h). CUDA's header includes "cuda_fp16.h" by a quoted path that
// bypasses our shim, so the shim comes first.
#ifndef CUPYLIKE_CPU_SHIM_CUDA_BF16_H
#define CUPYLIKE_CPU_SHIM_CUDA_BF16_H
#include <cuda_fp16.h>

// clang-format off
#include "../cpu/host_headers_begin.h"
#include_next <cuda_bf16.h>
#include "../cpu/host_headers_end.h"
#include "../cpu/bf16.h"
// clang-format on
#endif
