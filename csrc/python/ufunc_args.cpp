#include "python/ufunc_args.hpp"

#include <pybind11/numpy.h>

#include "core/error.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

HostScalar int_scalar(py::handle obj) {
  HostScalar s;
  s.kind = HostScalar::integer;
  int overflow = 0;
  s.i = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (overflow > 0) {
    s.u = PyLong_AsUnsignedLongLong(obj.ptr());
    if (PyErr_Occurred()) {
      PyErr_Clear();
      s.huge = true;
    } else {
      s.big = true;
    }
  } else if (overflow < 0) {
    s.huge = true;
  }
  s.re = PyLong_AsDouble(obj.ptr());
  if (s.re == -1.0 && PyErr_Occurred()) {  // beyond double: NumPy's float conversion gives inf
    PyErr_Clear();
    s.re = overflow < 0 ? -INFINITY : INFINITY;
  }
  return s;
}

HostScalar value_of(py::handle obj, char kind) {
  HostScalar s;
  switch (kind) {
    case 'b':
      s.kind = HostScalar::boolean;
      s.b = PyObject_IsTrue(obj.ptr()) == 1;
      break;
    case 'i':
    case 'u': {
      py::object as_int = py::reinterpret_steal<py::object>(PyNumber_Index(obj.ptr()));
      if (!as_int) throw py::error_already_set();
      s = int_scalar(as_int);
      break;
    }
    case 'f':
      s.kind = HostScalar::floating;
      s.re = PyFloat_AsDouble(obj.ptr());
      break;
    default: {
      Py_complex c = PyComplex_AsCComplex(obj.ptr());
      if (PyErr_Occurred()) throw py::error_already_set();
      s.kind = HostScalar::complex;
      s.re = c.real;
      s.im = c.imag;
    }
  }
  return s;
}

UfuncOperand numpy_scalar(py::handle obj, DType dtype) {
  UfuncOperand o;
  o.dtype = dtype;
  // A NumPy scalar or 0-d array: its value through Python, exactly (float16 and float32 widen
  // to double without rounding; complex64 to complex).
  py::object value = obj.attr("item")();
  o.scalar = value_of(value, dtype_info(dtype).kind);
  return o;
}

}  // namespace

bool is_ufunc_operand(py::handle obj) {
  if (is_ndarray(obj.ptr())) return true;
  PyObject* p = obj.ptr();
  if (PyBool_Check(p) || PyLong_Check(p) || PyFloat_Check(p) || PyComplex_Check(p)) return true;
  if (py::isinstance(obj, numpy_generic())) return true;
  return py::isinstance<py::array>(obj) && py::reinterpret_borrow<py::array>(obj).ndim() == 0;
}

UfuncOperand ufunc_operand(py::handle obj) {
  UfuncOperand o;
  if (const ArrayPtr* a = fast_array(obj.ptr())) {
    o.array = *a;
    o.dtype = o.array->dtype();
    return o;
  }
  if (is_ndarray(obj.ptr())) {
    o.array = obj.cast<ArrayPtr>();
    o.dtype = o.array->dtype();
    return o;
  }
  PyObject* p = obj.ptr();
  // NumPy scalars first: numpy.float64 and numpy.complex128 are also Python floats/complexes.
  if (py::isinstance(obj, numpy_generic()) ||
      (py::isinstance<py::array>(obj) && py::reinterpret_borrow<py::array>(obj).ndim() == 0)) {
    o = numpy_scalar(obj, dtype_from_py(obj.attr("dtype")));
    return o;  // one named result on every path: returned in place
  }
  if (PyBool_Check(p)) {
    o.dtype = DType::bool_;
    o.scalar = value_of(obj, 'b');
  } else if (PyLong_Check(p)) {
    o.weak = WeakKind::int_;
    o.dtype = DType::int64;
    o.scalar = int_scalar(obj);
  } else if (PyFloat_Check(p)) {
    o.weak = WeakKind::float_;
    o.dtype = DType::float64;
    o.scalar = value_of(obj, 'f');
  } else if (PyComplex_Check(p)) {
    o.weak = WeakKind::complex_;
    o.dtype = DType::complex128;
    o.scalar = value_of(obj, 'c');
  } else {
    raise(ErrorKind::type,
          std::string("Unsupported type ") + Py_TYPE(p)->tp_name +
              " for a cupylike ufunc: pass cupylike arrays or scalars (move host arrays with "
              "cupylike.asarray)");
  }
  return o;
}

