#include "python/index_keys.hpp"

#include <pybind11/numpy.h>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "python/convert.hpp"
#include "python/host_transfer.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

[[noreturn]] void not_an_index() {
  raise(ErrorKind::index,
        "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
        "boolean arrays are valid indices");
}

// A list or a NumPy array: its integers or booleans on the device.
IndexItem host_array_item(py::handle obj, Device device, const Stream& stream) {
  py::array host = numpy().attr("asarray")(obj);
  const char kind = host.dtype().kind();
  if (host.ndim() == 0) {
    if (kind == 'b') return {IndexItem::boolean, host.attr("item")().cast<bool>() ? 1 : 0};
    if (kind == 'i' || kind == 'u')  // a uint64 beyond int64: OverflowError, as NumPy
      return {IndexItem::integer, int_from_py(host.attr("item")())};
    not_an_index();
  }
  // NumPy reads an empty list as an integer index (its float64 default would not do).
  const bool empty_list = host.size() == 0 && PyList_Check(obj.ptr());
  if (kind != 'b' && kind != 'i' && kind != 'u' && !empty_list)
    raise(ErrorKind::index, "arrays used as indices must be of integer (or boolean) type");
  py::object dtype =
      kind == 'b' ? py::object(numpy().attr("bool_")) : py::object(numpy().attr("int64"));
  IndexItem it{IndexItem::array_index};
  it.array = from_host(host, dtype, 'C', device, stream);
  return it;
}

namespace {

bool is_zero_step(PyObject* slice) {
  PyObject* step = reinterpret_cast<PySliceObject*>(slice)->step;
  if (step == Py_None || !PyIndex_Check(step)) return false;
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(step));
  return index && PyLong_AsLongLong(index.ptr()) == 0;
}

}  // namespace

IndexItem item_from_py(py::handle obj, Device device, const Stream& stream) {
  PyObject* o = obj.ptr();
  if (o == Py_None) return {IndexItem::newaxis};
  if (o == Py_Ellipsis) return {IndexItem::ellipsis};
  if (PySlice_Check(o)) {
    Py_ssize_t start = 0, stop = 0, step = 0;
    // Python refuses a zero step here; NumPy reports it when it reaches the slice, after the
    // errors of the items before it, so array/views.cpp raises it in order.
    if (PySlice_Unpack(o, &start, &stop, &step) < 0) {
      if (!is_zero_step(o)) throw py::error_already_set();
      PyErr_Clear();
      step = 0;
    }
    IndexItem it{IndexItem::slice};
    it.start = start;
    it.stop = stop;
    it.step = step;
    return it;
  }
  if (PyBool_Check(o) || py::isinstance(obj, numpy_bool_type()))
    return {IndexItem::boolean, PyObject_IsTrue(o) ? 1 : 0};
  if (py::isinstance<NDArray>(obj)) {
    IndexItem it{IndexItem::array_index};
    it.array = obj.cast<ArrayPtr>();
    check_same_device(device, it.array->device());
    const char kind = dtype_info(it.array->dtype()).kind;
    if (kind != 'b' && kind != 'i' && kind != 'u')
      raise(ErrorKind::index, "arrays used as indices must be of integer (or boolean) type");
    return it;
  }
  if (py::isinstance<py::array>(obj) || PyList_Check(o))
    return host_array_item(obj, device, stream);
  if (PyIndex_Check(o)) {
    Py_ssize_t v = PyNumber_AsSsize_t(o, PyExc_IndexError);
    if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
    return {IndexItem::integer, v};
  }
  not_an_index();
}

}  // namespace

std::vector<IndexItem> index_from_py(py::handle key, Device device, const Stream& stream) {
  std::vector<IndexItem> items;
  if (PyTuple_Check(key.ptr())) {
    Py_ssize_t n = PyTuple_GET_SIZE(key.ptr());
    items.reserve(size_t(n));
    for (Py_ssize_t i = 0; i < n; ++i)
      items.push_back(item_from_py(PyTuple_GET_ITEM(key.ptr(), i), device, stream));
  } else {
    items.push_back(item_from_py(key, device, stream));
  }
  return items;
}

}  // namespace cupylike::python
