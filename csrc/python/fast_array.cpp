#include "python/fast_array.hpp"

namespace cupylike::python {

namespace {
PyTypeObject* g_ndarray_type = nullptr;
}

void set_ndarray_type(PyTypeObject* type) { g_ndarray_type = type; }

const ArrayPtr* fast_array(PyObject* obj) {
  if (Py_TYPE(obj) != g_ndarray_type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj);
  py::detail::value_and_holder vh = inst->get_value_and_holder();
  if (!vh.holder_constructed()) return nullptr;
  return &vh.holder<ArrayPtr>();
}

}  // namespace cupylike::python
