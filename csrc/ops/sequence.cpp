#include "ops/sequence.hpp"

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "ops/copy.hpp"
#include "ops/library.hpp"
#include "ops/transfer.hpp"
#include "runtime/launch.hpp"

namespace cupylike {

namespace {

// All 14 dtypes in one module: arange of any dtype compiles it once.
const KernelFamily& arange_family() {
  static const KernelFamily f = [] {
    KernelFamily k{"arange", "cupylike/sequence.cuh", {}};
    for (int i = 0; i < kNumDTypes; ++i)
      k.instantiations.push_back(std::string("cupylike::arange_kernel<") + kernel_type(DType(i)) +
                                 ">");
    return k;
  }();
  return f;
}

// linspace and power together: logspace needs both, linspace is the common caller.
const KernelFamily& linspace_family() {
  static const KernelFamily f = [] {
    KernelFamily k{"linspace", "cupylike/sequence.cuh", {}};
    for (DType t :
         {DType::float16, DType::float32, DType::float64, DType::complex64, DType::complex128})
      k.instantiations.push_back(std::string("cupylike::linspace_kernel<") + kernel_type(t) + ">");
    for (DType t : {DType::float16, DType::float32, DType::float64})
      k.instantiations.push_back(std::string("cupylike::power_kernel<") + kernel_type(t) + ">");
    return k;
  }();
  return f;
}

void check_vector(const NDArray& out, const char* what) {
  if (out.ndim() != 1 || !out.c_contiguous())
    raise(ErrorKind::value, std::string(what) + " fills contiguous 1-d arrays");
}

bool is_floating(DType t) {
  char k = dtype_info(t).kind;
  return k == 'f' || k == 'c';
}

// A kernel argument holding one element of any dtype, aligned for every element type.
struct Element {
  alignas(16) unsigned char bytes[16] = {};
  Element(const void* value, DType dtype) { std::memcpy(bytes, value, size_t(itemsize(dtype))); }
};

}  // namespace

std::vector<const KernelFamily*> sequence_kernel_families() {
  return {&arange_family(), &linspace_family()};
}

void one_bytes(DType dtype, void* out) {
  std::memset(out, 0, 16);
  auto put = [out](auto v) { std::memcpy(out, &v, sizeof(v)); };
  switch (dtype_info(dtype).kind) {
    case 'b':
      put(uint8_t(1));
      return;
    case 'i':
    case 'u':
      put(uint64_t(1));
      return;  // little-endian: the low bytes hold 1 at any width
    default:
      break;
  }
  if (dtype == DType::float16) put(uint16_t(0x3c00));  // 1.0 in IEEE binary16
  if (dtype == DType::float32 || dtype == DType::complex64) put(1.0f);
  if (dtype == DType::float64 || dtype == DType::complex128) put(1.0);
}

void arange_fill(const NDArray& out, const void* first_two, const Stream& stream) {
  check_vector(out, "arange");
  if (out.size() == 0) return;
  int isz = out.itemsize();
  Element v0(first_two, out.dtype());
  Element v1(static_cast<const char*>(first_two) + isz, out.dtype());
  auto kernel =
      library_kernel(out.device(), arange_family(),
                     std::string("cupylike::arange_kernel<") + kernel_type(out.dtype()) + ">");
  char* data = out.data();
  long long n = out.size();
  void* args[] = {&data, &n, v0.bytes, v1.bytes};
  kernel->launch(launch_dims(out.device(), n), 0, stream, args, uint64_t(n));
}

void linspace_fill(const NDArray& out, const LinspaceArgs& a, const Stream& stream) {
  check_vector(out, "linspace");
  if (!is_floating(out.dtype()))
    raise(ErrorKind::type,
          "linspace computes in a floating dtype, not " + std::string(dtype_name(out.dtype())));
  if (out.size() == 0) return;
  auto kernel =
      library_kernel(out.device(), linspace_family(),
                     std::string("cupylike::linspace_kernel<") + kernel_type(out.dtype()) + ">");
  char* data = out.data();
  long long n = out.size();
  int mode = int(a.scale_kind), stop_last = a.stop_last, floor_result = a.floor_result;
  Element start(a.start, out.dtype()), stop(a.stop, out.dtype()), scale(a.scale, out.dtype()),
      div(a.div, out.dtype());
  void* args[] = {&data,       &n,         &mode,       &stop_last, &floor_result,
                  start.bytes, stop.bytes, scale.bytes, div.bytes};
  kernel->launch(launch_dims(out.device(), n), 0, stream, args, uint64_t(n));
}

void power_fill(const NDArray& out, const void* base, const NDArray& y, const Stream& stream) {
  check_vector(out, "power_fill");
  check_vector(y, "power_fill");
  check_same_device(out.device(), y.device());
  if (out.dtype() != y.dtype() || dtype_info(out.dtype()).kind != 'f' || out.size() != y.size())
    raise(ErrorKind::value, "power_fill needs two real floating arrays of one dtype and size");
  if (out.size() == 0) return;
  auto kernel =
      library_kernel(out.device(), linspace_family(),
                     std::string("cupylike::power_kernel<") + kernel_type(out.dtype()) + ">");
  char* data = out.data();
  const char* in = y.data();
  long long n = out.size();
  Element b(base, out.dtype());
  void* args[] = {&data, &in, &n, b.bytes};
  kernel->launch(launch_dims(out.device(), n), 0, stream, args, uint64_t(n));
}

void eye_fill(const ArrayPtr& m, int64_t k, const Stream& stream) {
  if (m->ndim() != 2 || !m->dense()) raise(ErrorKind::value, "eye fills dense 2-d arrays");
  zero_fill(*m, stream);
  int64_t n = m->shape()[0], cols = m->shape()[1];
  // Diagonal k starts at (max(0, -k), max(0, k)); it is a strided view of the matrix, filled
  // with the ordinary fill kernel.
  int64_t row = std::max<int64_t>(0, -k), col = std::max<int64_t>(0, k);
  int64_t len = row >= n || col >= cols ? 0 : std::min(n - row, cols - col);
  if (len <= 0) return;
  int64_t s0 = m->strides()[0], s1 = m->strides()[1];
  ArrayPtr diag = m->view(NDArray::Layout{m->dtype(), DimVector{len}, DimVector{s0 + s1},
                                          m->offset() + row * s0 + col * s1});
  alignas(16) unsigned char one[16];
  one_bytes(m->dtype(), one);
  fill(*diag, one, stream);
}

}  // namespace cupylike
