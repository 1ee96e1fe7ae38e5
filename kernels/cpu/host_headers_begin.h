// Included by a shim before it includes one of CUDA's or CCCL's headers, with
// host_headers_end.h after it: hides the GPU flavour's __CUDACC__ and __CUDA_ARCH__
// (gpu_flavour.h), so the header takes its host path, the one the host compiler can build.
// No include guard: each use pushes the macros once more.
#pragma push_macro("__CUDACC__")
#pragma push_macro("__CUDA_ARCH__")
#undef __CUDACC__
#undef __CUDA_ARCH__
