// Creation and host transfers: empty, zeros, ones, full, *_like, asarray, array,
// ascontiguousarray, asfortranarray, copy, asnumpy.
#include "array/views.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/sequence.hpp"
#include "ops/transfer.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/cuda_array_interface.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"
#include "python/nested_arrays.hpp"
#include "python/objects.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

namespace {

constexpr const char* kNoCopy =
    "Unable to avoid copy while creating an array as requested (copy=False).";

ArrayPtr zeros_of(ArrayPtr a) {
  zero_fill(*a, *current_stream(a->device()));
  return a;
}

ArrayPtr ones_of(ArrayPtr a) {
  alignas(16) unsigned char one[16];
  one_bytes(a->dtype(), one);
  unlocked_if_large(a->nbytes(), [&] { fill(*a, one, *current_stream(a->device())); });
  return a;
}

// numpy.full / full_like: NumPy's numpy.copyto(a, fill_value, casting='unsafe').
ArrayPtr filled_with(ArrayPtr a, py::handle value) {
  assign_value(a, value, ValueRule::copyto, *current_stream(a->device()));
  return a;
}

// numpy.full's dtype when none is given: numpy.asarray(fill_value).dtype.
py::object dtype_of_value(py::handle value) {
  if (py::isinstance<NDArray>(value)) return dtype_to_py(value.cast<const NDArray&>().dtype());
  return numpy().attr("asarray")(value).attr("dtype");
}

ArrayPtr new_array(py::handle shape, py::handle dtype, py::handle order, py::handle device) {
  return empty(device_from_py(device), dtype_or(dtype, DType::float64), shape_from_py(shape),
               order_from_py(order, 'C', "CF"));
}

// numpy.empty_like's layout rules, for cupylike and NumPy prototypes.
ArrayPtr new_like(py::handle proto, py::handle dtype, py::handle order_obj, py::handle shape_obj,
                  py::handle device_obj) {
  DType pdt;
  DimVector pshape, pstrides;
  Device device;
  if (py::isinstance<NDArray>(proto)) {
    const NDArray& p = proto.cast<const NDArray&>();
    pdt = p.dtype();
    pshape = p.shape();
    pstrides = p.strides();
    device = device_obj.is_none() ? p.device() : device_from_py(device_obj);
  } else {
    py::array h = numpy().attr("asarray")(proto);
    pdt = dtype_from_py(h.dtype());
    for (py::ssize_t i = 0; i < h.ndim(); ++i) {
      pshape.push_back(h.shape(i));
      pstrides.push_back(h.strides(i));
    }
    device = device_from_py(device_obj);
  }
  DType dt = dtype_or(dtype, pdt);
  char order = order_from_py(order_obj, 'K');
  DimVector shape = shape_obj.is_none() ? pshape : shape_from_py(shape_obj);
  int pisz = itemsize(pdt);
  if (order == 'A')
    order = is_f_contiguous(pshape, pstrides, pisz) && !is_c_contiguous(pshape, pstrides, pisz)
                ? 'F'
                : 'C';
  if (order == 'K' && shape.size() != pshape.size()) order = 'C';
  if (order == 'K')
    return empty_strided(device, dt, shape, strides_like(shape, pstrides, pisz, itemsize(dt)));
  return empty(device, dt, shape, order);
}

ArrayPtr with_ndmin(ArrayPtr a, int ndmin) {
  if (a->ndim() >= ndmin) return a;
  check_ndim(ndmin);
  DimVector shape(ndmin - a->ndim(), 1);
  for (int64_t d : a->shape()) shape.push_back(d);
  return reshape_view(a, shape, 'C');
}

// cupylike.asarray / cupylike.array. `copy`: True always copies, False never does (ValueError
// when it would have to), None copies only when needed.
py::object as_array(py::handle obj, py::handle dtype, py::handle order_obj, py::handle device_obj,
                    py::handle copy_obj, int ndmin) {
  bool always = !copy_obj.is_none() && truth_from_py(copy_obj);
  bool never = !copy_obj.is_none() && !always;
  char order = order_from_py(order_obj, 'K');
  if (!is_ndarray(obj.ptr())) {
    if (ArrayPtr view = view_of_cuda_array_interface(obj, device_obj))
      return as_array(py::cast(view), dtype, order_obj, device_obj, copy_obj, ndmin);
    if (never)
      raise(ErrorKind::value, std::string(kNoCopy) +
                                  " Moving host data to a device "
                                  "always copies.");
    Device device = device_from_py(device_obj);
    const Stream& stream = *current_stream(device);
    ArrayPtr nested = array_of_nested(obj, dtype, order, device, stream);
    return wrap_array(
        with_ndmin(nested ? nested : from_host(obj, dtype, order, device, stream), ndmin));
  }
  ArrayPtr a = obj.cast<ArrayPtr>();
  Device device = device_obj.is_none() ? a->device() : device_from_py(device_obj);
  DType dt = dtype_or(dtype, a->dtype());
  ArrayPtr out = a;
  if (device != a->device()) {
    if (never) raise(ErrorKind::value, kNoCopy);
    // Devices share no memory: the elements go through the host, where NumPy casts them.
    py::array host = to_numpy(a, 'K', py::none(), *current_stream(a->device()));
    py::object to = dt == a->dtype() ? py::none() : dtype_to_py(dt);
    out = from_host(host, to, order, device, *current_stream(device));
  } else {
    // numpy.array keeps an array whose layout already is what `order` asks ('A' and 'K' take
    // any layout).
    bool layout_ok = order == 'C' ? a->c_contiguous() : order == 'F' ? a->f_contiguous() : true;
    if (always || dt != a->dtype() || !layout_ok) {
      if (never) raise(ErrorKind::value, kNoCopy);
      warn_if_discarding_imaginary(a->dtype(), dt);
      out = copy_array_unlocked(a, order, *current_stream(device), dt);
    }
  }
  out = with_ndmin(out, ndmin);
  return out == a ? py::reinterpret_borrow<py::object>(obj) : wrap_array(std::move(out));
}

}  // namespace

