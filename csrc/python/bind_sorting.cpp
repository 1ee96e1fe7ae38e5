// What cupylike/_sorting/_sort.py uses on the cpu device: the stable host radix sort
// (ops/sort_host) for argsort, and NumPy views of cpu arrays, so NumPy's own sort and partition (a
// well-kept host sort) work on their memory. GPU arrays sort with the kernels of
// kernels/cupylike/sort.cuh, launched from Python.
#include <pybind11/stl.h>

#include <optional>

#include "core/error.hpp"
#include "ops/sort_host.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

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
// alive. The cpu device runs its streams in order on the calling thread, so the memory holds
// every result issued before.
py::array cpu_view(const ArrayPtr& a) {
  if (!a->device().is_cpu()) raise(ErrorKind::value, "_cpu_view: the array is not on the cpu");
  std::vector<py::ssize_t> shape(a->shape().begin(), a->shape().end());
  std::vector<py::ssize_t> strides(a->strides().begin(), a->strides().end());
  py::array view(py::dtype::from_args(dtype_to_py(a->dtype())), shape, strides, a->data(),
                 py::cast(a));
  return view;
}

}  // namespace

void bind_sorting(py::module_& m) {
  m.def("_host_sort", &sort_rows, py::arg("values"), py::arg("indices") = py::none(),
        "Sorts each row (last axis) of a C-contiguous cpu array in place, stably in NumPy's "
        "order; with `indices` (int64, same shape) writes each row's argsort there.");
  m.def("_host_merge", &merge_halves, py::arg("src"), py::arg("dst"), py::arg("mid"),
        "Merges the sorted runs src[:mid] and src[mid:] into dst (1-d, contiguous, cpu).");
  m.def("_cpu_view", &cpu_view, py::arg("a"),
        "A NumPy array on the memory of a cpu array (same shape and strides), keeping it alive.");
}

}  // namespace cupylike::python
