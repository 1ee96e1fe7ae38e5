#pragma once
/// Advanced indexing (NumPy's rules): keys with integer or boolean arrays, alone or mixed with
/// integers, slices, Ellipsis and newaxis. A key becomes a plan: a basic view of the array,
/// the int64 index arrays on its axes, and the shape of the result; a gather reads through the
/// plan (x[key]), a scatter writes through it (x[key] = values). Indices are checked on the
/// device before either runs (one synchronisation), so a failed assignment changes nothing.
#include <functional>
#include <vector>

#include "array/ndarray.hpp"
#include "array/views.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// The axis of the view that an index (an array, or a constant from an integer) selects on.
struct IndexedAxis {
  ArrayPtr array;     // int64, contiguous; null for a constant
  int64_t value = 0;  // the constant, normalised
  int view_axis = 0;  // in IndexPlan::view
};

struct IndexPlan {
  ArrayPtr view;                     // the key's basic part; indexed axes kept whole
  std::vector<IndexedAxis> indexed;  // in key order
  DimVector broadcast;               // the index arrays' broadcast shape
  int first = 0;                     // where `broadcast` starts in the result's axes
  DimVector result;                  // the result's shape (of a gather; of a scatter's values)
  bool distinct = false;             // no two index tuples can be equal (a mask's coordinates)
};

/// Whether the key needs a plan (it holds arrays or booleans); otherwise basic_index serves.
bool is_advanced(const std::vector<IndexItem>& items);

/// The plan of a[items] for an advanced key, with NumPy's IndexErrors (too many indices, a
/// mask of the wrong shape, an index out of bounds, arrays that do not broadcast).
/// `before_bounds` runs on the finished plan before the indices are checked (NumPy checks an
/// assignment's value against the result's shape first).
IndexPlan plan_index(const ArrayPtr& a, const std::vector<IndexItem>& items, const Stream& stream,
                     const std::function<void(const IndexPlan&)>& before_bounds = {});

/// A new C-contiguous array: the view's elements the plan selects.
ArrayPtr gather(const IndexPlan& plan, const Stream& stream);

/// Writes `values` (the plan's result shape, the array's dtype, any strides) through the plan.
/// With repeated indices the last write in index order wins, as NumPy's, on every device.
void scatter(const IndexPlan& plan, const ArrayPtr& values, const Stream& stream);

/// The coordinates of the true elements of a bool array in C order: one int64 array of their
/// count per axis (numpy.nonzero); a 0-d array counts as 1-d.
std::vector<ArrayPtr> nonzero(const ArrayPtr& mask, const Stream& stream);

/// The elements of `values` where `mask` (a bool array of the same shape) is true, in C order.
ArrayPtr masked_values(const ArrayPtr& values, const ArrayPtr& mask, const Stream& stream);

}  // namespace cupylike
