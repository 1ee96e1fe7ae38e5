#include "python/kernel_args.hpp"

#include <pybind11/numpy.h>

#include <cmath>
#include <complex>
#include <cstring>

#include "array/ndarray.hpp"
#include "core/error.hpp"
#include "python/memory_pointer.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

std::string nth(size_t i) { return "argument " + std::to_string(i) + " "; }

// A Python int as the integer type of `size` bytes; OverflowError-like ValueError out of range.
void int_bytes(py::handle v, size_t size, unsigned char* out, size_t i, const std::string& kernel) {
  int overflow = 0;
  long long s = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  unsigned long long u = 0;
  bool is_unsigned = false;
  if (overflow > 0) {
    u = PyLong_AsUnsignedLongLong(v.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();
    is_unsigned = true;
  } else if (overflow < 0) {
    raise(ErrorKind::value, nth(i) + "of kernel '" + kernel + "' is out of range of long long");
  }
  if (size == 8) {
    if (is_unsigned)
      std::memcpy(out, &u, 8);
    else
      std::memcpy(out, &s, 8);
    return;
  }
  // Smaller parameters: the value must fit the signed or unsigned type of that size.
  long long lo = -(1ll << (8 * size - 1)), hi = (1ll << (8 * size)) - 1;
  if (is_unsigned || s < lo || s > hi)
    raise(ErrorKind::value, nth(i) + "of kernel '" + kernel + "' (" + std::to_string(s) +
                                ") does not fit its " + std::to_string(size) + "-byte parameter");
  std::memcpy(out, &s, size);  // little-endian: the low bytes are the value
}

// ctypes.c_void_p: an address given explicitly as one.
py::handle c_void_p_type() {
  static py::object* t = new py::object(py::module_::import("ctypes").attr("c_void_p"));
  return *t;
}

}  // namespace

void* KernelArgs::slot(size_t size) {
  storage_.emplace_back(new unsigned char[std::max<size_t>(size, 16)]);  // new[] aligns to 16
  pointers_.push_back(storage_.back().get());
  return storage_.back().get();
}

void KernelArgs::add(const void* bytes, size_t size) { std::memcpy(slot(size), bytes, size); }

