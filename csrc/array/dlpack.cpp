#include "array/dlpack.hpp"

#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/layout.hpp"

namespace cupylike::dlpack {

DLDevice device_of(Device device) {
  if (device.is_cpu()) return {kDLCPU, 0};
  return {kDLCUDA, device.index};
}

Device device_from(DLDevice device) {
  switch (device.device_type) {
    case kDLCPU:
    case kDLCUDAHost:
      return Device{DeviceKind::cpu, 0};
    case kDLCUDA:
    case kDLCUDAManaged:
      if (device.device_id < 0 || device.device_id >= kMaxCudaDevices)
        raise(ErrorKind::buffer, "invalid CUDA device " + std::to_string(device.device_id));
      return Device{DeviceKind::cuda, device.device_id};
  }
  raise(ErrorKind::buffer, "cupylike cannot use DLPack device type " +
                               std::to_string(device.device_type) +
                               " (it takes host and CUDA memory)");
}

DLDataType data_type_of(DType dtype) {
  const DTypeInfo& info = dtype_info(dtype);
  uint8_t code = info.kind == 'b'   ? kDLBool
                 : info.kind == 'i' ? kDLInt
                 : info.kind == 'u' ? kDLUInt
                 : info.kind == 'f' ? kDLFloat
                                    : kDLComplex;
  return {code, uint8_t(8 * info.itemsize), 1};
}

DType dtype_from(DLDataType type) {
  auto fail = [&]() -> DType {
    raise(ErrorKind::buffer, "cupylike has no dtype for DLPack type (code " +
                                 std::to_string(type.code) + ", bits " + std::to_string(type.bits) +
                                 ", lanes " + std::to_string(type.lanes) + ")");
  };
  if (type.lanes != 1 || type.bits % 8 != 0) return fail();
  int bytes = type.bits / 8;
  char kind = 0;
  switch (type.code) {
    case kDLBool:
      kind = 'b';
      break;
    case kDLInt:
      kind = 'i';
      break;
    case kDLUInt:
      kind = 'u';
      break;
    case kDLFloat:
      kind = 'f';
      break;
    case kDLComplex:
      kind = 'c';
      break;
    default:
      return fail();
  }
  for (int i = 0; i < kNumDTypes; ++i)
    if (dtype_info(DType(i)).kind == kind && dtype_info(DType(i)).itemsize == bytes)
      return DType(i);
  return fail();
}

namespace {

// One allocation per exported tensor: the managed struct the consumer sees, the memory it keeps
// alive and the shape and strides its DLTensor points into.
template <class Managed>
struct Holder {
  Managed managed{};
  MemoryPtr memory;
  std::vector<int64_t> shape, strides;
};

template <class Managed>
void delete_holder(Managed* self) {
  delete static_cast<Holder<Managed>*>(self->manager_ctx);
}

template <class Managed>
Managed* make_managed(const NDArray& a) {
  int isz = a.itemsize();
  auto h = std::make_unique<Holder<Managed>>();
  h->memory = a.memory();
  h->shape.assign(a.shape().begin(), a.shape().end());
  for (int64_t s : a.strides()) {
    if (s % isz != 0)
      raise(ErrorKind::buffer, "DLPack cannot describe strides " + shape_str(a.strides()) +
                                   " of a " + dtype_name(a.dtype()) +
                                   " array: they are not whole elements");
    h->strides.push_back(s / isz);
  }
  DLTensor& t = h->managed.dl_tensor;
  // The first element's address with no byte offset, as NumPy and PyTorch export: some
  // consumers ignore byte_offset.
  t.data = a.data();
  t.device = device_of(a.device());
  t.ndim = a.ndim();
  t.dtype = data_type_of(a.dtype());
  t.shape = h->shape.data();
  t.strides = h->strides.data();
  t.byte_offset = 0;
  h->managed.manager_ctx = h.get();
  h->managed.deleter = &delete_holder<Managed>;
  return &h.release()->managed;
}

}  // namespace

DLManagedTensorVersioned* export_versioned(const NDArray& a, bool copied) {
  DLManagedTensorVersioned* m = make_managed<DLManagedTensorVersioned>(a);
  m->version = {kMajorVersion, kMinorVersion};
  m->flags = (a.writeable() ? 0 : kFlagReadOnly) | (copied ? kFlagIsCopied : 0);
  return m;
}

DLManagedTensor* export_legacy(const NDArray& a) {
  if (!a.writeable())
    raise(ErrorKind::buffer,
          "Cannot export readonly array since signalling readonly is unsupported by DLPack "
          "(supported by newer DLPack version).");
  return make_managed<DLManagedTensor>(a);
}

ForeignView plan_import(const DLTensor& t) {
  DType dtype = dtype_from(t.dtype);
  if (t.ndim < 0 || t.ndim > kMaxNdim)
    raise(ErrorKind::buffer, "DLPack tensor with " + std::to_string(t.ndim) + " dimensions");
  if (t.ndim > 0 && !t.shape) raise(ErrorKind::buffer, "DLPack tensor without a shape");
  DimVector shape(t.shape, t.shape + t.ndim);
  int isz = itemsize(dtype);
  DimVector strides;
  if (!t.strides) {
    strides = fill_strides(shape, isz, 'C');  // DLPack before 1.2: null means C-contiguous
  } else {
    for (int i = 0; i < t.ndim; ++i) {
      int64_t bytes = 0;
      if (__builtin_mul_overflow(t.strides[i], int64_t(isz), &bytes))
        raise(ErrorKind::buffer, "DLPack tensor with a stride beyond int64 bytes");
      strides.push_back(bytes);
    }
  }
  for (int64_t d : shape)
    if (d < 0) raise(ErrorKind::buffer, "DLPack tensor with a negative dimension");
  return plan_foreign_view(static_cast<char*>(t.data) + t.byte_offset, dtype, shape, strides);
}

}  // namespace cupylike::dlpack
