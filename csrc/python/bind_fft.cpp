// The FFT facade (libs/fft) for cupylike/fft/: a described transform between two arrays, the
// cpu device's executor (cupylike/fft/_host.py, registered at import), the debug call log and
// the GPU plan caches.
#include <pybind11/stl.h>

#include "libs/fft.hpp"
#include "libs/fft_nonfinite.hpp"
#include "python/bindings.hpp"

namespace cupylike::python {

namespace {

// The call as the front-end's FftCall fields (cupylike/fft/_plan.py), lengths as tuples.
py::tuple call_to_py(const FftCall& c) {
  auto lengths = [&](const int64_t* v) {
    return py::tuple(py::cast(std::vector<int64_t>(v, v + c.rank)));
  };
  return py::make_tuple(fft_kind_name(c.kind), c.double_precision, lengths(c.dims), c.batch,
                        c.istride, c.idist, lengths(c.inembed), c.ostride, c.odist,
                        lengths(c.onembed), c.direction);
}

}  // namespace

void bind_fft(py::module_& m) {
  m.def(
      "_fft",
      [](const ArrayPtr& x, const ArrayPtr& y, const std::string& kind, bool double_precision,
         const std::vector<int64_t>& dims, int64_t batch, int64_t istride, int64_t idist,
         const std::vector<int64_t>& inembed, int64_t ostride, int64_t odist,
         const std::vector<int64_t>& onembed, int direction) {
        fft(x, y,
            fft_call(kind, double_precision, dims, batch, istride, idist, inembed, ostride, odist,
                     onembed, direction));
      },
      py::arg("x"), py::arg("y"), py::arg("kind"), py::arg("double_precision"), py::arg("dims"),
      py::arg("batch"), py::arg("istride"), py::arg("idist"), py::arg("inembed"),
      py::arg("ostride"), py::arg("odist"), py::arg("onembed"), py::arg("direction"),
      "Checks, logs and runs one unnormalised transform described as cufftPlanMany takes it, "
      "from x's memory into y's: on cuFFT on a GPU, on the registered host FFT on the cpu.");
  m.def(
      "_set_host_fft",
      [](py::function execute) {
        // Held for the process's life: the executor may be called until exit, and a Python
        // object must not be released after the interpreter is gone.
        py::handle held = execute.release();
        set_host_fft([held](const FftCall& call, const ArrayPtr& x, const ArrayPtr& y) {
          held(call_to_py(call), x, y);
        });
      },
      py::arg("execute"),
      "Registers the cpu device's FFT: execute(call_fields, x, y) runs the described transform.");
  m.def(
      "_fft_all_finite",
      [](const ArrayPtr& x) { return fft_all_finite(x, *current_stream(x->device())); },
      py::arg("x"),
      "Whether every element of a floating or complex array is finite: the check by which a "
      "GPU's transform of non-finite input runs on the host FFT instead of cuFFT.");
  m.def("_fft_log", &set_fft_log, py::arg("on"), py::arg("dry_run") = false,
        "Debug: record each transform's description (and with dry_run skip running it).");
  m.def("_take_fft_log", &take_fft_log, "The recorded transform descriptions, emptied.");
  m.def("_fft_plan_cache_limit", &fft_plan_cache_limit, py::arg("device"),
        "The most FFT plans the device keeps.");
  m.def("_set_fft_plan_cache_limit", &set_fft_plan_cache_limit, py::arg("device"), py::arg("plans"),
        "Sets the most FFT plans the device keeps (evicting beyond it).");
  m.def("_fft_plan_cache_count", &fft_plan_cache_count, py::arg("device"),
        "The FFT plans the device holds now.");
  m.def("_clear_fft_plan_cache", &clear_fft_plan_cache, py::arg("device"),
        "Destroys the device's cached FFT plans.");
}

}  // namespace cupylike::python
