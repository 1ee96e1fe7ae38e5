#include "python/convert.hpp"

#include <string>
#include <unordered_map>

#include "array/ndarray.hpp"
#include "core/error.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

DType dtype_from_descr(const py::dtype& d) {
  char kind = d.kind();
  char order = d.byteorder();
  if (order == '>')
    raise(ErrorKind::type, "cupylike does not support non-native byte order (dtype " +
                               std::string(py::str(d)) + ")");
  if (std::string("biufc").find(kind) == std::string::npos || d.itemsize() > 16)
    raise(ErrorKind::type, "cupylike does not support dtype " + std::string(py::repr(d)));
  return dtype_from_kind(kind, int(d.itemsize()));
}

}  // namespace

DType dtype_from_py(py::handle obj) {
  if (py::isinstance<py::dtype>(obj))
    return dtype_from_descr(py::reinterpret_borrow<py::dtype>(obj));
  if (obj.is_none()) raise(ErrorKind::type, "a dtype is required here (None is not a dtype)");
  // Type objects (numpy.float32, float, ...) are the common spelling: remember them, holding a
  // reference so the address stays theirs. numpy.dtype raises TypeError for names it lacks.
  static std::unordered_map<PyObject*, DType>* types = new std::unordered_map<PyObject*, DType>;
  if (PyType_Check(obj.ptr())) {
    auto it = types->find(obj.ptr());
    if (it != types->end()) return it->second;
  }
  DType d = dtype_from_descr(py::dtype::from_args(py::reinterpret_borrow<py::object>(obj)));
  if (PyType_Check(obj.ptr())) types->emplace(obj.inc_ref().ptr(), d);
  return d;
}

DType dtype_or(py::handle obj, DType fallback) {
  return obj.is_none() ? fallback : dtype_from_py(obj);
}

py::object dtype_to_py(DType dtype) {
  static py::object* cache = [] {
    auto* c = new py::object[kNumDTypes];  // kept for the life of the process
    for (int i = 0; i < kNumDTypes; ++i) c[i] = py::dtype(std::string(dtype_name(DType(i))));
    return c;
  }();
  return cache[int(dtype)];
}

namespace {

// `shape`: an int beyond int64 is NumPy's ValueError for dimensions; elsewhere (axes, indices)
// it is Python's OverflowError, as NumPy's C long conversion gives.
DimVector ints_from(py::handle obj, const char* what, bool shape) {
  DimVector out;
  auto as_int = [&](py::handle item) -> int64_t {
    if (PyBool_Check(item.ptr()) || !PyIndex_Check(item.ptr()))
      raise(ErrorKind::type, std::string("'") + Py_TYPE(item.ptr())->tp_name +
                                 "' object cannot be interpreted as an integer (in " + what + ")");
    if (!shape) return int_from_py(item);
    std::optional<int64_t> v = int64_from_py(item);
    if (!v) raise(ErrorKind::value, "Maximum allowed dimension exceeded");
    return *v;
  };
  // NumPy's rule: an int or anything that is not a sequence is one integer; a sequence without
  // a length (a 0-d NumPy array) is one too if it converts to an integer.
  if (PyLong_CheckExact(obj.ptr()) || !PySequence_Check(obj.ptr())) {
    out.push_back(as_int(obj));
    return out;
  }
  Py_ssize_t n = PySequence_Size(obj.ptr());
  if (n < 0) {
    if (!PyIndex_Check(obj.ptr())) throw py::error_already_set();
    PyErr_Clear();
    out.push_back(as_int(obj));
    return out;
  }
  // Each item is held while it is read: a sequence that is not a list or tuple (a range, a
  // NumPy array, a user's class) makes its items on access, and they die with the reference.
  py::sequence seq = py::reinterpret_borrow<py::sequence>(obj);
  for (Py_ssize_t i = 0; i < n; ++i) {
    py::object item = seq[i];
    out.push_back(as_int(item));
  }
  return out;
}

}  // namespace

