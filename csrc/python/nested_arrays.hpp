#pragma once
/// numpy.array of lists and tuples that hold cupylike arrays: `array([x, y])` stacks x and y on
/// the device, as NumPy stacks its own arrays (and CuPy its), without a trip through the host.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// The array `obj` describes when it is a (nested) list or tuple holding at least one cupylike
/// array, on `device`; nullptr otherwise (the host path converts it). Elements are stacked
/// along a new first axis at each level; Python scalars and host arrays among them take
/// NumPy's own dtypes; the result's dtype promotes them all, or is `dtype` when given. The
/// result is C-ordered, or Fortran-ordered for `order` 'F'.
ArrayPtr array_of_nested(py::handle obj, py::handle dtype, char order, Device device,
                         const Stream& stream);

}  // namespace cupylike::python
