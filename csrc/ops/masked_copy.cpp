// copy_where: a cast into dst's dtype (when the dtypes differ), then a masked move of the
// elements' bits, which is an elementwise kernel with a `where` mask like any ufunc's.
#include "ops/masked_copy.hpp"

#include "array/views.hpp"
#include "core/error.hpp"
#include "ops/copy.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

namespace {

// Elements move as unsigned integers of their size (complex128 for 16 bytes), so no dtype's
// conversion touches the bits: one small kernel family serves every dtype.
DType bits_of_size(int itemsize) {
  switch (itemsize) {
    case 1:
      return DType::uint8;
    case 2:
      return DType::uint16;
    case 4:
      return DType::uint32;
    case 8:
      return DType::uint64;
    default:
      return DType::complex128;
  }
}

Ufunc& masked_move() {
  static Ufunc* move = [] {
    std::vector<UfuncLoop> loops;
    for (int size : {1, 2, 4, 8, 16}) {
      UfuncLoop loop;
      loop.types[0] = loop.types[1] = bits_of_size(size);
      loop.op = "out0 = in0";
      loops.push_back(loop);
    }
    return new Ufunc("masked_move", 1, 1, std::move(loops), "");
  }();
  return *move;
}

}  // namespace

const KernelFamily& masked_copy_family() { return masked_move().family(); }

void copy_where(const ArrayPtr& dst, const ArrayPtr& src, const ArrayPtr& mask,
                const Stream& stream) {
  ArrayPtr same = src->dtype() == dst->dtype() ? src : copy_array(src, 'K', stream, dst->dtype());
  DType bits = bits_of_size(dst->itemsize());
  UfuncOperand in;
  in.array = view_as(same, bits);
  in.dtype = bits;
  UfuncOptions options;
  options.out[0] = view_as(dst, bits);
  options.where = mask;
  masked_move().call(&in, options);
}

}  // namespace cupylike
