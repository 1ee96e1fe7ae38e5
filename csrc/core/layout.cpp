#include "core/layout.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/error.hpp"

namespace cupylike {

std::string shape_str(const DimVector& shape) {
  std::string s = "(";
  for (int i = 0; i < shape.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + (shape.size() == 1 ? ",)" : ")");
}

void check_ndim(int ndim) {
  if (ndim > kMaxNdim)
    raise(ErrorKind::value, "maximum supported dimension for an ndarray is currently " +
                                std::to_string(kMaxNdim) + ", found " + std::to_string(ndim));
}

int64_t checked_size(const DimVector& shape, int itemsize) {
  check_ndim(shape.size());
  // NumPy's rule for every new array, views included: a zero dimension makes the array empty
  // but does not excuse the others, whose product in bytes must still fit (so `size` and
  // every byte offset computed from the shape are exact).
  int64_t bytes = itemsize, n = 1;
  bool overflow = false;
  for (int64_t d : shape) {
    if (d < 0) raise(ErrorKind::value, "negative dimensions are not allowed");
    if (d == 0) {
      n = 0;
      continue;
    }
    overflow = overflow || __builtin_mul_overflow(bytes, d, &bytes);
    n *= d;  // exact whenever `bytes` did not overflow (itemsize >= 1)
  }
  if (overflow)
    raise(ErrorKind::value,
          "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
          "size.");
  return n;
}

bool product_overflows(const DimVector& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, d, &n)) return true;
  return false;
}

DimVector fill_strides(const DimVector& shape, int itemsize, char order) {
  int n = shape.size();
  DimVector strides(n);
  int64_t step = itemsize;
  for (int k = 0; k < n; ++k) {
    int i = order == 'F' ? k : n - 1 - k;
    strides[i] = step;
    if (shape[i] != 0) step *= shape[i];
  }
  return strides;
}

DimVector new_array_strides(const DimVector& shape, int itemsize, char order) {
  if (shape_size(shape) == 0) return DimVector(shape.size(), 0);
  return fill_strides(shape, itemsize, order);
}

namespace {
// NumPy's contiguity: axes of length 1 may have any stride; an empty array is contiguous.
bool contiguous_in(const DimVector& shape, const DimVector& strides, int itemsize, bool c_order) {
  int n = shape.size();
  int64_t expected = itemsize;
  bool ok = true;
  for (int k = 0; k < n; ++k) {
    int i = c_order ? n - 1 - k : k;
    if (shape[i] == 0) return true;
    if (shape[i] != 1) {
      if (strides[i] != expected) ok = false;
      expected *= shape[i];
    }
  }
  return ok;
}
}  // namespace

bool is_c_contiguous(const DimVector& shape, const DimVector& strides, int itemsize) {
  return contiguous_in(shape, strides, itemsize, true);
}
bool is_f_contiguous(const DimVector& shape, const DimVector& strides, int itemsize) {
  return contiguous_in(shape, strides, itemsize, false);
}

Extent byte_extent(const DimVector& shape, const DimVector& strides, int itemsize) {
  if (shape_size(shape) == 0) return {0, 0};
  // Wide sums, clamped: strides chosen by a user (as_strided) may reach past int64.
  __int128 lo = 0, hi = 0;
  for (int i = 0; i < shape.size(); ++i) {
    __int128 reach = static_cast<__int128>(strides[i]) * (shape[i] - 1);
    (reach < 0 ? lo : hi) += reach;
  }
  constexpr __int128 limit = INT64_MAX / 2;
  return {static_cast<int64_t>(std::max(lo, -limit)),
          static_cast<int64_t>(std::min(hi + itemsize, limit))};
}

bool is_dense(const DimVector& shape, const DimVector& strides, int itemsize) {
  int64_t size = shape_size(shape);
  if (size <= 1) return true;
  // Sort the non-trivial axes by |stride|; dense means each stride is the product of the
  // extents of the axes below it, starting from the itemsize.
  std::vector<std::pair<int64_t, int64_t>> axes;  // (|stride|, length)
  for (int i = 0; i < shape.size(); ++i)
    if (shape[i] != 1) axes.emplace_back(strides[i] < 0 ? -strides[i] : strides[i], shape[i]);
  std::sort(axes.begin(), axes.end());
  int64_t expected = itemsize;
  for (auto [stride, length] : axes) {
    if (stride != expected) return false;
    expected *= length;
  }
  return true;
}

DimVector broadcast_shapes(const DimVector* shapes, int count) {
  int ndim = 0;
  for (int k = 0; k < count; ++k) ndim = std::max(ndim, shapes[k].size());
  DimVector out(ndim, 1);
  std::vector<int> owner(ndim, -1);  // which argument set each output axis (for the message)
  for (int k = 0; k < count; ++k) {
    const DimVector& s = shapes[k];
    int lead = ndim - s.size();
    for (int i = 0; i < s.size(); ++i) {
      int64_t d = s[i];
      int64_t& o = out[lead + i];
      if (d == o || d == 1) continue;
      if (o == 1) {
        o = d;
        owner[lead + i] = k;
        continue;
      }
      int j = owner[lead + i];
      raise(ErrorKind::value,
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
            "arg " +
                std::to_string(j) + " with shape " + shape_str(shapes[j]) + " and arg " +
                std::to_string(k) + " with shape " + shape_str(s) + ".");
    }
  }
  return out;
}

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    raise(ErrorKind::axis, "axis " + std::to_string(axis) +
                               " is out of bounds for array of "
                               "dimension " +
                               std::to_string(ndim));
  return int(axis < 0 ? axis + ndim : axis);
}

DimVector normalize_axes(const DimVector& axes, int ndim) {
  DimVector out(axes.size());
  std::vector<bool> seen(ndim, false);
  for (int i = 0; i < axes.size(); ++i) {
    int a = normalize_axis(axes[i], ndim);
    if (seen[a]) raise(ErrorKind::value, "repeated axis");
    seen[a] = true;
    out[i] = a;
  }
  return out;
}

int merge_axes(const DimVector& shape, const int* axes, int naxes, const long long* const* strides,
               int narrays, long long* out_shape, long long* const* out_strides, int max_ndim) {
  int d = 0;
  for (int t = 0; t < naxes; ++t) {
    const int a = axes[t];
    const long long len = shape[size_t(a)];
    bool join = d > 0;
    for (int k = 0; join && k < narrays; ++k)
      if (strides[k]) join = out_strides[k][d - 1] == strides[k][a] * len;
    if (join) {
      out_shape[d - 1] *= len;
      for (int k = 0; k < narrays; ++k)
        if (strides[k]) out_strides[k][d - 1] = strides[k][a];
      continue;
    }
    if (d == max_ndim) return -1;
    out_shape[d] = len;
    for (int k = 0; k < narrays; ++k) out_strides[k][d] = strides[k] ? strides[k][a] : 0;
    ++d;
  }
  return d;
}

}  // namespace cupylike
