// The arithmetic, comparison, bitwise and unary operators of cupylike.ndarray: each calls the
// ufunc the table names for it (set at import by cupylike/_ufuncs.py), straight from C++.
#include <pybind11/stl.h>

#include <unordered_map>

#include "core/error.hpp"
#include "ops/ufunc.hpp"
#include "python/bindings.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

std::unordered_map<std::string, std::shared_ptr<Ufunc>>* g_ufuncs =
    new std::unordered_map<std::string, std::shared_ptr<Ufunc>>;

Ufunc* ufunc_for(const char* op) {
  auto it = g_ufuncs->find(op);
  return it == g_ufuncs->end() ? nullptr : it->second.get();
}

py::object package(const Ufunc& u, const std::array<ArrayPtr, kUfuncMaxOut>& r) {
  if (u.nout() == 1) return py::cast(r[0]);
  return py::make_tuple(py::cast(r[0]), py::cast(r[1]));
}

// a <op> b; NotImplemented when the ufunc does not exist or an operand is of a foreign type,
// so Python tries the other operand's method (and a NumPy array raises on implicit conversion).
py::object binary(const char* op, py::handle a, py::handle b) {
  Ufunc* u = ufunc_for(op);
  if (!u || !is_ufunc_operand(a) || !is_ufunc_operand(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  UfuncOperand in[2] = {ufunc_operand(a), ufunc_operand(b)};
  UfuncOptions options;
  std::array<ArrayPtr, kUfuncMaxOut> r;
  {
    py::gil_scoped_release unlocked;
    r = u->call(in, options);
  }
  return package(*u, r);
}

// a <op>= b: the result is written into a with NumPy's same_kind rule.
py::object inplace(const char* op, py::handle a, py::handle b) {
  Ufunc* u = ufunc_for(op);
  if (!u || !is_ufunc_operand(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  UfuncOperand in[2] = {ufunc_operand(a), ufunc_operand(b)};
  UfuncOptions options;
  options.out[0] = in[0].array;
  {
    py::gil_scoped_release unlocked;
    u->call(in, options);
  }
  return py::reinterpret_borrow<py::object>(a);
}

py::object unary(const char* op, py::handle a) {
  Ufunc* u = ufunc_for(op);
  if (!u) raise(ErrorKind::type, std::string("bad operand type for unary operator (no ufunc ") + op + ")");
  UfuncOperand in[1] = {ufunc_operand(a)};
  std::array<ArrayPtr, kUfuncMaxOut> r;
  {
    py::gil_scoped_release unlocked;
    r = u->call(in, UfuncOptions{});
  }
  return package(*u, r);
}

}  // namespace

void bind_operators(py::module_& m) {
  m.def(
      "_set_operator_ufuncs",
      [](const std::unordered_map<std::string, std::shared_ptr<Ufunc>>& ufuncs) {
        *g_ufuncs = ufuncs;
      },
      "Sets the ufunc behind each ndarray operator ({'add': add, ...}).");
  py::object cls = m.attr("ndarray");
  auto def = [&](const char* name, py::cpp_function f) { setattr(cls, name, f); };
  for (const char* op : {"add", "sub", "mul", "truediv", "floordiv", "mod", "divmod", "lshift",
                         "rshift", "and", "or", "xor"}) {
    std::string n(op);
    def(("__" + n + "__").c_str(),
        py::cpp_function([op](py::handle a, py::handle b) { return binary(op, a, b); },
                         py::is_method(cls)));
    def(("__r" + n + "__").c_str(),
        py::cpp_function([op](py::handle a, py::handle b) { return binary(op, b, a); },
                         py::is_method(cls)));
    if (n != "divmod")
      def(("__i" + n + "__").c_str(),
          py::cpp_function([op](py::handle a, py::handle b) { return inplace(op, a, b); },
                           py::is_method(cls)));
  }
  def("__pow__", py::cpp_function(
                     [](py::handle a, py::handle b, py::handle mod) {
                       if (!mod.is_none())
                         raise(ErrorKind::not_implemented, "pow() with a modulus");
                       return binary("pow", a, b);
                     },
                     py::is_method(cls), py::arg("other"), py::arg("mod") = py::none()));
  def("__rpow__", py::cpp_function([](py::handle a, py::handle b) { return binary("pow", b, a); },
                                   py::is_method(cls)));
  def("__ipow__", py::cpp_function([](py::handle a, py::handle b) { return inplace("pow", a, b); },
                                   py::is_method(cls)));
  for (const char* op : {"eq", "ne", "lt", "le", "gt", "ge"}) {
    def(("__" + std::string(op) + "__").c_str(),
        py::cpp_function([op](py::handle a, py::handle b) { return binary(op, a, b); },
                         py::is_method(cls)));
  }
  for (const char* op : {"neg", "pos", "abs", "invert"}) {
    def(("__" + std::string(op) + "__").c_str(),
        py::cpp_function([op](py::handle a) { return unary(op, a); }, py::is_method(cls)));
  }
  setattr(cls, "__hash__", py::none());  // defining __eq__ must not bring hashing back
}

}  // namespace cupylike::python
