// cuda_fp16.h for the cpu device: CUDA's header (host side), then the device-only functions
// it lacks there (../cpu/fp16.h). Only kernels that include it pay for parsing it.
#ifndef CUPYLIKE_CPU_SHIM_CUDA_FP16_H
#define CUPYLIKE_CPU_SHIM_CUDA_FP16_H
// clang-format off
#include "../cpu/host_headers_begin.h"
#include_next <cuda_fp16.h>
#include "../cpu/host_headers_end.h"
#include "../cpu/fp16.h"
// clang-format on
#endif
