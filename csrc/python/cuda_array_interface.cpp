#include "python/cuda_array_interface.hpp"

#include <pybind11/numpy.h>

#include <string>

#include "array/foreign_view.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "python/convert.hpp"
#include "python/python_owner.hpp"
#include "runtime/stream_handoff.hpp"

namespace cupylike::python {

namespace {

constexpr int kVersion = 3;

// The interface of `obj`, or None. Only a missing attribute means "none": any other error a
// property raises is the caller's to see.
py::object interface_of(py::handle obj) {
  // Common arguments of asarray that cannot have one: no attribute lookup, no exception.
  if (PyList_CheckExact(obj.ptr()) || PyTuple_CheckExact(obj.ptr()) ||
      PyFloat_CheckExact(obj.ptr()) || PyLong_CheckExact(obj.ptr()) ||
      PyComplex_CheckExact(obj.ptr()) || PyBool_Check(obj.ptr()) || py::isinstance<py::array>(obj))
    return py::none();
  PyObject* r = PyObject_GetAttrString(obj.ptr(), "__cuda_array_interface__");
  if (r) return py::reinterpret_steal<py::object>(r);
  if (!PyErr_ExceptionMatches(PyExc_AttributeError)) throw py::error_already_set();
  PyErr_Clear();
  return py::none();
}

py::object item_or_none(const py::dict& d, const char* key) {
  return d.contains(key) ? py::reinterpret_borrow<py::object>(d[key]) : py::none();
}

}  // namespace

py::dict cuda_array_interface(const ArrayPtr& a) {
  if (!a->device().is_cuda())
    raise(ErrorKind::attribute,
          "'cupylike.ndarray' object has no attribute '__cuda_array_interface__' (the array is "
          "on the cpu device)");
  py::object typestr = dtype_to_py(a->dtype()).attr("str");
  py::dict d;
  d["shape"] = tuple_from(a->shape());
  d["typestr"] = typestr;
  py::list descr;
  descr.append(py::make_tuple("", typestr));
  d["descr"] = descr;
  d["data"] = py::make_tuple(reinterpret_cast<uintptr_t>(a->data()), !a->writeable());
  d["strides"] = a->c_contiguous() ? py::object(py::none()) : py::object(tuple_from(a->strides()));
  d["version"] = kVersion;
  d["stream"] = protocol_stream_value(*current_stream(a->device()));
  return d;
}

ArrayPtr view_of_cuda_array_interface(py::handle obj, py::handle device_obj) {
  Device device = device_from_py(device_obj);
  if (!device.is_cuda()) return nullptr;
  py::object iface = interface_of(obj);
  if (iface.is_none()) return nullptr;
  if (!py::isinstance<py::dict>(iface))
    raise(ErrorKind::type, "__cuda_array_interface__ must be a dict");
  py::dict d = py::reinterpret_borrow<py::dict>(iface);
  if (!item_or_none(d, "mask").is_none())
    raise(ErrorKind::not_implemented, "CUDA array interface with a mask is not supported");
  DimVector shape = shape_from_py(d["shape"]);
  DType dtype = dtype_from_py(d["typestr"]);
  py::object data_obj = d["data"];
  if (!PyTuple_Check(data_obj.ptr()) || PyTuple_GET_SIZE(data_obj.ptr()) != 2)
    raise(ErrorKind::type, "__cuda_array_interface__'s data must be a tuple (pointer, read-only)");
  py::tuple data = py::reinterpret_borrow<py::tuple>(data_obj);
  void* first = reinterpret_cast<void*>(uintptr_t(int_in_range(data[0], "pointer", 0, INT64_MAX)));
  bool read_only = truth_from_py(data[1]);
  py::object strides_obj = item_or_none(d, "strides");
  DimVector strides = strides_obj.is_none() ? fill_strides(shape, itemsize(dtype), 'C')
                                            : ints_from_py(strides_obj, "strides");
  ForeignView plan = plan_foreign_view(first, dtype, shape, strides);
  // Version 3: the producer's work on the memory may still be queued on `stream` (None: it
  // is done). Our stream waits for it on the device, without blocking the host.
  py::object stream = item_or_none(d, "stream");
  if (!stream.is_none()) {
    StreamHandle producer = protocol_stream_handle(int_from_py(stream));
    stream_wait_stream(device, current_stream(device)->handle(), producer);
  }
  MemoryPtr memory;
  if (plan.bytes > 0)
    memory =
        memory_owned_by(py::reinterpret_borrow<py::object>(obj), device, plan.base, plan.bytes);
  return foreign_array(plan, std::move(memory), device, read_only);
}

}  // namespace cupylike::python
