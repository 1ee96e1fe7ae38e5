// The arithmetic, comparison, bitwise and unary operators of cupylike.ndarray: each calls the
// ufunc the table names for it (set at import by cupylike/_core/_ufuncs.py), straight from C++.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "core/error.hpp"
#include "ops/ufunc.hpp"
#include "python/bindings.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/text_signature.hpp"
#include "python/ufunc_args.hpp"

namespace cupylike::python {

namespace {

std::unordered_map<std::string, std::shared_ptr<Ufunc>>* g_ufuncs =
    new std::unordered_map<std::string, std::shared_ptr<Ufunc>>;

// Looked up by the address of the operator's name (a literal per call site) first, in a
// direct-mapped table: cheaper than hashing, and a collision only costs a lookup by name. The
// GIL guards both.
struct ByAddress {
  const char* op = nullptr;
  Ufunc* ufunc = nullptr;
};
constexpr uintptr_t kByAddressSlots = 251;  // prime: literals' addresses spread over the slots
ByAddress* g_by_address = new ByAddress[kByAddressSlots];

Ufunc* ufunc_for(const char* op) {
  ByAddress& slot = g_by_address[reinterpret_cast<uintptr_t>(op) % kByAddressSlots];
  if (slot.op == op) return slot.ufunc;
  auto it = g_ufuncs->find(op);
  slot = {op, it == g_ufuncs->end() ? nullptr : it->second.get()};
  return slot.ufunc;
}

// An operator's call: no keywords.
const UfuncOptions kPlain{};

// Large kernels run without the GIL (gil.hpp); a compile releases it by itself.
template <class Fn>
auto run(const UfuncOperand* in, int n, const UfuncOptions& options, Fn&& fn) {
  return unlocked_if_large(largest_operand_bytes(in, n, options), fn);
}

// The unary ufunc NumPy's `array ** exponent` calls instead of power, or null.
Ufunc* shortcut(const char* op, const UfuncOperand* in, py::handle exponent) {
  if (op[0] != 'p' || std::strcmp(op, "pow") != 0) return nullptr;  // "pos" is unary
  const bool exact = PyLong_CheckExact(exponent.ptr()) || PyFloat_CheckExact(exponent.ptr());
  const char* name = power_shortcut(in[0], in[1], exact);
  return name ? ufunc_for(name) : nullptr;
}

py::object package(const Ufunc& u, std::array<ArrayPtr, kUfuncMaxOut>&& r) {
  if (u.nout() == 1) return wrap_array(std::move(r[0]));
  return py::make_tuple(wrap_array(std::move(r[0])), wrap_array(std::move(r[1])));
}

// a <op> b; NotImplemented when the ufunc does not exist or an operand is of a foreign type,
// so Python tries the other operand's method (and a NumPy array raises on implicit conversion).
py::object binary(const char* op, py::handle a, py::handle b) {
  Ufunc* u = ufunc_for(op);
  if (u) {
    PyObject* operands[2] = {a.ptr(), b.ptr()};
    if (py::object r = call_plain(*u, operands, 2)) return r;
  }
  if (!u || !is_ufunc_operand(a) || !is_ufunc_operand(b))
    return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  UfuncOperand in[2] = {ufunc_operand(a), ufunc_operand(b)};
  if (Ufunc* f = shortcut(op, in, b)) {
    return package(*f, run(in, 1, kPlain, [&] { return f->call(in, kPlain); }));
  }
  return package(*u, run(in, 2, kPlain, [&] { return u->call(in, kPlain); }));
}

// a <op>= b: the result is written into a with NumPy's same_kind rule.
py::object inplace(const char* op, py::handle a, py::handle b) {
  Ufunc* u = ufunc_for(op);
  if (!u || !is_ufunc_operand(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  UfuncOperand in[2] = {ufunc_operand(a), ufunc_operand(b)};
  UfuncOptions options;
  options.out[0] = in[0].array;
  Ufunc* f = shortcut(op, in, b);
  run(in, f ? 1 : 2, options, [&] { return (f ? f : u)->call(in, options); });
  return py::reinterpret_borrow<py::object>(a);
}

py::object unary(const char* op, py::handle a) {
  Ufunc* u = ufunc_for(op);
  if (!u)
    raise(ErrorKind::type,
          std::string("bad operand type for unary operator (no ufunc ") + op + ")");
  PyObject* operand = a.ptr();
  if (py::object r = call_plain(*u, &operand, 1)) return r;
  UfuncOperand in[1] = {ufunc_operand(a)};
  return package(*u, run(in, 1, kPlain, [&] { return u->call(in, kPlain); }));
}

// C-level number slots: `a + b` reaches binary() without Python's method lookup and pybind11's
// argument dispatch (the Python-level __add__ etc. stay for explicit calls).

#define CUPYLIKE_BINARY_SLOT(slot, op)                          \
  PyObject* slot(PyObject* a, PyObject* b) noexcept {           \
    return guarded([&] { return binary(op, a, b); });           \
  }                                                             \
  PyObject* slot##_inplace(PyObject* a, PyObject* b) noexcept { \
    return guarded([&] { return inplace(op, a, b); });          \
  }
CUPYLIKE_BINARY_SLOT(nb_add, "add")
CUPYLIKE_BINARY_SLOT(nb_sub, "sub")
CUPYLIKE_BINARY_SLOT(nb_mul, "mul")
CUPYLIKE_BINARY_SLOT(nb_truediv, "truediv")
CUPYLIKE_BINARY_SLOT(nb_floordiv, "floordiv")
CUPYLIKE_BINARY_SLOT(nb_mod, "mod")
CUPYLIKE_BINARY_SLOT(nb_lshift, "lshift")
CUPYLIKE_BINARY_SLOT(nb_rshift, "rshift")
CUPYLIKE_BINARY_SLOT(nb_and, "and")
CUPYLIKE_BINARY_SLOT(nb_or, "or")
CUPYLIKE_BINARY_SLOT(nb_xor, "xor")
#undef CUPYLIKE_BINARY_SLOT

PyObject* nb_unary_neg(PyObject* a) noexcept {
  return guarded([&] { return unary("neg", a); });
}
PyObject* nb_unary_pos(PyObject* a) noexcept {
  return guarded([&] { return unary("pos", a); });
}

PyObject* richcompare(PyObject* a, PyObject* b, int op) noexcept {
  static const char* names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
  return guarded([&] { return binary(names[op], a, b); });
}

void install_slots(py::handle cls) {
  auto* t = reinterpret_cast<PyTypeObject*>(cls.ptr());
  PyNumberMethods* n = t->tp_as_number;
  n->nb_add = nb_add;
  n->nb_inplace_add = nb_add_inplace;
  n->nb_subtract = nb_sub;
  n->nb_inplace_subtract = nb_sub_inplace;
  n->nb_multiply = nb_mul;
  n->nb_inplace_multiply = nb_mul_inplace;
  n->nb_true_divide = nb_truediv;
  n->nb_inplace_true_divide = nb_truediv_inplace;
  n->nb_floor_divide = nb_floordiv;
  n->nb_inplace_floor_divide = nb_floordiv_inplace;
  n->nb_remainder = nb_mod;
  n->nb_inplace_remainder = nb_mod_inplace;
  n->nb_lshift = nb_lshift;
  n->nb_inplace_lshift = nb_lshift_inplace;
  n->nb_rshift = nb_rshift;
  n->nb_inplace_rshift = nb_rshift_inplace;
  n->nb_and = nb_and;
  n->nb_inplace_and = nb_and_inplace;
  n->nb_or = nb_or;
  n->nb_inplace_or = nb_or_inplace;
  n->nb_xor = nb_xor;
  n->nb_inplace_xor = nb_xor_inplace;
  n->nb_negative = nb_unary_neg;
  n->nb_positive = nb_unary_pos;
  t->tp_richcompare = richcompare;
  PyType_Modified(t);
}

}  // namespace

void bind_operators(py::module_& m) {
  m.def(
      "_set_operator_ufuncs",
      [](const std::unordered_map<std::string, std::shared_ptr<Ufunc>>& ufuncs) {
        *g_ufuncs = ufuncs;
        std::fill(g_by_address, g_by_address + kByAddressSlots, ByAddress{});
      },
      "Sets the ufunc behind each ndarray operator ({'add': add, ...}).");
  py::object cls = m.attr("ndarray");
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  // Each method with NumPy's slot signature: `(self, value, /)` for the binary ones.
  auto def = [&](const std::string& name, const char* params, auto&& f, auto&&... extra) {
    std::string doc = with_signature((name + params).c_str(), "The operator, as NumPy's.");
    setattr(cls, name.c_str(),
            py::cpp_function(std::forward<decltype(f)>(f), py::name(name.c_str()),
                             py::is_method(cls), extra..., doc.c_str()));
  };
  for (const char* op : {"add", "sub", "mul", "truediv", "floordiv", "mod", "divmod", "lshift",
                         "rshift", "and", "or", "xor"}) {
    std::string n(op);
    def("__" + n + "__", "(self, value, /)",
        [op](py::handle a, py::handle b) { return binary(op, a, b); });
    def("__r" + n + "__", "(self, value, /)",
        [op](py::handle a, py::handle b) { return binary(op, b, a); });
    if (n != "divmod")
      def("__i" + n + "__", "(self, value, /)",
          [op](py::handle a, py::handle b) { return inplace(op, a, b); });
  }
  def(
      "__pow__", "(self, value, mod=None, /)",
      [](py::handle a, py::handle b, py::handle mod) {
        if (!mod.is_none()) raise(ErrorKind::not_implemented, "pow() with a modulus");
        return binary("pow", a, b);
      },
      py::arg("value"), py::arg("mod") = py::none(), py::pos_only());
  def(
      "__rpow__", "(self, value, mod=None, /)",
      [](py::handle a, py::handle b, py::handle mod) {
        if (!mod.is_none()) raise(ErrorKind::not_implemented, "pow() with a modulus");
        return binary("pow", b, a);
      },
      py::arg("value"), py::arg("mod") = py::none(), py::pos_only());
  def("__ipow__", "(self, value, /)",
      [](py::handle a, py::handle b) { return inplace("pow", a, b); });
  for (const char* op : {"eq", "ne", "lt", "le", "gt", "ge"})
    def("__" + std::string(op) + "__", "(self, value, /)",
        [op](py::handle a, py::handle b) { return binary(op, a, b); });
  for (const char* op : {"neg", "pos", "abs", "invert"})
    def("__" + std::string(op) + "__", "(self, /)", [op](py::handle a) { return unary(op, a); });
  setattr(cls, "__hash__", py::none());  // defining __eq__ must not bring hashing back
  install_slots(cls);
}

}  // namespace cupylike::python
