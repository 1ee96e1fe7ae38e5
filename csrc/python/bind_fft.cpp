// The FFT facade (libs/fft) for cupylike/fft/: a described transform between two arrays, the
// debug call log and the GPU plan caches.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "libs/fft.hpp"
#include "python/bindings.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

int64_t bytes_from_data(const NDArray& a) {
  Extent e = byte_extent(a.shape(), a.strides(), a.itemsize());
  if (e.lo < 0) raise(ErrorKind::value, "fft: an operand has negative strides");
  return e.hi;
}

FftKind parse_kind(const std::string& kind) {
  if (kind == "c2c") return FftKind::c2c;
  if (kind == "r2c") return FftKind::r2c;
  if (kind == "c2r") return FftKind::c2r;
  raise(ErrorKind::value, "fft: kind must be 'c2c', 'r2c' or 'c2r', not '" + kind + "'");
}

void copy_dims(const std::vector<int64_t>& from, int64_t* to, const char* what) {
  if (from.empty() || from.size() > 3)
    raise(ErrorKind::value, std::string("fft: ") + what + " needs 1 to 3 entries");
  for (size_t k = 0; k < from.size(); ++k) to[k] = from[k];
}

// The dtypes each side of a kind and precision has.
void check_dtypes(const FftCall& c, DType in, DType out) {
  const DType real = c.double_precision ? DType::float64 : DType::float32;
  const DType complex = c.double_precision ? DType::complex128 : DType::complex64;
  const DType want_in = c.kind == FftKind::r2c ? real : complex;
  const DType want_out = c.kind == FftKind::c2r ? real : complex;
  if (in != want_in || out != want_out)
    raise(ErrorKind::type, std::string("fft: the call needs ") + dtype_name(want_in) + " -> " +
                               dtype_name(want_out) + " arrays, got " + dtype_name(in) + " -> " +
                               dtype_name(out));
}

bool run_fft(const ArrayPtr& x, const ArrayPtr& y, const std::string& kind, bool double_precision,
             const std::vector<int64_t>& dims, int64_t batch, int64_t istride, int64_t idist,
             const std::vector<int64_t>& inembed, int64_t ostride, int64_t odist,
             const std::vector<int64_t>& onembed, int direction) {
  const Device device = y->device();
  check_same_device(x->device(), device);
  if (!y->writeable()) raise(ErrorKind::value, "fft: the output is read-only");
  FftCall call;
  call.kind = parse_kind(kind);
  call.double_precision = double_precision;
  call.rank = int(dims.size());
  copy_dims(dims, call.dims, "dims");
  if (inembed.size() != dims.size() || onembed.size() != dims.size())
    raise(ErrorKind::value, "fft: dims, inembed and onembed need the same length");
  copy_dims(inembed, call.inembed, "inembed");
  copy_dims(onembed, call.onembed, "onembed");
  call.batch = batch;
  call.istride = istride;
  call.idist = idist;
  call.ostride = ostride;
  call.odist = odist;
  call.direction = direction;
  check_dtypes(call, x->dtype(), y->dtype());
  const Stream& stream = *current_stream(device);
  return fft(device, call, x->data(), bytes_from_data(*x), y->data(), bytes_from_data(*y), stream);
}

}  // namespace

void bind_fft(py::module_& m) {
  m.def("_fft", &run_fft, py::arg("x"), py::arg("y"), py::arg("kind"), py::arg("double_precision"),
        py::arg("dims"), py::arg("batch"), py::arg("istride"), py::arg("idist"), py::arg("inembed"),
        py::arg("ostride"), py::arg("odist"), py::arg("onembed"), py::arg("direction"),
        "Checks and logs one unnormalised transform described as cufftPlanMany takes it, from "
        "x's memory into y's; runs it on cuFFT on a GPU. True when the caller must run it on "
        "the host FFT (the cpu device, not a dry run).");
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
