// Scan objects (cupylike/_core/_scans.py makes them from the table in _core/_scan_defs.py),
// called as s(a, axis, dtype, out, function).
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "ops/scan.hpp"
#include "ops/scan_launch.hpp"
#include "ops/table_entry.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

// NumPy's axis: None, or an integer (not a bool: "an integer is required for the axis").
std::optional<int64_t> axis_from_py(py::handle axis) {
  if (axis.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(axis) || py::isinstance(axis, numpy_bool_type()))
    raise(ErrorKind::type, "an integer is required for the axis");
  return int_from_py(axis);  // TypeError for a float, a tuple, ...
}

// `function`: the public name for messages ("cumsum"); the scan's own name by default.
py::object call(Scan& s, py::handle a, py::handle axis, py::handle dtype, py::handle out,
                const std::string& function) {
  ArrayPtr x = array_arg(a, function.empty() ? s.name().c_str() : function.c_str());
  std::optional<int64_t> ax = axis_from_py(axis);
  std::optional<DType> dt;
  if (!dtype.is_none()) dt = dtype_from_py(dtype);
  ArrayPtr o = out.is_none() ? nullptr : array_arg(out, "out");
  ArrayPtr result;
  {
    py::gil_scoped_release unlocked;  // kernels (and a first compile) run without the GIL
    result = s.call(x, ax, dt, o);
  }
  if (o) return py::reinterpret_borrow<py::object>(out);
  return py::cast(result);
}

}  // namespace

void bind_scan(py::module_& m) {
  py::class_<Scan, std::shared_ptr<Scan>>(m, "_Scan", py::dynamic_attr(), R"doc(
A scan of the library's table, called as ``s(a, axis=None, dtype=None, out=None)``; axis None
scans the flattened array.)doc")
      .def("__call__", &call, py::arg("a"), py::arg("axis") = py::none(),
           py::arg("dtype") = py::none(), py::arg("out") = py::none(), py::arg("function") = "")
      .def_property_readonly("name", &Scan::name)
      .def_property_readonly("types", [](const Scan& s) { return type_strings(s); })
      .def("_kernel_source", [](const Scan& s) { return s.family().source; })
      .def("_kernel_names", [](const Scan& s) { return s.family().instantiations; })
      .def(
          "_compile_loops",
          [](Scan& s, const std::vector<size_t>& loops) {
            s.compile_loops(current_device(), loops);
          },
          py::arg("loops"),
          "Loads the kernels of these loops (indices into types) on the current device, compiling "
          "those the cache lacks in parallel.")
      .def("__repr__", [](const Scan& s) { return "<scan '" + s.name() + "'>"; });
  m.def(
      "_make_scan",
      [](const std::string& name, const std::vector<ScanLoopSpec>& loops,
         const std::string& preamble, std::shared_ptr<Ufunc> ufunc, const std::string& ufunc_name,
         bool int_upcast, bool logical) {
        return make_scan(name, loops, preamble, std::move(ufunc),
                         ScanTraits{ufunc_name, int_upcast, logical});
      },
      py::arg("name"), py::arg("loops"), py::arg("preamble") = "", py::arg("ufunc") = nullptr,
      py::arg("ufunc_name") = "", py::arg("int_upcast") = false, py::arg("logical") = false,
      "Makes a scan from its table entry: loops as (types, map, operation, ordered); `ufunc` "
      "(optional) picks the accumulator type as NumPy's accumulate does.");
  m.def(
      "_force_scan_mode",
      [](std::optional<int> mode, long long chunks) { force_scan_mode(mode, chunks); },
      py::arg("mode"), py::arg("chunks") = 1,
      "Tests: force how scans cut their work (0 thread, 1 tile, 2 chunk, 3 block); None "
      "restores the usual choice.");
}

}  // namespace cupylike::python
