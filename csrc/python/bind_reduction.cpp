// Reduction objects (cupylike/_core/_reductions.py makes them from the table in
// cupylike/_core/_reduction_defs/), called with NumPy's keywords.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "ops/reduction.hpp"
#include "ops/reduction_launch.hpp"
#include "ops/table_entry.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/objects.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

std::optional<DimVector> axes_from_py(py::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (PyLong_CheckExact(axis.ptr())) {  // the common axis=0: no sequence conversion
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(axis.ptr(), &overflow);
    if (!overflow) return DimVector{v};
  }
  return ints_from_py(axis, "axis");
}

// numpy._NoValue, looked up once (the module keeps it alive for the process).
PyObject* no_value() {
  static PyObject* value = py::object(numpy().attr("_NoValue")).release().ptr();
  return value;
}

// NumPy's where=: a bool array, or True (everywhere: no mask) / False.
ArrayPtr where_from_py(py::handle where, Device device) {
  if (py::isinstance<py::bool_>(where)) {
    if (where.cast<bool>()) return nullptr;
    return from_host(where, py::none(), 'C', device, *current_stream(device));
  }
  if (py::isinstance(where, numpy().attr("bool_")))
    return from_host(where, py::none(), 'C', device, *current_stream(device));
  return array_arg(where, "where");
}

py::object call(Reduction& r, py::handle a, py::handle axis, py::handle dtype, py::handle out,
                py::handle keepdims, py::handle initial, py::handle where) {
  ArrayPtr x = array_arg(a, r.name().c_str());
  ReductionOptions opt;
  opt.axes = axes_from_py(axis);
  opt.keepdims = PyObject_IsTrue(keepdims.ptr()) == 1;
  if (!dtype.is_none()) opt.dtype = dtype_from_py(dtype);
  if (!out.is_none()) opt.out = array_arg(out, "out");
  if (!initial.is_none() && initial.ptr() != no_value()) {
    UfuncOperand s = ufunc_operand(initial);
    if (s.array) {
      if (s.array->size() != 1)
        raise(ErrorKind::value, "Input object to FillWithScalar is not a scalar");
      raise(ErrorKind::type, "initial= takes a scalar, not a cupylike array");
    }
    opt.initial = s.scalar;
  }
  opt.where = where_from_py(where, x->device());
  ArrayPtr result;
  // Large kernels run without the GIL; a compile releases it by itself (runtime/blocking.hpp).
  unlocked_if_large(x->nbytes(), [&] { result = r.call(x, opt); });
  if (!out.is_none()) return py::reinterpret_borrow<py::object>(out);
  return py::cast(result);
}

}  // namespace

void bind_reduction(py::module_& m) {
  py::class_<ReductionLoopSpec>(m, "_ReductionLoop",
                                "One loop of a reduction's table entry "
                                "(cupylike/_reduction_defs/common.py).")
      .def(py::init([](std::string types, std::string acc, std::string identity, std::string map,
                       std::string reduce, std::string post, std::string vbest) {
             return ReductionLoopSpec{std::move(types), std::move(acc),    std::move(identity),
                                      std::move(map),   std::move(reduce), std::move(post),
                                      std::move(vbest)};
           }),
           py::arg("types"), py::arg("acc"), py::arg("identity"), py::arg("map"), py::arg("reduce"),
           py::arg("post"), py::arg("vbest"))
      .def_readonly("types", &ReductionLoopSpec::types)
      .def_readonly("acc", &ReductionLoopSpec::acc)
      .def_readonly("identity", &ReductionLoopSpec::identity)
      .def_readonly("map", &ReductionLoopSpec::map)
      .def_readonly("reduce", &ReductionLoopSpec::reduce)
      .def_readonly("post", &ReductionLoopSpec::post)
      .def_readonly("vbest", &ReductionLoopSpec::vbest);
  py::class_<Reduction, std::shared_ptr<Reduction>>(m, "_Reduction", py::dynamic_attr(), R"doc(
A reduction of the library's table, called as
``r(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True)``.)doc")
      .def("__call__", &call, py::arg("a"), py::arg("axis") = py::none(),
           py::arg("dtype") = py::none(), py::arg("out") = py::none(), py::arg("keepdims") = false,
           py::arg("initial") = py::none(), py::arg("where") = true)
      .def_property_readonly("name", &Reduction::name)
      .def_property_readonly("types", [](const Reduction& r) { return type_strings(r); })
      .def("_kernel_source", [](const Reduction& r) { return r.family().source; })
      .def("_kernel_names", [](const Reduction& r) { return r.family().instantiations; })
      .def(
          "_compile_loops",
          [](Reduction& r, const std::vector<size_t>& loops) {
            r.compile_loops(current_device(), loops);
          },
          py::arg("loops"),
          "Loads the kernels of these loops (indices into types) on the current device, compiling "
          "those the cache lacks in parallel.")
      .def("__repr__", [](const Reduction& r) { return "<reduction '" + r.name() + "'>"; });
  m.def(
      "_make_reduction",
      [](const std::string& name, const std::vector<ReductionLoopSpec>& loops,
         const std::string& preamble, const std::string& ufunc, bool has_identity,
         const std::string& empty_error, bool int_upcast, bool ordered) {
        ReductionTraits t{ufunc, has_identity, empty_error, int_upcast, ordered};
        return make_reduction(name, loops, preamble, std::move(t));
      },
      py::arg("name"), py::arg("loops"), py::arg("preamble") = "", py::arg("ufunc") = "",
      py::arg("has_identity") = true, py::arg("empty_error") = "", py::arg("int_upcast") = false,
      py::arg("ordered") = false,
      "Makes a reduction from its table entry: loops as _ReductionLoop values.");
  m.def(
      "_force_reduction_mode",
      [](std::optional<int> mode, long long parts) { force_reduction_mode(mode, parts); },
      py::arg("mode"), py::arg("parts") = 1,
      "Tests: force how reductions cut their work (0 thread, 1 tile, 2 partial, 3 block); None "
      "restores the usual choice.");
}

}  // namespace cupylike::python
