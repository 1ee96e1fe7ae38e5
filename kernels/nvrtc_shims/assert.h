// NVRTC ships no C library headers; CUDA C++ kernels that include <assert.h> get device-side
// assert from libcu++ (which NVRTC compiles), as nvcc would give them.
#pragma once
#include <cuda/std/cassert>
