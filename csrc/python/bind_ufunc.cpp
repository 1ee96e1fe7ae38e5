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

// The general call: a tuple of positional arguments and a dict of keywords (or null). Large
// kernels run without the GIL (a compile releases it by itself, runtime/blocking.hpp).
py::object call_general(Ufunc& u, PyObject* args, PyObject* kwargs) {
  UfuncCallArgs a = parse_ufunc_args(u, args, kwargs);
  auto r = unlocked_if_large(largest_operand_bytes(a.operands, u.nin(), a.options),
                             [&] { return u.call(a.operands, a.options); });
  return results(u, std::move(r), a);
}

py::object call_with(Ufunc& u, PyObject* args, PyObject* kwargs) {
  if (!kwargs || PyDict_GET_SIZE(kwargs) == 0) {
    const int n = int(PyTuple_GET_SIZE(args));
    if (py::object r = call_plain(u, &PyTuple_GET_ITEM(args, 0), n)) return r;
  }
  return call_general(u, args, kwargs);
}

py::object call(Ufunc& u, py::args args, py::kwargs kwargs) {
  return call_with(u, args.ptr(), kwargs.ptr());
}

Ufunc& ufunc_of(PyObject* self) {
  auto* u =
      reinterpret_cast<py::detail::instance*>(self)->get_value_and_holder().value_ptr<Ufunc>();
  if (!u) raise(ErrorKind::type, "the ufunc object was never initialised");
  return *u;
}

// `cupylike.add(a, b, out=c)` through a C-level slot: no lookup of __call__ and no pybind11
// argument dispatch (the bound __call__ stays for explicit use).
PyObject* tp_call(PyObject* self, PyObject* args, PyObject* kwargs) noexcept {
  return guarded([&] { return call_with(ufunc_of(self), args, kwargs); });
}

// `cupylike.add(a, b)` by vectorcall, as NumPy's ufuncs are called: Python passes the
// arguments as they lie on its stack, without the tuple it builds for tp_call. The plain path
// takes them so; other calls get the tuple and dict tp_call would have had.
PyObject* vectorcall(PyObject* self, PyObject* const* args, size_t nargsf,
                     PyObject* kwnames) noexcept {
  return guarded([&] {
    Ufunc& u = ufunc_of(self);
    const Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    const Py_ssize_t nk = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nk == 0)
      if (py::object r = call_plain(u, args, int(n))) return r;
    py::tuple positional(n);
    for (Py_ssize_t i = 0; i < n; ++i)
      positional[size_t(i)] = py::reinterpret_borrow<py::object>(args[i]);
    py::dict keywords;
    for (Py_ssize_t k = 0; k < nk; ++k)
      keywords[PyTuple_GET_ITEM(kwnames, k)] = py::reinterpret_borrow<py::object>(args[n + k]);
    return call_general(u, positional.ptr(), nk ? keywords.ptr() : nullptr);
  });
}

// Where each ufunc object keeps its vectorcall function: a pybind11 instance has no field for
// it, so bind_ufunc grows the type by one pointer before any ufunc exists.
Py_ssize_t g_vectorcall_offset = 0;

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
                 .def(
                     "_compile_loops",
                     [](Ufunc& u, const std::vector<size_t>& loops) {
                       u.compile_loops(current_device(), loops);
                     },
                     py::arg("loops"),
                     "Loads the kernels of these loops (indices into types) on the current device, "
                     "compiling those the cache lacks in parallel.")
                 .def("__repr__", [](const Ufunc& u) { return "<ufunc '" + u.name() + "'>"; });
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  type->tp_call = tp_call;
  g_vectorcall_offset = type->tp_basicsize;
  type->tp_basicsize += Py_ssize_t(sizeof(vectorcallfunc));
  type->tp_vectorcall_offset = g_vectorcall_offset;
  type->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
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
        *reinterpret_cast<vectorcallfunc*>(reinterpret_cast<char*>(u.ptr()) + g_vectorcall_offset) =
            vectorcall;
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
