#include "python/host_transfer.hpp"

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/transfer.hpp"
#include "python/convert.hpp"
#include "python/gil.hpp"
#include "python/host_values.hpp"
#include "python/objects.hpp"

namespace cupylike::python {

namespace {

std::vector<py::ssize_t> vec(const DimVector& v) { return {v.begin(), v.end()}; }

DimVector dims_of(const py::array& a, bool strides) {
  DimVector out;
  for (py::ssize_t i = 0; i < a.ndim(); ++i) out.push_back(strides ? a.strides(i) : a.shape(i));
  return out;
}

bool all_non_negative(const DimVector& v) {
  for (int64_t x : v)
    if (x < 0) return false;
  return true;
}

py::array host_empty(DType dtype, const DimVector& shape, const DimVector& strides) {
  return py::array(py::dtype::from_args(dtype_to_py(dtype)), vec(shape), vec(strides));
}

// The layout a host copy gets without reordering, or false when the bytes must be reordered.
bool direct_layout(const NDArray& a, char order, DimVector& strides) {
  int isz = a.itemsize();
  if (order == 'C' && a.c_contiguous())
    strides = fill_strides(a.shape(), isz, 'C');
  else if (order == 'F' && a.f_contiguous())
    strides = fill_strides(a.shape(), isz, 'F');
  else if (order == 'K' && a.dense() && all_non_negative(a.strides()))
    strides = a.strides();
  else
    return false;
  return true;
}

// A dense array in another order: its extent holds exactly its elements, so the bytes come
// over as they are and NumPy reorders them on the host (no device temporary).
py::array reordered_on_host(const ArrayPtr& a, char order, const Stream& stream) {
  Extent e = byte_extent(a->shape(), a->strides(), a->itemsize());
  py::array_t<uint8_t> bytes(e.hi - e.lo);
  {
    auto* p = bytes.mutable_data();
    unlocked_if_large(a->nbytes(), [&] { download(*a, p, stream); });
  }
  py::array view(py::dtype::from_args(dtype_to_py(a->dtype())), vec(a->shape()), vec(a->strides()),
                 bytes.data() - e.lo, bytes);
  return numpy().attr("array")(view, py::arg("order") = std::string(1, order),
                               py::arg("copy") = true);
}

// A view with gaps: the elements are gathered into a dense device array in the requested order
// first, so only they cross to the host, not the whole extent of a sliced view.
py::array gathered_on_device(const ArrayPtr& a, char order, const Stream& stream) {
  ArrayPtr dense;
  unlocked_if_large(2 * a->nbytes(), [&] { dense = copy_array(a, order, stream); });
  DimVector strides;
  if (!direct_layout(*dense, order, strides))
    raise(ErrorKind::runtime, "internal: a dense copy has no direct host layout");
  py::array h = host_empty(dense->dtype(), dense->shape(), strides);
  auto* p = h.mutable_data();
  unlocked_if_large(dense->nbytes(), [&] { download(*dense, p, stream); });
  return h;
}

}  // namespace

py::array to_numpy(const ArrayPtr& a, char order, py::handle out, const Stream& stream) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  if (!out.is_none()) {
    if (!py::isinstance<py::array>(out)) raise(ErrorKind::type, "out must be a numpy.ndarray");
    py::array o = py::reinterpret_borrow<py::array>(out);
    if (dims_of(o, false) != a->shape())
      raise(ErrorKind::value, "Shape mismatch. Old shape: " + shape_str(a->shape()) +
                                  ", new shape: " + shape_str(dims_of(o, false)));
    if (dtype_from_py(o.dtype()) != a->dtype())
      raise(ErrorKind::type, std::string(dtype_name(dtype_from_py(o.dtype()))) +
                                 " array cannot be set from " + dtype_name(a->dtype()) + " array");
    if (!o.writeable()) raise(ErrorKind::value, "out is read-only");
    DimVector strides;
    bool same = o.flags() & py::array::c_style
                    ? direct_layout(*a, 'C', strides)
                    : o.flags() & py::array::f_style && direct_layout(*a, 'F', strides);
    if (same) {
      auto* p = o.mutable_data();
      unlocked_if_large(a->nbytes(), [&] { download(*a, p, stream); });
    } else {
      numpy().attr("copyto")(o, to_numpy(a, 'K', py::none(), stream));
    }
    return o;
  }
  DimVector strides;
  if (a->size() == 0 || direct_layout(*a, order, strides)) {
    if (a->size() == 0)
      strides = new_array_strides(a->shape(), a->itemsize(), order == 'F' ? 'F' : 'C');
    py::array h = host_empty(a->dtype(), a->shape(), strides);
    {
      auto* p = h.mutable_data();
      unlocked_if_large(a->nbytes(), [&] { download(*a, p, stream); });
    }
    return h;
  }
  return a->dense() ? reordered_on_host(a, order, stream) : gathered_on_device(a, order, stream);
}

