// Module-level functions that return views: cupylike.reshape, transpose, moveaxis, ...
#include "array/views.hpp"
#include "core/error.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"

namespace cupylike::python {

void bind_views(py::module_& m) {
  m.def(
      "reshape",
      [](py::handle a, py::handle shape, py::handle order, py::handle newshape, py::handle copy) {
        if (shape.is_none() == newshape.is_none())
          raise(ErrorKind::type, "reshape() needs exactly one of `shape` and `newshape`");
        return reshape_array(array_arg(a, "reshape"),
                             shape_from_py(shape.is_none() ? newshape : shape),
                             order_from_py(order, 'C', "CFA"), copy);
      },
      py::arg("a"), py::arg("shape") = py::none(), py::arg("order") = "C", py::kw_only(),
      py::arg("newshape") = py::none(), py::arg("copy") = py::none(),
      "numpy.reshape: a view when the layout allows one.");
  m.def(
      "ravel",
      [](py::handle a, py::handle order) {
        return ravel_array(array_arg(a, "ravel"), order_from_py(order, 'C'));
      },
      py::arg("a"), py::arg("order") = "C", "numpy.ravel");
  m.def(
      "transpose",
      [](py::handle a, py::handle axes) {
        ArrayPtr x = array_arg(a, "transpose");
        return axes.is_none() ? transpose(x) : transpose(x, ints_from_py(axes, "axes"));
      },
      py::arg("a"), py::arg("axes") = py::none(), "numpy.transpose: a view.");
  m.def(
      "swapaxes",
      [](py::handle a, int64_t axis1, int64_t axis2) {
        return swapaxes(array_arg(a, "swapaxes"), axis1, axis2);
      },
      py::arg("a"), py::arg("axis1"), py::arg("axis2"), "numpy.swapaxes: a view.");
  m.def(
      "moveaxis",
      [](py::handle a, py::handle source, py::handle destination) {
        return moveaxis(array_arg(a, "moveaxis"), ints_from_py(source, "source"),
                        ints_from_py(destination, "destination"));
      },
      py::arg("a"), py::arg("source"), py::arg("destination"), "numpy.moveaxis: a view.");
  m.def(
      "squeeze",
      [](py::handle a, py::handle axis) {
        ArrayPtr x = array_arg(a, "squeeze");
        if (axis.is_none()) return squeeze(x, nullptr);
        DimVector axes = ints_from_py(axis, "axis");
        return squeeze(x, &axes, !PyTuple_Check(axis.ptr()));
      },
      py::arg("a"), py::arg("axis") = py::none(), "numpy.squeeze: a view.");
  m.def(
      "expand_dims",
      [](py::handle a, py::handle axis) {
        return expand_dims(array_arg(a, "expand_dims"), ints_from_py(axis, "axis"));
      },
      py::arg("a"), py::arg("axis"), "numpy.expand_dims: a view.");
  m.def(
      "broadcast_to",
      [](py::handle a, py::handle shape) {
        return broadcast_to(array_arg(a, "broadcast_to"), shape_from_py(shape));
      },
      py::arg("array"), py::arg("shape"), "numpy.broadcast_to: a read-only view.");
  m.def(
      "diagonal",
      [](py::handle a, int64_t offset, int64_t axis1, int64_t axis2) {
        return diagonal(array_arg(a, "diagonal"), offset, axis1, axis2);
      },
      py::arg("a"), py::arg("offset") = 0, py::arg("axis1") = 0, py::arg("axis2") = 1,
      "numpy.diagonal: a read-only view, the diagonal as the last axis.");
}

}  // namespace cupylike::python
