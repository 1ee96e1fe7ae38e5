// Ranges and special matrices: arange, linspace, logspace, eye, identity. NumPy computes a few
// values once from Python objects (arange's length and first two values, linspace's step);
// those are computed here with NumPy itself, so they are NumPy's exactly, and the kernels in
// ops/sequence.hpp compute the elements with NumPy's element arithmetic.
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "ops/copy.hpp"
#include "ops/index_kernels.hpp"
#include "ops/library.hpp"
#include "ops/masked_copy.hpp"
#include "ops/sequence.hpp"
#include "python/bind_parts.hpp"
#include "python/convert.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"
#include "python/objects.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

namespace {

py::object checked(PyObject* result) {
  if (!result) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(result);
}

bool truth(PyObject* a, PyObject* b, int op) {
  int r = PyObject_RichCompareBool(a, b, op);
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

// NumPy's _arange_safe_ceil_to_intp.
int64_t ceil_length(double value) {
  double c = std::ceil(value);
  if (std::isnan(c)) raise(ErrorKind::value, "arange: cannot compute length");
  if (!(c >= -9223372036854775808.0 && c < 9223372036854775808.0))
    raise(ErrorKind::value, "Maximum allowed size exceeded");
  return int64_t(c);
}

// NumPy's _calc_length: ceil((stop - start) / step) computed on the Python objects (so NumPy
// scalars compute in their own precision); `next` becomes start + step.
int64_t arange_length(py::handle start, py::handle stop, py::handle step, bool complex_dtype,
                      py::object& next) {
  PyObject* diff_p = PyNumber_Subtract(stop.ptr(), start.ptr());
  if (!diff_p && PyTuple_Check(stop.ptr())) {
    PyErr_Clear();
    raise(ErrorKind::type, "arange: scalar arguments expected instead of a tuple.");
  }
  py::object diff = checked(diff_p);
  py::object zero = py::int_(0);
  bool diff_nonzero = truth(diff.ptr(), zero.ptr(), Py_NE);
  py::object val = checked(PyNumber_TrueDivide(diff.ptr(), step.ptr()));
  bool val_zero = !diff_nonzero || truth(val.ptr(), zero.ptr(), Py_EQ);
  int64_t len;
  if (complex_dtype && PyComplex_Check(val.ptr())) {
    double re = PyComplex_RealAsDouble(val.ptr()), im = PyComplex_ImagAsDouble(val.ptr());
    if (PyErr_Occurred()) throw py::error_already_set();
    len = std::min(ceil_length(re), ceil_length(im));
  } else {
    double v = PyFloat_AsDouble(val.ptr());
    if (v == -1.0 && PyErr_Occurred()) throw py::error_already_set();
    // A quotient that underflowed to zero (or a step of infinity): one element or none.
    len = val_zero && diff_nonzero ? (std::signbit(v) ? 0 : 1) : ceil_length(v);
  }
  if (len > 0) next = checked(PyNumber_Add(start.ptr(), step.ptr()));
  return std::max<int64_t>(len, 0);
}

// numpy.arange's dtype without one given: the arguments' types promoted with int64 (NumPy's
// PyArray_DescrFromObject chain starting from intp).
py::object arange_dtype(py::handle start, py::handle stop, py::handle step) {
  py::object dt = numpy().attr("dtype")("int64");
  for (py::handle v : {start, stop, step})
    if (v && !v.is_none())
      dt = numpy().attr("promote_types")(dt, numpy().attr("asarray")(v).attr("dtype"));
  return dt;
}

ArrayPtr arange(py::handle start, py::handle stop, py::handle step, py::handle dtype,
                py::handle device_obj) {
  py::object dt =
      numpy().attr("dtype")(dtype.is_none() ? arange_dtype(start, stop, step)
                                            : py::reinterpret_borrow<py::object>(dtype));
  py::object one = py::int_(1), zero = py::int_(0);
  if (!step || step.is_none()) step = one;
  if (!stop || stop.is_none()) {
    stop = start;
    start = zero;
  }
  py::object next;
  int64_t n;
  try {
    // The length before the dtype, as NumPy: arange(2**64) is "Maximum allowed size
    // exceeded", not an object array.
    n = arange_length(start, stop, step, py::str(dt.attr("kind")).equal(py::str("c")), next);
  } catch (py::error_already_set& e) {
    if (e.matches(PyExc_OverflowError)) raise(ErrorKind::value, "Maximum allowed size exceeded");
    throw;
  }
  DType t = dtype_from_py(dt);
  if (t == DType::bool_ && n > 2)
    raise(ErrorKind::type,
          "arange() is only supported for booleans when the result has at most length 2.");
  Device device = device_from_py(device_obj);
  ArrayPtr out = empty(device, t, DimVector{n});
  if (n == 0) return out;
  // The first two values are NumPy's conversions of start and start + step: its setitem of
  // them as Python numbers, so np.int64(-1) into uint8 is an OverflowError too.
  auto python_number = [](py::handle v) -> py::object {
    return py::isinstance(v, numpy_generic()) ? v.attr("item")()
                                              : py::reinterpret_borrow<py::object>(v);
  };
  py::array first = numpy().attr("zeros")(2, dtype_to_py(t));
  first[py::int_(0)] = python_number(start);
  if (n > 1) first[py::int_(1)] = python_number(next);
  const void* bytes = first.data();
  const Stream& stream = *current_stream(device);
  unlocked_if_large(out->nbytes(), [&] { arange_fill(*out, bytes, stream); });
  return out;
}

// numpy.arange([start,] stop[, step,], dtype=None, *, device=None): the argument juggling of
// NumPy's array_arange.
ArrayPtr arange_entry(py::args args, py::kwargs kwargs) {
  const char* names[] = {"start", "stop", "step", "dtype"};
  py::handle v[4] = {};
  if (args.size() > 4)
    raise(ErrorKind::type, "arange() takes from 0 to 4 positional arguments but " +
                               std::to_string(args.size()) + " were given");
  for (size_t i = 0; i < args.size(); ++i) v[i] = args[i];
  py::handle device = py::none();
  for (auto item : kwargs) {
    std::string key = py::str(item.first);
    bool known = false;
    for (int i = 0; i < 4; ++i) {
      if (key != names[i]) continue;
      if (v[i])
        raise(ErrorKind::type, "argument for arange() given by name ('" + key +
                                   "') and position (" + std::to_string(i + 1) + ")");
      v[i] = item.second;
      known = true;
    }
    if (key == "device") device = item.second, known = true;
    if (key == "like") check_like(item.second, "arange");
    if (!known && key != "like")
      raise(ErrorKind::type, "arange() got an unexpected keyword argument '" + key + "'");
  }
  if (!v[1]) {
    if (args.size() == 0) raise(ErrorKind::type, "arange() requires stop to be specified.");
  } else if (!v[0]) {
    v[0] = v[1];
    v[1] = py::handle();
  }
  return arange(v[0], v[1], v[2], v[3] ? v[3] : py::none(), device);
}

// linspace and logspace take scalars (arrays of start and stop are not supported yet);
// TypeError for values NumPy would hold as object or string arrays (a Python int beyond 64
// bits, a str), where NumPy's own arithmetic raises TypeError too.
void check_scalar(py::handle v, const char* fn) {
  if (py::isinstance<NDArray>(v) || numpy().attr("ndim")(v).cast<int>() != 0)
    raise(ErrorKind::not_implemented,
          std::string(fn) + " with array start or stop is not supported yet; pass scalars");
  dtype_from_py(numpy().attr("asarray")(v).attr("dtype"));
}

py::array in_dtype(py::handle v, const py::object& dt) { return numpy().attr("asarray")(v, dt); }

struct Linspace {
  ArrayPtr y;       // in the computation dtype
  py::object step;  // NumPy's retstep value
};

// numpy.linspace's algorithm (numpy/_core/function_base.py), before its final astype.
Linspace linspace_compute(py::handle start, py::handle stop, int64_t num, bool endpoint,
                          bool floor_result, Device device) {
  int64_t div = endpoint ? num - 1 : num;
  py::object dt = numpy().attr("result_type")(start, stop, 0.0);  // ensure_inexact
  DType t = dtype_from_py(dt);
  if (floor_result && dtype_info(t).kind == 'c')
    raise(ErrorKind::type,
          "ufunc 'floor' not supported for the input types, and the inputs could not be safely "
          "coerced to any supported types according to the casting rule ''safe''");
  py::array start_t = in_dtype(start, dt), stop_t = in_dtype(stop, dt);
  py::object delta = numpy().attr("subtract")(stop_t, start_t);
  py::object step = py::float_(std::numeric_limits<double>::quiet_NaN());
  LinspaceScale kind = LinspaceScale::delta;
  py::array scale = in_dtype(delta, dt);
  if (div > 0) {
    step = checked(PyNumber_TrueDivide(delta.ptr(), py::int_(div).ptr()));
    bool step_zero = truth(step.ptr(), py::int_(0).ptr(), Py_EQ);
    // A step that underflowed to zero: NumPy divides by div first, then scales by delta.
    kind = step_zero ? LinspaceScale::divide : LinspaceScale::step;
    if (!step_zero) scale = in_dtype(step, dt);
  }
  // div in T only matters (and is only converted, with NumPy's warnings) when dividing by it.
  py::array div_t = kind == LinspaceScale::divide ? in_dtype(py::int_(div), dt) : scale;
  LinspaceArgs args{kind,          endpoint && num > 1, floor_result, start_t.data(),
                    stop_t.data(), scale.data(),        div_t.data()};
  ArrayPtr y = empty(device, t, DimVector{num});
  const Stream& stream = *current_stream(device);
  unlocked_if_large(y->nbytes(), [&] { linspace_fill(*y, args, stream); });
  return {y, step};
}

int64_t sample_count(py::handle num) {
  std::optional<int64_t> count = int64_from_py(num);
  if (!count) raise(ErrorKind::value, "Maximum allowed size exceeded");  // NumPy's arange's
  int64_t n = *count;
  if (n < 0)
    raise(ErrorKind::value, "Number of samples, " + std::to_string(n) + ", must be non-negative.");
  return n;
}

ArrayPtr cast_result(const ArrayPtr& y, py::handle dtype) {
  if (dtype.is_none()) return y;
  DType t = dtype_from_py(dtype);
  if (t == y->dtype()) return y;
  warn_if_discarding_imaginary(y->dtype(), t);
  return copy_array_unlocked(y, 'K', *current_stream(y->device()), t);
}

bool is_integer_dtype(py::handle dtype) {
  if (dtype.is_none()) return false;
  char k = dtype_info(dtype_from_py(dtype)).kind;
  return k == 'i' || k == 'u';
}

py::object linspace(py::handle start, py::handle stop, py::handle num, bool endpoint, bool retstep,
                    py::handle dtype, py::handle axis, py::handle device) {
  int64_t n = sample_count(num);
  check_scalar(start, "linspace");
  check_scalar(stop, "linspace");
  if (!axis.is_none() && int_from_py(axis) != 0 && int_from_py(axis) != -1)
    raise(ErrorKind::axis,
          "axis " + std::string(py::str(axis)) + " is out of bounds for array of dimension 1");
  Linspace r =
      linspace_compute(start, stop, n, endpoint, is_integer_dtype(dtype), device_from_py(device));
  ArrayPtr y = cast_result(r.y, dtype);
  if (retstep) return py::make_tuple(y, r.step);
  return py::cast(y);
}

// numpy.logspace: base ** linspace(start, stop), in result_type(base, y).
ArrayPtr logspace(py::handle start, py::handle stop, py::handle num, bool endpoint, py::handle base,
                  py::handle dtype, py::handle axis, py::handle device) {
  int64_t n = sample_count(num);
  check_scalar(start, "logspace");
  check_scalar(stop, "logspace");
  check_scalar(base, "logspace");
  if (!axis.is_none() && int_from_py(axis) != 0 && int_from_py(axis) != -1)
    raise(ErrorKind::axis,
          "axis " + std::string(py::str(axis)) + " is out of bounds for array of dimension 1");
  ArrayPtr y = linspace_compute(start, stop, n, endpoint, false, device_from_py(device)).y;
  const Stream& stream = *current_stream(y->device());
  py::object rt = numpy().attr("result_type")(base, dtype_to_py(y->dtype()));
  DType t = dtype_from_py(rt);
  if (dtype_info(t).kind == 'c') {
    // NumPy's complex power special-cases integral exponents (repeated squaring) before libm's
    // cpow; no device math library reproduces that, so NumPy computes it on the host.
    py::array h = to_numpy(y, 'C', py::none(), stream);
    py::object p = numpy().attr("power")(base, h);
    return cast_result(from_host(p, py::none(), 'K', y->device(), stream), dtype);
  }
  if (t != y->dtype()) y = copy_array_unlocked(y, 'C', stream, t);
  py::array b = in_dtype(base, rt);
  const void* bytes = b.data();
  unlocked_if_large(y->nbytes(), [&] { power_fill(*y, bytes, *y, stream); });
  return cast_result(y, dtype);
}

ArrayPtr eye(py::handle n_obj, py::handle m_obj, py::handle k, py::handle dtype, py::handle order,
             py::handle device_obj) {
  if (m_obj.is_none()) m_obj = n_obj;
  int64_t n = shape_from_py(n_obj)[0], m = shape_from_py(m_obj)[0];
  Device device = device_from_py(device_obj);
  ArrayPtr out = empty(device, dtype_or(dtype, DType::float64), DimVector{n, m},
                       order_from_py(order, 'C', "CF"));
  const Stream& stream = *current_stream(device);
  // NumPy compares k with M (and -N) before requiring an integer k: a diagonal off the
  // matrix, even beyond int64, gives zeros.
  int64_t diag = truth(k.ptr(), py::int_(m).ptr(), Py_GE)    ? m
                 : truth(k.ptr(), py::int_(-n).ptr(), Py_LE) ? -n
                                                             : int_from_py(k);
  unlocked_if_large(out->nbytes(), [&] { eye_fill(out, diag, stream); });
  return out;
}

}  // namespace

void bind_sequences(py::module_& m) {
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  // arange parses its arguments itself, as NumPy's array_arange: `start_or_stop` alone is stop.
  m.def("arange", &arange_entry,
        with_signature("arange(start_or_stop, /, stop=None, step=1, *, dtype=None, device=None, "
                       "like=None) -> ndarray",
                       "numpy.arange on a device: NumPy's length, dtype and values.")
            .c_str());
  m.def("linspace", &linspace, py::arg("start"), py::arg("stop"), py::arg("num") = 50,
        py::arg("endpoint") = true, py::arg("retstep") = false, py::arg("dtype") = py::none(),
        py::arg("axis") = 0, py::kw_only(), py::arg("device") = py::none(),
        with_signature("linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, "
                       "axis=0, *, device=None) -> ndarray",
                       "numpy.linspace on a device, for scalar start and stop.")
            .c_str());
  m.def("logspace", &logspace, py::arg("start"), py::arg("stop"), py::arg("num") = 50,
        py::arg("endpoint") = true, py::arg("base") = 10.0, py::arg("dtype") = py::none(),
        py::arg("axis") = 0, py::kw_only(), py::arg("device") = py::none(),
        with_signature("logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, "
                       "axis=0, *, device=None) -> ndarray",
                       "numpy.logspace on a device, for scalar start, stop and base.")
            .c_str());
  m.def(
      "eye",
      [](py::handle n, py::handle cols, py::handle k, py::handle dtype, py::handle order,
         py::handle device, py::handle like) {
        check_like(like, "eye");
        return eye(n, cols, k, dtype, order, device);
      },
      py::arg("N"), py::arg("M") = py::none(), py::arg("k") = 0, py::arg("dtype") = py::none(),
      py::arg("order") = "C", py::kw_only(), py::arg("device") = py::none(),
      py::arg("like") = py::none(),
      // NumPy's dtype=float cannot be a text signature's default (only constants can):
      // cupylike.eye (_creation/_matrices.py) gives it NumPy's signature.
      with_signature("eye(N, M=None, k=0, dtype=None, order='C', *, device=None, like=None)",
                     "numpy.eye on a device.")
          .c_str());
  m.def(
      "identity",
      [](py::handle n, py::handle dtype, py::handle device, py::handle like) {
        check_like(like, "identity");
        return eye(n, py::none(), py::int_(0), dtype, py::str("C"), device);
      },
      py::arg("n"), py::arg("dtype") = py::none(), py::kw_only(), py::arg("device") = py::none(),
      py::arg("like") = py::none(),
      with_signature("identity(n, dtype=None, *, device=None, like=None) -> ndarray",
                     "numpy.identity on a device.")
          .c_str());
  m.def(
      "_library_kernel_families",
      [] {
        py::list out;
        std::vector<const KernelFamily*> all = copy_kernel_families();
        for (const KernelFamily* f : sequence_kernel_families()) all.push_back(f);
        all.push_back(&index_family());
        all.push_back(&masked_copy_family());
        for (const KernelFamily* f : all) {
          py::list names;
          for (const std::string& i : f->instantiations) names.append(i);
          std::string code = f->source.empty() ? "#include <" + f->header + ">\n" : f->source;
          out.append(py::make_tuple(f->name, code, names));
        }
        return out;
      },
      with_signature("_library_kernel_families()",
                     "(name, source, instantiations) of every family of the library's own kernels.")
          .c_str());
}

}  // namespace cupylike::python