void set_from_numpy(const ArrayPtr& dst, py::handle src_obj, const Stream& stream) {
  if (!py::isinstance<py::array>(src_obj))
    raise(ErrorKind::type, "Only numpy.ndarray can be set to cupylike.ndarray");
  py::array src = py::reinterpret_borrow<py::array>(src_obj);
  if (dtype_from_py(src.dtype()) != dst->dtype())
    raise(ErrorKind::type, std::string(py::str(src.dtype())) + " array cannot be set to " +
                               dtype_name(dst->dtype()) + " array");
  if (dims_of(src, false) != dst->shape())
    raise(ErrorKind::value, "Shape mismatch. Old shape: " + shape_str(dst->shape()) +
                                ", new shape: " + shape_str(dims_of(src, false)));
  dst->check_writeable();
  if (dst->size() == 0) return;
  if (!dst->dense()) {
    // A view with gaps: the bytes go to a dense temporary, then a device copy scatters them.
    ArrayPtr tmp = from_host(src, py::none(), 'K', dst->device(), stream);
    unlocked_if_large(2 * dst->nbytes(), [&] { copy_cast(*dst, *tmp, stream); });
    return;
  }
  if (dst->c_contiguous() || dst->f_contiguous()) {
    const char* fn = dst->c_contiguous() ? "ascontiguousarray" : "asfortranarray";
    py::array h = numpy().attr(fn)(src);
    {
      auto* p = h.data();
      unlocked_if_large(dst->nbytes(), [&] { upload(*dst, p, stream); });
    }
    return;
  }
  // A permuted (possibly reversed) dense layout: lay the host bytes out exactly like the extent.
  Extent e = byte_extent(dst->shape(), dst->strides(), dst->itemsize());
  py::array_t<uint8_t> bytes(e.hi - e.lo);
  py::array view(py::dtype::from_args(dtype_to_py(dst->dtype())), vec(dst->shape()),
                 vec(dst->strides()), bytes.mutable_data() - e.lo, bytes);
  numpy().attr("copyto")(view, src);
  {
    auto* p = bytes.data();
    unlocked_if_large(dst->nbytes(), [&] { upload(*dst, p, stream); });
  }
}

ArrayPtr from_host(py::handle obj, py::handle dtype, char order, Device device,
                   const Stream& stream) {
  py::array h;
  if (py::isinstance<py::array>(obj) && dtype.is_none() && (order == 'K' || order == 'A')) {
    h = py::reinterpret_borrow<py::array>(obj);  // what numpy.asarray would return
  } else {
    py::object np_dtype = dtype.is_none() ? py::none() : dtype_to_py(dtype_from_py(dtype));
    py::object np_order = py::none();
    if (order == 'C' || order == 'F') np_order = py::str(std::string(1, order));
    h = numpy().attr("asarray")(obj, np_dtype, np_order);
  }
  if (h.dtype().byteorder() == '>') h = h.attr("astype")(h.dtype().attr("newbyteorder")("="));
  DType dt = dtype_from_py(h.dtype());
  DimVector shape = dims_of(h, false), strides = dims_of(h, true);
  // Keep NumPy's layout where its bytes can move as they are (what numpy.asarray would give);
  // reorder on the host otherwise, as numpy.array(order='K') does.
  if (!(all_non_negative(strides) && is_dense(shape, strides, itemsize(dt)))) {
    h = numpy().attr("array")(h, py::arg("order") = order == 'A' ? "A" : "K",
                              py::arg("copy") = true);
    strides = dims_of(h, true);
  }
  ArrayPtr a = empty_strided(device, dt, shape, strides);
  {
    auto* p = h.data();
    unlocked_if_large(a->nbytes(), [&] { upload(*a, p, stream); });
  }
  return a;
}

ArrayPtr copy_to_device(const ArrayPtr& a, Device device) {
  if (device == a->device())
    return copy_array_unlocked(a, 'K', *current_stream(device), a->dtype());
  py::array host = to_numpy(a, 'K', py::none(), *current_stream(a->device()));
  return from_host(host, py::none(), 'K', device, *current_stream(device));
}

}  // namespace cupylike::python
