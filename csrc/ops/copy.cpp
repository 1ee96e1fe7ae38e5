#include "ops/copy.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

#include "array/views.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/library.hpp"
#include "ops/transfer.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

// One module per input dtype: its 14 conversions compile together, and a program that only
// casts from float32 compiles only that family.
const KernelFamily& copy_family(DType in) {
  static KernelFamily* families = [] {
    auto* f = new KernelFamily[kNumDTypes];
    for (int i = 0; i < kNumDTypes; ++i) {
      f[i].name = std::string("copy_from_") + dtype_name(DType(i));
      f[i].header = "cupylike/copy.cuh";
      for (int j = 0; j < kNumDTypes; ++j)
        f[i].instantiations.push_back(std::string("cupylike::copy_kernel<") +
                                      kernel_type(DType(i)) + ", " + kernel_type(DType(j)) + ">");
    }
    return f;
  }();
  return families[int(in)];
}

const KernelFamily& fill_family() {
  static const KernelFamily f{
      "fill",
      "cupylike/fill.cuh",
      {"cupylike::fill_kernel<unsigned char>", "cupylike::fill_kernel<unsigned short>",
       "cupylike::fill_kernel<unsigned int>", "cupylike::fill_kernel<unsigned long long>",
       "cupylike::fill_kernel<cupylike::bytes16>"}};
  return f;
}

const char* casting_name(Casting c) {
  switch (c) {
    case Casting::no:
      return "no";
    case Casting::equiv:
      return "equiv";
    case Casting::safe:
      return "safe";
    case Casting::same_kind:
      return "same_kind";
    case Casting::unsafe:
      return "unsafe";
  }
  return "?";
}

// The 1-d view NumPy's ravel(order='K') returns when the elements, taken in order of
// decreasing stride, tile memory contiguously with positive strides; null otherwise.
ArrayPtr memory_order_view(const ArrayPtr& a) {
  int n = a->ndim();
  std::vector<int> perm(n);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int x, int y) {
    return std::abs(a->strides()[x]) > std::abs(a->strides()[y]);
  });
  int64_t step = a->itemsize();
  for (int i = n - 1; i >= 0; --i) {
    int64_t len = a->shape()[perm[i]];
    if (len == 1) continue;  // a length-1 axis does not matter
    if (a->strides()[perm[i]] != step) return nullptr;
    step *= len;
  }
  return a->view(NDArray::Layout{a->dtype(), DimVector{a->size()},
                                 DimVector{int64_t(a->itemsize())}, a->offset()});
}

// The axes in the order NumPy's nditer walks an array under order='K' (outermost first): its
// stable insertion sort by |stride|, in which axes of stride 0 or length 1 compare with nothing
// and stay where they are. (numpy.ravel(order='K') copies in this order; a copy with
// order='K' lays memory out by a plain sort, which differs for broadcast axes.)
ArrayPtr nditer_order_view(const ArrayPtr& a) {
  int n = a->ndim();
  auto stride = [&](int axis) {
    return a->shape()[axis] == 1 ? int64_t(0) : std::abs(a->strides()[axis]);
  };
  std::vector<int> inner_first(n);  // nditer's axis data: innermost (last) axis first
  for (int i = 0; i < n; ++i) inner_first[i] = n - 1 - i;
  for (int i0 = 1; i0 < n; ++i0) {
    int axis = inner_first[i0], pos = i0;
    for (int i1 = i0 - 1; i1 >= 0; --i1) {
      int64_t s0 = stride(axis), s1 = stride(inner_first[i1]);
      if (s0 == 0 || s1 == 0) continue;  // ambiguous: look further in
      if (s1 <= s0) break;
      pos = i1;
    }
    for (int i1 = i0; i1 > pos; --i1) inner_first[i1] = inner_first[i1 - 1];
    inner_first[pos] = axis;
  }
  DimVector axes(n);
  for (int i = 0; i < n; ++i) axes[i] = inner_first[n - 1 - i];
  return transpose(a, axes);
}

