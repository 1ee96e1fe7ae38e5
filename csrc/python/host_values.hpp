#pragma once
/// Python values written into device arrays (fill, full, __setitem__, astype of a device
/// array): host values are converted by NumPy itself, so NumPy's rules and errors hold (NumPy 2
/// raises OverflowError for a Python int out of the dtype's range, unsafe casts for arrays, and
/// so on); device values are cast on the device with NumPy's unsafe cast.
#include <pybind11/numpy.h>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// The conversion rule NumPy applies to the value.
enum class ValueRule {
  setitem,           // x[key] = value where the key selects a view (slices, Ellipsis, None)
  setitem_element,   // x[i, j, ...] = value with one integer per axis: one element
  setitem_advanced,  // x[key] = value with index arrays or a mask in the key
  copyto,            // numpy.copyto(x, value, casting='unsafe'): full, full_like
  fill,              // x.fill(value)
};

/// dst[...] = value under `rule`, broadcasting the value to dst's shape.
void assign_value(const ArrayPtr& dst, py::handle value, ValueRule rule, const Stream& stream);

/// numpy.exceptions.ComplexWarning when a cast from `from` to `to` drops imaginary parts, as
/// NumPy warns (complex to a real type other than bool).
void warn_if_discarding_imaginary(DType from, DType to);

/// copy_cast, with the GIL released while a large copy runs.
void copy_cast_unlocked(const NDArray& dst, const NDArray& src, const Stream& stream);
/// copy_array, with the GIL released while a large copy runs.
ArrayPtr copy_array_unlocked(const ArrayPtr& a, char order, const Stream& stream, DType dtype);

}  // namespace cupylike::python
