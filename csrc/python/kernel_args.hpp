#pragma once
/// Kernel arguments from Python values, in CUDA's convention (an array of pointers to the
/// values). CuPy's rules for what each value becomes, plus a check against the kernel's
/// parameters where the device knows them, so a wrong count or size is a TypeError naming the
/// parameter instead of a kernel reading garbage.
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/device.hpp"

namespace cupylike::python {

namespace py = pybind11;

class KernelArgs {
 public:
  /// `values`: a tuple or list. Arrays must be on `device` and contiguous (their data pointer
  /// is what a kernel sees); `param_sizes`, when known, decide the C type of Python ints and
  /// floats (CuPy: always long long and double) and must match every other argument's size.
  KernelArgs(py::handle values, Device device, const std::optional<std::vector<size_t>>& params,
             const std::string& kernel);
  void** pointers() { return pointers_.data(); }

 private:
  void* slot(size_t size);
  void add(const void* bytes, size_t size);

  std::vector<void*> pointers_;
  std::vector<std::unique_ptr<unsigned char[]>> storage_;
};

}  // namespace cupylike::python
