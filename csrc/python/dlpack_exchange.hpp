#pragma once
/// The Python DLPack protocol (https://dmlc.github.io/dlpack/latest/python_spec.html) on both
/// sides: ndarray.__dlpack__ / __dlpack_device__ as a producer, from_dlpack as a consumer of
/// any producer, with the stream handshake on CUDA devices and the copy / device requests of
/// the Array API standard.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// ndarray.__dlpack__: a "dltensor_versioned" capsule when the consumer reads DLPack 1.x
/// (max_version >= (1, 0)), else a "dltensor" one. `stream` is the consumer's stream on a CUDA
/// device (None: the legacy default stream; -1: no synchronisation), which then waits for the
/// work issued on the array's current stream; on the cpu device it must be None (RuntimeError,
/// as NumPy). `dl_device` another device: a copy there unless `copy` is False (BufferError).
py::capsule array_dlpack(const ArrayPtr& a, py::handle stream, py::handle max_version,
                         py::handle dl_device, py::handle copy);
/// ndarray.__dlpack_device__: (kDLCPU, 0) or (kDLCUDA, ordinal).
py::tuple array_dlpack_device(const NDArray& a);

/// cupylike.from_dlpack(x, device=None, copy=None): an array viewing the memory of any DLPack
/// producer (or of a bare capsule, as CuPy's fromDlpack takes). It lands on `device`; without
/// one, a CUDA producer's array stays on its device and host memory goes to the current
/// device, so on a CUDA device NumPy arrays are copied there, as CuPy does. A copy to another
/// device is made unless `copy` is False (BufferError); `copy` True always copies.
ArrayPtr from_dlpack(py::handle x, py::handle device, py::handle copy);
/// CuPy's fromDlpack: from_dlpack of a capsule; TypeError for anything else.
ArrayPtr from_dlpack_capsule(py::handle capsule);

}  // namespace cupylike::python
