#pragma once
/// Checked mode's poison for memory handed out uninitialised (numpy.empty and empty_like): a
/// read before a write gives a value that stands out instead of whatever the memory held.
#include "array/ndarray.hpp"

namespace cupylike {

/// In checked mode (runtime/checked_mode.hpp), fills `a` with a quiet NaN whose payload is
/// 0xCC bytes (floating and complex dtypes: 0x7ECC, 0x7FCCCCCC, 0x7FFCCCCCCCCCCCCC) or with
/// 0xCC bytes (integers and bool); otherwise leaves it alone. Returns `a`.
ArrayPtr poisoned_if_checked(ArrayPtr a);

}  // namespace cupylike
