// Force-included after cpu_prelude.h when the emulated GPU compiles a module: the source then
// sees the macros NVRTC defines for an sm_90 device (__CUDACC__, __CUDA_ARCH__ = 900), so every
// `#if` that picks a GPU path — the library's index loops and launch-dependent code, a user's
// `#ifdef __CUDA_ARCH__` — takes the branch a real GPU takes, while the prelude still supplies
// the built-ins, barriers and warp collectives on the host.
//
// CUDA's and CCCL's own headers must still take their host paths (their device paths are
// inline PTX): the shims in cpu_shims/ hide these macros while they include them
// (cpu/host_headers_begin.h).
#ifndef CUPYLIKE_GPU_FLAVOUR_H
#define CUPYLIKE_GPU_FLAVOUR_H

#define __CUDACC__ 1
#define __CUDA_ARCH__ 900
// Kernels that choose by backend see a GPU.
#undef CUPYLIKE_CPU_DEVICE
#define CUPYLIKE_EMULATED_GPU 1

#endif  // CUPYLIKE_GPU_FLAVOUR_H