UfuncCallArgs parse_ufunc_args(const Ufunc& u, PyObject* args, PyObject* kwargs) {
  UfuncCallArgs a;
  int nin = u.nin(), nout = u.nout();
  int n = int(PyTuple_GET_SIZE(args));
  if (n < nin || n > nin + nout)
    raise(ErrorKind::type, u.name() + "() takes from " + std::to_string(nin) + " to " +
                               std::to_string(nin + nout) + " positional arguments but " +
                               std::to_string(n) + " were given");
  for (int i = 0; i < nin; ++i) a.operands[i] = ufunc_operand(PyTuple_GET_ITEM(args, i));
  auto set_out = [&](int k, py::handle obj) {
    if (obj.is_none()) return;
    if (!is_ndarray(obj.ptr())) raise(ErrorKind::type, "return arrays must be of ArrayType");
    a.options.out[size_t(k)] = obj.cast<ArrayPtr>();
    a.options.out[size_t(k)]->check_writeable();
    a.out_objects[size_t(k)] = obj.ptr();
  };
  // NumPy converts its keywords in a fixed order whatever order they came in: out (read-only
  // outputs fail there), where (a mask that is not bool fails there), then casting.
  py::handle casting;
  for (int k = 0; k < n - nin; ++k) set_out(k, PyTuple_GET_ITEM(args, nin + k));
  if (kwargs)
    for (auto item : py::reinterpret_borrow<py::dict>(kwargs)) {
      std::string key = py::str(item.first);
      py::handle v = item.second;
      if (key == "out") {
        if (n > nin)
          raise(ErrorKind::type, "cannot specify 'out' as both a positional and keyword argument");
        if (PyTuple_Check(v.ptr())) {
          if (int(py::len(v)) != nout)
            raise(ErrorKind::value, "The 'out' tuple must have exactly one entry per ufunc output");
          for (int k = 0; k < nout; ++k)
            set_out(k, py::reinterpret_borrow<py::tuple>(v)[size_t(k)]);
        } else {
          if (nout != 1) raise(ErrorKind::type, "'out' must be a tuple of arrays");
          set_out(0, v);
        }
      } else if (key == "where") {
        if (PyBool_Check(v.ptr()))
          a.options.where_false = v.ptr() == Py_False;
        else if (py::isinstance<NDArray>(v))
          a.options.where = v.cast<ArrayPtr>();
        else
          raise(ErrorKind::type, "where= must be a bool or a cupylike array of bools");
      } else if (key == "casting") {
        casting = v;
      } else if (key == "dtype") {
        if (!v.is_none()) a.options.dtype = dtype_from_py(v);
      } else if (key == "order") {
        order_from_py(v, 'K');
      } else if (key == "subok") {
      } else if (key == "signature") {
        if (!v.is_none()) raise(ErrorKind::not_implemented, "signature= is not supported");
      } else {
        raise(ErrorKind::type, "'" + key + "' is an invalid keyword to ufunc '" + u.name() + "'");
      }
    }
  if (a.options.where) check_where_mask(*a.options.where);
  if (casting) a.options.casting = casting_from_string(py::str(casting));
  return a;
}

py::object call_plain(Ufunc& ufunc, PyObject* const* operands, int n) {
  if (n != ufunc.nin()) return {};
  const NDArray* in[kUfuncMaxIn];
  int64_t bytes = 0;
  for (int i = 0; i < n; ++i) {
    const ArrayPtr* a = fast_array(operands[i]);
    if (!a) return {};
    in[i] = a->get();
    bytes = std::max(bytes, in[i]->nbytes());
  }
  // The operands' objects hold the arrays for the whole call.
  ArrayPtr r = unlocked_if_large(bytes, [&] { return ufunc.call_plain(in); });
  if (!r) return {};
  return wrap_array(std::move(r));
}

int64_t largest_operand_bytes(const UfuncOperand* in, int n, const UfuncOptions& options) {
  int64_t bytes = 0;
  for (int i = 0; i < n; ++i)
    if (in[i].array) bytes = std::max(bytes, in[i].array->nbytes());
  for (const ArrayPtr& o : options.out)
    if (o) bytes = std::max(bytes, o->nbytes());
  return bytes;
}

}  // namespace cupylike::python
