#include "array/foreign_view.hpp"

#include <algorithm>
#include <cstdint>

#include "core/error.hpp"
#include "core/layout.hpp"

namespace cupylike {

ForeignView plan_foreign_view(void* first, DType dtype, const DimVector& shape,
                              const DimVector& strides) {
  int isz = itemsize(dtype);
  check_ndim(shape.size());
  if (strides.size() != shape.size())
    raise(ErrorKind::value, "strides must have one entry per dimension");
  int64_t n = checked_size(shape, isz);
  ForeignView plan;
  plan.layout = NDArray::Layout{dtype, shape, strides, 0};
  if (n == 0) return plan;  // nothing to read: no memory is kept, whatever the pointer
  const int64_t align = std::min(isz, 8);
  bool aligned = reinterpret_cast<uintptr_t>(first) % uintptr_t(align) == 0;
  for (int i = 0; i < shape.size(); ++i)
    if (shape[i] > 1 && strides[i] % align != 0) aligned = false;
  if (!aligned)
    raise(ErrorKind::buffer, std::string("cupylike needs ") + dtype_name(dtype) +
                                 " elements aligned to " + std::to_string(align) +
                                 " bytes; copy the array in its own library first");
  Extent e = byte_extent(shape, strides, isz);
  plan.base = static_cast<char*>(first) + e.lo;
  plan.bytes = size_t(e.hi - e.lo);
  plan.layout.offset = -e.lo;
  return plan;
}

ArrayPtr foreign_array(const ForeignView& plan, MemoryPtr memory, Device device, bool read_only) {
  return std::make_shared<NDArray>(std::move(memory), device, plan.layout, nullptr, !read_only,
                                   !read_only);
}

}  // namespace cupylike
