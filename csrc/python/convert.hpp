#pragma once
/// Python objects to core values and back: dtypes (as numpy.dtype objects), shapes, axes,
/// devices and basic indices. Each raises the exception NumPy raises for the same argument.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <vector>

#include "core/dim_vector.hpp"
#include "core/dtype.hpp"
#include "runtime/device.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// A dtype from anything numpy.dtype accepts; TypeError for dtypes cupylike does not have.
DType dtype_from_py(py::handle obj);
/// dtype_from_py, with None meaning `fallback`.
DType dtype_or(py::handle obj, DType fallback);
/// The numpy.dtype object for a dtype (cached, so `x.dtype` allocates nothing).
py::object dtype_to_py(DType dtype);

/// An int or a sequence of ints (anything with __index__) as a shape or list of axes.
DimVector ints_from_py(py::handle obj, const char* what);
py::tuple tuple_from(const DimVector& values);

/// None (the current device), a Device, 'cpu' / 'cuda' / 'cuda:N', or an int (a CUDA device).
Device device_from_py(py::handle obj);

/// 'C', 'F', 'A' or 'K' from a str or None (`fallback`); ValueError otherwise.
char order_from_py(py::handle obj, char fallback, const char* allowed = "CFAK");

}  // namespace cupylike::python