bool same_bytes_layout(const NDArray& a, const NDArray& b) {
  return a.dtype() == b.dtype() && a.strides() == b.strides() && a.dense();
}

}  // namespace

std::vector<const KernelFamily*> copy_kernel_families() {
  std::vector<const KernelFamily*> out;
  for (int i = 0; i < kNumDTypes; ++i) out.push_back(&copy_family(DType(i)));
  out.push_back(&fill_family());
  return out;
}

bool may_share_memory(const NDArray& a, const NDArray& b) {
  // By address, not by memory block: arrays imported through DLPack or the CUDA array interface
  // have blocks of their own over memory that other arrays may view too.
  if (!a.memory() || !b.memory() || a.device() != b.device() || a.size() == 0 || b.size() == 0)
    return false;
  Extent ea = byte_extent(a.shape(), a.strides(), a.itemsize());
  Extent eb = byte_extent(b.shape(), b.strides(), b.itemsize());
  auto a0 = int64_t(reinterpret_cast<uintptr_t>(a.data()));
  auto b0 = int64_t(reinterpret_cast<uintptr_t>(b.data()));
  return a0 + ea.lo < b0 + eb.hi && b0 + eb.lo < a0 + ea.hi;
}

void copy_cast(const NDArray& dst, const NDArray& src, const Stream& stream) {
  check_same_device(dst.device(), src.device());
  if (dst.shape() != src.shape())
    raise(ErrorKind::value, "copy_cast: shapes " + shape_str(dst.shape()) + " and " +
                                shape_str(src.shape()) + " differ");
  if (dst.size() == 0) return;
  if (may_share_memory(dst, src)) {
    // Read everything before writing anything, as NumPy does for overlapping operands.
    ArrayPtr tmp = empty(src.device(), src.dtype(), src.shape());
    copy_cast(*tmp, src, stream);
    copy_cast(dst, *tmp, stream);
    return;
  }
  if (same_bytes_layout(dst, src)) {
    copy_extent(dst, src, stream);  // the bytes move as they are: a plain memcpy
    return;
  }
  std::string name = std::string("cupylike::copy_kernel<") + kernel_type(src.dtype()) + ", " +
                     kernel_type(dst.dtype()) + ">";
  auto kernel = library_kernel(dst.device(), copy_family(src.dtype()), name);
  cupylike_nd_params p;
  nd_params(p, dst, &src);
  void* args[] = {&p};
  kernel->launch(launch_dims(dst.device(), p.size), 0, stream, args, uint64_t(p.size));
}

ArrayPtr copy_array(const ArrayPtr& a, char order, const Stream& stream,
                    std::optional<DType> dtype) {
  DType dt = dtype.value_or(a->dtype());
  int isz = itemsize(dt);
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  DimVector strides = order == 'K' ? strides_like(a->shape(), a->strides(), a->itemsize(), isz)
                                   : fill_strides(a->shape(), isz, order);
  ArrayPtr out = empty_strided(a->device(), dt, a->shape(), strides);
  copy_cast(*out, *a, stream);
  return out;
}

void fill(const NDArray& dst, const void* value, const Stream& stream) {
  if (dst.size() == 0) return;
  int isz = dst.itemsize();
  auto kernel = library_kernel(dst.device(), fill_family(),
                               std::string("cupylike::fill_kernel<") + bytes_type(isz) + ">");
  cupylike_nd_params p;
  nd_params(p, dst, nullptr);
  alignas(16) unsigned char bytes[16] = {};
  std::memcpy(bytes, value, size_t(isz));
  void* args[] = {&p, bytes};
  kernel->launch(launch_dims(dst.device(), p.size), 0, stream, args, uint64_t(p.size));
}

