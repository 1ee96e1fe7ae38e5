#pragma once
/// The C++ array inside a cupylike.ndarray object, without pybind11's general type lookup:
/// the operators' hot path checks the exact type and reads the holder directly.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// Set once the ndarray class exists (bind_ndarray).
void set_ndarray_type(PyTypeObject* type);

/// The array held by `obj` if it is exactly a cupylike.ndarray (not a subclass), else null.
const ArrayPtr* fast_array(PyObject* obj);

}  // namespace cupylike::python
