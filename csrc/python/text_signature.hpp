#pragma once
/// Docstrings that begin with CPython's text signature, `name(a, /, b=None, *, c=None)` and a
/// "--" line: CPython exposes that line as __text_signature__, which inspect.signature reads,
/// so C-level functions show NumPy's signatures with no Python wrapper on the call. A binding
/// file that uses it turns pybind11's own signature line off for its scope
/// (py::options::disable_function_signatures), and writes the signature beside its py::args.
#include <pybind11/pybind11.h>

#include <string>

namespace cupylike::python {

namespace py = pybind11;

/// `signature` (NumPy's, with the function's name) then `doc`, in CPython's docstring form.
inline std::string with_signature(const char* signature, const char* doc) {
  return std::string(signature) + "\n--\n\n" + doc;
}

}  // namespace cupylike::python
