#pragma once
/// A ufunc call's Python arguments as the core takes them: operands (arrays, NumPy scalars,
/// weak Python scalars) and NumPy's keywords.
#include <pybind11/pybind11.h>

#include "ops/ufunc.hpp"

namespace cupylike::python {

namespace py = pybind11;

struct UfuncCallArgs {
  UfuncOperand operands[kUfuncMaxIn];
  UfuncOptions options;
  std::array<PyObject*, kUfuncMaxOut> out_objects{};  // borrowed from the call's arguments
};

/// An operand: a cupylike array, a NumPy scalar or 0-d array (strong), or a Python bool (strong),
/// int, float or complex (weak). TypeError for anything else (host arrays move explicitly).
UfuncOperand ufunc_operand(py::handle obj);
/// Whether ufunc_operand accepts `obj` (operators return NotImplemented otherwise).
bool is_ufunc_operand(py::handle obj);

UfuncCallArgs parse_ufunc_args(const Ufunc& ufunc, const py::args& args, const py::kwargs& kwargs);

}  // namespace cupylike::python
