// Module-level functions that return views: cupylike.reshape, transpose, moveaxis, ...
#include "array/views.hpp"
#include "core/error.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

void bind_views(py::module_& m) {
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  m.def(
      "reshape",
      [](py::handle a, py::handle shape, py::handle order, py::handle copy) {
        return reshape_array(array_arg(a, "reshape"), shape_from_py(shape),
                             order_from_py(order, 'C', "CFA"), copy);
      },
      py::arg("a"), py::pos_only(), py::arg("shape"), py::arg("order") = "C", py::kw_only(),
      py::arg("copy") = py::none(),
      with_signature("reshape(a, /, shape, order='C', *, copy=None) -> ndarray",
                     "numpy.reshape: a view when the layout allows one.")
          .c_str());
  m.def(
      "ravel",
      [](py::handle a, py::handle order) {
        return ravel_array(array_arg(a, "ravel"), order_from_py(order, 'C'));
      },
      py::arg("a"), py::arg("order") = "C",
      with_signature("ravel(a, order='C') -> ndarray", "numpy.ravel").c_str());
  m.def(
      "transpose",
      [](py::handle a, py::handle axes) {
        ArrayPtr x = array_arg(a, "transpose");
        return axes.is_none() ? transpose(x) : transpose(x, ints_from_py(axes, "axes"));
      },
      py::arg("a"), py::arg("axes") = py::none(),
      with_signature("transpose(a, axes=None) -> ndarray", "numpy.transpose: a view.").c_str());
  m.def(
      "swapaxes",
      [](py::handle a, int64_t axis1, int64_t axis2) {
        return swapaxes(array_arg(a, "swapaxes"), axis1, axis2);
      },
      py::arg("a"), py::arg("axis1"), py::arg("axis2"),
      with_signature("swapaxes(a, axis1, axis2) -> ndarray", "numpy.swapaxes: a view.").c_str());
  m.def(
      "moveaxis",
      [](py::handle a, py::handle source, py::handle destination) {
        return moveaxis(array_arg(a, "moveaxis"), ints_from_py(source, "source"),
                        ints_from_py(destination, "destination"));
      },
      py::arg("a"), py::arg("source"), py::arg("destination"),
      with_signature("moveaxis(a, source, destination) -> ndarray", "numpy.moveaxis: a view.")
          .c_str());
  m.def(
      "squeeze",
      [](py::handle a, py::handle axis) {
        ArrayPtr x = array_arg(a, "squeeze");
        if (axis.is_none()) return squeeze(x, nullptr);
        DimVector axes = ints_from_py(axis, "axis");
        return squeeze(x, &axes, !PyTuple_Check(axis.ptr()));
      },
      py::arg("a"), py::arg("axis") = py::none(),
      with_signature("squeeze(a, axis=None) -> ndarray", "numpy.squeeze: a view.").c_str());
  m.def(
      "expand_dims",
      [](py::handle a, py::handle axis) {
        return expand_dims(array_arg(a, "expand_dims"), ints_from_py(axis, "axis"));
      },
      py::arg("a"), py::arg("axis"),
      with_signature("expand_dims(a, axis) -> ndarray", "numpy.expand_dims: a view.").c_str());
  m.def(
      "broadcast_to",
      [](py::handle a, py::handle shape, py::handle) {
        // subok: cupylike has no subclasses, so the view is an ndarray either way.
        return broadcast_to(array_arg(a, "broadcast_to"), shape_from_py(shape));
      },
      py::arg("array"), py::arg("shape"), py::arg("subok") = false,
      with_signature("broadcast_to(array, shape, subok=False) -> ndarray",
                     "numpy.broadcast_to: a read-only view.")
          .c_str());
  m.def(
      "_as_strided",
      [](py::handle a, py::handle shape, py::handle strides, bool writeable) {
        return as_strided(array_arg(a, "as_strided"), shape_from_py(shape),
                          ints_from_py(strides, "strides"), writeable);
      },
      py::arg("x"), py::arg("shape"), py::arg("strides"), py::arg("writeable"),
      "The view of numpy.lib.stride_tricks.as_strided, bounds-checked (cupylike.lib).");
  m.def(
      "diagonal",
      [](py::handle a, int64_t offset, int64_t axis1, int64_t axis2) {
        return diagonal(array_arg(a, "diagonal"), offset, axis1, axis2);
      },
      py::arg("a"), py::arg("offset") = 0, py::arg("axis1") = 0, py::arg("axis2") = 1,
      with_signature("diagonal(a, offset=0, axis1=0, axis2=1) -> ndarray",
                     "numpy.diagonal: a read-only view, the diagonal as the last axis.")
          .c_str());
}

}  // namespace cupylike::python
