// The finiteness check and the host copies of libs/fft_nonfinite.hpp.
#include "libs/fft_nonfinite.hpp"

#include "core/dtype.hpp"
#include "core/error.hpp"
#include "ops/reduction_kernel.hpp"
#include "ops/transfer.hpp"

namespace cupylike {

namespace {

// Never destroyed: a kernel may still be compiled while the process exits.
ReductionKernel& all_finite_kernel() {
  static auto* kernel = [] {
    RkDefinition def;
    def.params = parse_ewk_params("T x", false);
    def.nin = 1;
    def.params.push_back(parse_ewk_params("bool y", true).front());
    def.map_expr = "isfinite(x)";
    def.reduce_expr = "a && b";
    def.post_map_expr = "y = a";
    def.identity = "true";
    def.name = "fft_all_finite";
    return new ReductionKernel(std::move(def));
  }();
  return *kernel;
}

// The bytes [0, bytes) from a's first element as a 1-d uint8 array.
ArrayPtr bytes_of(const ArrayPtr& a, int64_t bytes) {
  return a->view({DType::uint8, {bytes}, {1}, a->offset()});
}

}  // namespace

bool fft_all_finite(const ArrayPtr& x, const Stream& stream) {
  ArrayPtr parts = x;
  if (dtype_info(x->dtype()).kind == 'c') {  // its real and imaginary parts on a new last axis
    const DType real = dtype_from_kind('f', itemsize(x->dtype()) / 2);
    DimVector shape = x->shape(), strides = x->strides();
    shape.push_back(2);
    strides.push_back(itemsize(real));
    parts = x->view({real, shape, strides, x->offset()});
  }
  if (parts->dtype() != DType::float32 && parts->dtype() != DType::float64)
    raise(ErrorKind::type, std::string("fft: no finiteness check of ") + dtype_name(x->dtype()) +
                               " arrays (floating or complex only)");
  RkCallOptions options;
  options.stream = &stream;
  UfuncOperand operand;
  operand.array = parts;
  operand.dtype = parts->dtype();
  ArrayPtr all = all_finite_kernel().call({operand}, options);
  bool answer = false;
  download(*all, &answer, stream);
  return answer;
}

ArrayPtr fft_host_copy(const ArrayPtr& a, int64_t bytes, const Stream& stream) {
  const int64_t size = itemsize(a->dtype());
  ArrayPtr host = empty(Device{}, a->dtype(), {(bytes + size - 1) / size});  // the cpu device
  download(*bytes_of(a, bytes), host->data(), stream);
  return host;
}

void fft_copy_back(const ArrayPtr& a, const ArrayPtr& host, int64_t bytes, const Stream& stream) {
  upload(*bytes_of(a, bytes), host->data(), stream);
}

}  // namespace cupylike
