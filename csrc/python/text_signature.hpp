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
/// A trailing ` -> type` in `signature` names what the function returns: a text signature
/// cannot carry it, so it becomes the docstring's numpydoc Returns section, where readers and
/// tools/stubs.py find it.
inline std::string with_signature(const char* signature, const char* doc) {
  std::string text(signature), returns;
  if (auto arrow = text.rfind(") -> "); arrow != std::string::npos) {
    returns = text.substr(arrow + 5);
    text.resize(arrow + 1);
  }
  text += std::string("\n--\n\n") + doc;
  if (!returns.empty()) text += "\n\nReturns\n-------\n" + returns + "\n";
  return text;
}

}  // namespace cupylike::python
