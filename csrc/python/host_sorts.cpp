// The cpu device's sorts from the Python side: argument checks, NumPy views of cpu arrays and
// calls into NumPy's C sorts and the host radix sort.
#include "python/host_sorts.hpp"

#include "array/views.hpp"
#include "core/error.hpp"
#include "ops/sort_host.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace {

// NumPy's C sorts, PyArray_Sort(array, axis, kind) and PyArray_ArgSort(array, axis, kind), from
// NumPy's C API table (slots 129 and 130 of numpy/__multiarray_api.h; pybind11 reads its own
// functions from the same table). Calling them skips the methods' lookup and argument parsing,
// a good part of the time of a small sort. Read when the module is bound.
using NumpySort = int (*)(PyObject* array, int axis, int kind);
using NumpyArgSort = PyObject* (*)(PyObject* array, int axis, int kind);
NumpySort g_numpy_sort = nullptr;
NumpyArgSort g_numpy_argsort = nullptr;
constexpr int kDefaultSort = 0;  // NPY_QUICKSORT, numpy.sort's default kind
constexpr int kStableSort = 2;   // NPY_STABLESORT

// `axis` as the int NumPy's C sorts take, when it is a plain Python int of that range; other
// objects (None included) go through NumPy's own conversion and its errors.
bool plain_axis(py::handle axis, int& out) {
  if (!PyLong_CheckExact(axis.ptr())) return false;
  int overflow = 0;
  const long at = PyLong_AsLongAndOverflow(axis.ptr(), &overflow);
  if (overflow || at != long(int(at))) return false;
  out = int(at);
  return true;
}

}  // namespace

void load_numpy_sorts() {
  py::object table = py::detail::import_numpy_core_submodule("multiarray").attr("_ARRAY_API");
  void** api = static_cast<void**>(PyCapsule_GetPointer(table.ptr(), nullptr));
  if (!api) throw py::error_already_set();
  g_numpy_sort = reinterpret_cast<NumpySort>(api[129]);
  g_numpy_argsort = reinterpret_cast<NumpyArgSort>(api[130]);
}

void sort_rows(const ArrayPtr& values, const std::optional<ArrayPtr>& indices) {
  const NDArray& v = *values;
  if (!v.device().is_cpu()) raise(ErrorKind::value, "_host_sort: the array is not on the cpu");
  if (!v.c_contiguous() || v.ndim() == 0)
    raise(ErrorKind::value, "_host_sort: needs a C-contiguous array of at least one axis");
  const int64_t n = v.shape().back();
  const int64_t rows = n ? v.size() / n : 0;
  int64_t* idx = nullptr;
  if (indices) {
    const NDArray& i = **indices;
    if (i.dtype() != DType::int64 || !i.c_contiguous() || i.shape() != v.shape() ||
        !i.device().is_cpu())
      raise(ErrorKind::value, "_host_sort: indices must be C-contiguous int64 of values' shape");
    idx = reinterpret_cast<int64_t*>(i.data());
  }
  unlocked_if_large(v.nbytes(), [&] { host_sort_rows(v.dtype(), v.data(), idx, rows, n); });
}

// Merges the sorted halves [0, mid) and [mid, n) of contiguous 1-d cpu `src` into `dst`.
void merge_halves(const ArrayPtr& src, const ArrayPtr& dst, int64_t mid) {
  const NDArray &s = *src, &d = *dst;
  if (!s.device().is_cpu() || !d.device().is_cpu() || s.ndim() != 1 || !s.c_contiguous() ||
      !d.c_contiguous() || d.shape() != s.shape() || d.dtype() != s.dtype() || mid < 0 ||
      mid > s.size())
    raise(ErrorKind::value, "_host_merge: needs two contiguous 1-d cpu arrays alike");
  unlocked_if_large(s.nbytes(),
                    [&] { cupylike::host_merge(s.dtype(), s.data(), d.data(), s.size(), mid); });
}

// A NumPy array on the memory of the cpu array `a` (its shape and strides), which keeps `a`
// alive through `owner`, a's Python object. The cpu device runs its streams in order on the
// calling thread, so the memory holds every result issued before.
py::array cpu_view(const ArrayPtr& a, py::handle owner) {
  if (!a->device().is_cpu()) raise(ErrorKind::value, "_cpu_view: the array is not on the cpu");
  std::vector<py::ssize_t> shape(a->shape().begin(), a->shape().end());
  std::vector<py::ssize_t> strides(a->strides().begin(), a->strides().end());
  return py::array(py::dtype::from_args(dtype_to_py(a->dtype())), shape, strides, a->data(), owner);
}

// numpy.sort(a, axis) of a cpu array of fewer than `below` elements in one call, for arrays
// small enough that the Python steps of the general path (cupylike/_sorting/_sort.py) would
// cost more than the sort: a C-ordered copy (flattened for axis None) sorted in place by
// NumPy's own sort (its default kind) along `axis`, which NumPy checks as numpy.sort does.
// None for other arrays.
py::object host_sorted(const ArrayPtr& a, py::handle axis, int64_t below) {
  if (!a->device().is_cpu() || a->size() >= below) return py::none();
  ArrayPtr out = copy_array_unlocked(a, 'C', *current_stream(a->device()), a->dtype());
  const bool flat = axis.is_none();
  if (flat) out = reshape_view(out, DimVector{out->size()}, 'C');
  py::object owner = wrap_array(std::move(out));
  py::array view = cpu_view(*fast_array(owner.ptr()), owner);
  int at = -1;
  if (!flat && !plain_axis(axis, at))
    view.attr("sort")(axis);
  else if (g_numpy_sort(view.ptr(), at, kDefaultSort) < 0)
    throw py::error_already_set();
  return owner;
}

// numpy.argsort(a, axis, kind='stable') of a cpu array of at least one axis and fewer than
// `below` elements whose sorted axis is shorter than `row_below`, in one call: NumPy's stable
// argsort on a view of `a` (flattened for axis None), whose result comes over as a new array.
// Longer rows go to the host radix sort, faster there. None for other arrays.
py::object host_argsorted(const ArrayPtr& a, py::handle axis, int64_t below, int64_t row_below) {
  if (!a->device().is_cpu() || a->ndim() == 0 || a->size() >= below) return py::none();
  const bool flat = axis.is_none();
  int at = -1;
  const bool plain = flat || plain_axis(axis, at);
  if (plain) {
    int64_t n = a->size();
    if (!flat) {
      const int64_t k = at < 0 ? at + a->ndim() : at;
      n = k >= 0 && k < a->ndim() ? a->shape()[int(k)] : 0;  // else NumPy's AxisError below
    }
    if (n >= row_below) return py::none();
  }
  ArrayPtr src = a;
  if (flat) {
    if (!src->c_contiguous())
      src = copy_array_unlocked(src, 'C', *current_stream(a->device()), a->dtype());
    src = reshape_view(src, DimVector{src->size()}, 'C');
  }
  py::array view = cpu_view(src, py::cast(src));
  py::object order =
      plain ? py::reinterpret_steal<py::object>(g_numpy_argsort(view.ptr(), at, kStableSort))
            : view.attr("argsort")(axis, py::arg("kind") = "stable");
  if (!order) throw py::error_already_set();
  py::array host = py::reinterpret_borrow<py::array>(order);
  const char layout = host.flags() & py::array::c_style ? 'K' : 'C';
  return wrap_array(from_host(host, py::none(), layout, a->device(), *current_stream(a->device())));
}

}  // namespace cupylike::python
