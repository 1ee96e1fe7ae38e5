#include "ops/copy.hpp"

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/transfer.hpp"

namespace cupylike {

bool copy_keeps_bytes(const NDArray& a, char order, DimVector& strides) {
  int isz = a.itemsize();
  if (order == 'A') order = a.f_contiguous() && !a.c_contiguous() ? 'F' : 'C';
  if (order == 'K') {
    for (int64_t s : a.strides())
      if (s < 0) return false;
    if (!a.dense()) return false;
    strides = strides_like(a.shape(), a.strides(), isz, isz);
    return true;
  }
  if (order == 'C' ? !a.c_contiguous() : !a.f_contiguous()) return false;
  strides = fill_strides(a.shape(), isz, order);
  return true;
}

ArrayPtr copy_array(const ArrayPtr& a, char order, const Stream& stream) {
  DimVector strides;
  if (!copy_keeps_bytes(*a, order, strides))
    raise(ErrorKind::not_implemented,
          "copying this array needs a strided copy kernel, which cupylike does not have yet "
          "(only copies that keep the memory layout work for now)");
  ArrayPtr out = empty_strided(a->device(), a->dtype(), a->shape(), strides);
  copy_extent(*out, *a, stream);
  return out;
}

}  // namespace cupylike
