// The contract between a kernel module compiled for the cpu device and the runtime that runs
// it (csrc/runtime/cpu/). Included by the cpu prelude (kernels/cpu_prelude.h) and by the
// runtime; bump CUPYLIKE_CPU_ABI_VERSION on any change (it is part of the compile cache key).
//
// A module exports, with C linkage:
//   int  __cpuk_abi_version(void);
//   void __cpuk_set_runtime(const __cpuk_rt_t*);   // called once after dlopen
//   __cpuk_ctx_t* __cpuk_context(void);            // the calling OS thread's context
// and for each kernel i (0, 1, ...):
//   int  __cpuk_seq_<i>(void** args);  // runs every thread of the block in turn; returns 1 if a
//                                      // thread reached a collective and the block was promoted
//                                      // to fibers (the runtime then finishes the block)
//   void __cpuk_thr_<i>(void** args);  // runs the one thread whose index is in the context
//   const void* __cpuk_kernel_<i>(void);  // the kernel function itself (its address names it
//                                         // in the symbol table)
//   int  __cpuk_params_<i>(unsigned long long* sizes, unsigned char* kinds, int capacity);
//                                      // number of parameters; stores the size of each of the
//                                      // first `capacity` of them, and its __cpuk_param_kind
// `args` is CUDA's convention: args[k] points at the value of parameter k.
#ifndef CUPYLIKE_CPU_RUNTIME_ABI_H
#define CUPYLIKE_CPU_RUNTIME_ABI_H

#include <vector_types.h>  // uint3 (CUDA's own header, host compatible)

#define CUPYLIKE_CPU_ABI_VERSION 3

extern "C" {

// Per OS thread and module; trivial so that access compiles to a plain TLS load.
struct __cpuk_ctx_t {
  uint3 tid;     // threadIdx of the thread running now
  uint3 bid;     // blockIdx
  uint3 bdim;    // blockDim
  uint3 gdim;    // gridDim
  int promoted;  // set by the runtime when the block switched to fibers
};

// What a kernel parameter's type is, so that launches can check the values given for it.
enum __cpuk_param_kind {
  __CPUK_PARAM_OTHER,    // a class, union or vector type, passed by value
  __CPUK_PARAM_POINTER,  // any pointer
  __CPUK_PARAM_INTEGER,  // bool, char, the integer types, enums
  __CPUK_PARAM_FLOAT     // float, double, long double
};

enum __cpuk_barrier_kind { __CPUK_BAR_SYNC, __CPUK_BAR_COUNT, __CPUK_BAR_AND, __CPUK_BAR_OR };
enum __cpuk_vote_kind { __CPUK_VOTE_BALLOT, __CPUK_VOTE_ALL, __CPUK_VOTE_ANY, __CPUK_VOTE_UNI };
enum __cpuk_shfl_mode { __CPUK_SHFL_IDX, __CPUK_SHFL_UP, __CPUK_SHFL_DOWN, __CPUK_SHFL_XOR };
enum __cpuk_match_kind { __CPUK_MATCH_ANY, __CPUK_MATCH_ALL };
enum __cpuk_reduce_op {
  __CPUK_REDUCE_ADD,
  __CPUK_REDUCE_MIN,
  __CPUK_REDUCE_MAX,
  __CPUK_REDUCE_AND,
  __CPUK_REDUCE_OR,
  __CPUK_REDUCE_XOR
};

// Collectives, implemented by the runtime. A call blocks the calling CUDA thread until the
// threads it synchronises with (the block, or the lanes of `mask` in its warp) have arrived.
struct __cpuk_rt_t {
  int abi_version;
  // __syncthreads and its _count/_and/_or forms; returns the count or the 0/1 result.
  int (*syncthreads)(int kind, int predicate);
  // __syncwarp(mask).
  void (*syncwarp)(unsigned mask);
  // __ballot_sync, __all_sync, __any_sync, __uni_sync.
  unsigned (*vote)(int kind, unsigned mask, int predicate);
  // __shfl*_sync on up to 8 bytes: `lane` is the source lane, delta or lane mask by `mode`.
  unsigned long long (*shfl)(int mode, unsigned mask, unsigned long long value, int lane,
                             int width);
  // __match_any_sync / __match_all_sync (`pred` receives match_all's predicate).
  unsigned (*match)(int kind, unsigned mask, unsigned long long value, int* pred);
  // __reduce_*_sync; `is_signed` selects the int or unsigned overload for min and max.
  unsigned (*reduce)(int op, unsigned mask, unsigned value, int is_signed);
  // __activemask: the lanes of the caller's warp that have not exited.
  unsigned (*activemask)(void);
  // __trap and failed asserts: ends the launch with an error carrying `message`.
  void (*trap)(const char* message);
};

}  // extern "C"

#endif  // CUPYLIKE_CPU_RUNTIME_ABI_H
