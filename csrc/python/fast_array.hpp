#pragma once
/// The C++ array inside a cupylike.ndarray object, without pybind11's general type lookup:
/// the hot paths of the operators and reduction methods check the exact type and read the
/// holder directly.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// Set once the ndarray class exists (bind_ndarray); installs the type's fast tp_dealloc.
void set_ndarray_type(PyTypeObject* type);

/// Whether `obj` is a cupylike.ndarray or of a subclass (py::isinstance<NDArray> without
/// pybind11's lookup of the type).
bool is_ndarray(PyObject* obj);

/// The array held by `obj` if it is exactly a cupylike.ndarray (not a subclass), else null.
const ArrayPtr* fast_array(PyObject* obj);

/// The Python object for `array`, as py::cast makes it. An array held by nothing else (a result
/// the call just made) has no Python object yet, so pybind11's search for one and its lookup of
/// the type are skipped.
py::object wrap_array(ArrayPtr array);

/// fn()'s object as a new reference for a C-level slot or method; null with the Python error
/// set if it threw.
template <class Fn>
PyObject* guarded(Fn&& fn) noexcept {
  try {
    return fn().release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (...) {
    py::detail::try_translate_exceptions();
  }
  return nullptr;
}

}  // namespace cupylike::python
