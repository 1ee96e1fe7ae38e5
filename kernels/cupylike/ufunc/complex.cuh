// Complex numbers in the ufunc table: arithmetic as NumPy computes it.
#pragma once
#include <cupylike/types.cuh>

namespace cupylike {

// Complex arithmetic as NumPy's loops compute it: textbook products (no C99 Annex G recovery
// of infinities) and Smith's division.
template <class T>
__device__ inline complex<T> cadd(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re + b.re, a.im + b.im);
}
template <class T>
__device__ inline complex<T> csub(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re - b.re, a.im - b.im);
}
template <class T>
__device__ inline complex<T> cmul(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}

}  // namespace cupylike
