#pragma once
/// Shapes and strides: sizes, contiguity, broadcasting and axis arguments, with NumPy's rules
/// and NumPy's error types. Strides are in bytes, as in NumPy.
#include <cstdint>
#include <string>

#include "core/dim_vector.hpp"

namespace cupylike {

inline constexpr int kMaxNdim = 64;  // NumPy 2's NPY_MAXDIMS

/// "(2, 3)" like a Python tuple.
std::string shape_str(const DimVector& shape);

/// Number of elements, checked as NumPy checks every array it makes: ValueError for a negative
/// dimension, or when the nonzero dimensions times the itemsize overflow int64 (NumPy's "array
/// is too big"), even if another dimension is 0. Every NDArray's shape passes this check.
int64_t checked_size(const DimVector& shape, int itemsize);
/// The product of the dimensions taken in order overflows int64 (a 0 met first stops it), as
/// NumPy's npy_mul_sizes_with_overflow loops find it: reshape's and nditer's size checks.
bool product_overflows(const DimVector& shape);
inline int64_t shape_size(const DimVector& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}
void check_ndim(int ndim);

/// NumPy's strides for a new layout: C ('C') or Fortran ('F') order, dimensions of length 0
/// counted as 1 (this is what reshape of an empty array gives).
DimVector fill_strides(const DimVector& shape, int itemsize, char order);
/// Strides of a freshly allocated array: fill_strides, or all zeros when the array is empty,
/// as NumPy 2 does for new empty arrays.
DimVector new_array_strides(const DimVector& shape, int itemsize, char order);

bool is_c_contiguous(const DimVector& shape, const DimVector& strides, int itemsize);
bool is_f_contiguous(const DimVector& shape, const DimVector& strides, int itemsize);

/// Byte range [lo, hi) touched by the elements, relative to the data pointer. Empty: {0, 0}.
struct Extent {
  int64_t lo, hi;
};
Extent byte_extent(const DimVector& shape, const DimVector& strides, int itemsize);
/// True when the elements tile their extent exactly once (a permutation of contiguous axes):
/// such an array moves between host and device as one block of bytes.
bool is_dense(const DimVector& shape, const DimVector& strides, int itemsize);

/// The broadcast shape of several shapes; ValueError naming the shapes that do not match.
DimVector broadcast_shapes(const DimVector* shapes, int count);

/// An axis argument in [-ndim, ndim) as a non-negative axis; numpy.exceptions.AxisError else.
int normalize_axis(int64_t axis, int ndim);
/// Several axes; AxisError out of range, ValueError for repeats.
DimVector normalize_axes(const DimVector& axes, int ndim);

/// Merges the axes of one walk over several arrays of `shape`, written once for every kernel
/// family. `axes` are the axes walked, outermost first; `strides[k][a]` is array k's stride
/// along axis a (a null `strides[k]`: an operand that does not move, whose merged strides are
/// 0). An axis joins the previous merged one when every moving array steps over it exactly
/// (the previous stride is this one's times its length). Writes the merged lengths to
/// `out_shape` and array k's merged strides to `out_strides[k]`; returns how many merged axes
/// there are, or -1 when more than `max_ndim` would be needed.
int merge_axes(const DimVector& shape, const int* axes, int naxes, const long long* const* strides,
               int narrays, long long* out_shape, long long* const* out_strides, int max_ndim);

}  // namespace cupylike
