#include "array/views.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/layout.hpp"

namespace cupylike {
namespace {

// Python's PySlice_AdjustIndices: clamps start and stop into the axis, returns the length.
int64_t adjust_slice(int64_t length, int64_t& start, int64_t& stop, int64_t step) {
  auto clamp = [&](int64_t& v) {
    if (v < 0) {
      v += length;
      if (v < 0) v = step < 0 ? -1 : 0;
    } else if (v >= length) {
      v = step < 0 ? length - 1 : length;
    }
  };
  clamp(start);
  clamp(stop);
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

NDArray::Layout layout_of(const NDArray& a) {
  return {a.dtype(), a.shape(), a.strides(), a.offset()};
}

}  // namespace

ArrayPtr basic_index(const ArrayPtr& a, const std::vector<IndexItem>& items) {
  int consumed = 0, ellipses = 0;
  for (const IndexItem& it : items) {
    if (it.kind == IndexItem::integer || it.kind == IndexItem::slice) ++consumed;
    if (it.kind == IndexItem::ellipsis) ++ellipses;
  }
  if (ellipses > 1) raise(ErrorKind::index, "an index can only have a single ellipsis ('...')");
  int ndim = a->ndim();
  if (consumed > ndim)
    raise(ErrorKind::index, "too many indices for array: array is " + std::to_string(ndim) +
                                "-dimensional, but " + std::to_string(consumed) + " were indexed");
  NDArray::Layout out{a->dtype(), {}, {}, a->offset()};
  int axis = 0;
  for (const IndexItem& it : items) {
    switch (it.kind) {
      case IndexItem::newaxis:
        out.shape.push_back(1);
        out.strides.push_back(0);
        break;
      case IndexItem::ellipsis:
        for (int k = 0; k < ndim - consumed; ++k, ++axis) {
          out.shape.push_back(a->shape()[axis]);
          out.strides.push_back(a->strides()[axis]);
        }
        break;
      case IndexItem::integer: {
        int64_t n = a->shape()[axis], i = it.value;
        if (i < -n || i >= n)
          raise(ErrorKind::index, "index " + std::to_string(i) + " is out of bounds for axis " +
                                      std::to_string(axis) + " with size " + std::to_string(n));
        out.offset += (i < 0 ? i + n : i) * a->strides()[axis];
        ++axis;
        break;
      }
      case IndexItem::array_index:
      case IndexItem::boolean:
        raise(ErrorKind::runtime, "basic_index: an advanced item");
      case IndexItem::slice: {
        if (it.step == 0) raise(ErrorKind::value, "slice step cannot be zero");
        int64_t start = it.start, stop = it.stop, step = it.step, stride = a->strides()[axis];
        int64_t n = adjust_slice(a->shape()[axis], start, stop, step);
        if (n <= 0) {  // NumPy: an empty slice keeps the stride and does not move the offset
          n = 0;
          start = 0;
          step = 1;
        }
        out.offset += start * stride;
        out.shape.push_back(n);
        out.strides.push_back(stride * step);
        ++axis;
        break;
      }
    }
  }
  for (; axis < ndim; ++axis) {
    out.shape.push_back(a->shape()[axis]);
    out.strides.push_back(a->strides()[axis]);
  }
  check_ndim(out.shape.size());
  return a->view(std::move(out));
}

DimVector resolve_reshape(int64_t size, const DimVector& shape) {
  DimVector out = shape;
  int unknown = -1;
  int64_t known = 1;
  auto fail = [&] {
    raise(ErrorKind::value, "cannot reshape array of size " + std::to_string(size) +
                                " into shape " + shape_str(shape));
  };
  bool overflow = false;  // NumPy's: the known dimensions' product, in order, overflows
  for (int i = 0; i < out.size(); ++i) {
    if (out[i] < 0) {  // NumPy takes any negative value as the unknown dimension
      if (unknown >= 0) raise(ErrorKind::value, "can only specify one unknown dimension");
      unknown = i;
    } else {
      overflow = overflow || __builtin_mul_overflow(known, out[i], &known);
    }
  }
  if (overflow) fail();
  if (unknown >= 0 && known != 0 && size % known == 0) out[unknown] = size / known;
  if ((unknown >= 0 && (known == 0 || size % known != 0)) || shape_size(out) != size) fail();
  check_ndim(out.size());
  return out;
}

namespace {

// NumPy's no-copy reshape: groups of old axes and new axes with equal products map onto each
// other when the old group is contiguous in the requested order. Axes of length 1 are dropped
// from the old layout first and get the stride that continues the last group.
bool reshape_strides(const NDArray& a, const DimVector& shape, bool f_order, DimVector& out) {
  DimVector od, os;
  for (int i = 0; i < a.ndim(); ++i)
    if (a.shape()[i] != 1) {
      od.push_back(a.shape()[i]);
      os.push_back(a.strides()[i]);
    }
  int on = od.size(), nn = shape.size();
  out = DimVector(nn);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    int64_t np = shape[ni], op = od[oi];
    while (np != op) {
      if (np < op)
        np *= shape[nj++];
      else
        op *= od[oj++];
    }
    for (int ok = oi; ok < oj - 1; ++ok) {
      if (f_order ? os[ok + 1] != od[ok] * os[ok] : os[ok] != od[ok + 1] * os[ok + 1]) return false;
    }
    if (f_order) {
      out[ni] = os[oi];
      for (int nk = ni + 1; nk < nj; ++nk) out[nk] = out[nk - 1] * shape[nk - 1];
    } else {
      out[nj - 1] = os[oj - 1];
      for (int nk = nj - 1; nk > ni; --nk) out[nk - 1] = out[nk] * shape[nk];
    }
    ni = nj++;
    oi = oj++;
  }
  int64_t last = ni >= 1 ? out[ni - 1] : a.itemsize();
  if (f_order && ni >= 1) last *= shape[ni - 1];
  for (int nk = ni; nk < nn; ++nk) out[nk] = last;
  return true;
}

}  // namespace

ArrayPtr reshape_view(const ArrayPtr& a, const DimVector& shape_in, char order) {
  DimVector shape = resolve_reshape(a->size(), shape_in);
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  if (order != 'C' && order != 'F')
    raise(ErrorKind::value,
          "order must be one of 'C', 'F', 'A' (got '" + std::string(1, order) + "')");
  // Like NumPy: the same shape, as asked (before resolving -1), is a plain view.
  if (shape_in == a->shape()) return a->view(layout_of(*a));
  bool f = order == 'F';
  DimVector strides;
  if (a->size() == 0 || (f ? a->f_contiguous() : a->c_contiguous())) {
    strides = fill_strides(shape, a->itemsize(), order);
  } else if (!reshape_strides(*a, shape, f, strides)) {
    return nullptr;
  }
  return a->view({a->dtype(), std::move(shape), std::move(strides), a->offset()});
}

ArrayPtr transpose(const ArrayPtr& a) {
  DimVector axes;
  for (int i = a->ndim() - 1; i >= 0; --i) axes.push_back(i);
  return transpose(a, axes);
}

ArrayPtr transpose(const ArrayPtr& a, const DimVector& axes_in) {
  int n = a->ndim();
  if (axes_in.size() != n) raise(ErrorKind::value, "axes don't match array");
  DimVector axes = normalize_axes(axes_in, n);
  NDArray::Layout out{a->dtype(), DimVector(n), DimVector(n), a->offset()};
  for (int i = 0; i < n; ++i) {
    out.shape[i] = a->shape()[axes[i]];
    out.strides[i] = a->strides()[axes[i]];
  }
  return a->view(std::move(out));
}

ArrayPtr swapaxes(const ArrayPtr& a, int64_t axis1, int64_t axis2) {
  int n = a->ndim();
  int i = normalize_axis(axis1, n), j = normalize_axis(axis2, n);
  NDArray::Layout out = layout_of(*a);
  std::swap(out.shape[i], out.shape[j]);
  std::swap(out.strides[i], out.strides[j]);
  return a->view(std::move(out));
}

ArrayPtr diagonal(const ArrayPtr& a, int64_t offset, int64_t axis1, int64_t axis2) {
  const int n = a->ndim();
  if (n < 2) raise(ErrorKind::value, "diag requires an array of at least two dimensions");
  const int i = normalize_axis(axis1, n), j = normalize_axis(axis2, n);
  if (i == j) raise(ErrorKind::value, "axis1 and axis2 cannot be the same");
  const int64_t n1 = a->shape()[size_t(i)], n2 = a->shape()[size_t(j)];
  const int64_t s1 = a->strides()[size_t(i)], s2 = a->strides()[size_t(j)];
  NDArray::Layout out{a->dtype(), {}, {}, a->offset()};
  int64_t len = offset >= 0 ? std::min(n1, n2 - offset) : std::min(n1 + offset, n2);
  len = std::max<int64_t>(len, 0);
  if (len > 0) out.offset += offset >= 0 ? offset * s2 : -offset * s1;
  for (int d = 0; d < n; ++d) {
    if (d == i || d == j) continue;
    out.shape.push_back(a->shape()[size_t(d)]);
    out.strides.push_back(a->strides()[size_t(d)]);
  }
  out.shape.push_back(len);
  out.strides.push_back(s1 + s2);
  return a->view(std::move(out), false);  // NumPy's diagonal is a read-only view
}

ArrayPtr moveaxis(const ArrayPtr& a, const DimVector& source, const DimVector& destination) {
  int n = a->ndim();
  DimVector src = normalize_axes(source, n), dst = normalize_axes(destination, n);
  if (src.size() != dst.size())
    raise(ErrorKind::value,
          "`source` and `destination` arguments must have the same number of elements");
  std::vector<int> order(n, -1);
  std::vector<bool> moved(n, false);
  for (int k = 0; k < src.size(); ++k) {
    order[dst[k]] = int(src[k]);
    moved[src[k]] = true;
  }
  int next = 0;
  for (int i = 0; i < n; ++i) {
    if (order[i] >= 0) continue;
    while (moved[next]) ++next;
    order[i] = next++;
  }
  return transpose(a, DimVector(order.begin(), order.end()));
}

ArrayPtr squeeze(const ArrayPtr& a, const DimVector* axes, bool one_axis) {
  int n = a->ndim();
  // NumPy (PyArray_ConvertMultiAxis) checks one axis that is not a tuple against at least one
  // dimension: a 0-d array takes 0 or -1 and stays as it is.
  if (one_axis && n == 0 && axes && axes->size() == 1 && ((*axes)[0] == 0 || (*axes)[0] == -1))
    return a;
  std::vector<bool> drop(n, false);
  if (axes) {
    for (int64_t ax : normalize_axes(*axes, n)) {
      if (a->shape()[ax] != 1)
        raise(ErrorKind::value,
              "cannot select an axis to squeeze out which has size not equal "
              "to one");
      drop[ax] = true;
    }
  } else {
    bool any = false;
    for (int i = 0; i < n; ++i) any |= drop[i] = a->shape()[i] == 1;
    if (!any) return a;  // NumPy returns the array itself when there is nothing to squeeze
  }
  NDArray::Layout out{a->dtype(), {}, {}, a->offset()};
  for (int i = 0; i < n; ++i)
    if (!drop[i]) {
      out.shape.push_back(a->shape()[i]);
      out.strides.push_back(a->strides()[i]);
    }
  return a->view(std::move(out));
}

ArrayPtr expand_dims(const ArrayPtr& a, const DimVector& axes) {
  // NumPy implements expand_dims as a reshape, and its strides follow from that.
  int n = a->ndim() + axes.size();
  check_ndim(n);
  DimVector where = normalize_axes(axes, n);
  std::vector<bool> is_new(n, false);
  for (int64_t w : where) is_new[w] = true;
  DimVector shape;
  int k = 0;
  for (int i = 0; i < n; ++i) shape.push_back(is_new[i] ? 1 : a->shape()[k++]);
  ArrayPtr v = reshape_view(a, shape, 'C');
  if (!v) raise(ErrorKind::runtime, "expand_dims: inserting axes of length 1 needs no copy");
  return v;
}

ArrayPtr view_as(const ArrayPtr& a, DType dtype) {
  int old_size = a->itemsize(), new_size = itemsize(dtype);
  NDArray::Layout out = layout_of(*a);
  out.dtype = dtype;
  if (old_size == new_size) return a->view(std::move(out));
  int n = a->ndim();
  if (n == 0)
    raise(ErrorKind::value,
          "Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
  if (a->shape()[n - 1] != 1 && a->size() != 0 && a->strides()[n - 1] != old_size)
    raise(ErrorKind::value,
          "To change to a dtype of a different size, the last axis must be contiguous");
  int64_t bytes = a->shape()[n - 1] * old_size;
  if (bytes % new_size != 0)
    raise(ErrorKind::value, new_size > old_size
                                ? "When changing to a larger dtype, its size must be a divisor "
                                  "of the total size in bytes of the last axis of the array."
                                : "When changing to a smaller dtype, its size must be a divisor "
                                  "of the size of original dtype");
  out.shape[n - 1] = bytes / new_size;
  out.strides[n - 1] = new_size;
  return a->view(std::move(out));
}

ArrayPtr broadcast_to(const ArrayPtr& a, const DimVector& shape) {
  int n = shape.size(), lead = n - a->ndim();
  check_ndim(n);
  for (int64_t d : shape)
    if (d < 0) raise(ErrorKind::value, "all elements of broadcast shape must be non-negative");
  auto fail = [&] {
    raise(ErrorKind::value,
          "operands could not be broadcast together with remapped shapes "
          "[original->remapped]: " +
              shape_str(a->shape()) + "  and requested shape " + shape_str(shape));
  };
  if (lead < 0) fail();
  if (product_overflows(shape)) raise(ErrorKind::value, "iterator is too large");  // nditer's
  NDArray::Layout out{a->dtype(), shape, DimVector(n, 0), a->offset()};
  for (int i = 0; i < a->ndim(); ++i) {
    int64_t d = a->shape()[i];
    // NumPy's broadcast (nditer) gives every axis of length 1 a zero stride.
    if (d == shape[lead + i])
      out.strides[lead + i] = d == 1 ? 0 : a->strides()[i];
    else if (d != 1)
      fail();
  }
  return a->view(std::move(out), /*can_write=*/false);
}

ArrayPtr as_strided(const ArrayPtr& a, const DimVector& shape, const DimVector& strides,
                    bool writeable) {
  if (shape.size() != strides.size())
    raise(ErrorKind::value, "as_strided: shape and strides must have the same length");
  check_ndim(shape.size());
  for (int64_t d : shape)
    if (d < 0) raise(ErrorKind::value, "negative dimensions are not allowed");
  if (product_overflows(shape)) raise(ErrorKind::value, "array is too big");
  // Compared with the owner's elements, not the memory block: a pool's block is rounded up
  // past them. An owner can itself be strided (a DLPack import), hence its extent.
  const NDArray& owner = a->base() ? *a->base() : *a;
  Extent have = byte_extent(owner.shape(), owner.strides(), owner.itemsize());
  Extent want = byte_extent(shape, strides, a->itemsize());
  if (want.hi > want.lo && (a->offset() + want.lo < owner.offset() + have.lo ||
                            a->offset() + want.hi > owner.offset() + have.hi))
    raise(ErrorKind::value,
          "as_strided: shape " + shape_str(shape) + " and strides " + shape_str(strides) +
              " reach outside the array's memory (cupylike refuses views past its ends)");
  auto view = a->view({a->dtype(), shape, strides, a->offset()});
  if (!writeable) view->set_writeable(false);
  return view;
}

}  // namespace cupylike
