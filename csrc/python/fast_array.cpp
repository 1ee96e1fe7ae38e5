#include "python/fast_array.hpp"

namespace cupylike::python {

namespace {
PyTypeObject* g_ndarray_type = nullptr;
const py::detail::type_info* g_ndarray_info = nullptr;
}  // namespace

void set_ndarray_type(PyTypeObject* type) {
  g_ndarray_type = type;
  g_ndarray_info = py::detail::get_type_info(typeid(NDArray));
}

const ArrayPtr* fast_array(PyObject* obj) {
  if (Py_TYPE(obj) != g_ndarray_type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj);
  py::detail::value_and_holder vh = inst->get_value_and_holder();
  if (!vh.holder_constructed()) return nullptr;
  return &vh.holder<ArrayPtr>();
}

py::object wrap_array(ArrayPtr array) {
  if (!array || array.use_count() != 1) return py::cast(std::move(array));
  // What pybind11's cast of a holder does for an object it has not seen, in the same order:
  // the instance, registered (so a later cast of the same array finds it), owning the holder.
  auto obj = py::reinterpret_steal<py::object>(py::detail::make_new_instance(g_ndarray_type));
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  py::detail::value_and_holder vh = inst->get_value_and_holder(g_ndarray_info);
  vh.value_ptr() = array.get();
  inst->owned = true;
  py::detail::register_instance(inst, vh.value_ptr(), g_ndarray_info);
  vh.set_instance_registered();
  new (&vh.holder<ArrayPtr>()) ArrayPtr(std::move(array));
  vh.set_holder_constructed();
  return obj;
}

}  // namespace cupylike::python
