// cupylike.ElementwiseKernel, with CuPy's constructor and call signature.
#include <pybind11/stl.h>

#include <climits>

#include "core/error.hpp"
#include "ops/elementwise_kernel.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

// The kernel and how its call returns (CuPy's no_return and return_tuple).
struct PyElementwiseKernel {
  std::shared_ptr<ElementwiseKernel> kernel;
  bool no_return = false, return_tuple = false;
};

py::object call(PyElementwiseKernel& self, py::args args, py::kwargs kwargs) {
  int64_t size = -1;
  std::optional<int> block_size;
  py::handle stream = py::none();
  for (auto item : kwargs) {
    std::string key = py::str(item.first);
    if (key == "size") {
      if (!item.second.is_none()) size = int_from_py(item.second);
    } else if (key == "block_size") {
      if (!item.second.is_none())
        block_size = int(int_in_range(item.second, "block_size", INT_MIN, INT_MAX));
    } else if (key == "stream") {
      stream = item.second;
    } else {
      raise(ErrorKind::type, "Wrong arguments: unexpected keyword '" + key + "'");
    }
  }
  std::vector<UfuncOperand> operands;
  operands.reserve(args.size());
  for (py::handle a : args) operands.push_back(ufunc_operand(a));
  const Stream* s = stream.is_none() ? nullptr : &stream.cast<const Stream&>();
  std::vector<ArrayPtr> outs;
  {
    py::gil_scoped_release unlocked;  // kernels (and a first compile) run without the GIL
    outs = self.kernel->call(operands, size, s, block_size);
  }
  if (self.no_return) return py::none();
  const int nin = self.kernel->definition().nin;
  auto result = [&](size_t k) -> py::object {
    if (args.size() > size_t(nin)) return args[size_t(nin) + k];  // the given output itself
    return py::cast(outs[k]);
  };
  if (outs.size() == 1 && !self.return_tuple) return result(0);
  py::tuple t(outs.size());
  for (size_t k = 0; k < outs.size(); ++k) t[k] = result(k);
  return t;
}

}  // namespace

void bind_elementwise(py::module_& m) {
  py::class_<PyElementwiseKernel>(m, "ElementwiseKernel", R"doc(
ElementwiseKernel(in_params, out_params, operation, name='kernel', reduce_dims=True,
                  preamble='', no_return=False, return_tuple=False, loop_prep='',
                  after_loop='', options=())

A user-defined elementwise kernel, as CuPy's. Parameters are written 'T x, raw T y, float32 z':
a one-letter type is a placeholder bound from the argument dtypes (arrays must agree exactly),
a longer one a NumPy dtype name; `raw` parameters are not broadcast and are indexed by hand
(`y[i]`, `y[_ind.get()]`, `y.size()`). `operation` is CUDA C++ run once per element of the
broadcast shape of the non-raw arrays, with the index `i` and `_ind.size()`; loop_prep and
after_loop run once per thread around the loop. Scalars take their parameter's type (a Python
int out of its range is an OverflowError, as in NumPy 2); a placeholder that only scalars meet
takes the dtype NumPy gives them (CuPy raises there). Call it as
``kernel(*inputs[, *outputs], size=None, block_size=None, stream=None)``; outputs not given are
allocated in C order. Compiled once per argument types and layout class, by NVRTC on a GPU and
by the host compiler on the cpu device (which ignores block_size).)doc")
      .def(py::init([](const std::string& in_params, const std::string& out_params,
                       const std::string& operation, const std::string& name, bool reduce_dims,
                       const std::string& preamble, bool no_return, bool return_tuple,
                       const std::string& loop_prep, const std::string& after_loop,
                       py::handle options) {
             EwkDefinition d;
             d.params = parse_ewk_params(in_params, false);
             d.nin = int(d.params.size());
             for (EwkParam& p : parse_ewk_params(out_params, true)) d.params.push_back(p);
             d.nout = int(d.params.size()) - d.nin;
             d.operation = operation;
             d.name = name;
             d.reduce_dims = reduce_dims;
             d.preamble = preamble;
             d.loop_prep = loop_prep;
             d.after_loop = after_loop;
             d.options = strings_from_py(options, "options");
             return PyElementwiseKernel{std::make_shared<ElementwiseKernel>(std::move(d)),
                                        no_return, return_tuple};
           }),
           py::arg("in_params"), py::arg("out_params"), py::arg("operation"),
           py::arg("name") = "kernel", py::arg("reduce_dims") = true, py::arg("preamble") = "",
           py::arg("no_return") = false, py::arg("return_tuple") = false, py::arg("loop_prep") = "",
           py::arg("after_loop") = "", py::arg("options") = py::tuple())
      .def("__call__", &call)
      .def_property_readonly(
          "nin", [](const PyElementwiseKernel& k) { return k.kernel->definition().nin; })
      .def_property_readonly(
          "nout", [](const PyElementwiseKernel& k) { return k.kernel->definition().nout; })
      .def_property_readonly(
          "nargs",
          [](const PyElementwiseKernel& k) { return k.kernel->definition().params.size(); })
      .def_property_readonly(
          "name", [](const PyElementwiseKernel& k) { return k.kernel->definition().name; })
      .def(
          "__getattr__",  // CuPy's __name__ (a property of that name clashes with the type's)
          [](const PyElementwiseKernel& k, const std::string& attr) -> py::object {
            if (attr == "__name__") return py::str(k.kernel->definition().name);
            throw py::attribute_error("'ElementwiseKernel' object has no attribute '" + attr + "'");
          })
      .def_property_readonly(
          "operation",
          [](const PyElementwiseKernel& k) { return k.kernel->definition().operation; })
      .def_property_readonly(
          "preamble", [](const PyElementwiseKernel& k) { return k.kernel->definition().preamble; })
      .def_property_readonly(
          "reduce_dims",
          [](const PyElementwiseKernel& k) { return k.kernel->definition().reduce_dims; })
      .def_readonly("no_return", &PyElementwiseKernel::no_return)
      .def_readonly("return_tuple", &PyElementwiseKernel::return_tuple);
  m.def("_elementwise_kernel_sources", &ewk_generated,
        "Every (source, kernel name) ElementwiseKernels compiled in this process (for tests).");
}

}  // namespace cupylike::python
