#include <pybind11/pybind11.h>

#include "python/bindings.hpp"
#include "python/objects.hpp"

PYBIND11_MODULE(_native, m) {
  m.doc() = "cupylike's C++ core: ndarray, dtypes, devices, streams and memory pools.";
  namespace p = cupylike::python;
  p::bind_errors(m);
  p::bind_dtype(m);
  p::bind_device(m);
  p::bind_memory(m);
  p::bind_ndarray(m);
  p::bind_views(m);
  p::bind_creation(m);
  p::bind_kernel(m);
  p::bind_ufunc(m);
  p::bind_elementwise(m);
  p::bind_reduction(m);
  p::bind_reduction_methods(m);
  p::bind_scan(m);
  p::bind_indexing(m);
  p::bind_sorting(m);
  p::bind_products(m);
  p::bind_solver(m);
  p::bind_rand(m);
  p::bind_fft(m);
  p::bind_reduction_kernel(m);
  p::bind_operators(m);
  p::bind_jit(m);
  p::bind_interop(m);
  p::bind_config(m);
}
