#pragma once
/// IEEE binary16 conversions on the host, for scalars passed to float16 kernels: NumPy rounds a
/// Python float to float16 once, to nearest even, before computing.
#include <cstdint>

namespace cupylike {

/// The float16 bits nearest `value` (ties to even; overflow to infinity; NaN stays NaN).
uint16_t half_from_double(double value);
double half_to_double(uint16_t bits);

}  // namespace cupylike
