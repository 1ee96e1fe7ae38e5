#pragma once
/// Operations that return views: the result shares memory with its input and has NumPy's
/// shape and strides, exactly where NumPy returns a view.
#include <vector>

#include "array/ndarray.hpp"

namespace cupylike {

/// One item of an index. Slices carry Python's unpacked values (PySlice_Unpack: a missing
/// start or stop is PY_SSIZE_T_MIN/MAX by the sign of the step). Arrays and booleans make the
/// index advanced (ops/indexing.hpp).
struct IndexItem {
  enum Kind { integer, slice, ellipsis, newaxis, array_index, boolean } kind;
  int64_t value = 0;  // integer; boolean (0 or 1)
  int64_t start = 0, stop = 0, step = 1;
  ArrayPtr array = {};  // array_index: an integer or bool array on the indexed array's device
};

/// x[items] with integers, slices, Ellipsis and newaxis (no arrays or booleans); IndexError as
/// NumPy for out-of-range integers, too many indices or two ellipses.
ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& items);

/// The shape `shape` with one -1 resolved for an array of `size` elements; ValueError if the
/// sizes differ or more than one dimension is unknown.
DimVector resolve_reshape(int64_t size, const DimVector& shape);
/// a.reshape(shape, order) as a view ('C', 'F' or 'A'); null when NumPy would have to copy.
ArrayPtr reshape_view(const ArrayPtr& a, const DimVector& shape, char order);

/// Axes permuted as numpy.transpose: `axes` names every axis once (ValueError otherwise, an
/// empty `axes` included, as NumPy's `transpose(())` for ndim > 0).
ArrayPtr transpose(const ArrayPtr& a, const DimVector& axes);
/// Axes reversed: numpy.transpose(a), `a.T`.
ArrayPtr transpose(const ArrayPtr& a);
ArrayPtr swapaxes(const ArrayPtr& a, int64_t axis1, int64_t axis2);
/// numpy.diagonal: a read-only view with the diagonal as its last axis.
ArrayPtr diagonal(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2);
ArrayPtr moveaxis(const ArrayPtr& a, const DimVector& source, const DimVector& destination);
/// Removes the given axes (all of length 1 when `axes` is null); `one_axis`: the axes came as
/// one integer rather than a tuple (NumPy lets a 0-d array take 0 or -1 then).
ArrayPtr squeeze(const ArrayPtr& a, const DimVector* axes, bool one_axis = false);
ArrayPtr expand_dims(const ArrayPtr& a, const DimVector& axes);
/// The same memory read as another dtype, with NumPy 2's rules for a different itemsize.
ArrayPtr view_as(const ArrayPtr& a, DType dtype);
/// A read-only view with stride 0 along broadcast axes.
ArrayPtr broadcast_to(const ArrayPtr& a, const DimVector& shape);
/// numpy.lib.stride_tricks.as_strided: any shape and byte strides from a's first element.
/// Unlike NumPy, ValueError when an element would lie outside a's memory block: on a GPU, a
/// read out of bounds is a fault for the whole context, not one wrong value.
ArrayPtr as_strided(const ArrayPtr& a, const DimVector& shape, const DimVector& strides,
                    bool writeable);

}  // namespace cupylike
