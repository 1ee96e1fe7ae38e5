#pragma once
/// Copies that write only where a mask is true: what `where=` promises for a ufunc's `out`.
#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct KernelFamily;

/// dst[mask] = src[mask], converted as NumPy's unsafe cast does; elements of `dst` where the
/// mask (bool, broadcast to dst's shape) is false are neither read nor written. `src` has
/// dst's shape and shares no memory with it.
void copy_where(const ArrayPtr& dst, const ArrayPtr& src, const ArrayPtr& mask,
                const Stream& stream);

/// The kernel family copy_where compiles (for tests that compile every library kernel).
const KernelFamily& masked_copy_family();

}  // namespace cupylike
