#pragma once
// What the emulated GPU reads from a module image: the kernels with their parameter sizes and
// the resources NVRTC gave them (registers, __launch_bounds__, static shared memory), and the
// global variables with their sizes. CUBINs (ELF) and PTX text, the two forms NVRTC makes.
// The image never runs here (the module's source does, compiled for the host), but its
// resources decide which launches a GPU accepts.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cupylike::emulator {

struct FunctionInfo {
  /// Each parameter's size in bytes; nullopt where the image does not say (device functions
  /// in a CUBIN, or a layout this reader does not know).
  std::optional<std::vector<size_t>> params;
  int registers = 0;         ///< per thread; 0 when unknown (PTX)
  int launch_bound = 0;      ///< threads per block from __launch_bounds__; 0 when none
  size_t static_shared = 0;  ///< bytes of __shared__ variables
};

struct ImageInfo {
  bool ptx = false;
  std::map<std::string, FunctionInfo> functions;  // kernels by (lowered) name
  std::map<std::string, size_t> globals;          // __device__ and __constant__ variables: bytes
};

/// False when `image` is neither an ELF file nor PTX text (cuModuleLoadData then answers
/// CUDA_ERROR_INVALID_IMAGE).
bool read_image(const void* image, ImageInfo& info);

}  // namespace cupylike::emulator
