#include "array/ndarray.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "memory/allocator.hpp"

namespace cupylike {

NDArray::NDArray(MemoryPtr memory, Device device, Layout layout, ArrayPtr base, bool writeable,
                 bool can_write)
    : memory_(std::move(memory)),
      base_(std::move(base)),
      shape_(std::move(layout.shape)),
      strides_(std::move(layout.strides)),
      offset_(layout.offset),
      size_(checked_size(shape_, cupylike::itemsize(layout.dtype))),
      device_(device),
      dtype_(layout.dtype),
      writeable_(writeable && can_write),
      can_write_(can_write) {
  int isz = cupylike::itemsize(dtype_);
  c_contiguous_ = is_c_contiguous(shape_, strides_, isz);
  f_contiguous_ = is_f_contiguous(shape_, strides_, isz);
}

NDArray::NDArray(Fresh fresh, MemoryPtr memory, Device device, Layout layout)
    : memory_(std::move(memory)),
      shape_(std::move(layout.shape)),
      strides_(std::move(layout.strides)),
      size_(fresh.size),
      device_(device),
      dtype_(layout.dtype) {
  // With one axis (or none) both orders are the same layout.
  if (shape_.size() <= 1) return;
  int isz = cupylike::itemsize(dtype_);
  c_contiguous_ = fresh.order == 'C' || is_c_contiguous(shape_, strides_, isz);
  f_contiguous_ = fresh.order == 'F' || is_f_contiguous(shape_, strides_, isz);
}

bool NDArray::dense() const {
  return c_contiguous_ || f_contiguous_ || is_dense(shape_, strides_, itemsize());
}

void NDArray::set_writeable(bool writeable) {
  if (writeable && !can_write_)
    raise(ErrorKind::value, "cannot set WRITEABLE flag to True of this array");
  writeable_ = writeable;
}

void NDArray::check_writeable() const {
  if (!writeable_) raise(ErrorKind::value, "assignment destination is read-only");
}

ArrayPtr NDArray::view(Layout layout, bool can_write) {
  ArrayPtr owner = base_ ? base_ : shared_from_this();
  bool keep = can_write && can_write_;
  return std::make_shared<NDArray>(memory_, device_, std::move(layout), std::move(owner),
                                   writeable_ && keep, keep);
}

ArrayPtr empty(Device device, DType dtype, const DimVector& shape, char order) {
  int isz = itemsize(dtype);
  int64_t n = checked_size(shape, isz);
  MemoryPtr memory = allocate(device, size_t(n) * size_t(isz));
  NDArray::Layout layout{dtype, shape, new_array_strides(shape, isz, order), 0};
  return std::make_shared<NDArray>(NDArray::Fresh{n, order}, std::move(memory), device,
                                   std::move(layout));
}

ArrayPtr empty_strided(Device device, DType dtype, const DimVector& shape,
                       const DimVector& strides) {
  int isz = itemsize(dtype);
  int64_t n = checked_size(shape, isz);
  for (int64_t s : strides)
    if (s < 0) raise(ErrorKind::value, "empty_strided needs non-negative strides");
  if (!is_dense(shape, strides, isz))
    raise(ErrorKind::value, "empty_strided needs a dense layout, got strides " +
                                shape_str(strides) + " for shape " + shape_str(shape));
  MemoryPtr memory = allocate(device, size_t(n) * size_t(isz));
  NDArray::Layout layout{dtype, shape, n == 0 ? DimVector(shape.size(), 0) : strides, 0};
  return std::make_shared<NDArray>(std::move(memory), device, std::move(layout), nullptr);
}

DimVector strides_like(const DimVector& shape, const DimVector& strides, int old_itemsize,
                       int new_itemsize) {
  if (shape_size(shape) == 0) return DimVector(shape.size(), 0);
  if (is_c_contiguous(shape, strides, old_itemsize)) return fill_strides(shape, new_itemsize, 'C');
  if (is_f_contiguous(shape, strides, old_itemsize)) return fill_strides(shape, new_itemsize, 'F');
  int n = shape.size();
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(),
                   [&](int a, int b) { return std::abs(strides[a]) > std::abs(strides[b]); });
  DimVector out(n);
  int64_t step = new_itemsize;
  for (int k = n - 1; k >= 0; --k) {
    out[perm[k]] = step;
    step *= shape[perm[k]];
  }
  return out;
}

}  // namespace cupylike
