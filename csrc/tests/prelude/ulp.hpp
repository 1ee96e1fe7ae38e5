// Distances in units in the last place, for comparing the prelude's math with references.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace cupylike::prelude_test {

// Steps between two floats of the same type along the ordered line of representable values
// (so +0 and -0 are 0 apart, and the distance across zero counts the subnormals).
template <class T>
long long ulp_steps(T a, T b) {
  using Bits = typename std::conditional<sizeof(T) == 4, int32_t, int64_t>::type;
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : LLONG_MAX;
  auto ordered = [](T x) {
    Bits bits;
    std::memcpy(&bits, &x, sizeof bits);
    return bits < 0 ? std::numeric_limits<Bits>::min() - bits : bits;
  };
  const long long d = static_cast<long long>(ordered(a)) - static_cast<long long>(ordered(b));
  return d < 0 ? -d : d;
}

// |result - reference| in ulps of T at the reference (reference in long double).
template <class T>
double ulp_error(T result, long double reference) {
  if (std::isnan(result) || std::isnan(reference))
    return std::isnan(result) == std::isnan(reference) ? 0 : 1e30;
  if (std::isinf(reference) || std::isinf(result)) return result == reference ? 0 : 1e30;
  const T rounded = static_cast<T>(reference);
  int exponent;
  std::frexp(rounded == 0 ? std::numeric_limits<T>::min() : rounded, &exponent);
  const long double ulp =
      std::ldexp(1.0L, std::max(exponent, std::numeric_limits<T>::min_exponent) -
                           std::numeric_limits<T>::digits);
  return static_cast<double>(std::fabs(static_cast<long double>(result) - reference) / ulp);
}

}  // namespace cupylike::prelude_test
