#pragma once
/// The CUDA array interface, version 3
/// (https://numba.readthedocs.io/en/stable/cuda/cuda_array_interface.html), both ways: the dict
/// a CUDA-device array offers, and zero-copy arrays over any object that offers one.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// ndarray.__cuda_array_interface__: shape, typestr, descr, data (pointer, read-only), strides
/// (None when C-contiguous), version 3 and stream: the array's current stream, which a
/// consumer must synchronise with (1 for the legacy default stream). AttributeError for an
/// array on the cpu device, whose memory no CUDA consumer can read.
py::dict cuda_array_interface(const ArrayPtr& a);

/// An array viewing the memory of an object with a `__cuda_array_interface__` when `device`
/// (None: the current device) is a CUDA device; null otherwise, or when `obj` has none. The
/// view keeps `obj` alive, and this thread's current stream waits for the producer's stream
/// (when the interface names one). NotImplementedError for masked arrays, as CuPy.
ArrayPtr view_of_cuda_array_interface(py::handle obj, py::handle device);

}  // namespace cupylike::python
