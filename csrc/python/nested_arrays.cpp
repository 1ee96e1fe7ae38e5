#include "python/nested_arrays.hpp"

#include <string>
#include <vector>

#include "array/views.hpp"
#include "core/error.hpp"
#include "ops/copy.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/host_transfer.hpp"

namespace cupylike::python {

namespace {

bool is_sequence(py::handle obj) { return PyList_Check(obj.ptr()) || PyTuple_Check(obj.ptr()); }

bool holds_array(py::handle obj) {
  if (is_ndarray(obj.ptr())) return true;
  if (!is_sequence(obj)) return false;
  for (py::handle item : obj)
    if (holds_array(item)) return true;
  return false;
}

ArrayPtr stacked(py::handle seq, Device device, const Stream& stream, int depth);

ArrayPtr element(py::handle item, Device device, const Stream& stream, int depth) {
  if (is_ndarray(item.ptr())) {
    ArrayPtr a = item.cast<ArrayPtr>();
    return a->device() == device ? a : copy_to_device(a, device);
  }
  if (holds_array(item)) return stacked(item, device, stream, depth);
  return from_host(item, py::none(), 'C', device, stream);
}

// `depth`: how many axes the levels above this one contribute (for NumPy's message).
ArrayPtr stacked(py::handle seq, Device device, const Stream& stream, int depth) {
  std::vector<ArrayPtr> items;
  for (py::handle item : seq) items.push_back(element(item, device, stream, depth + 1));
  const DimVector& shape = items.front()->shape();
  DType dt = items.front()->dtype();
  for (const ArrayPtr& a : items) {
    if (a->shape() != shape)
      raise(ErrorKind::value,
            "setting an array element with a sequence. The requested array has an inhomogeneous "
            "shape after " +
                std::to_string(depth + 1) + " dimensions.");
    dt = promote_types(dt, a->dtype());
  }
  DimVector out_shape{static_cast<int64_t>(items.size())};
  for (int64_t n : shape) out_shape.push_back(n);
  ArrayPtr out = empty(device, dt, out_shape);
  for (size_t i = 0; i < items.size(); ++i) {
    IndexItem at{IndexItem::integer};
    at.value = static_cast<int64_t>(i);
    copy_cast(*basic_index(out, {at}), *items[i], stream);
  }
  return out;
}

}  // namespace

ArrayPtr array_of_nested(py::handle obj, py::handle dtype, char order, Device device,
                         const Stream& stream) {
  if (!is_sequence(obj) || !holds_array(obj)) return nullptr;
  ArrayPtr out = stacked(obj, device, stream, 0);  // non-empty: it holds an array
  DType dt = dtype_or(dtype, out->dtype());
  bool fortran = order == 'F' && !out->f_contiguous();
  return dt == out->dtype() && !fortran ? out : copy_array(out, fortran ? 'F' : 'C', stream, dt);
}

}  // namespace cupylike::python
