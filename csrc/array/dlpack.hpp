#pragma once
/// DLPack exchange of arrays (the Python protocol's capsules are the bindings' business):
/// cupylike's devices and dtypes in DLPack's terms, managed tensors that keep an array's memory
/// alive for a consumer, and where a producer's tensor lies for a view of it.
#include "array/dlpack_abi.hpp"
#include "array/foreign_view.hpp"

namespace cupylike::dlpack {

/// kDLCPU for the cpu device, kDLCUDA with the ordinal for cuda:N.
DLDevice device_of(Device device);
/// The cupylike device whose memory a tensor on `device` is: host memory (kDLCPU, kDLCUDAHost)
/// is the cpu device's, kDLCUDA and kDLCUDAManaged memory the CUDA device's. BufferError for
/// any other kind of memory.
Device device_from(DLDevice device);

/// DLPack's type for a dtype: bool as kDLBool (8 bits), as NumPy 2 and DLPack 1.0 do.
DLDataType data_type_of(DType dtype);
/// The dtype of a DLPack type; BufferError for types cupylike has no dtype for (bfloat16,
/// vectors of lanes, opaque handles).
DType dtype_from(DLDataType type);

/// A versioned managed tensor over `a`'s elements, holding `a`'s memory until its deleter
/// runs. Flags: read-only when `a` is not writeable, is-copied when `copied`. BufferError when
/// a stride is not a whole number of elements (DLPack's strides count elements).
DLManagedTensorVersioned* export_versioned(const NDArray& a, bool copied);
/// The same for a consumer of DLPack before 1.0, which has no read-only flag: BufferError for
/// an array that is not writeable, as NumPy raises.
DLManagedTensor* export_legacy(const NDArray& a);

/// Where the elements of a producer's tensor lie (see plan_foreign_view; its device is
/// device_from's); BufferError for what cupylike cannot view: a type without a dtype,
/// misaligned elements.
ForeignView plan_import(const DLTensor& tensor);

}  // namespace cupylike::dlpack
