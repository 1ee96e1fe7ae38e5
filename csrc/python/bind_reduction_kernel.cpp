// cupylike.ReductionKernel, with CuPy's constructor and call signature.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "ops/reduction_kernel.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

py::object call(ReductionKernel& self, py::args args, py::kwargs kwargs) {
  RkCallOptions opt;
  py::handle out = py::none(), stream = py::none();
  for (auto item : kwargs) {
    std::string key = py::str(item.first);
    if (key == "out") {
      out = item.second;
    } else if (key == "axis") {
      if (!item.second.is_none()) opt.axes = ints_from_py(item.second, "axis");
    } else if (key == "keepdims") {
      opt.keepdims = PyObject_IsTrue(item.second.ptr()) == 1;
    } else if (key == "stream") {
      stream = item.second;
    } else {
      raise(ErrorKind::type, "Wrong arguments: unexpected keyword '" + key + "'");
    }
  }
  if (!out.is_none()) opt.out = array_arg(out, "out");
  std::vector<UfuncOperand> operands;
  operands.reserve(args.size());
  for (py::handle a : args) operands.push_back(ufunc_operand(a));
  if (!stream.is_none()) {
    if (!py::isinstance<Stream>(stream))
      raise(ErrorKind::type, std::string("stream must be a cupylike.cuda.Stream, got ") +
                                 Py_TYPE(stream.ptr())->tp_name);
    opt.stream = &stream.cast<const Stream&>();
  }
  ArrayPtr result;
  {
    py::gil_scoped_release unlocked;  // kernels (and a first compile) run without the GIL
    result = self.call(operands, opt);
  }
  // A given output comes back as the object the caller passed.
  if (!out.is_none()) return py::reinterpret_borrow<py::object>(out);
  if (args.size() > size_t(self.definition().nin)) return args[args.size() - 1];
  return py::cast(result);
}

}  // namespace

void bind_reduction_kernel(py::module_& m) {
  py::class_<ReductionKernel, std::shared_ptr<ReductionKernel>>(m, "ReductionKernel", R"doc(
ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                name='reduce_kernel', reduce_type=None, reduce_dims=True, preamble='',
                options=())

A user-defined reduction, as CuPy's. Parameters are written as ElementwiseKernel's
('T x, T w', 'T y'): a one-letter type is a placeholder bound from the argument dtypes. Each
element of the broadcast inputs is mapped by `map_expr` (an expression of the input names and
of `_J`, the element's index in its slice), the mapped values are combined by `reduce_expr` (an
expression of `a` and `b`, associative and commutative: elements are combined in any order),
and `post_map_expr` assigns the output from the result `a` (and `_n`, the slice's length).
`identity` (an expression, or None) starts each reduction; an empty slice gives
post_map(identity), or a ValueError without one. `reduce_type` is the accumulator's type: a
placeholder, a C type ('float', 'double'), a NumPy dtype name, or a type the preamble defines;
by default the output's type (float16 accumulates in float). Call it as
``kernel(*inputs[, output], out=None, axis=None, keepdims=False, stream=None)``; scalars take
their parameter's type. Compiled once per parameter types, by NVRTC on a GPU and by the host
compiler on the cpu device; reduce_dims is accepted and ignored (axes are always merged).)doc")
      .def(py::init([](const std::string& in_params, const std::string& out_params,
                       const std::string& map_expr, const std::string& reduce_expr,
                       const std::string& post_map_expr, py::handle identity,
                       const std::string& name, py::handle reduce_type, bool reduce_dims,
                       const std::string& preamble, py::handle options) {
             RkDefinition d;
             d.params = parse_ewk_params(in_params, false);
             d.nin = int(d.params.size());
             for (EwkParam& p : parse_ewk_params(out_params, true)) d.params.push_back(p);
             d.map_expr = map_expr;
             d.reduce_expr = reduce_expr;
             d.post_map_expr = post_map_expr;
             if (!identity.is_none()) d.identity = py::str(identity).cast<std::string>();
             d.name = name;
             // A str as CuPy takes it, or a dtype (numpy.float64) by its name.
             if (py::isinstance<py::str>(reduce_type))
               d.reduce_type = reduce_type.cast<std::string>();
             else if (!reduce_type.is_none())
               d.reduce_type = dtype_name(dtype_from_py(reduce_type));
             d.reduce_dims = reduce_dims;
             d.preamble = preamble;
             d.options = strings_from_py(options, "options");
             return std::make_shared<ReductionKernel>(std::move(d));
           }),
           py::arg("in_params"), py::arg("out_params"), py::arg("map_expr"), py::arg("reduce_expr"),
           py::arg("post_map_expr"), py::arg("identity"), py::arg("name") = "reduce_kernel",
           py::arg("reduce_type") = py::none(), py::arg("reduce_dims") = true,
           py::arg("preamble") = "", py::arg("options") = py::tuple())
      .def("__call__", &call)
      .def_property_readonly("name", [](const ReductionKernel& k) { return k.definition().name; })
      .def_property_readonly("nin", [](const ReductionKernel& k) { return k.definition().nin; })
      .def_property_readonly("nout", [](const ReductionKernel&) { return 1; })
      .def_property_readonly("nargs",
                             [](const ReductionKernel& k) { return k.definition().params.size(); })
      .def_property_readonly("identity",
                             [](const ReductionKernel& k) { return k.definition().identity; })
      .def_property_readonly("map_expr",
                             [](const ReductionKernel& k) { return k.definition().map_expr; })
      .def_property_readonly("reduce_expr",
                             [](const ReductionKernel& k) { return k.definition().reduce_expr; })
      .def_property_readonly("post_map_expr",
                             [](const ReductionKernel& k) { return k.definition().post_map_expr; })
      .def_property_readonly("reduce_type",
                             [](const ReductionKernel& k) -> py::object {
                               if (k.definition().reduce_type.empty()) return py::none();
                               return py::str(k.definition().reduce_type);
                             })
      .def_property_readonly("reduce_dims",
                             [](const ReductionKernel& k) { return k.definition().reduce_dims; })
      .def_property_readonly("preamble",
                             [](const ReductionKernel& k) { return k.definition().preamble; })
      .def_property_readonly(
          "options",
          [](const ReductionKernel& k) { return py::tuple(py::cast(k.definition().options)); })
      .def("__getattr__",  // CuPy's __name__ (a property of that name clashes with the type's)
           [](const ReductionKernel& k, const std::string& attr) -> py::object {
             if (attr == "__name__") return py::str(k.definition().name);
             throw py::attribute_error("'ReductionKernel' object has no attribute '" + attr + "'");
           })
      .def(
          "_kernel_source",
          [](const ReductionKernel& k, py::iterable dtypes) {
            std::vector<DType> types;
            for (py::handle d : dtypes) types.push_back(dtype_from_py(d));
            return k.source(types);
          },
          py::arg("dtypes"), "The source for parameter dtypes (inputs, then the output); tests.");
  m.def("_reduction_kernel_sources", &rk_generated,
        "Every (source, kernel name) ReductionKernels compiled in this process (for tests).");
}

}  // namespace cupylike::python
