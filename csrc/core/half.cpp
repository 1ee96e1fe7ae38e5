#include "core/half.hpp"

#include <cmath>
#include <cstring>

namespace cupylike {

uint16_t half_from_double(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  uint16_t sign = uint16_t((bits >> 48) & 0x8000u);
  if (std::isnan(value)) return uint16_t(sign | 0x7e00u | ((bits >> 42) & 0x3ffu));
  double a = std::fabs(value);
  if (a == 0) return sign;  // frexp's exponent of 0 would make it a normal number below
  if (a >= 65520.0) return uint16_t(sign | 0x7c00u);  // rounds past the largest finite half
  // Scale so the half's last significand bit has weight 1, then round to nearest even: for
  // normals the weight is 2^(e-10), for subnormals 2^-24.
  int e;
  std::frexp(a, &e);     // a = m * 2^e with m in [0.5, 1)
  int exponent = e - 1;  // a in [2^exponent, 2^(exponent+1))
  int shift = exponent < -14 ? -24 : exponent - 10;
  double scaled = std::nearbyint(std::ldexp(a, -shift));  // the default mode: ties to even
  uint64_t m = uint64_t(scaled);
  if (exponent < -14) return uint16_t(sign | m);  // subnormal (m may round up to 0x400: normal)
  if (m == 0x800) {                               // rounding carried into the next binade
    m = 0x400;
    ++exponent;
  }
  if (exponent > 15) return uint16_t(sign | 0x7c00u);
  return uint16_t(sign | uint16_t((exponent + 15) << 10) | uint16_t(m & 0x3ffu));
}

double half_to_double(uint16_t h) {
  double sign = (h & 0x8000u) ? -1.0 : 1.0;
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  if (exponent == 0x1f) return mantissa ? std::nan("") : sign * INFINITY;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

}  // namespace cupylike
