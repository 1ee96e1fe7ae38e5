// Advanced indexing: a key's items turned into a plan (see indexing.hpp), with NumPy's rules
// for where the index arrays' broadcast shape goes among the remaining axes: in place when the
// advanced items (integer and boolean arrays, and integers alongside them) are next to each
// other in the key, first otherwise.
#include "ops/indexing.hpp"

#include <cstring>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/index_kernels.hpp"
#include "ops/transfer.hpp"

namespace cupylike {

namespace {

// One advanced item of the key, before the view exists.
struct Pending {
  ArrayPtr array;     // int64, or null for a constant
  int64_t value = 0;  // the constant (checked and normalised)
  int key_pos = 0;    // position of its item in the key (a mask's arrays share one)
  int view_axis = 0;
  int array_axis = -1;     // the indexed array's axis (for messages); -1 for a new axis
  bool in_bounds = false;  // made here (a mask's coordinates): nothing to check
};

ArrayPtr int64_index(const ArrayPtr& a, const Stream& stream) {
  if (a->dtype() == DType::int64 && a->c_contiguous()) return a;
  return copy_array(a, 'C', stream, DType::int64);
}

ArrayPtr constant_index(Device device, int64_t length, const Stream& stream) {
  // x[True] / x[False]: one index 0, or none, on a new axis of length 1.
  ArrayPtr a = empty(device, DType::int64, {length});
  const int64_t zero = 0;
  if (length) fill(*a, &zero, stream);
  return a;
}

// NumPy checks the masks' shapes as it reads the key, before the slices and integers of the
// key (even those in front of them); an empty mask fits whatever axes it covers.
void check_masks(const NDArray& a, const std::vector<IndexItem>& items, int consumed) {
  int axis = 0;
  for (const IndexItem& it : items) {
    if (it.kind == IndexItem::ellipsis) axis += a.ndim() - consumed;
    if (it.kind == IndexItem::slice || it.kind == IndexItem::integer) ++axis;
    if (it.kind != IndexItem::array_index) continue;
    const NDArray& mask = *it.array;
    if (mask.dtype() != DType::bool_) {
      ++axis;
      continue;
    }
    for (int d = 0; d < mask.ndim() && mask.size() != 0; ++d) {
      const int64_t want = a.shape()[size_t(axis + d)], got = mask.shape()[size_t(d)];
      if (want != got)
        raise(ErrorKind::index,
              "boolean index did not match indexed array along axis " + std::to_string(axis + d) +
                  "; size of axis is " + std::to_string(want) +
                  " but size of corresponding boolean axis is " + std::to_string(got));
    }
    axis += mask.ndim();
  }
}

}  // namespace

bool is_advanced(const std::vector<IndexItem>& items) {
  for (const IndexItem& it : items)
    if (it.kind == IndexItem::array_index || it.kind == IndexItem::boolean) return true;
  return false;
}

IndexPlan plan_index(const ArrayPtr& a, const std::vector<IndexItem>& items, const Stream& stream,
                     const std::function<void(const IndexPlan&)>& before_bounds) {
  const int ndim = a->ndim();
  int consumed = 0, ellipses = 0;
  for (const IndexItem& it : items) {
    if (it.kind == IndexItem::integer || it.kind == IndexItem::slice) ++consumed;
    if (it.kind == IndexItem::array_index)
      consumed += it.array->dtype() == DType::bool_ ? it.array->ndim() : 1;
    if (it.kind == IndexItem::ellipsis) ++ellipses;
  }
  if (ellipses > 1) raise(ErrorKind::index, "an index can only have a single ellipsis ('...')");
  if (consumed > ndim)
    raise(ErrorKind::index, "too many indices for array: array is " + std::to_string(ndim) +
                                "-dimensional, but " + std::to_string(consumed) + " were indexed");
  check_masks(*a, items, consumed);

  // The basic part: every advanced item becomes whole axes (or a new axis for a boolean).
  std::vector<IndexItem> basic;
  std::vector<Pending> pending;
  IndexItem whole{IndexItem::slice};
  whole.start = 0;
  whole.stop = INT64_MAX;
  int axis = 0, view_axis = 0;
  for (size_t pos = 0; pos < items.size(); ++pos) {
    const IndexItem& it = items[pos];
    switch (it.kind) {
      case IndexItem::newaxis:
        basic.push_back(it);
        ++view_axis;
        break;
      case IndexItem::ellipsis:
        for (int k = 0; k < ndim - consumed; ++k, ++axis, ++view_axis) basic.push_back(whole);
        break;
      case IndexItem::slice:
        if (it.step == 0) raise(ErrorKind::value, "slice step cannot be zero");
        basic.push_back(it);
        ++axis;
        ++view_axis;
        break;
      case IndexItem::integer: {
        const int64_t n = a->shape()[size_t(axis)], i = it.value;
        if (i < -n || i >= n)
          raise(ErrorKind::index, "index " + std::to_string(i) + " is out of bounds for axis " +
                                      std::to_string(axis) + " with size " + std::to_string(n));
        pending.push_back({nullptr, i < 0 ? i + n : i, int(pos), view_axis, axis});
        basic.push_back(whole);
        ++axis;
        ++view_axis;
        break;
      }
      case IndexItem::boolean:
        pending.push_back(
            {constant_index(a->device(), it.value ? 1 : 0, stream), 0, int(pos), view_axis, -1});
        basic.push_back({IndexItem::newaxis});
        ++view_axis;
        break;
      case IndexItem::array_index: {
        const ArrayPtr& arr = it.array;
        const char kind = dtype_info(arr->dtype()).kind;
        if (kind != 'b' && kind != 'i' && kind != 'u')
          raise(ErrorKind::index, "arrays used as indices must be of integer (or boolean) type");
        if (arr->dtype() != DType::bool_) {
          pending.push_back({int64_index(arr, stream), 0, int(pos), view_axis, axis});
          basic.push_back(whole);
          ++axis;
          ++view_axis;
          break;
        }
        std::vector<ArrayPtr> coords = nonzero(arr, stream);
        if (arr->ndim() == 0) {  // a 0-d mask: a new axis, as a boolean scalar
          pending.push_back({coords[0], 0, int(pos), view_axis, -1});
          basic.push_back({IndexItem::newaxis});
          ++view_axis;
          break;
        }
        for (int d = 0; d < arr->ndim(); ++d) {
          pending.push_back({coords[size_t(d)], 0, int(pos), view_axis, axis, true});
          basic.push_back(whole);
          ++axis;
          ++view_axis;
        }
        break;
      }
    }
  }
  for (; axis < ndim; ++axis, ++view_axis) basic.push_back(whole);

  IndexPlan plan;
  plan.view = basic_index(a, basic);
  const NDArray& view = *plan.view;

  // Broadcast shape of the index arrays (constants are 0-d).
  std::vector<DimVector> shapes;
  std::string listed;
  for (const Pending& p : pending) {
    shapes.push_back(p.array ? p.array->shape() : DimVector{});
    listed += shape_str(shapes.back()) + " ";
  }
  try {
    plan.broadcast = broadcast_shapes(shapes.data(), int(shapes.size()));
  } catch (const Error&) {
    raise(ErrorKind::index,
          "shape mismatch: indexing arrays could not be broadcast together with shapes " + listed);
  }

  // Where the broadcast axes go: in place of adjacent advanced items, else first.
  bool adjacent = true;
  for (size_t k = 1; k < pending.size(); ++k)
    adjacent = adjacent && (pending[k].key_pos == pending[k - 1].key_pos ||
                            pending[k].key_pos == pending[k - 1].key_pos + 1);
  std::vector<bool> indexed(size_t(view.ndim()), false);
  for (const Pending& p : pending) indexed[size_t(p.view_axis)] = true;
  plan.first = 0;
  if (adjacent)
    for (int d = 0; d < pending.front().view_axis; ++d) plan.first += indexed[size_t(d)] ? 0 : 1;
  DimVector kept;
  for (int d = 0; d < view.ndim(); ++d)
    if (!indexed[size_t(d)]) kept.push_back(view.shape()[size_t(d)]);
  for (int j = 0; j < int(kept.size()); ++j) {
    if (j == plan.first)
      for (int64_t n : plan.broadcast) plan.result.push_back(n);
    plan.result.push_back(kept[size_t(j)]);
  }
  if (plan.first == int(kept.size()))
    for (int64_t n : plan.broadcast) plan.result.push_back(n);
  for (const Pending& p : pending) {
    plan.indexed.push_back({p.array, p.value, p.view_axis});
    // A mask's coordinates name each of its true elements once; unbroadcast, so do the tuples.
    plan.distinct = plan.distinct || (p.in_bounds && p.array->shape() == plan.broadcast);
  }
  plan.distinct = plan.distinct || shape_size(plan.broadcast) <= 1;
  if (before_bounds) before_bounds(plan);

  // Bounds, checked on the device for every array at once; NumPy checks only the indices it
  // uses, so none when the broadcast shape is empty.
  std::vector<const NDArray*> checked;
  std::vector<int64_t> lens, bad;
  std::vector<size_t> which;
  for (size_t k = 0; k < pending.size(); ++k) {
    if (!pending[k].array || pending[k].array_axis < 0 || pending[k].in_bounds ||
        shape_size(plan.broadcast) == 0)
      continue;
    checked.push_back(pending[k].array.get());
    lens.push_back(view.shape()[size_t(pending[k].view_axis)]);
    which.push_back(k);
  }
  check_indices(a->device(), checked, lens, bad, stream);
  for (size_t j = 0; j < checked.size(); ++j) {
    if (bad[j] < 0) continue;
    const ArrayPtr& arr = pending[which[j]].array;
    ArrayPtr element =
        arr->view({DType::int64, DimVector{}, DimVector{}, arr->offset() + bad[j] * 8});
    int64_t value = 0;
    download(*element, &value, stream);
    raise(ErrorKind::index, "index " + std::to_string(value) + " is out of bounds for axis " +
                                std::to_string(pending[which[j]].array_axis) + " with size " +
                                std::to_string(lens[j]));
  }

  return plan;
}

namespace {

// The walk over the plan's result shape; `other` is the gather's result or the scatter's
// values (result shape, any strides).
cupylike_index_params walk_params(const IndexPlan& plan, const NDArray& other) {
  const NDArray& view = *plan.view;
  cupylike_index_params p;
  std::memset(&p, 0, sizeof p);
  const int nd = int(plan.result.size()), nb = int(plan.broadcast.size());
  if (nd > CUPYLIKE_IDX_MAX_NDIM)
    raise(ErrorKind::not_implemented, "advanced indexing with a result of more than " +
                                          std::to_string(CUPYLIKE_IDX_MAX_NDIM) + " axes");
  p.view = view.data();
  p.other = other.data();
  p.size = shape_size(plan.result);
  p.ndim = nd;
  for (int d = 0; d < nd; ++d) {
    p.shape[d] = plan.result[size_t(d)];
    p.other_stride[d] = other.strides()[size_t(d)];
  }
  // The view's kept axes, in order, around the broadcast axes.
  std::vector<bool> indexed(size_t(view.ndim()), false);
  for (const IndexedAxis& ix : plan.indexed) indexed[size_t(ix.view_axis)] = true;
  for (int d = 0, walk = 0; d < view.ndim(); ++d) {
    if (indexed[size_t(d)]) continue;
    if (walk == plan.first) walk += nb;
    p.view_stride[walk++] = view.strides()[size_t(d)];
  }
  for (const IndexedAxis& ix : plan.indexed) {
    const int64_t step = view.strides()[size_t(ix.view_axis)];
    if (!ix.array) {
      p.view += ix.value * step;
      continue;
    }
    if (p.narrays == CUPYLIKE_IDX_MAX_ARRAYS)
      raise(ErrorKind::not_implemented, "advanced indexing with more than " +
                                            std::to_string(CUPYLIKE_IDX_MAX_ARRAYS) +
                                            " index arrays");
    const int k = p.narrays++;
    const NDArray& arr = *ix.array;
    p.idx[k] = arr.data();
    p.idx_len[k] = view.shape()[size_t(ix.view_axis)];
    p.idx_step[k] = step;
    const int lead = nb - arr.ndim();  // the array's axes align with the broadcast's last ones
    for (int j = 0; j < arr.ndim(); ++j)
      p.idx_stride[k][plan.first + lead + j] =
          arr.shape()[size_t(j)] == 1 ? 0 : arr.strides()[size_t(j)];
  }
  return p;
}

}  // namespace

ArrayPtr gather(const IndexPlan& plan, const Stream& stream) {
  ArrayPtr out = empty(plan.view->device(), plan.view->dtype(), plan.result);
  launch_index_copy(out->device(), walk_params(plan, *out), out->itemsize(), false, stream);
  return out;
}

namespace {

// `values` (C-contiguous) rearranged so that every position of the broadcast shape carries the
// value of the last position that writes the same element: the writers of an element then all
// write one value, and the race between them on a GPU cannot show. A gather through the
// winners, with the broadcast axes of `values` folded into one.
ArrayPtr last_values(const IndexPlan& plan, const ArrayPtr& values, const Stream& stream) {
  const cupylike_index_params walk = walk_params(plan, *values);
  const int nb = int(plan.broadcast.size());
  cupylike_index_params tuples = walk;  // the walk over the broadcast shape alone
  tuples.ndim = nb;
  tuples.size = shape_size(plan.broadcast);
  for (int j = 0; j < nb; ++j) {
    tuples.shape[j] = plan.broadcast[size_t(j)];
    tuples.view_stride[j] = tuples.other_stride[j] = 0;
    for (int k = 0; k < walk.narrays; ++k)
      tuples.idx_stride[k][j] = walk.idx_stride[k][plan.first + j];
  }
  ArrayPtr winners = empty(values->device(), DType::int64, plan.broadcast);
  last_writers(values->device(), tuples, *winners, stream);

  DimVector folded;
  for (int d = 0; d < plan.first; ++d) folded.push_back(plan.result[size_t(d)]);
  folded.push_back(tuples.size);
  for (int d = plan.first + nb; d < int(plan.result.size()); ++d)
    folded.push_back(plan.result[size_t(d)]);
  IndexPlan by_winner;
  by_winner.view = values->view(
      {values->dtype(), folded, fill_strides(folded, values->itemsize(), 'C'), values->offset()});
  by_winner.indexed.push_back({winners, 0, plan.first});
  by_winner.broadcast = plan.broadcast;
  by_winner.first = plan.first;
  by_winner.result = plan.result;
  return gather(by_winner, stream);
}

}  // namespace

void scatter(const IndexPlan& plan, const ArrayPtr& values_in, const Stream& stream) {
  if (values_in->shape() != plan.result || values_in->dtype() != plan.view->dtype())
    raise(ErrorKind::runtime, "scatter: values do not match the plan");
  plan.view->check_writeable();
  ArrayPtr values = values_in;
  // Targets that may repeat: on the cpu device one thread writes in index order, so the last
  // write lands last (several times faster there than finding the last writers); elsewhere
  // every writer of an element gets its last writer's value.
  const bool repeats = !plan.distinct && values->size() > 0;
  const bool in_order = repeats && values->device().is_cpu();
  if (repeats && !in_order) {
    if (!values->c_contiguous()) values = copy_array(values, 'C', stream, values->dtype());
    values = last_values(plan, values, stream);
  }
  launch_index_copy(values->device(), walk_params(plan, *values), values->itemsize(), true, stream,
                    in_order);
}

std::vector<ArrayPtr> nonzero(const ArrayPtr& mask_in, const Stream& stream) {
  const Device device = mask_in->device();
  ArrayPtr mask = mask_in;
  if (mask->dtype() != DType::bool_ || !mask->c_contiguous())
    mask = copy_array(mask_in, 'C', stream, DType::bool_);
  DimVector shape = mask->ndim() == 0 ? DimVector{1} : mask->shape();
  const MaskCounts counts = count_mask(*mask, 1, stream);
  const int nd = int(shape.size());
  ArrayPtr coords = empty(device, DType::int64, {int64_t(nd), counts.total});
  emit_mask(*mask, counts, shape, nullptr, *coords, stream);
  std::vector<ArrayPtr> out;
  for (int d = 0; d < nd; ++d)
    out.push_back(coords->view({DType::int64, DimVector{counts.total}, DimVector{8},
                                coords->offset() + int64_t(d) * counts.total * 8}));
  return out;
}

ArrayPtr masked_values(const ArrayPtr& values_in, const ArrayPtr& mask_in, const Stream& stream) {
  if (values_in->shape() != mask_in->shape())
    raise(ErrorKind::runtime, "masked_values: shapes differ");
  ArrayPtr mask = mask_in, values = values_in;
  if (mask->dtype() != DType::bool_ || !mask->c_contiguous())
    mask = copy_array(mask_in, 'C', stream, DType::bool_);
  if (!values->c_contiguous()) values = copy_array(values_in, 'C', stream, values_in->dtype());
  const MaskCounts counts = count_mask(*mask, values->itemsize(), stream);
  ArrayPtr out = empty(values->device(), values->dtype(), {counts.total});
  emit_mask(*mask, counts, mask->shape(), values.get(), *out, stream);
  return out;
}

}  // namespace cupylike
