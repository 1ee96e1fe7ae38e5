#pragma once
// What the mock driver reads from a module image: the kernels with their parameter sizes and
// the global variables with their sizes. CUBINs (ELF) and PTX text, the two forms NVRTC makes.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mock_cuda {

struct ImageInfo {
  bool ptx = false;
  // Kernels by (lowered) name: each parameter's size in bytes, nullopt where the image does not
  // say (device functions in a CUBIN, or a layout this reader does not know).
  std::map<std::string, std::optional<std::vector<size_t>>> functions;
  std::map<std::string, size_t> globals;  // __device__ and __constant__ variables: bytes
};

// False when `image` is neither an ELF file nor PTX text (cuModuleLoadData then answers
// CUDA_ERROR_INVALID_IMAGE).
bool read_image(const void* image, ImageInfo& info);

}  // namespace mock_cuda
