#pragma once
/// Python objects owned from C++ code that may drop them without the GIL (memory released by a
/// worker thread, an allocator copied between threads).
#include <pybind11/pybind11.h>

#include <memory>

#include "memory/external.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// Holds `object`; releases it with the GIL, or not at all once the interpreter has ended.
struct PythonOwner {
  explicit PythonOwner(py::object o) : object(std::move(o)) {}
  PythonOwner(const PythonOwner&) = delete;
  PythonOwner& operator=(const PythonOwner&) = delete;
  ~PythonOwner() {
    if (!Py_IsInitialized()) {
      object.release();
      return;
    }
    py::gil_scoped_acquire gil;
    object = py::object();
  }
  py::object object;
};

/// `size` bytes at `ptr` that `owner` keeps valid (an allocator's buffer, an object with a CUDA
/// array interface): the owner stays alive until the last array over them goes.
inline MemoryPtr memory_owned_by(py::object owner, Device device, void* ptr, size_t size) {
  auto held = std::make_shared<PythonOwner>(std::move(owner));
  return std::make_shared<ExternalMemory>(device, ptr, size, [held]() mutable { held.reset(); });
}

}  // namespace cupylike::python
