// The cpu device's sorts (python/host_sorts) as cupylike._core._native functions, for
// cupylike/_sorting/_sort.py. GPU arrays sort with the kernels of kernels/cupylike/sort.cuh,
// launched from Python.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "python/fast_array.hpp"
#include "python/host_sorts.hpp"

namespace cupylike::python {

namespace {

py::array cpu_view_of(const ArrayPtr& a) { return cpu_view(a, py::cast(a)); }

// _host_sorted(a, axis, below) as a C-level function: pybind11's general dispatch and its
// argument casters would cost a good part of a small sort's time. None for an `a` that is
// not exactly a cupylike.ndarray.
PyObject* host_sorted_call(PyObject*, PyObject* const* args, Py_ssize_t nargs) noexcept {
  return guarded([&]() -> py::object {
    if (nargs != 3) raise(ErrorKind::type, "_host_sorted takes 3 arguments (a, axis, below)");
    const long long below = PyLong_AsLongLong(args[2]);
    if (below == -1 && PyErr_Occurred()) throw py::error_already_set();
    const ArrayPtr* a = fast_array(args[0]);
    return a ? host_sorted(*a, args[1], below) : py::none();
  });
}

// _host_argsorted(a, axis, below, row_below) as a C-level function, as _host_sorted.
PyObject* host_argsorted_call(PyObject*, PyObject* const* args, Py_ssize_t nargs) noexcept {
  return guarded([&]() -> py::object {
    if (nargs != 4)
      raise(ErrorKind::type, "_host_argsorted takes 4 arguments (a, axis, below, row_below)");
    const long long below = PyLong_AsLongLong(args[2]);
    const long long row_below = PyLong_AsLongLong(args[3]);
    if (PyErr_Occurred()) throw py::error_already_set();
    const ArrayPtr* a = fast_array(args[0]);
    return a ? host_argsorted(*a, args[1], below, row_below) : py::none();
  });
}

PyMethodDef g_host_argsorted{
    "_host_argsorted",
    reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&host_argsorted_call)),
    METH_FASTCALL,
    "_host_argsorted(a, axis, below, row_below): numpy.argsort(a, axis, kind='stable') of the "
    "cpu array `a` (at least one axis, fewer than `below` elements, the sorted axis shorter than "
    "`row_below`) by NumPy on its memory; None for other arrays."};

PyMethodDef g_host_sorted{
    "_host_sorted", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&host_sorted_call)),
    METH_FASTCALL,
    "_host_sorted(a, axis, below): a sorted copy of the cpu array `a` of fewer than `below` "
    "elements, by NumPy's sort on its memory (numpy.sort(a, axis)); None for other arrays."};

}  // namespace

void bind_sorting(py::module_& m) {
  m.def("_host_sort", &sort_rows, py::arg("values"), py::arg("indices") = py::none(),
        "Sorts each row (last axis) of a C-contiguous cpu array in place, stably in NumPy's "
        "order; with `indices` (int64, same shape) writes each row's argsort there.");
  m.def("_host_merge", &merge_halves, py::arg("src"), py::arg("dst"), py::arg("mid"),
        "Merges the sorted runs src[:mid] and src[mid:] into dst (1-d, contiguous, cpu).");
  load_numpy_sorts();
  for (PyMethodDef* def : {&g_host_sorted, &g_host_argsorted}) {
    py::object fn = py::reinterpret_steal<py::object>(
        PyCFunction_NewEx(def, nullptr, m.attr("__name__").ptr()));
    if (!fn) throw py::error_already_set();
    m.add_object(def->ml_name, fn);
  }
  m.def("_cpu_view", &cpu_view_of, py::arg("a"),
        "A NumPy array on the memory of a cpu array (same shape and strides), keeping it alive.");
}

}  // namespace cupylike::python
