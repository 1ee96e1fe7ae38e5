#pragma once
/// Kernel arguments from Python values, in CUDA's convention (an array of pointers to the
/// values). CuPy's rules for what each value becomes, plus a check against the kernel's
/// parameters where the device knows them, so a wrong count, size or kind is a TypeError naming
/// the parameter instead of a kernel reading garbage (or dereferencing a number).
///
/// A pointer parameter takes a device array, a MemoryPointer (x.data), ctypes.c_void_p (an
/// address given explicitly as one) or None (a null pointer); an integer parameter takes a
/// Python int or bool or a NumPy integer or bool; a floating-point one a Python number or a
/// NumPy floating-point scalar; a parameter of a class type NumPy scalars and one-element
/// arrays of its size. Where the kind is unknown, any value of the right size passes.
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/param_kind.hpp"
#include "runtime/device.hpp"

namespace cupylike::python {

namespace py = pybind11;

class KernelArgs {
 public:
  /// `values`: a tuple or list. Arrays must be on `device` and contiguous (their data pointer
  /// is what a kernel sees); `param_sizes`, when known, decide the C type of Python ints and
  /// floats (CuPy: always long long and double) and must match every other argument's size.
  KernelArgs(py::handle values, Device device, const std::optional<std::vector<size_t>>& params,
             const std::optional<std::vector<ParamKind>>& kinds, const std::string& kernel);
  void** pointers() { return pointers_.data(); }

 private:
  void* slot(size_t size);
  void add(const void* bytes, size_t size);
  // A number for a float (4 bytes) or double (8 bytes) parameter.
  void add_floating(double d, size_t size, size_t i, const std::string& kernel, const char* what);

  std::vector<void*> pointers_;
  std::vector<std::unique_ptr<unsigned char[]>> storage_;
};

}  // namespace cupylike::python
