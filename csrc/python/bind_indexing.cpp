// x[key] and x[key] = value for every kind of key, and the module's indexing helpers
// (nonzero, the compaction's forced block size for tests).
#include <string>

#include "array/views.hpp"
#include "core/error.hpp"
#include "ops/index_kernels.hpp"
#include "ops/indexing.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/host_values.hpp"
#include "python/index_keys.hpp"
#include "python/objects.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

namespace {

// x[mask] with a mask of x's shape: the elements in C order, without coordinates.
bool is_whole_mask(const NDArray& a, const std::vector<IndexItem>& items) {
  return items.size() == 1 && items[0].kind == IndexItem::array_index &&
         items[0].array->dtype() == DType::bool_ && a.ndim() > 0 &&
         items[0].array->shape() == a.shape();
}

ArrayPtr getitem(const ArrayPtr& a, py::handle key) {
  const Stream& stream = *current_stream(a->device());
  std::vector<IndexItem> items = index_from_py(key, a->device(), stream);
  if (!is_advanced(items)) return basic_index(a, items);
  if (is_whole_mask(*a, items)) return masked_values(a, items[0].array, stream);
  return gather(plan_index(a, items, stream), stream);
}

void setitem(const ArrayPtr& a, py::handle key, py::handle value) {
  const Stream& stream = *current_stream(a->device());
  std::vector<IndexItem> items = index_from_py(key, a->device(), stream);
  if (!is_advanced(items)) {
    ArrayPtr target = basic_index(a, items);
    // One integer per axis names an element: NumPy converts the value as a single item then.
    bool element = target->ndim() == 0;
    for (const IndexItem& it : items) element = element && it.kind == IndexItem::integer;
    assign_value(target, value, element ? ValueRule::setitem_element : ValueRule::setitem, stream);
    return;
  }
  a->check_writeable();
  if (is_whole_mask(*a, items)) {
    // NumPy's boolean assignment takes values in the mask's order, never a 2-d block.
    const int ndim = py::isinstance<NDArray>(value) ? value.cast<ArrayPtr>()->ndim()
                                                    : numpy().attr("ndim")(value).cast<int>();
    if (ndim > 1)
      raise(ErrorKind::type,
            "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input "
            "has " +
                std::to_string(ndim) + " dimensions");
  }
  // Checked before anything is written: a failed assignment leaves `a` as it was. The value
  // is broadcast to the result before the indices are checked, as NumPy does.
  ArrayPtr values;
  IndexPlan plan = plan_index(a, items, stream, [&](const IndexPlan& p) {
    values = empty(a->device(), a->dtype(), p.result);
    assign_value(values, value, ValueRule::setitem_advanced, stream);
  });
  scatter(plan, values, stream);
}

}  // namespace

void bind_indexing_methods(py::class_<NDArray, ArrayPtr>& cls) {
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  cls.def("__getitem__", &getitem,
          with_signature("__getitem__(self, key, /)", "NumPy's basic and advanced indexing.")
              .c_str())
      .def("__setitem__", &setitem,
           with_signature("__setitem__(self, key, value, /)",
                          "NumPy's assignment through basic and advanced indices.")
               .c_str());
}

void bind_indexing(py::module_& m) {
  m.def(
      "_nonzero",
      [](const ArrayPtr& a) {
        std::vector<ArrayPtr> coords = nonzero(a, *current_stream(a->device()));
        py::tuple out(coords.size());
        for (size_t d = 0; d < coords.size(); ++d) out[d] = py::cast(coords[d]);
        return out;
      },
      "The coordinates of the true (nonzero) elements per axis, as numpy.nonzero; a 0-d array "
      "counts as 1-d.");
  m.def(
      "_force_compact_threads", [](int threads) { force_compact_threads(threads); },
      "Tests: threads per block of the mask compaction on the cpu device (0: its choice).");
}

}  // namespace cupylike::python
