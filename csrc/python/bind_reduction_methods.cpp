// The reduction methods of cupylike.ndarray (sum, prod, max, min, all, any, argmax, argmin) as
// C-level methods:
// `x.sum()` and `x.sum(axis, keepdims=...)` on an exact ndarray reach the core's reduction
// without a Python frame or pybind11's argument dispatch. Every other form (another keyword, a
// 0-d array, a subclass, an axis that is not an int, an empty input where the Python method has
// its own error) calls the Python method that
// cupylike/_core/_methods.py registers with the same arguments, so results and errors are its.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "ops/reduction.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

struct ReductionMethod {
  std::string name, doc;
  std::shared_ptr<Reduction> reduction;
  py::object fallback;  // the Python method: fn(self, *args, **kwargs)
  /// The loop dtype per input dtype as the Python method resolves it (none: the fallback
  /// raises); all unset and `core_loop`: the core picks the loop (sum, prod).
  std::array<std::optional<DType>, kNumDTypes> loop{};
  bool core_loop = true;
  bool nonempty = false;  // an empty input goes to the fallback (argmax's ValueError)
};

constexpr int kMaxMethods = 8;
std::array<ReductionMethod, kMaxMethods>* g_methods = new std::array<ReductionMethod, kMaxMethods>;
std::array<PyMethodDef, kMaxMethods> g_defs{};

// The arguments of the fast path, read from a vectorcall; false: the fallback decides.
struct FastArgs {
  std::optional<DimVector> axes;
  bool keepdims = false;
};

bool read_axis(PyObject* axis, FastArgs& f) {
  if (axis == Py_None) return true;
  if (!PyLong_CheckExact(axis)) return false;  // tuples, bools, index objects: the Python path
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(axis, &overflow);
  if (overflow || (v == -1 && PyErr_Occurred())) {
    PyErr_Clear();
    return false;
  }
  f.axes = DimVector{v};
  return true;
}

bool read_args(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames, FastArgs& f) {
  if (nargs > 1 || (nargs == 1 && !read_axis(args[0], f))) return false;
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; i < nkw; ++i) {
    PyObject* key = PyTuple_GET_ITEM(kwnames, i);
    PyObject* value = args[nargs + i];
    if (nargs == 0 && PyUnicode_CompareWithASCIIString(key, "axis") == 0) {
      if (!read_axis(value, f)) return false;
    } else if (PyUnicode_CompareWithASCIIString(key, "keepdims") == 0 &&
               (value == Py_True || value == Py_False)) {
      f.keepdims = value == Py_True;
    } else {
      return false;
    }
  }
  return true;
}

py::object call_fallback(const ReductionMethod& m, PyObject* self, PyObject* const* args,
                         Py_ssize_t nargs, PyObject* kwnames) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  std::vector<PyObject*> all(1 + nargs + nkw);
  all[0] = self;
  for (Py_ssize_t i = 0; i < nargs + nkw; ++i) all[1 + i] = args[i];
  PyObject* r = PyObject_Vectorcall(m.fallback.ptr(), all.data(), 1 + nargs, kwnames);
  if (!r) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(r);
}

py::object call_method(const ReductionMethod& m, PyObject* self, PyObject* const* args,
                       Py_ssize_t nargs, PyObject* kwnames) {
  const ArrayPtr* held = fast_array(self);
  FastArgs f;
  if (!held || (*held)->ndim() == 0 || (m.nonempty && (*held)->size() == 0) ||
      !read_args(args, nargs, kwnames, f))
    return call_fallback(m, self, args, nargs, kwnames);
  ArrayPtr x = *held;
  ReductionOptions opt;
  opt.axes = std::move(f.axes);
  opt.keepdims = f.keepdims;
  if (!m.core_loop) {
    opt.dtype = m.loop[int(x->dtype())];
    if (!opt.dtype) return call_fallback(m, self, args, nargs, kwnames);
  }
  ArrayPtr result;
  unlocked_if_large(x->nbytes(), [&] { result = m.reduction->call(x, opt); });
  return wrap_array(std::move(result));
}

template <int I>
PyObject* method(PyObject* self, PyObject* const* args, Py_ssize_t nargs,
                 PyObject* kwnames) noexcept {
  return guarded([&] { return call_method((*g_methods)[I], self, args, nargs, kwnames); });
}

using FastMethod = PyObject* (*)(PyObject*, PyObject* const*, Py_ssize_t, PyObject*);

template <int... I>
constexpr std::array<FastMethod, sizeof...(I)> method_table(std::integer_sequence<int, I...>) {
  return {&method<I>...};
}

// Sets ndarray.<name> to a method descriptor calling reduction `r` (see the file comment).
void set_reduction_method(py::handle cls, const std::string& name, std::shared_ptr<Reduction> r,
                          py::object fallback, py::object loops, bool nonempty) {
  static int used = 0;
  static constexpr auto functions = method_table(std::make_integer_sequence<int, kMaxMethods>());
  int i = 0;
  while (i < used && (*g_methods)[i].name != name) ++i;
  if (i == kMaxMethods) throw std::length_error("too many reduction methods");
  ReductionMethod& m = (*g_methods)[i];
  if (i == used) {  // a new slot; set again, a method keeps its slot and its def's strings
    ++used;
    m.name = name;
    m.doc = py::str(fallback.attr("__doc__"));
    g_defs[i] = PyMethodDef{
        m.name.c_str(), reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(functions[i])),
        METH_FASTCALL | METH_KEYWORDS, m.doc.c_str()};
  }
  m.reduction = std::move(r);
  m.fallback = std::move(fallback);
  m.core_loop = loops.is_none();
  m.nonempty = nonempty;
  m.loop = {};
  if (!m.core_loop)
    for (auto [in, loop] : py::dict(loops)) m.loop[int(dtype_from_py(in))] = dtype_from_py(loop);
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  py::object descr = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &g_defs[i]));
  if (!descr) throw py::error_already_set();
  py::setattr(cls, name.c_str(), descr);
}

}  // namespace

void bind_reduction_methods(py::module_& m) {
  py::object cls = m.attr("ndarray");
  m.def(
      "_set_reduction_method",
      [cls](const std::string& name, std::shared_ptr<Reduction> r, py::object fallback,
            py::object loops, bool nonempty) {
        set_reduction_method(cls, name, std::move(r), std::move(fallback), std::move(loops),
                             nonempty);
      },
      py::arg("name"), py::arg("reduction"), py::arg("fallback"), py::arg("loops"),
      py::arg("nonempty") = false,
      "Sets ndarray.<name> to a C-level method: reduction(self, axis, keepdims=keepdims) for "
      "those arguments on an exact ndarray of ndim > 0, in the loop dtype `loops` gives per "
      "input dtype (None: the core's choice); fallback(self, *args, **kwargs) for the rest (and an "
      "empty self if `nonempty`).");
}

}  // namespace cupylike::python
