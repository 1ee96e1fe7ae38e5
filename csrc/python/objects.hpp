#pragma once
/// Python objects the bindings look up once: NumPy's module and types, and our exception types.
#include <pybind11/pybind11.h>

namespace cupylike::python {

namespace py = pybind11;

py::module_& numpy();
py::handle numpy_bool_type();
py::handle numpy_generic();  // numpy.generic, the base of NumPy's scalar types
/// A NumPy array of one or more dimensions, or a cupylike array: an advanced index.
bool is_array_like(py::handle obj);

/// Creates the exception types and the C++ -> Python translation (errors.cpp).
void bind_errors(py::module_& m);

}  // namespace cupylike::python
