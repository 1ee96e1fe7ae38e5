#pragma once
/// Arrays over memory another library owns (DLPack tensors, CUDA array interface objects): the
/// producer describes elements by the address of the first one and strides that may be
/// negative; an NDArray wants a block that starts at the lowest byte and a non-negative offset.
#include "array/ndarray.hpp"

namespace cupylike {

struct ForeignView {
  void* base = nullptr;    // the lowest byte an element occupies; null when there are none
  size_t bytes = 0;        // from `base` to one past the highest byte an element occupies
  NDArray::Layout layout;  // offset: from `base` to the first element
};

/// Where a view of the elements at `first` with byte `strides` lies. BufferError when an
/// element or a stride is not a multiple of the element's alignment (kernels move elements of
/// up to 8 bytes whole, and 16-byte ones as two 8-byte halves; a GPU faults on a misaligned
/// access), or for a shape NumPy could not make.
ForeignView plan_foreign_view(void* first, DType dtype, const DimVector& shape,
                              const DimVector& strides);

/// The view `plan` describes, over `memory` (null when the view has no elements). A read-only
/// view stays read-only: its `writeable` flag cannot be set, as for NumPy's read-only imports.
ArrayPtr foreign_array(const ForeignView& plan, MemoryPtr memory, Device device, bool read_only);

}  // namespace cupylike
