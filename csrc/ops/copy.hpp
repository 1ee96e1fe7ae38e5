#pragma once
/// Copies of an array on its own device.
#include "core/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// A new array with the same elements in `order` ('C', 'F', 'A' or 'K', as numpy.copy).
/// Until the kernel engine supplies a strided copy kernel, only copies that move the array's
/// bytes unchanged are possible (a dense array whose layout already matches `order`);
/// NotImplementedError otherwise.
ArrayPtr copy_array(const ArrayPtr& a, char order, const Stream& stream);

/// The layout numpy.copy(a, order) gives, when a's bytes can be copied as they are.
bool copy_keeps_bytes(const NDArray& a, char order, DimVector& strides);

}  // namespace cupylike
