/* The emulated GPU's extension of the CUDA driver API: what the library tells the emulator
 * beyond the driver API, and what the emulator tells tests. A real driver has none of these
 * symbols; the library looks them up with dlsym and uses them only when they are there
 * (runtime/cuda/driver.cpp), so the same code runs on both. The header lives with the
 * runtime that calls it; the emulator (csrc/emulator/) implements it, and nothing in the
 * library includes the emulator's own headers.
 *
 * A GPU runs a module's machine code; the emulator runs its source, compiled for the host in
 * the GPU flavour (kernels/gpu_flavour.h). So the library loads a module it compiled from
 * source with cupylikeEmulatorModuleLoad instead of cuModuleLoadData, passing the image NVRTC
 * made (read for its kernels' parameters and resources, as a GPU would use them) together with
 * what NVRTC compiled it from. A module loaded from an image alone (a CUBIN or PTX file) loads,
 * but its kernels cannot run: their launches fail with CUDA_ERROR_NOT_SUPPORTED. */
#ifndef CUPYLIKE_EMULATOR_EXTENSION_H
#define CUPYLIKE_EMULATOR_EXTENSION_H

#include <cuda.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CUPYLIKE_EMULATOR_SOURCE_VERSION 2

/* A module's source, as NVRTC compiled it. */
typedef struct cupylike_emulator_source {
  int version;                /* CUPYLIKE_EMULATOR_SOURCE_VERSION */
  const char* source;         /* CUDA C++ */
  const char* file_name;      /* the name compiler messages use, e.g. "kernel.cu" */
  const char* const* options; /* NVRTC options (-D, -I and -std matter here) */
  int n_options;
  const char* const* name_expressions; /* template kernels to expose, e.g. "f<float>" */
  const char* const* lowered_names;    /* NVRTC's symbol for each name expression */
  int n_names;
  const char* kernel_dir;          /* the library's kernels/ folder (prelude, shims) */
  const char* const* include_dirs; /* the CUDA header folders the library found */
  int n_include_dirs;
} cupylike_emulator_source;

/* cuModuleLoadData(module, image), and compiles `source` with the host compiler so that the
 * module's kernels run. CUDA_ERROR_INVALID_SOURCE when the host compiler rejects what NVRTC
 * accepted (cupylikeEmulatorLastError has its log). Compiles without holding the driver's
 * lock. */
CUresult cupylikeEmulatorModuleLoad(CUmodule* module, const void* image,
                                    const cupylike_emulator_source* source);

/* The host BLAS and LAPACK library (a scipy-openblas32 file) that the emulated vendor libraries
 * compute with: the emulator exports cuBLAS's and cuSOLVER's entry points too (see cublas.cpp,
 * cusolver.hpp), and the library opens them here instead of NVIDIA's.
 * CUDA_ERROR_FILE_NOT_FOUND when it does not open (cupylikeEmulatorLastError says why). */
CUresult cupylikeEmulatorSetHostLibrary(const char* path);

/* The cuRAND library (NVIDIA's libcurand) whose host generator computes the emulated device
 * generator's numbers: the emulator exports cuRAND's device-generator entry points too (see
 * curand.cpp), so the same seed and offset give the host generator's numbers on the emulated GPU.
 * CUDA_ERROR_FILE_NOT_FOUND when it does not open (cupylikeEmulatorLastError says why). */
CUresult cupylikeEmulatorSetHostRandom(const char* path);

/* Why the calling thread's latest failing call failed, in words (the kernel, block and message
 * of a fault; the limit a launch broke; the compiler's log), or "" when it gave no reason. */
const char* cupylikeEmulatorLastError(void);

/* --- For tests ------------------------------------------------------------------------- */

/* A counter by name, for one device (`device` >= 0) or all (-1); -1 for an unknown name:
 * devices, allocations_live, bytes_live, pinned_live, pinned_bytes_live, h2d_pinned,
 * h2d_pageable, d2h (copies issued), staging_violations (pinned sources rewritten before their
 * queued copy ran), streams_live, events_live, ops_pending, launches (issued), kernels_run,
 * kernels_interrupted (cut short by Ctrl-C), modules_live, work_cublas, work_cusolver,
 * work_cufft, work_curand (each vendor library's work run, all devices). */
long long cupylikeEmulatorStat(const char* name, int device);

/* 1 when `address` lies in some device's memory (which host code must never dereference). */
int cupylikeEmulatorIsDeviceAddress(unsigned long long address);

/* Launch number `index` (from the end when negative) as JSON: function, device, grid, block,
 * shared_bytes, stream (the handle as an integer, 0 for the null stream) and args (each
 * argument's bytes in hex, or null when the parameter sizes are unknown); NULL if none. Valid
 * until the thread's next call. */
const char* cupylikeEmulatorLaunch(long long index);

/* From now on every call that needs a context fails with `code` (0 clears it), as every call
 * does after a kernel's fault on a GPU. */
void cupylikeEmulatorSetStickyError(int code);

/* From now on the kernels named `function` of modules loaded from an image alone take `count`
 * parameters of these sizes (count < 0 forgets them), whatever the image says. */
void cupylikeEmulatorSetParamSizes(const char* function, const long long* sizes, int count);

/* cuFuncGetAttribute(attribute) of the kernels named `function` answers `value` from now on
 * (e.g. a MAX_THREADS_PER_BLOCK below 1024). */
void cupylikeEmulatorSetFunctionAttribute(const char* function, int attribute, int value);

#ifdef __cplusplus
}
#endif

#endif /* CUPYLIKE_EMULATOR_EXTENSION_H */
