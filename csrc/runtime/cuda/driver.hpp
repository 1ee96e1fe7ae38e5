#pragma once
/// The CUDA driver API, opened with dlopen on first use: the extension links no CUDA library,
/// so it imports everywhere and a missing driver is an error at the call that needs one.
///
/// cuda.h maps most names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2); the table takes
/// the same macros, so each member has the prototype and the symbol of this header's version.
#include <cuda.h>

#include <initializer_list>
#include <string>

#include "runtime/cuda/emulator_extension.h"
#include "runtime/cuda/library_info.hpp"

namespace cupylike::cuda {

#define CUPYLIKE_DRIVER_FUNCTIONS(X) \
  X(cuInit)                          \
  X(cuDriverGetVersion)              \
  X(cuGetErrorName)                  \
  X(cuGetErrorString)                \
  X(cuDeviceGetCount)                \
  X(cuDeviceGet)                     \
  X(cuDeviceGetName)                 \
  X(cuDeviceGetAttribute)            \
  X(cuDeviceTotalMem)                \
  X(cuDevicePrimaryCtxRetain)        \
  X(cuCtxGetCurrent)                 \
  X(cuCtxSetCurrent)                 \
  X(cuCtxSynchronize)                \
  X(cuMemAlloc)                      \
  X(cuMemFree)                       \
  X(cuMemHostAlloc)                  \
  X(cuMemFreeHost)                   \
  X(cuMemGetInfo)                    \
  X(cuMemcpyHtoDAsync)               \
  X(cuMemcpyDtoHAsync)               \
  X(cuMemcpyDtoDAsync)               \
  X(cuMemsetD8Async)                 \
  X(cuStreamCreateWithPriority)      \
  X(cuStreamDestroy)                 \
  X(cuStreamSynchronize)             \
  X(cuStreamQuery)                   \
  X(cuStreamWaitEvent)               \
  X(cuEventCreate)                   \
  X(cuEventDestroy)                  \
  X(cuEventRecord)                   \
  X(cuEventSynchronize)              \
  X(cuEventQuery)                    \
  X(cuModuleLoadData)                \
  X(cuModuleUnload)                  \
  X(cuModuleGetFunction)             \
  X(cuModuleGetGlobal)               \
  X(cuFuncGetAttribute)              \
  X(cuFuncSetAttribute)              \
  X(cuLaunchKernel)                  \
  X(cuStreamBeginCapture)            \
  X(cuStreamEndCapture)              \
  X(cuStreamIsCapturing)             \
  X(cuGraphInstantiateWithFlags)     \
  X(cuGraphUpload)                   \
  X(cuGraphLaunch)                   \
  X(cuGraphExecDestroy)              \
  X(cuGraphDestroy)

struct Driver {
#define CUPYLIKE_DRIVER_MEMBER(name) decltype(&::name) name = nullptr;
  CUPYLIKE_DRIVER_FUNCTIONS(CUPYLIKE_DRIVER_MEMBER)
  CUPYLIKE_DRIVER_MEMBER(cuEventElapsedTime)  // loaded with a fallback, see driver.cpp
  CUPYLIKE_DRIVER_MEMBER(cuFuncGetParamInfo)  // CUDA 12.4+; nullptr on older drivers
  // The emulated GPU's extension (runtime/cuda/emulator_extension.h); nullptr on a real driver.
  CUPYLIKE_DRIVER_MEMBER(cupylikeEmulatorModuleLoad)
  CUPYLIKE_DRIVER_MEMBER(cupylikeEmulatorLastError)
  CUPYLIKE_DRIVER_MEMBER(cupylikeEmulatorSetHostLibrary)
  CUPYLIKE_DRIVER_MEMBER(cupylikeEmulatorSetHostRandom)
#undef CUPYLIKE_DRIVER_MEMBER

  /// Whether this is the emulated GPU, which runs a module's source rather than its image.
  bool emulated() const { return cupylikeEmulatorModuleLoad != nullptr; }
};

/// The loaded and initialised driver; CUDAUnavailableError naming what is missing (the library,
/// a symbol of a too-old driver, or cuInit's reason, e.g. no device). The library is
/// $CUPYLIKE_LIBCUDA if set, else the emulated GPU installed beside the extension when
/// CUPYLIKE_CUDA_EMULATOR is set (and not 0), else libcuda.so.1.
const Driver& driver();
/// Number of CUDA devices, 0 when there is no usable driver.
int device_count();
/// The driver's CUDA version (12040 for 12.4), 0 without a usable driver.
int driver_version();
/// The CUDA version of the API the extension was built against (cuda.h's CUDA_VERSION): the
/// stand-in for the CUDA runtime's version, as the extension calls the driver directly.
constexpr int kApiVersion = CUDA_VERSION;
/// Whether the usable driver is the emulated GPU; false without a usable driver.
bool emulated();
/// The dlopen handle of vendor library `name` (cuda-pathfinder's name: "cublas", "cufft",
/// "cusolver", "curand"): the file the locator finds (runtime/cuda_search.hpp), or without a
/// locator the first of `sonames` the loader opens; on the emulated GPU the emulator itself,
/// which exports the stand-ins it has (emulator/cublas.cpp, emulator/cusolver.hpp,
/// emulator/cufft.hpp, emulator/curand.cpp). CUDAUnavailableError naming `library` when none
/// opens.
void* open_vendor_library(const char* name, std::initializer_list<const char*> sonames,
                          const char* library);
/// Searches for `name` as open_vendor_library will, so that a facade opening it inside a static
/// initialiser finds the answer ready: the search may take the GIL, which a thread waiting on
/// that initialiser may hold.
void search_vendor_library(const char* name);
/// The driver library driver() opens, its file and cuDriverGetVersion's answer (which needs no
/// device); `error` is driver()'s reason when it cannot be used, even though it opened.
LibraryInfo driver_info();
/// Number of CUDA devices, raising CUDAUnavailableError when there is no usable driver.
int device_count_or_raise();

/// CUDADriverError "<call> failed: <CUDA_ERROR_NAME>: <description>" unless result is success;
/// on the emulated GPU the description ends with the emulator's reason, when it gives one.
void check(CUresult result, const char* call);
std::string error_text(CUresult result);

}  // namespace cupylike::cuda
