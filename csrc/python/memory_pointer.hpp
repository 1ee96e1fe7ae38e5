#pragma once
/// CuPy's MemoryPointer: an address inside a block of device memory (`x.data.ptr`).
#include <cstdint>

#include "memory/memory.hpp"

namespace cupylike::python {

struct MemoryPointer {
  MemoryPtr mem;
  int64_t offset = 0;
  Device device;
  uintptr_t ptr() const { return mem ? uintptr_t(mem->ptr()) + uintptr_t(offset) : 0; }
};

}  // namespace cupylike::python
