// CUDA's execution- and memory-space qualifiers, mapped onto host C++.
//
// Everything a kernel module contains runs on the host here, so __global__, __device__ and
// __host__ mean nothing, and __constant__/__device__ variables are ordinary globals (the runtime
// finds them in the module's symbol table for get_global).
#ifndef CUPYLIKE_CPU_QUALIFIERS_H
#define CUPYLIKE_CPU_QUALIFIERS_H

// CUDA's own headers are host compatible: dim3, uint3, float4, make_float4 ... come from them
// unchanged, and crt/host_defines.h (which they include) already maps __forceinline__,
// __align__ and friends to GCC attributes. vector_functions.h pulls in cuda_runtime_api.h and
// builtin_types.h, so cudaError_t and the other runtime types exist as under nvcc.
#include <builtin_types.h>
#include <vector_functions.h>
#include <vector_types.h>

#undef __global__
#undef __device__
#undef __host__
#undef __constant__
#undef __managed__
#undef __grid_constant__
#undef __shared__
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__

// A worker thread runs one block at a time, and all CUDA threads of that block run on it (as
// fibers), so one copy per OS thread is one copy per running block. At block scope thread_local
// implies static. `extern __shared__ T x[]` stays an undefined TLS symbol; the compiler driver
// aliases all of them to one dynamic shared memory buffer when it links the module.
#define __shared__ thread_local

// Occupancy and register hints have no meaning on the host; host_defines.h would turn some of
// them into attributes GCC does not know (and warns about).
#undef __launch_bounds__
#undef __maxnreg__
#undef __local_maxnreg__
#undef __cluster_dims__
#undef __block_size__
#undef __inline_hint__
#define __launch_bounds__(...)
#define __maxnreg__(n)
#define __local_maxnreg__(n)
#define __cluster_dims__(...)
#define __block_size__(...)
#define __inline_hint__

// nvcc treats __noinline__ as a keyword; host_defines.h leaves it undefined. libstdc++ spells
// the GCC attribute `__attribute__((__noinline__))` in <bits/shared_ptr_base.h>, which this
// macro would break, so cpu_shims/bits/shared_ptr_base.h suspends it around that header.
#define __noinline__ __attribute__((noinline))

// GCC has no __builtin_assume (clang and nvcc do); it is only a hint, so dropping it is exact.
#if !defined(__clang__) && !defined(__builtin_assume)
#define __builtin_assume(expression) ((void)0)
#endif

// Lets kernel source pick a backend-specific variant (DESIGN.md §2: differences live in a few
// macros). __CUDA_ARCH__ stays undefined: CUDA's headers then take their host paths, which
// are the ones that compile here.
#define CUPYLIKE_CPU_DEVICE 1

#endif  // CUPYLIKE_CPU_QUALIFIERS_H
