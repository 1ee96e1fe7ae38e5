#include "python/fast_array.hpp"

namespace cupylike::python {

namespace {
PyTypeObject* g_ndarray_type = nullptr;
const py::detail::type_info* g_ndarray_info = nullptr;
destructor g_pybind11_dealloc = nullptr;
bool g_simple_layout = false;  // an exact ndarray's value and holder live inside the object

// pybind11's tp_dealloc finds the object's C++ types from its Python type on every free. An
// exact ndarray has one, NDArray in its shared_ptr, so the same steps run here without the
// lookup; any other object (a subclass, weak references, kept-alive patients) takes pybind11's.
void ndarray_dealloc(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  PyTypeObject* type = Py_TYPE(self);
  py::detail::value_and_holder vh;
  if (type == g_ndarray_type && inst->simple_layout && !inst->weakrefs && !inst->has_patients)
    vh = py::detail::value_and_holder(inst, g_ndarray_info, 0, 0);
  if (!vh.inst || !vh.holder_constructed()) return g_pybind11_dealloc(self);
  if (PyType_HasFeature(type, Py_TPFLAGS_HAVE_GC)) PyObject_GC_UnTrack(self);
  if (vh.instance_registered())
    py::detail::deregister_instance(inst, vh.value_ptr(), g_ndarray_info);
  if (PyErr_Occurred()) {
    py::error_scope keep;  // the array's destructor may run Python code (a foreign owner)
    vh.holder<ArrayPtr>().~ArrayPtr();
  } else {
    vh.holder<ArrayPtr>().~ArrayPtr();
    PyErr_Clear();  // as the scope would: an error a destructor left does not escape
  }
  vh.set_holder_constructed(false);
  vh.value_ptr() = nullptr;
  if (PyObject** dict = _PyObject_GetDictPtr(self)) Py_CLEAR(*dict);
  type->tp_free(self);
  Py_DECREF(type);
}
}  // namespace

void set_ndarray_type(PyTypeObject* type) {
  g_ndarray_type = type;
  g_ndarray_info = py::detail::get_type_info(typeid(NDArray));
  g_pybind11_dealloc = type->tp_dealloc;
  type->tp_dealloc = ndarray_dealloc;
  const auto& bases = py::detail::all_type_info(type);
  g_simple_layout = bases.size() == 1 && bases.front()->holder_size_in_ptrs <=
                                             py::detail::instance_simple_holder_in_ptrs();
}

bool is_ndarray(PyObject* obj) { return PyObject_TypeCheck(obj, g_ndarray_type); }

const ArrayPtr* fast_array(PyObject* obj) {
  if (Py_TYPE(obj) != g_ndarray_type) return nullptr;
  auto* inst = reinterpret_cast<py::detail::instance*>(obj);
  py::detail::value_and_holder vh = inst->get_value_and_holder();
  if (!vh.holder_constructed()) return nullptr;
  return &vh.holder<ArrayPtr>();
}

py::object wrap_array(ArrayPtr array) {
  if (!array || array.use_count() != 1 || !g_simple_layout) return py::cast(std::move(array));
  // What pybind11's cast of a holder does for an object it has not seen, in the same order:
  // the instance (its layout set as pybind11's allocate_layout sets a simple one, without
  // looking up the type's bases again), registered (so a later cast of the same array finds
  // it), owning the holder.
  auto obj = py::reinterpret_steal<py::object>(g_ndarray_type->tp_alloc(g_ndarray_type, 0));
  if (!obj) throw py::error_already_set();
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  inst->simple_layout = true;
  inst->simple_value_holder[0] = nullptr;
  inst->simple_holder_constructed = false;
  inst->simple_instance_registered = false;
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
