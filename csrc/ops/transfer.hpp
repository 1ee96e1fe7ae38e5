#pragma once
/// Moving bytes between the host and a device, and within a device, without kernels: the
/// array's byte extent as one block. Used for dense arrays (C, F or a permutation of either);
/// other layouts go through a dense temporary.
#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// Copies host bytes into `dst`'s extent. `host` holds the extent's bytes in memory order
/// (the element at dst.data() is at host + (-extent.lo)). On cuda the bytes go through pinned
/// staging buffers, so the call returns once `host` may be reused, before the copy completes.
void upload(const NDArray& dst, const void* host, const Stream& stream);
/// Copies `src`'s extent into `host` (same convention) and returns once the bytes are there.
void download(const NDArray& src, void* host, const Stream& stream);
/// Copies the extent of `src` onto the extent of `dst`; both dense with equal layouts.
void copy_extent(const NDArray& dst, const NDArray& src, const Stream& stream);
/// Sets every byte of a dense array to zero.
void zero_fill(const NDArray& dst, const Stream& stream);

}  // namespace cupylike
