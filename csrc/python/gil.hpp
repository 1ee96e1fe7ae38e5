#pragma once
/// Running large device work without the GIL.
#include <pybind11/pybind11.h>

#include <cstdint>

namespace cupylike::python {

namespace py = pybind11;

/// Work on at least this many bytes runs without the GIL so other Python threads go on; smaller
/// work keeps it, since releasing and taking it back costs more than the work.
inline constexpr int64_t kUnlockFrom = int64_t(1) << 20;

/// fn()'s result, called without the GIL when `bytes` >= kUnlockFrom. fn must not touch Python
/// objects.
template <class Fn>
auto unlocked_if_large(int64_t bytes, Fn&& fn) {
  if (bytes < kUnlockFrom) return fn();
  py::gil_scoped_release unlocked;
  return fn();
}

}  // namespace cupylike::python
