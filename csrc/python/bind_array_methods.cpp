// ndarray methods that convert or write elements: astype, fill and item.
#include "array/views.hpp"
#include "core/error.hpp"
#include "ops/copy.hpp"
#include "python/bind_parts.hpp"
#include "python/convert.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"

namespace cupylike::python {

namespace {

ArrayPtr astype_method(const ArrayPtr& a, py::handle dtype, py::handle order, py::handle casting,
                       py::handle, py::handle copy) {
  // numpy's astype(None) means the default float type, as numpy.dtype(None) does.
  DType dt = dtype_or(dtype, DType::float64);
  if (!py::isinstance<py::str>(casting))
    raise(ErrorKind::type,
          std::string("casting must be str, not ") + Py_TYPE(casting.ptr())->tp_name);
  std::string rule = casting.cast<std::string>();
  if (rule == "same_value")
    raise(ErrorKind::not_implemented,
          "astype(casting='same_value') is not supported yet: it needs a device check that "
          "every value survives the cast");
  Casting c = casting_from_string(rule);
  char o = order_from_py(order, 'K');
  bool force = truth_from_py(copy);
  const Stream& stream = *current_stream(a->device());
  check_cast(a->dtype(), dt, c);
  warn_if_discarding_imaginary(a->dtype(), dt);
  if (!force && dt == a->dtype() && has_order(*a, o)) return a;
  return copy_array_unlocked(a, o, stream, dt);
}

// The element a.item(*args) names, as a 0-d view; IndexError / ValueError as NumPy.
ArrayPtr item_view(const ArrayPtr& a, const py::args& args) {
  std::vector<IndexItem> items;
  if (args.size() == 1 && !PyTuple_Check(args[0].ptr())) {
    // One integer: a flat index in C order.
    int64_t i = ints_from_py(args[0], "index")[0], n = a->size();
    if (i < -n || i >= n)
      raise(ErrorKind::index,
            "index " + std::to_string(i) + " is out of bounds for size " + std::to_string(n));
    if (i < 0) i += n;
    items.resize(a->ndim(), IndexItem{IndexItem::integer});
    for (int d = a->ndim() - 1; d >= 0; --d) {
      items[d].value = i % a->shape()[d];
      i /= a->shape()[d];
    }
    return basic_index(a, items);
  }
  DimVector idx = args.size() == 1 ? ints_from_py(args[0], "index") : ints_from_py(args, "index");
  if (idx.size() != a->ndim()) raise(ErrorKind::value, "incorrect number of indices for array");
  for (int64_t v : idx) items.push_back(IndexItem{IndexItem::integer, v});
  return basic_index(a, items);
}

py::object item_method(const ArrayPtr& a, const py::args& args) {
  bool no_index = args.size() == 0 || (args.size() == 1 && PyTuple_Check(args[0].ptr()) &&
                                       PyTuple_GET_SIZE(args[0].ptr()) == 0);
  if (no_index && a->size() != 1)
    raise(ErrorKind::value, "can only convert an array of size 1 to a Python scalar");
  ArrayPtr e = no_index ? a : item_view(a, args);
  return to_numpy(e, 'C', py::none(), *current_stream(a->device())).attr("item")();
}

}  // namespace

void bind_array_methods(py::class_<NDArray, ArrayPtr>& cls) {
  cls.def("astype", &astype_method, py::arg("dtype"), py::arg("order") = "K",
          py::arg("casting") = "unsafe", py::arg("subok") = py::none(), py::arg("copy") = true,
          "A copy cast to `dtype` (numpy.ndarray.astype): NumPy's values and layout for\n"
          "`order`, TypeError when `casting` forbids the cast, the array itself when\n"
          "copy=False and nothing has to change.")
      .def(
          "fill",
          [](const ArrayPtr& a, py::handle value) {
            assign_value(a, value, ValueRule::fill, *current_stream(a->device()));
          },
          py::arg("value"), "Sets every element to `value`, converted as numpy.ndarray.fill does.")
      .def("item", &item_method,
           "The element named by a flat index or one index per axis (all of a size-1 array) as "
           "a Python scalar.");
}

}  // namespace cupylike::python
