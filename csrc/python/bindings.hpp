#pragma once
/// The binding functions of the _native module, one per area.
#include <pybind11/pybind11.h>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike::python {

namespace py = pybind11;

void bind_dtype(py::module_& m);
void bind_device(py::module_& m);
void bind_memory(py::module_& m);
void bind_ndarray(py::module_& m);
void bind_views(py::module_& m);
void bind_creation(py::module_& m);
void bind_kernel(py::module_& m);
void bind_ufunc(py::module_& m);
void bind_elementwise(py::module_& m);
void bind_reduction(py::module_& m);
void bind_reduction_methods(py::module_& m);
void bind_scan(py::module_& m);
void bind_indexing(py::module_& m);
void bind_sorting(py::module_& m);
void bind_products(py::module_& m);
void bind_solver(py::module_& m);
void bind_rand(py::module_& m);
void bind_fft(py::module_& m);
void bind_reduction_kernel(py::module_& m);
void bind_operators(py::module_& m);
void bind_jit(py::module_& m);
void bind_interop(py::module_& m);
void bind_config(py::module_& m);

/// `stream` if given (a Stream or None), else the current stream of `device`.
const Stream& stream_or_current(py::handle stream, Device device);
/// a.reshape(shape, order, copy=copy) as NumPy: a view when possible (copy None or False).
ArrayPtr reshape_array(const ArrayPtr& a, const DimVector& shape, char order, py::handle copy);
/// The array argument of a function; TypeError naming the function for anything else.
ArrayPtr array_arg(py::handle obj, const char* function);

}  // namespace cupylike::python
