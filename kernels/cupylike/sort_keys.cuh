// NumPy's sort order as unsigned integer keys, for the radix sorts and binary searches of
// kernels/cupylike/sort.cuh and for the cpu device's host sort (csrc/ops/sort_host.cpp, which
// includes this header from plain C++: everything here is integer code on the elements' bits).
//
// The order: integers by value; floats by value with -0 equal to +0 and every NaN after +inf
// (all NaNs equal); complex values as NumPy's CLT orders them — first those with no NaN part,
// by real then imaginary part; then those whose imaginary part alone is NaN, by real part;
// then those whose real part alone is NaN, by imaginary part; then those with both parts NaN.
// A key policy names the element's bits type (`elem`), the key's width, one radix digit of
// an element's key, and the strict order of two elements.
#pragma once

#if defined(__CUDACC_RTC__) || defined(__CUDACC__) || defined(__device__)
#define CUPYLIKE_KEY_FN __host__ __device__ inline
#else
#define CUPYLIKE_KEY_FN inline
#endif

namespace cupylike {

// An element of two halves (a complex number's real and imaginary part, real first).
template <class H>
struct bits_pair {
  H re, im;
};

// Keys of IEEE floats stored in the unsigned type U with E exponent bits.
template <class U, int E>
struct float_key_of {
  static const int width = int(sizeof(U)) * 8;
  CUPYLIKE_KEY_FN static U sign() { return U(U(1) << (width - 1)); }
  CUPYLIKE_KEY_FN static U inf() { return U(U((U(1) << E) - 1) << (width - 1 - E)); }
  CUPYLIKE_KEY_FN static bool is_nan(U b) { return U(b & U(~sign())) > inf(); }
  // The key just above +inf's: NaN's (reals), or the classes of NaN-holding complex values.
  CUPYLIKE_KEY_FN static U after_inf(int k) { return U(U(sign() | inf()) + U(k)); }
  // Numbers: negatives inverted below the sign bit, positives above it, -0 as +0.
  CUPYLIKE_KEY_FN static U number(U b) {
    if (U(b & U(~sign())) == 0) return sign();
    return (b & sign()) ? U(~b) : U(b | sign());
  }
  CUPYLIKE_KEY_FN static U key(U b) { return is_nan(b) ? after_inf(1) : number(b); }
};

// Radix digit `shift` (bit offset) of `bits`-wide digits of a key of one word.
template <class U>
CUPYLIKE_KEY_FN unsigned word_digit(U key, int shift, int bits) {
  return shift >= int(sizeof(U)) * 8 ? 0u
                                      : unsigned((key >> shift) & U((U(1) << bits) - 1));
}

// bool and unsigned integers: their bits.
template <class U>
struct key_unsigned {
  typedef U elem;
  static const int key_bits = int(sizeof(U)) * 8;
  CUPYLIKE_KEY_FN static U key(U e) { return e; }
  CUPYLIKE_KEY_FN static unsigned digit(U e, int shift, int bits) {
    return word_digit(key(e), shift, bits);
  }
  CUPYLIKE_KEY_FN static bool less(U a, U b) { return key(a) < key(b); }
};

// Signed integers (two's complement in U): the sign bit flipped.
template <class U>
struct key_signed {
  typedef U elem;
  static const int key_bits = int(sizeof(U)) * 8;
  CUPYLIKE_KEY_FN static U key(U e) { return U(e ^ U(U(1) << (key_bits - 1))); }
  CUPYLIKE_KEY_FN static unsigned digit(U e, int shift, int bits) {
    return word_digit(key(e), shift, bits);
  }
  CUPYLIKE_KEY_FN static bool less(U a, U b) { return key(a) < key(b); }
};

// float16 (U = unsigned short, E = 5), float32 (unsigned int, 8), float64 (unsigned long long,
// 11).
template <class U, int E>
struct key_float {
  typedef U elem;
  static const int key_bits = int(sizeof(U)) * 8;
  CUPYLIKE_KEY_FN static U key(U e) { return float_key_of<U, E>::key(e); }
  CUPYLIKE_KEY_FN static unsigned digit(U e, int shift, int bits) {
    return word_digit(key(e), shift, bits);
  }
  CUPYLIKE_KEY_FN static bool less(U a, U b) { return key(a) < key(b); }
};

// complex64 (H = unsigned int, E = 8) and complex128 (unsigned long long, 11): a key of two
// words, `hi` compared first. No-NaN values key (real, imaginary); the NaN classes sit above
// every number in `hi` and order within by their one non-NaN part.
template <class H, int E>
struct key_complex {
  typedef bits_pair<H> elem;
  typedef float_key_of<H, E> F;
  static const int key_bits = 2 * int(sizeof(H)) * 8;
  CUPYLIKE_KEY_FN static void key(elem e, H& hi, H& lo) {
    const bool re_nan = F::is_nan(e.re), im_nan = F::is_nan(e.im);
    if (!re_nan && !im_nan) {
      hi = F::number(e.re);
      lo = F::number(e.im);
    } else if (!re_nan) {
      hi = F::after_inf(1);
      lo = F::number(e.re);
    } else if (!im_nan) {
      hi = F::after_inf(2);
      lo = F::number(e.im);
    } else {
      hi = F::after_inf(3);
      lo = 0;
    }
  }
  CUPYLIKE_KEY_FN static unsigned digit(elem e, int shift, int bits) {
    H hi, lo;
    key(e, hi, lo);
    const int half = int(sizeof(H)) * 8;
    return shift < half ? word_digit(lo, shift, bits) : word_digit(hi, shift - half, bits);
  }
  CUPYLIKE_KEY_FN static bool less(elem a, elem b) {
    H ah, al, bh, bl;
    key(a, ah, al);
    key(b, bh, bl);
    return ah < bh || (ah == bh && al < bl);
  }
};

}  // namespace cupylike
