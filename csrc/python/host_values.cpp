#include "python/host_values.hpp"

#include <string>

#include "core/error.hpp"
#include "ops/copy.hpp"
#include "python/convert.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

constexpr const char* kSequence = "setting an array element with a sequence.";

// A value NumPy treats as one item: Python and NumPy scalars, strings, None, anything of
// numpy.ndim 0 that is not an array.
bool is_scalar(py::handle v) {
  PyObject* o = v.ptr();
  if (PyFloat_Check(o) || PyLong_Check(o) || PyComplex_Check(o) || PyUnicode_Check(o) ||
      PyBytes_Check(o) || o == Py_None || py::isinstance(v, numpy_generic()))
    return true;
  if (PyList_Check(o) || PyTuple_Check(o)) return false;
  return numpy().attr("ndim")(v).cast<int>() == 0;
}

// The value as a NumPy array of `dtype`, converted exactly as NumPy converts it for `rule`.
py::array convert_on_host(py::handle value, DType dtype, int target_ndim, ValueRule rule) {
  py::object dt = dtype_to_py(dtype);
  py::module_& np = numpy();
  switch (rule) {
    case ValueRule::fill: {
      py::array h = np.attr("empty")(py::tuple(), dt);
      h.attr("fill")(value);
      return h;
    }
    case ValueRule::copyto: {
      py::array h = np.attr("empty")(np.attr("shape")(value), dt);
      np.attr("copyto")(h, value, py::arg("casting") = "unsafe");
      return h;
    }
    case ValueRule::setitem_element: {
      // NumPy's single-element assignment: a 0-d stand-in indexed with () takes that path.
      py::array h = np.attr("empty")(py::tuple(), dt);
      h[py::tuple()] = value;
      return h;
    }
    case ValueRule::setitem:
    case ValueRule::setitem_advanced:
      break;
  }
  bool is_array = py::isinstance<py::array>(value);
  // NumPy's advanced assignment converts even a scalar as an array (numpy.asarray(value,
  // dtype): a NumPy float out of an integer type's range casts, unsafely, without an error).
  if (!is_array && rule == ValueRule::setitem && is_scalar(value)) {
    // NumPy assigns a scalar into a view through its single-item conversion (so a NumPy
    // integer out of a signed type's range raises, as a Python int does).
    py::array h = np.attr("empty")(py::tuple(), dt);
    h[py::tuple()] = value;
    return h;
  }
  // Arrays and sequences convert with the target's dtype; a nested sequence may not have more
  // dimensions than a view it is assigned to (an array may, when the extra ones have length 1;
  // so may any value of an advanced assignment).
  py::array h = np.attr("asarray")(value, dt);
  if (!is_array && rule == ValueRule::setitem && h.ndim() > target_ndim)
    raise(ErrorKind::value, std::string(kSequence) +
                                " The requested array would exceed the maximum number of "
                                "dimension of " +
                                std::to_string(target_ndim) + ".");
  return h;
}

ArrayPtr on_device(const ArrayPtr& a, Device device, const Stream& stream) {
  if (a->device() == device) return a;
  py::array host = to_numpy(a, 'K', py::none(), *current_stream(a->device()));
  return from_host(host, py::none(), 'K', device, stream);
}

void assign_by(ValueRule rule, const ArrayPtr& dst, const ArrayPtr& src, const Stream& stream) {
  if (rule == ValueRule::setitem_advanced)
    assign_indexed(dst, src, stream);
  else
    assign(dst, src, stream);
}

}  // namespace

void warn_if_discarding_imaginary(DType from, DType to) {
  char f = dtype_info(from).kind, t = dtype_info(to).kind;
  if (f != 'c' || t == 'c' || t == 'b') return;
  static py::object* category = new py::object(numpy().attr("exceptions").attr("ComplexWarning"));
  if (PyErr_WarnEx(category->ptr(), "Casting complex values to real discards the imaginary part",
                   1) < 0)
    throw py::error_already_set();  // the warning filter turned it into an error
}

void copy_cast_unlocked(const NDArray& dst, const NDArray& src, const Stream& stream) {
  unlocked_if_large(dst.nbytes() + src.nbytes(), [&] { copy_cast(dst, src, stream); });
}

ArrayPtr copy_array_unlocked(const ArrayPtr& a, char order, const Stream& stream, DType dtype) {
  ArrayPtr out;
  unlocked_if_large(a->nbytes() + a->size() * itemsize(dtype),
                    [&] { out = copy_array(a, order, stream, dtype); });
  return out;
}

void assign_value(const ArrayPtr& dst, py::handle value, ValueRule rule, const Stream& stream) {
  dst->check_writeable();
  if (py::isinstance<NDArray>(value)) {
    ArrayPtr src = value.cast<ArrayPtr>();
    // Single elements and fill take one value, never a sequence (NumPy's rule for arrays too).
    if ((rule == ValueRule::fill || rule == ValueRule::setitem_element) && src->ndim() != 0) {
      // NumPy's error depends on the types (a complex element raises TypeError): let NumPy
      // convert a host stand-in of the value's shape and dtype, which fails as it would. What
      // it accepts (one element, with its DeprecationWarning) it converts from the host.
      py::object like = numpy().attr("zeros")(tuple_from(src->shape()), dtype_to_py(src->dtype()));
      convert_on_host(like, dst->dtype(), dst->ndim(), rule);
      if (src->size() != 1) raise(ErrorKind::value, kSequence);
      py::array host = to_numpy(src, 'K', py::none(), *current_stream(src->device()));
      py::array h = convert_on_host(host, dst->dtype(), dst->ndim(), rule);
      const void* bytes = h.data();
      fill(*dst, bytes, stream);
      return;
    }
    warn_if_discarding_imaginary(src->dtype(), dst->dtype());
    src = on_device(src, dst->device(), stream);
    unlocked_if_large(dst->nbytes() + src->nbytes(), [&] { assign_by(rule, dst, src, stream); });
    return;
  }
  py::array h = convert_on_host(value, dst->dtype(), dst->ndim(), rule);
  if (h.ndim() == 0) {
    const void* bytes = h.data();
    unlocked_if_large(dst->nbytes(), [&] { fill(*dst, bytes, stream); });
    return;
  }
  ArrayPtr src = from_host(h, py::none(), 'K', dst->device(), stream);
  unlocked_if_large(dst->nbytes() + src->nbytes(), [&] { assign_by(rule, dst, src, stream); });
}

}  // namespace cupylike::python
