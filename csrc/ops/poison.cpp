#include "ops/poison.hpp"

#include <cstring>

#include "ops/copy.hpp"
#include "runtime/checked_mode.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

ArrayPtr poisoned_if_checked(ArrayPtr a) {
  // Only empty() pays: zeros, ones, full and every result are written before they are read.
  if (!checked_mode() || a->size() == 0) return a;
  alignas(16) unsigned char element[16];
  std::memset(element, 0xCC, sizeof element);
  // Little-endian NaN: the exponent all ones and the quiet bit set in the top bytes of each
  // floating part (both parts of a complex value).
  auto nan_top = [&](int part_bytes, int parts) {
    for (int p = 0; p < parts; ++p) {
      unsigned char* top = element + (p + 1) * part_bytes;
      if (part_bytes == 2) top[-1] = 0x7E;
      if (part_bytes == 4) top[-1] = 0x7F;
      if (part_bytes == 8) top[-1] = 0x7F, top[-2] = 0xFC;
    }
  };
  switch (a->dtype()) {
    case DType::float16:
      nan_top(2, 1);
      break;
    case DType::float32:
      nan_top(4, 1);
      break;
    case DType::float64:
      nan_top(8, 1);
      break;
    case DType::complex64:
      nan_top(4, 2);
      break;
    case DType::complex128:
      nan_top(8, 2);
      break;
    default:
      break;
  }
  fill(*a, element, *current_stream(a->device()));
  return a;
}

}  // namespace cupylike
