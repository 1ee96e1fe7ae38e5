#pragma once
/// The n-dimensional array: a dtype, a shape, strides in bytes and an offset into a refcounted
/// block of device memory. Views share the block; `base` is the array that owns it, as in NumPy
/// (a view of a view points at the owner).
#include <cstdint>
#include <memory>

#include "core/dim_vector.hpp"
#include "core/dtype.hpp"
#include "memory/memory.hpp"

namespace cupylike {

class NDArray;
using ArrayPtr = std::shared_ptr<NDArray>;

class NDArray : public std::enable_shared_from_this<NDArray> {
 public:
  struct Layout {
    DType dtype;
    DimVector shape;
    DimVector strides;
    int64_t offset;  // bytes from the start of the memory block
  };

  /// An array over `memory` (null for an array without elements); `base` is null for an owner.
  NDArray(MemoryPtr memory, Device device, Layout layout, ArrayPtr base, bool writeable = true,
          bool can_write = true);

  DType dtype() const { return dtype_; }
  int itemsize() const { return cupylike::itemsize(dtype_); }
  int ndim() const { return shape_.size(); }
  const DimVector& shape() const { return shape_; }
  const DimVector& strides() const { return strides_; }
  int64_t size() const { return size_; }
  int64_t nbytes() const { return size_ * itemsize(); }
  int64_t offset() const { return offset_; }
  Device device() const { return device_; }
  const MemoryPtr& memory() const { return memory_; }
  /// Device address of the first element (null when there is no memory).
  char* data() const { return memory_ ? static_cast<char*>(memory_->ptr()) + offset_ : nullptr; }

  bool c_contiguous() const { return c_contiguous_; }
  bool f_contiguous() const { return f_contiguous_; }
  /// C- or F-contiguous, or any permutation of a contiguous layout: one block of bytes.
  bool dense() const;
  bool owndata() const { return !base_; }
  bool writeable() const { return writeable_; }
  /// ValueError when asked to make writeable a view that must stay read-only (broadcast).
  void set_writeable(bool writeable);
  bool can_write() const { return can_write_; }
  /// The array that owns the memory, or null if this one does.
  const ArrayPtr& base() const { return base_; }
  /// ValueError "assignment destination is read-only" unless writeable.
  void check_writeable() const;

  /// A new owner of `memory` with `size` elements in C or F `order` (strides from
  /// new_array_strides): what the general constructor checks and computes is known already.
  struct Fresh {
    int64_t size;
    char order;
  };
  NDArray(Fresh fresh, MemoryPtr memory, Device device, Layout layout);

  /// A view of this array with another layout over the same memory.
  ArrayPtr view(Layout layout, bool can_write = true);

 private:
  MemoryPtr memory_;
  ArrayPtr base_;
  DimVector shape_, strides_;
  int64_t offset_ = 0;
  int64_t size_ = 0;
  Device device_;
  DType dtype_;
  bool c_contiguous_ = true, f_contiguous_ = true;
  bool writeable_ = true, can_write_ = true;
};

/// A new uninitialised array from the device's allocator; order 'C' or 'F'.
ArrayPtr empty(Device device, DType dtype, const DimVector& shape, char order = 'C');
/// A new uninitialised array with a dense layout given by non-negative `strides` (C, F or a
/// permutation of either), as NumPy makes for order='K' copies.
ArrayPtr empty_strided(Device device, DType dtype, const DimVector& shape,
                       const DimVector& strides);
/// NumPy's strides for a new array like one with `strides` under order='K': C order over the
/// axes sorted by decreasing |stride| (C or F exactly when the original is C or F contiguous).
DimVector strides_like(const DimVector& shape, const DimVector& strides, int old_itemsize,
                       int new_itemsize);

}  // namespace cupylike
