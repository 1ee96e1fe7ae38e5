// Restores what host_headers_begin.h hid. No include guard.
#pragma pop_macro("__CUDA_ARCH__")
#pragma pop_macro("__CUDACC__")
