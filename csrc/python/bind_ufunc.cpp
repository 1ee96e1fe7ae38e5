// cupylike.ufunc: the objects of the ufunc table (cupylike/_core/_ufunc_table.py), called with
// NumPy's keywords, and the ndarray operators that use them.
#include <pybind11/stl.h>

#include <chrono>
#include <cmath>

#include "core/error.hpp"
#include "ops/table_entry.hpp"
#include "ops/ufunc.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/objects.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

py::object results(const Ufunc& u, std::array<ArrayPtr, kUfuncMaxOut>&& r,
                   const UfuncCallArgs& args) {
  auto one = [&](int k) -> py::object {
    if (args.out_objects[size_t(k)])
      return py::reinterpret_borrow<py::object>(args.out_objects[size_t(k)]);
    return wrap_array(std::move(r[size_t(k)]));
  };
  if (u.nout() == 1) return one(0);
  py::tuple t(u.nout());
  for (int k = 0; k < u.nout(); ++k) t[size_t(k)] = one(k);
  return t;
}

// Large kernels run without the GIL (a compile releases it by itself, runtime/blocking.hpp).
py::object call_with(Ufunc& u, PyObject* args, PyObject* kwargs) {
  if (!kwargs || PyDict_GET_SIZE(kwargs) == 0) {
    const int n = int(PyTuple_GET_SIZE(args));
    if (py::object r = call_plain(u, &PyTuple_GET_ITEM(args, 0), n)) return r;
  }
  UfuncCallArgs a = parse_ufunc_args(u, args, kwargs);
  auto r = unlocked_if_large(largest_operand_bytes(a.operands, u.nin(), a.options),
                             [&] { return u.call(a.operands, a.options); });
  return results(u, std::move(r), a);
}

py::object call(Ufunc& u, py::args args, py::kwargs kwargs) {
  return call_with(u, args.ptr(), kwargs.ptr());
}

// `cupylike.add(a, b)` through a C-level slot: no lookup of __call__ and no pybind11 argument
// dispatch (the bound __call__ stays for explicit use).
PyObject* tp_call(PyObject* self, PyObject* args, PyObject* kwargs) noexcept {
  return guarded([&] {
    auto* u =
        reinterpret_cast<py::detail::instance*>(self)->get_value_and_holder().value_ptr<Ufunc>();
    if (!u) raise(ErrorKind::type, "the ufunc object was never initialised");
    return call_with(*u, args, kwargs);
  });
}

py::object outer(Ufunc& u, py::args args, py::kwargs kwargs) {
  if (u.nin() != 2 || args.size() != 2)
    raise(ErrorKind::value, "outer product only supported for binary functions");
  // a.outer(b)[i..., j...] = f(a[i...], b[j...]): a gains b.ndim trailing axes of length 1.
  // NumPy's outer takes its inputs through numpy.asarray: a Python scalar is a strong 0-d
  // array there (int64 for 3), not the weak scalar of a plain call.
  auto strong = [](py::object v) {
    if (py::isinstance<NDArray>(v) || py::isinstance(v, numpy_generic())) return v;
    return py::object(numpy().attr("asarray")(v));
  };
  py::object a = strong(args[0]), b = strong(args[1]);
  if (py::isinstance<NDArray>(a) && (py::isinstance<NDArray>(b))) {
    int nb = b.cast<NDArray&>().ndim();
    DimVector shape = a.cast<NDArray&>().shape();
    for (int i = 0; i < nb; ++i) shape.push_back(1);
    a = py::cast(reshape_array(a.cast<ArrayPtr>(), shape, 'C', py::none()));
  }
  return call(u, py::make_tuple(a, b), kwargs);
}

}  // namespace

void bind_ufunc(py::module_& m) {
  auto cls = py::class_<Ufunc, std::shared_ptr<Ufunc>>(m, "ufunc", py::dynamic_attr(), R"doc(
A universal function: elementwise over broadcast arrays, with NumPy's loops, type resolution
(NumPy 2, Python scalars weak) and keywords out=, where=, casting=, dtype=.)doc")
                 .def("__call__", &call)
                 .def("outer", &outer)
                 .def_property_readonly("nin", &Ufunc::nin)
                 .def_property_readonly("nout", &Ufunc::nout)
                 .def_property_readonly("nargs", [](const Ufunc& u) { return u.nin() + u.nout(); })
                 .def_property_readonly("types", &Ufunc::type_strings)
                 .def_property_readonly("ntypes", [](const Ufunc& u) { return u.loops().size(); })
                 .def_property_readonly("signature", [](const Ufunc&) { return py::none(); })
                 .def("_kernel_source", [](const Ufunc& u) { return u.family().source; })
                 .def("_kernel_names", [](const Ufunc& u) { return u.family().instantiations; })
                 .def("__repr__", [](const Ufunc& u) { return "<ufunc '" + u.name() + "'>"; });
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  type->tp_call = tp_call;
  PyType_Modified(type);
  m.def(
      "_ufunc_call_ns",
      [](Ufunc& u, py::tuple operands, int n) {
        UfuncCallArgs a = parse_ufunc_args(u, operands.ptr(), nullptr);
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i) u.call(a.operands, a.options);
        return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0)
                   .count() /
               n;
      },
      "Benchmark: nanoseconds per core call of a ufunc (no Python objects made).");
  m.def(
      "_make_ufunc",
      [](const std::string& name, int nin, int nout,
         const std::vector<std::pair<std::string, std::string>>& loops, const std::string& preamble,
         const std::string& doc, const std::string& bool_error, const std::string& weak_ints,
         bool legacy_scalars, bool negative_exponent_error, bool ints_as_float64) {
        UfuncRules rules{bool_error, weak_int_rule(weak_ints), legacy_scalars,
                         negative_exponent_error, ints_as_float64};
        py::object u = py::cast(make_ufunc(name, nin, nout, loops, preamble, std::move(rules)));
        u.attr("__name__") = name;  // per instance, as NumPy's ufuncs have it
        u.attr("__doc__") = doc;
        return u;
      },
      py::arg("name"), py::arg("nin"), py::arg("nout"), py::arg("loops"), py::arg("preamble") = "",
      py::arg("doc") = "", py::arg("bool_error") = "", py::arg("weak_ints") = "",
      py::arg("legacy_scalars") = false, py::arg("negative_exponent_error") = false,
      py::arg("ints_as_float64") = false,
      "Makes a ufunc from its table entry: loops as (types, CUDA C++ operation) pairs.");
}

}  // namespace cupylike::python
