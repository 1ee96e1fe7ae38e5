// What cupylike.show_config asks the C++ code: each CUDA component as the code that uses it
// opens it, and the cpu device's compiler; and the locator that finds those components
// (runtime/cuda_search.hpp). Underscored: not public API.
#include <pybind11/stl.h>

#include "jit/host_compiler.hpp"
#include "jit/nvrtc.hpp"
#include "libs/library_info.hpp"
#include "python/bindings.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda_search.hpp"

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

py::object* g_locator = nullptr;  // leaked: threads may search until the process exits

cuda_search::Found call_locator(const std::string& kind, const std::string& name) {
  if (!Py_IsInitialized()) return {"", "the interpreter has exited"};
  py::gil_scoped_acquire gil;
  try {
    auto [path, why] = (*g_locator)(kind, name).cast<std::pair<std::string, std::string>>();
    return {path, why};
  } catch (const std::exception& e) {
    return {"", e.what()};
  }
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
  m.def(
      "_set_cuda_locator",
      [](py::object locator) {
        g_locator = new py::object(std::move(locator));
        cuda_search::set_locator(call_locator);
      },
      py::arg("locator"),
      "Installs locator(kind, name) -> (path, why): where CUDA component `name` is "
      "(kind 'library' or 'headers'), asked once per component when the core first needs it.");
  m.def("_host_compiler_path", &jit::host_compiler_path,
        "The C++ compiler the cpu device uses; empty when none is found.");
}

}  // namespace cupylike::python