DimVector ints_from_py(py::handle obj, const char* what) { return ints_from(obj, what, false); }

DimVector shape_from_py(py::handle obj) { return ints_from(obj, "shape", true); }

py::tuple tuple_from(const DimVector& values) {
  py::tuple t(values.size());
  for (int i = 0; i < values.size(); ++i) {
    PyObject* v = PyLong_FromLongLong(values[i]);
    if (!v) throw py::error_already_set();
    PyTuple_SET_ITEM(t.ptr(), i, v);
  }
  return t;
}

std::optional<int64_t> int64_from_py(py::handle obj) {
  if (!PyIndex_Check(obj.ptr()))
    raise(ErrorKind::type, std::string("'") + Py_TYPE(obj.ptr())->tp_name +
                               "' object cannot be interpreted as an integer");
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(obj.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow) return std::nullopt;
  return v;
}

int64_t int_from_py(py::handle obj) {
  std::optional<int64_t> v = int64_from_py(obj);
  if (!v) raise(ErrorKind::overflow, "Python int too large to convert to C long");
  return *v;
}

int64_t int_in_range(py::handle obj, const char* what, int64_t lo, int64_t hi) {
  std::optional<int64_t> v = int64_from_py(obj);
  if (!v || *v < lo || *v > hi)
    raise(ErrorKind::value, std::string(what) + " out of range: " + std::string(py::str(obj)));
  return *v;
}

double float_from_py(py::handle obj) {
  double v = PyFloat_AsDouble(obj.ptr());  // TypeError "must be real number, not str"
  if (v == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

bool truth_from_py(py::handle obj) {
  int r = PyObject_IsTrue(obj.ptr());
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

std::vector<std::string> strings_from_py(py::handle obj, const char* what) {
  if (py::isinstance<py::str>(obj)) return {obj.cast<std::string>()};
  auto fail = [&] {
    raise(ErrorKind::type, std::string(what) + " must be a str or a sequence of str, not " +
                               Py_TYPE(obj.ptr())->tp_name);
  };
  if (!PySequence_Check(obj.ptr())) fail();
  std::vector<std::string> out;
  for (py::handle item : py::reinterpret_borrow<py::sequence>(obj)) {
    if (!py::isinstance<py::str>(item)) fail();
    out.push_back(item.cast<std::string>());
  }
  return out;
}

Device device_from_py(py::handle obj) {
  if (obj.is_none()) return current_device();
  if (py::isinstance<Device>(obj)) return obj.cast<Device>();
  if (py::isinstance<py::str>(obj)) return Device::parse(obj.cast<std::string>());
  if (PyIndex_Check(obj.ptr()) && !PyBool_Check(obj.ptr())) {
    std::optional<int64_t> i = int64_from_py(obj);
    if (!i) raise(ErrorKind::value, "invalid CUDA device id " + std::string(py::str(obj)));
    return device_for_ordinal(*i);
  }
  raise(ErrorKind::type,
        std::string("expected a device ('cpu', 'cuda:N', a Device or an int), got ") +
            Py_TYPE(obj.ptr())->tp_name);
}

void check_like(py::handle like, const char* function) {
  if (like.is_none() || py::isinstance<NDArray>(like)) return;
  raise(ErrorKind::not_implemented,
        std::string(function) + "(like=...) accepts only None or a cupylike.ndarray");
}

char order_from_py(py::handle obj, char fallback, const char* allowed) {
  if (obj.is_none()) return fallback;
  std::string s = py::str(obj);
  if (s.size() == 1) {
    char c = char(std::toupper(static_cast<unsigned char>(s[0])));
    if (std::string(allowed).find(c) != std::string::npos) return c;
  }
  std::string list;
  for (const char* p = allowed; *p; ++p)
    list += std::string(list.empty() ? "" : ", ") + "'" + *p + "'";
  raise(ErrorKind::value, "order must be one of " + list + " (got '" + s + "')");
}

}  // namespace cupylike::python
