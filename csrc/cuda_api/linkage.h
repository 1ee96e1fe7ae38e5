#pragma once
// How the headers of cuda_api/ declare NVIDIA's functions: with C linkage, as the libraries
// export them; or, when CUPYLIKE_CUDA_API_NAMESPACE names a namespace, as C++ declarations in
// it, so that a test (tests/cuda_api_check.cpp) can set them beside NVIDIA's own headers in
// one translation unit and compare the two.
#if defined(CUPYLIKE_CUDA_API_NAMESPACE)
#define CUPYLIKE_CUDA_API_BEGIN namespace CUPYLIKE_CUDA_API_NAMESPACE {
#define CUPYLIKE_CUDA_API_END }
#elif defined(__cplusplus)
#define CUPYLIKE_CUDA_API_BEGIN extern "C" {
#define CUPYLIKE_CUDA_API_END }
#else
#define CUPYLIKE_CUDA_API_BEGIN
#define CUPYLIKE_CUDA_API_END
#endif
