#pragma once
/// A GPU's transforms of infinities and NaNs. cuFFT's butterflies multiply by roots of unity
/// such as 1 + 0i and add infinities of both signs, so an infinity's other part turns into
/// inf * 0 = NaN where NumPy's pocketfft keeps a 0; which parts turn NaN follows the library's
/// order of operations. The facade (libs/fft.cpp) therefore runs a GPU's call whose input holds
/// a non-finite value on the host executor, over host copies of the bytes it reads and writes:
/// one reduction over each input tells it, and finite inputs stay on cuFFT.
#include <cstdint>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// Whether every element of `x` (real or complex floating) is finite: one reduction on x's
/// device on `stream`, whose one-byte answer the host waits for.
bool fft_all_finite(const ArrayPtr& x, const Stream& stream);

/// A new cpu array of a's dtype holding the first `bytes` bytes from a's first element (the
/// bytes a call description reaches), copied from a's device after `stream`'s work.
ArrayPtr fft_host_copy(const ArrayPtr& a, int64_t bytes, const Stream& stream);

/// Writes the first `bytes` bytes of the cpu array `host` over a's, from a's first element.
void fft_copy_back(const ArrayPtr& a, const ArrayPtr& host, int64_t bytes, const Stream& stream);

}  // namespace cupylike
