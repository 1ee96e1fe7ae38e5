// What cupylike.show_config asks the C++ code: each CUDA component as the code that uses it
// opens it, and the cpu device's compiler. Underscored: not public API.
#include <pybind11/stl.h>

#include "jit/host_compiler.hpp"
#include "jit/nvrtc.hpp"
#include "libs/library_info.hpp"
#include "python/bindings.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike::python {

namespace {

py::dict row(const cuda::LibraryInfo& info) {
  py::dict d;
  d["component"] = info.component;
  d["found"] = info.found;
  d["path"] = info.path;
  d["version"] = py::tuple(py::cast(info.version));
  d["error"] = info.error;
  return d;
}

}  // namespace

void bind_config(py::module_& m) {
  m.def(
      "_cuda_libraries",
      [] {
        return py::list(py::cast(std::vector<py::dict>{
            row(cuda::driver_info()), row(jit::nvrtc_info()), row(cublas_info()), row(cufft_info()),
            row(curand_device_info()), row(curand_host_info()), row(cusolver_info())}));
      },
      "Each CUDA component as a dict: component, found, path (the file it was loaded from), "
      "version (a tuple, as the library answers), error (why it is missing or unusable).");
  m.def("_host_compiler_path", &jit::host_compiler_path,
        "The C++ compiler the cpu device uses; empty when none is found.");
}

}  // namespace cupylike::python
