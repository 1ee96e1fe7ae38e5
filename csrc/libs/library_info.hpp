#pragma once
/// show_config's rows for the vendor libraries: each library's facade opens it as its own calls
/// do (on the emulated GPU, the emulator's stand-in) and reports the file and the version the
/// library gives (runtime/cuda/library_info.hpp). None raises.
#include "runtime/cuda/library_info.hpp"

namespace cupylike {

cuda::LibraryInfo cublas_info();    // libs/cublas.cpp
cuda::LibraryInfo cufft_info();     // libs/cufft.cpp
cuda::LibraryInfo cusolver_info();  // libs/cusolver.cpp
/// NVIDIA's cuRAND, which the cpu device's generator and the emulated GPU's stand-in draw with
/// ($CUPYLIKE_LIBCURAND, else the file the locator finds: runtime/cuda_search.hpp).
cuda::LibraryInfo curand_host_info();  // libs/curand.cpp
/// The library a CUDA device's generator calls: NVIDIA's, or on the emulated GPU its stand-in.
cuda::LibraryInfo curand_device_info();  // libs/curand.cpp

}  // namespace cupylike
