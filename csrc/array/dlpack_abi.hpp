#pragma once
/// The DLPack ABI (https://dmlc.github.io/dlpack/latest/c_api.html), written from the published
/// specification: only the structs and constants cupylike exchanges. Layouts and values must
/// match the specification exactly, since producers and consumers in other libraries read them
/// as C structs. Strides are in elements, not bytes.
#include <cstdint>

namespace cupylike::dlpack {

/// The ABI version cupylike produces and the newest major version it reads.
inline constexpr uint32_t kMajorVersion = 1;
inline constexpr uint32_t kMinorVersion = 0;

/// DLDeviceType: the values DLPack fixes for the kinds of memory cupylike meets.
enum DeviceType : int32_t {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,  // page-locked host memory: readable by the host like kDLCPU
  kDLCUDAManaged = 13,
};

/// DLDataTypeCode.
enum TypeCode : uint8_t {
  kDLInt = 0,
  kDLUInt = 1,
  kDLFloat = 2,
  kDLOpaqueHandle = 3,
  kDLBfloat = 4,
  kDLComplex = 5,
  kDLBool = 6,  // added by DLPack 0.8; NumPy 2 exports bool arrays with it
};

/// DLManagedTensorVersioned::flags.
inline constexpr uint64_t kFlagReadOnly = uint64_t(1) << 0;
inline constexpr uint64_t kFlagIsCopied = uint64_t(1) << 1;

struct DLDevice {
  int32_t device_type;
  int32_t device_id;
};

struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t* shape;
  int64_t* strides;  // null: C-contiguous
  uint64_t byte_offset;
};

/// The tensor of a "dltensor" capsule (DLPack before 1.0).
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

struct DLPackVersion {
  uint32_t major;
  uint32_t minor;
};

/// The tensor of a "dltensor_versioned" capsule (DLPack 1.0 and later).
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  uint64_t flags;
  DLTensor dl_tensor;
};

}  // namespace cupylike::dlpack