KernelArgs::KernelArgs(py::handle values, Device device,
                       const std::optional<std::vector<size_t>>& params,
                       const std::optional<std::vector<ParamKind>>& kinds,
                       const std::string& kernel) {
  if (!PyTuple_Check(values.ptr()) && !PyList_Check(values.ptr()))
    raise(ErrorKind::type, "kernel arguments must be a tuple or a list");
  py::sequence seq = py::reinterpret_borrow<py::sequence>(values);
  size_t n = size_t(py::len(seq));
  // The driver's sizes, else the source's kinds, tell how many parameters there are.
  size_t expected = params ? params->size() : kinds ? kinds->size() : n;
  if (expected != n || (kinds && kinds->size() != n))
    raise(ErrorKind::type, "kernel '" + kernel + "' takes " + std::to_string(expected) +
                               " arguments (" + std::to_string(n) + " given)");
  pointers_.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    py::object v = seq[i];  // owned: converting an item may run Python code
    size_t want = params ? (*params)[i] : 0;
    ParamKind kind = kinds ? (*kinds)[i] : ParamKind::unknown;
    auto check = [&](size_t size, const char* what) {
      if (params && want != size)
        raise(ErrorKind::type, nth(i) + "of kernel '" + kernel + "' is " + what + " (" +
                                   std::to_string(size) + " bytes), but parameter " +
                                   std::to_string(i) + " takes " + std::to_string(want) + " bytes");
    };
    // A value of the wrong kind: a number where a pointer is expected would be dereferenced,
    // an address where a number is expected would be computed with.
    auto refuse = [&](const std::string& what) {
      std::string hint = kind == ParamKind::pointer
                             ? " (a device array, x.data, ctypes.c_void_p(address) or None)"
                             : "";
      raise(ErrorKind::type, nth(i) + "of kernel '" + kernel + "' is " + what + ", but parameter " +
                                 std::to_string(i) + " is " +
                                 param_description(kind, params ? want : 0) + hint);
    };
    const bool takes_pointer = kind == ParamKind::pointer || kind == ParamKind::unknown;
    const bool takes_number = kind != ParamKind::pointer;
    if (py::isinstance<NDArray>(v)) {
      if (!takes_pointer) refuse("an array (a pointer)");
      const NDArray& a = v.cast<const NDArray&>();
      check_same_device(a.device(), device);
      if (!a.c_contiguous() && !a.f_contiguous())
        raise(ErrorKind::value, nth(i) + "of kernel '" + kernel +
                                    "' is a non-contiguous array; a kernel sees only its data "
                                    "pointer (pass x.copy() or cupylike.ascontiguousarray(x))");
      check(sizeof(void*), "an array (a pointer)");
      void* p = a.data();
      add(&p, sizeof p);
    } else if (v.is_none()) {
      if (!takes_pointer) refuse("None (a null pointer)");
      check(sizeof(void*), "None (a null pointer)");
      void* p = nullptr;
      add(&p, sizeof p);
    } else if (py::isinstance<MemoryPointer>(v)) {
      if (!takes_pointer) refuse("a MemoryPointer");
      check(sizeof(void*), "a MemoryPointer");
      auto p = v.cast<const MemoryPointer&>().ptr();
      add(&p, sizeof p);
    } else if (py::isinstance(v, c_void_p_type())) {
      if (!takes_pointer) refuse("a ctypes.c_void_p (a pointer)");
      check(sizeof(void*), "a ctypes.c_void_p (a pointer)");
      py::object address = v.attr("value");  // None for a null pointer
      uintptr_t p = address.is_none() ? 0 : address.cast<uintptr_t>();
      add(&p, sizeof p);
    } else if (py::isinstance(v, numpy_generic()) || py::isinstance<py::array>(v)) {
      // NumPy scalars keep their exact C type (numpy.float64 is also a Python float, so this
      // comes first); a NumPy array of one element passes its bytes (CuPy's structs by value).
      py::array h = py::array::ensure(v);
      if (!h || h.size() != 1)
        raise(ErrorKind::type, nth(i) + "of kernel '" + kernel + "' is a NumPy array of " +
                                   std::to_string(h ? h.size() : 0) +
                                   " elements; only one-element arrays pass by value");
      std::string what = "a NumPy " + std::string(py::str(h.dtype())) + " value";
      char dtype_kind = h.dtype().kind();
      bool integral = dtype_kind == 'b' || dtype_kind == 'i' || dtype_kind == 'u';
      if (!takes_number || (kind == ParamKind::integer && !integral) ||
          (kind == ParamKind::floating && dtype_kind != 'f'))
        refuse(what);
      check(size_t(h.nbytes()), what.c_str());
      h = py::array::ensure(h, py::array::c_style);
      add(h.data(), size_t(h.nbytes()));
    } else if (PyBool_Check(v.ptr()) || PyLong_Check(v.ptr())) {
      bool is_bool = PyBool_Check(v.ptr());
      const char* what = is_bool ? "a bool" : "a Python int";
      if (!takes_number) refuse(what);
      if (kind == ParamKind::floating) {  // the number's value, as C converts it
        double d = PyLong_AsDouble(v.ptr());
        if (d == -1.0 && PyErr_Occurred()) throw py::error_already_set();
        add_floating(d, want, i, kernel, what);
      } else if (is_bool) {
        size_t size = params ? want : 1;  // a bool for any integer parameter, as C converts it
        if (size != 1 && size != 2 && size != 4 && size != 8) check(1, what);
        unsigned long long b = v.ptr() == Py_True;
        add(&b, size);
      } else {
        size_t size = params ? want : 8;
        if (size != 1 && size != 2 && size != 4 && size != 8) check(8, what);
        int_bytes(v, size, static_cast<unsigned char*>(slot(size)), i, kernel);
      }
    } else if (PyFloat_Check(v.ptr())) {
      if (!takes_number || kind == ParamKind::integer) refuse("a Python float");
      add_floating(PyFloat_AS_DOUBLE(v.ptr()), params ? want : 8, i, kernel, "a Python float");
    } else if (PyComplex_Check(v.ptr())) {
      if (kind != ParamKind::other && kind != ParamKind::unknown) refuse("a Python complex");
      std::complex<double> c(PyComplex_RealAsDouble(v.ptr()), PyComplex_ImagAsDouble(v.ptr()));
      size_t size = params ? want : 16;
      if (size == 8) {
        std::complex<float> f(c);
        add(&f, 8);
      } else {
        check(16, "a Python complex (complex<double>)");
        add(&c, 16);
      }
    } else {
      raise(ErrorKind::type, nth(i) + "of kernel '" + kernel + "' has unsupported type " +
                                 Py_TYPE(v.ptr())->tp_name);
    }
  }
}

void KernelArgs::add_floating(double d, size_t size, size_t i, const std::string& kernel,
                              const char* what) {
  if (size == 4) {
    float f = float(d);
    add(&f, 4);
  } else if (size == 8) {
    add(&d, 8);
  } else {
    raise(ErrorKind::type, nth(i) + "of kernel '" + kernel + "' is " + what +
                               " (a double, 8 bytes), but parameter " + std::to_string(i) +
                               " takes " + std::to_string(size) + " bytes");
  }
}

}  // namespace cupylike::python
