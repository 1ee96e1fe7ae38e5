#pragma once
/// Python index keys (x[key]) as IndexItems: ints, slices, Ellipsis, None, booleans, and arrays
/// (cupylike arrays, NumPy arrays, lists), alone or in a tuple.
#include <pybind11/pybind11.h>

#include <vector>

#include "array/views.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// The items of `key` for an array on `device`: host arrays and lists go to the device (on
/// `stream`); a 0-d host integer array is an integer, a 0-d bool a boolean. IndexError for
/// anything else (floats, float arrays, strings), as NumPy.
std::vector<IndexItem> index_from_py(py::handle key, Device device, const Stream& stream);

}  // namespace cupylike::python
