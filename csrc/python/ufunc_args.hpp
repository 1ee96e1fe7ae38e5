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

/// A call's positional arguments (a tuple) and keywords (a dict, or null for none).
UfuncCallArgs parse_ufunc_args(const Ufunc& ufunc, PyObject* args, PyObject* kwargs);

/// Ufunc::call_plain's result for `n` operands that are all exactly cupylike arrays (an
/// operator, or a call without keywords); an empty object when the plain path declines.
py::object call_plain(Ufunc& ufunc, PyObject* const* operands, int n);

/// The bytes of the largest array among a call's `n` operands and its outputs: what decides
/// whether the call runs without the GIL (gil.hpp).
int64_t largest_operand_bytes(const UfuncOperand* in, int n, const UfuncOptions& options);

}  // namespace cupylike::python