namespace {

// NumPy's shapes in these messages have no spaces: "(2,)", "(3,4)".
std::string tight(const DimVector& s) {
  std::string out = shape_str(s);
  out.erase(std::remove(out.begin(), out.end(), ' '), out.end());
  return out;
}

bool broadcasts_to(const DimVector& shape, const DimVector& target) {
  if (shape.size() > target.size()) return false;
  for (int i = 1; i <= int(shape.size()); ++i) {
    int64_t s = shape[shape.size() - i], d = target[target.size() - i];
    if (s != d && s != 1) return false;
  }
  return true;
}

// src seen through its last `ndim` axes (the others have length 1, or src is empty).
ArrayPtr trailing_axes(const ArrayPtr& src, size_t ndim) {
  const size_t skip = src->ndim() - ndim;
  DimVector shape(src->shape().begin() + skip, src->shape().end());
  DimVector strides(src->strides().begin() + skip, src->strides().end());
  return src->view(NDArray::Layout{src->dtype(), shape, strides, src->offset()});
}

void copy_broadcast(const ArrayPtr& dst, const ArrayPtr& value, const Stream& stream) {
  copy_cast(*dst, value->shape() == dst->shape() ? *value : *broadcast_to(value, dst->shape()),
            stream);
}

}  // namespace

void assign(const ArrayPtr& dst, const ArrayPtr& src, const Stream& stream) {
  // NumPy drops leading length-1 axes of a value with more axes than the target.
  int skip = 0;
  while (src->ndim() - skip > dst->ndim() && src->shape()[size_t(skip)] == 1) ++skip;
  ArrayPtr value = skip ? trailing_axes(src, size_t(src->ndim() - skip)) : src;
  if (!broadcasts_to(value->shape(), dst->shape()))
    raise(ErrorKind::value, "could not broadcast input array from shape " + tight(src->shape()) +
                                " into shape " + tight(dst->shape()));
  copy_broadcast(dst, value, stream);
}

void assign_indexed(const ArrayPtr& dst, const ArrayPtr& src, const Stream& stream) {
  // NumPy reshapes a value with more axes than the indexing result to its trailing axes when
  // the sizes agree: leading axes of length 1, or any leading axes of an empty value.
  ArrayPtr value = src;
  if (src->ndim() > dst->ndim()) {
    DimVector tail(src->shape().end() - dst->ndim(), src->shape().end());
    if (shape_size(tail) == src->size()) value = trailing_axes(src, size_t(dst->ndim()));
  }
  if (!broadcasts_to(value->shape(), dst->shape()))
    raise(ErrorKind::value, "shape mismatch: value array of shape " + tight(src->shape()) +
                                " could not be broadcast to indexing result of shape " +
                                tight(dst->shape()));
  copy_broadcast(dst, value, stream);
}

bool has_order(const NDArray& a, char order) {
  switch (order) {
    case 'C':
      return a.c_contiguous();
    case 'F':
      return a.f_contiguous();
    case 'A':
      return a.c_contiguous() || a.f_contiguous();
    default:
      return true;
  }
}

void check_cast(DType from, DType to, Casting casting) {
  if (!can_cast(from, to, casting))
    raise(ErrorKind::type, std::string("Cannot cast array data from dtype('") + dtype_name(from) +
                               "') to dtype('" + dtype_name(to) + "') according to the rule '" +
                               casting_name(casting) + "'");
}

ArrayPtr ravel(const ArrayPtr& a, char order, const Stream& stream) {
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  if (order == 'K') {
    if (a->c_contiguous() || a->f_contiguous()) {
      order = a->c_contiguous() ? 'C' : 'F';
    } else {
      if (ArrayPtr v = memory_order_view(a)) return v;
      // NumPy copies in its iterator's order='K' (reversed axes are not flipped).
      ArrayPtr c = copy_array(nditer_order_view(a), 'C', stream);
      return reshape_view(c, DimVector{a->size()}, 'C');
    }
  }
  DimVector flat{a->size()};
  if (ArrayPtr v = reshape_view(a, flat, order)) return v;
  return reshape_view(copy_array(a, order, stream), flat, order);
}

}  // namespace cupylike
