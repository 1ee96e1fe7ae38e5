#pragma once
/// The cpu device's sorts from the Python side (cupylike/_sorting/_sort.py): the stable host
/// radix sort (ops/sort_host) and NumPy's own sorts on NumPy views of cpu arrays.
#include <pybind11/numpy.h>

#include <optional>

#include "array/ndarray.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// Sorts each row (last axis) of C-contiguous cpu `values` in place, stably in NumPy's order;
/// with `indices` (int64, same shape) writes each row's argsort there.
void sort_rows(const ArrayPtr& values, const std::optional<ArrayPtr>& indices);
/// Merges the sorted halves [0, mid) and [mid, n) of contiguous 1-d cpu `src` into `dst`.
void merge_halves(const ArrayPtr& src, const ArrayPtr& dst, int64_t mid);
/// A NumPy array on the memory of the cpu array `a` (its shape and strides), keeping `owner`
/// (a's Python object) alive.
py::array cpu_view(const ArrayPtr& a, py::handle owner);
/// Reads NumPy's C sort functions from its C API table; once, before the two below.
void load_numpy_sorts();
/// numpy.sort(a, axis) of a cpu array of fewer than `below` elements in one call; None for
/// other arrays.
py::object host_sorted(const ArrayPtr& a, py::handle axis, int64_t below);
/// numpy.argsort(a, axis, kind='stable') of a cpu array of at least one axis, fewer than
/// `below` elements and a sorted axis shorter than `row_below`; None for other arrays.
py::object host_argsorted(const ArrayPtr& a, py::handle axis, int64_t below, int64_t row_below);

}  // namespace cupylike::python
