#pragma once
/// NumPy arrays to device arrays and back. Device-side data moves as one block of bytes (the
/// array's extent); reordering for another layout happens on the host, in NumPy.
#include <pybind11/numpy.h>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// A host copy of `a` in `order` ('C', 'F', 'A' or 'K'), or written into `out` (a NumPy array
/// of the same shape and dtype) when `out` is not None.
py::array to_numpy(const ArrayPtr& a, char order, py::handle out, const Stream& stream);

/// Writes a NumPy array of the same shape and dtype into `dst` (CuPy's ndarray.set).
void set_from_numpy(const ArrayPtr& dst, py::handle src, const Stream& stream);

/// A new array on `device` holding anything numpy.asarray accepts; `dtype` None keeps NumPy's.
ArrayPtr from_host(py::handle obj, py::handle dtype, char order, Device device,
                   const Stream& stream);

/// A copy of `a` on `device`. Devices share no memory: across them the elements go through the
/// host (order 'K').
ArrayPtr copy_to_device(const ArrayPtr& a, Device device);

}  // namespace cupylike::python
