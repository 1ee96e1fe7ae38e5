// Built-in variables, block barriers, fences, traps and timers.
//
// Everything a CUDA thread cannot do alone (barriers, warp collectives, traps) calls through
// __cpuk_rt, the function table the runtime hands each module after dlopen
// (cpu_runtime_abi.h). The runtime is what knows which CUDA thread (fiber) is running.
#ifndef CUPYLIKE_CPU_BUILTINS_H
#define CUPYLIKE_CPU_BUILTINS_H

#include <assert.h>  // cpu_shims/assert.h: its assert calls __cpuk_assert_fail (below)
#include <limits.h>
#include <stdio.h>   // printf works in kernels as on the GPU
#include <stdlib.h>  // device code may call malloc/free
#include <string.h>  // ... and memcpy/memset
#include <time.h>    // clock() is the C library's

#include "../cpu_runtime_abi.h"

// Both are defined by the glue the compiler driver appends to each module, hidden so that an
// access is a plain TLS load (-mtls-dialect=gnu2) or a PC-relative load, never a GOT lookup.
// The context must stay a trivial type: with a constructor GCC calls the TLS init wrapper on
// every access (research/cpu_backend.md §2).
extern "C" {
extern __attribute__((visibility("hidden"))) thread_local __cpuk_ctx_t __cpuk_ctx;
extern __attribute__((visibility("hidden"))) const __cpuk_rt_t* __cpuk_rt;
}

// Macros rather than objects so that `threadIdx.x` compiles to one load from the context; a
// reference (not a copy) so `&threadIdx` and `const uint3& t = threadIdx` behave. The runtime
// stores the running thread's index before it switches to it.
#define threadIdx (static_cast<const uint3&>(__cpuk_ctx.tid))
#define blockIdx (static_cast<const uint3&>(__cpuk_ctx.bid))
#define blockDim (static_cast<const uint3&>(__cpuk_ctx.bdim))
#define gridDim (static_cast<const uint3&>(__cpuk_ctx.gdim))

// Not a macro: cudaDeviceProp (cuda_runtime_api.h) has a member of that name.
static constexpr int warpSize = 32;

#pragma GCC visibility push(hidden)

// The thread's position in its block and warp, as CUDA defines them: x fastest, and warps are
// consecutive runs of 32 linear indices.
inline unsigned __cpuk_linear_tid() {
  return __cpuk_ctx.tid.x +
         __cpuk_ctx.bdim.x * (__cpuk_ctx.tid.y + __cpuk_ctx.bdim.y * __cpuk_ctx.tid.z);
}
inline unsigned __cpuk_block_threads() {
  return __cpuk_ctx.bdim.x * __cpuk_ctx.bdim.y * __cpuk_ctx.bdim.z;
}
inline unsigned __cpuk_lane() { return __cpuk_linear_tid() % 32u; }

// ---------------------------------------------------------------------------------------------
// Block barriers. Predicates are normalised to 0/1 here so the runtime can simply add them.

inline void __syncthreads() { __cpuk_rt->syncthreads(__CPUK_BAR_SYNC, 0); }
inline int __syncthreads_count(int predicate) {
  return __cpuk_rt->syncthreads(__CPUK_BAR_COUNT, predicate != 0);
}
inline int __syncthreads_and(int predicate) {
  return __cpuk_rt->syncthreads(__CPUK_BAR_AND, predicate != 0);
}
inline int __syncthreads_or(int predicate) {
  return __cpuk_rt->syncthreads(__CPUK_BAR_OR, predicate != 0);
}

// ---------------------------------------------------------------------------------------------
// Memory fences. CUDA's fences order a thread's accesses as seen by others at the given scope;
// a sequentially consistent fence is at least that strong at every scope.

inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

// ---------------------------------------------------------------------------------------------
// Traps. The runtime's trap ends the launch with an error carrying the message (it copies the
// message and unwinds, so it never returns); the __builtin_trap is only a backstop.

[[noreturn]] inline void __cpuk_trap(const char* message) {
  __cpuk_rt->trap(message);
  __builtin_trap();
}
[[noreturn]] inline void __trap() { __cpuk_trap("__trap() was called in a kernel"); }
// A breakpoint without a debugger attached stops the kernel on the GPU as well.
[[noreturn]] inline void __brkpt() { __cpuk_trap("__brkpt() was reached in a kernel"); }

// Target of the assert macro below; the message has glibc's wording.
[[noreturn]] inline void __cpuk_assert_fail(const char* expression, const char* file, unsigned line,
                                            const char* function) {
  char message[1024];
  snprintf(message, sizeof message, "%s:%u: %s: Assertion `%s' failed.", file, line, function,
           expression);
  __cpuk_trap(message);
}

// ---------------------------------------------------------------------------------------------
// Timers. clock() is the C library's (process CPU time: it only has to increase). clock64()
// counts cycles like the GPU's SM clock where the CPU has a cycle counter.

inline unsigned long long __cpuk_clock_ns(clockid_t id) {
  struct timespec now;
  clock_gettime(id, &now);
  return static_cast<unsigned long long>(now.tv_sec) * 1000000000ull +
         static_cast<unsigned long long>(now.tv_nsec);
}
inline long long clock64() {
#if defined(__x86_64__) || defined(__i386__)
  return static_cast<long long>(__builtin_ia32_rdtsc());
#else
  return static_cast<long long>(__cpuk_clock_ns(CLOCK_MONOTONIC));
#endif
}
// %globaltimer: nanoseconds of wall-clock time.
inline unsigned long long __globaltimer() { return __cpuk_clock_ns(CLOCK_REALTIME); }
// CUDA caps the sleep at about a millisecond. Sleeping (rather than spinning) lets the worker
// that runs the block being waited for make progress when both share a core.
inline void __nanosleep(unsigned ns) {
  struct timespec duration = {0, static_cast<long>(ns < 1000000u ? ns : 1000000u)};
  nanosleep(&duration, nullptr);
}
// Profiler trigger: nothing listens on the host.
inline void __prof_trigger(int) {}

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_BUILTINS_H