void bind_creation(py::module_& m) {
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  m.def(
      "empty",
      [](py::handle shape, py::handle dtype, py::handle order, py::handle device, py::handle like) {
        check_like(like, "empty");
        return new_array(shape, dtype, order, device);
      },
      py::arg("shape"), py::arg("dtype") = py::none(), py::arg("order") = "C", py::kw_only(),
      py::arg("device") = py::none(), py::arg("like") = py::none(),
      with_signature("empty(shape, dtype=None, order='C', *, device=None, like=None) -> ndarray",
                     "numpy.empty on a device (the current one unless `device` is given).")
          .c_str());
  m.def(
      "zeros",
      [](py::handle shape, py::handle dtype, py::handle order, py::handle device, py::handle like) {
        check_like(like, "zeros");
        return zeros_of(new_array(shape, dtype, order, device));
      },
      py::arg("shape"), py::arg("dtype") = py::none(), py::arg("order") = "C", py::kw_only(),
      py::arg("device") = py::none(), py::arg("like") = py::none(),
      with_signature("zeros(shape, dtype=None, order='C', *, device=None, like=None) -> ndarray",
                     "numpy.zeros on a device.")
          .c_str());
  m.def(
      "empty_like",
      [](py::handle proto, py::handle dtype, py::handle order, py::handle, py::handle shape,
         py::handle device) { return new_like(proto, dtype, order, shape, device); },
      py::arg("prototype"), py::pos_only(), py::arg("dtype") = py::none(), py::arg("order") = "K",
      py::arg("subok") = true, py::arg("shape") = py::none(), py::kw_only(),
      py::arg("device") = py::none(),
      with_signature("empty_like(prototype, /, dtype=None, order='K', subok=True, shape=None, *, "
                     "device=None) -> ndarray",
                     "numpy.empty_like, on the prototype's device.")
          .c_str());
  m.def(
      "zeros_like",
      [](py::handle proto, py::handle dtype, py::handle order, py::handle, py::handle shape,
         py::handle device) { return zeros_of(new_like(proto, dtype, order, shape, device)); },
      py::arg("a"), py::arg("dtype") = py::none(), py::arg("order") = "K", py::arg("subok") = true,
      py::arg("shape") = py::none(), py::kw_only(), py::arg("device") = py::none(),
      with_signature(
          "zeros_like(a, dtype=None, order='K', subok=True, shape=None, *, device=None) -> ndarray",
          "numpy.zeros_like, on the prototype's device.")
          .c_str());
  m.def(
      "asarray",
      [](py::handle a, py::handle dtype, py::handle order, py::handle device, py::handle copy,
         py::handle like) {
        check_like(like, "asarray");
        return as_array(a, dtype, order, device, copy, 0);
      },
      py::arg("a"), py::arg("dtype") = py::none(), py::arg("order") = py::none(), py::kw_only(),
      py::arg("device") = py::none(), py::arg("copy") = py::none(), py::arg("like") = py::none(),
      with_signature(
          "asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None) -> ndarray",
          "An array on a device from anything numpy.asarray accepts, or a cupylike array "
          "(returned as is when it already has the dtype, order and device asked for).")
          .c_str());
  m.def(
      "array",
      [](py::handle obj, py::handle dtype, py::handle copy, py::handle order, py::handle, int ndmin,
         py::handle device) { return as_array(obj, dtype, order, device, copy, ndmin); },
      py::arg("obj"), py::arg("dtype") = py::none(), py::arg("copy") = true, py::arg("order") = "K",
      py::arg("subok") = false, py::arg("ndmin") = 0, py::kw_only(), py::arg("device") = py::none(),
      with_signature("array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0, *, "
                     "device=None) -> ndarray",
                     "numpy.array on a device (copies by default).")
          .c_str());
  m.def(
      "ones",
      [](py::handle shape, py::handle dtype, py::handle order, py::handle device, py::handle like) {
        check_like(like, "ones");
        return ones_of(new_array(shape, dtype, order, device));
      },
      py::arg("shape"), py::arg("dtype") = py::none(), py::arg("order") = "C", py::kw_only(),
      py::arg("device") = py::none(), py::arg("like") = py::none(),
      with_signature("ones(shape, dtype=None, order='C', *, device=None, like=None) -> ndarray",
                     "numpy.ones on a device.")
          .c_str());
  m.def(
      "ones_like",
      [](py::handle proto, py::handle dtype, py::handle order, py::handle, py::handle shape,
         py::handle device) { return ones_of(new_like(proto, dtype, order, shape, device)); },
      py::arg("a"), py::arg("dtype") = py::none(), py::arg("order") = "K", py::arg("subok") = true,
      py::arg("shape") = py::none(), py::kw_only(), py::arg("device") = py::none(),
      with_signature(
          "ones_like(a, dtype=None, order='K', subok=True, shape=None, *, device=None) -> ndarray",
          "numpy.ones_like, on the prototype's device.")
          .c_str());
  m.def(
      "full",
      [](py::handle shape, py::handle value, py::handle dtype, py::handle order, py::handle device,
         py::handle like) {
        check_like(like, "full");
        py::object dt =
            dtype.is_none() ? dtype_of_value(value) : py::reinterpret_borrow<py::object>(dtype);
        return filled_with(new_array(shape, dt, order, device), value);
      },
      py::arg("shape"), py::arg("fill_value"), py::arg("dtype") = py::none(),
      py::arg("order") = "C", py::kw_only(), py::arg("device") = py::none(),
      py::arg("like") = py::none(),
      with_signature(
          "full(shape, fill_value, dtype=None, order='C', *, device=None, like=None) -> ndarray",
          "numpy.full on a device; the fill value is converted as NumPy converts it, "
          "and an array-like fill value broadcasts.")
          .c_str());
  m.def(
      "full_like",
      [](py::handle proto, py::handle value, py::handle dtype, py::handle order, py::handle,
         py::handle shape, py::handle device) {
        return filled_with(new_like(proto, dtype, order, shape, device), value);
      },
      py::arg("a"), py::arg("fill_value"), py::arg("dtype") = py::none(), py::arg("order") = "K",
      py::arg("subok") = true, py::arg("shape") = py::none(), py::kw_only(),
      py::arg("device") = py::none(),
      with_signature("full_like(a, fill_value, dtype=None, order='K', subok=True, shape=None, *, "
                     "device=None) -> ndarray",
                     "numpy.full_like, on the prototype's device.")
          .c_str());
  m.def(
      "ascontiguousarray",
      [](py::handle a, py::handle dtype) {
        return as_array(a, dtype, py::str("C"), py::none(), py::none(), 1);
      },
      py::arg("a"), py::arg("dtype") = py::none(),
      with_signature("ascontiguousarray(a, dtype=None) -> ndarray",
                     "numpy.ascontiguousarray: a C-contiguous array of at least one dimension.")
          .c_str());
  m.def(
      "asfortranarray",
      [](py::handle a, py::handle dtype) {
        return as_array(a, dtype, py::str("F"), py::none(), py::none(), 1);
      },
      py::arg("a"), py::arg("dtype") = py::none(),
      with_signature("asfortranarray(a, dtype=None) -> ndarray",
                     "numpy.asfortranarray: a Fortran-contiguous array of at least one dimension.")
          .c_str());
  m.def(
      "copy",
      [](py::handle a, py::handle order, py::handle) {
        return as_array(a, py::none(), order, py::none(), py::bool_(true), 0);
      },
      py::arg("a"), py::arg("order") = "K", py::arg("subok") = false,
      with_signature("copy(a, order='K', subok=False) -> ndarray",
                     "numpy.copy: a new array with a's elements, laid out for `order`.")
          .c_str());
  m.def(
      "asnumpy",
      [](py::handle a, py::handle stream, py::handle order, py::handle out, bool) -> py::object {
        char o = order_from_py(order, 'C');
        if (py::isinstance<NDArray>(a)) {
          ArrayPtr x = a.cast<ArrayPtr>();
          return to_numpy(x, o, out, stream_or_current(stream, x->device()));
        }
        py::object h = numpy().attr("asarray")(a, py::arg("order") = std::string(1, o));
        if (out.is_none()) return h;
        numpy().attr("copyto")(out, h);
        return py::reinterpret_borrow<py::object>(out);
      },
      py::arg("a"), py::arg("stream") = py::none(), py::arg("order") = "C",
      py::arg("out") = py::none(), py::kw_only(), py::arg("blocking") = true,
      with_signature(
          "asnumpy(a, stream=None, order='C', out=None, *, blocking=True) -> numpy.ndarray",
          "A NumPy array on the host from a cupylike array (or anything "
          "numpy.asarray accepts).")
          .c_str());
  m.def(
      "_rebuild",
      [](py::array host, py::handle device) {
        Device d = device_from_py(device);
        return from_host(host, py::none(), 'K', d, *current_stream(d));
      },
      with_signature("_rebuild(host, device, /)", "Unpickles an array (see ndarray.__reduce__).")
          .c_str());
  bind_sequences(m);
}

}  // namespace cupylike::python
