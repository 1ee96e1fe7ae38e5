#pragma once
/// cuFFT behind libs/fft.hpp's fft, called after its checks (csrc/libs/cufft.cpp).
#include "libs/fft.hpp"

namespace cupylike {

/// Runs `call` on cuFFT on `stream` of `device`, with a plan from the device's cache.
void cufft_exec(Device device, const FftCall& call, const void* in, void* out,
                const Stream& stream);

int64_t cufft_cache_limit(int device);
void set_cufft_cache_limit(int device, int64_t plans);
int64_t cufft_cache_count(int device);
void clear_cufft_cache(int device);

}  // namespace cupylike
