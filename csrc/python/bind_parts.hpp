#pragma once
/// Binding functions called from bind_ndarray and bind_creation rather than from module.cpp:
/// they extend those areas and live in their own files to keep each file to one concept.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"
#include "runtime/cuda/cuda_module.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// ndarray methods that convert or write elements: astype, fill, item.
void bind_array_methods(py::class_<NDArray, ArrayPtr>& cls);
/// __getitem__ and __setitem__, basic and advanced (bind_indexing.cpp).
void bind_indexing_methods(py::class_<NDArray, ArrayPtr>& cls);
/// arange, linspace, logspace, eye, identity.
void bind_sequences(py::module_& m);

/// CuPy's RawKernel.attributes dict (bind_jit.cpp).
py::dict attributes_dict(const KernelAttributes& a);

/// numpy.ravel(a, order): a view where NumPy gives one, else a copy (bind_ndarray.cpp).
ArrayPtr ravel_array(const ArrayPtr& a, char order);

}  // namespace cupylike::python
