// The random-number facade (libs/rand) for cupylike/random/: one cuRAND draw into a contiguous
// array, the library's path, the host thread count and the debug call log.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "libs/rand.hpp"
#include "python/bindings.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

RandDistribution distribution_from(const std::string& name) {
  if (name == "raw32") return RandDistribution::raw32;
  if (name == "uniform") return RandDistribution::uniform;
  if (name == "normal") return RandDistribution::normal;
  if (name == "lognormal") return RandDistribution::lognormal;
  if (name == "poisson") return RandDistribution::poisson;
  raise(ErrorKind::value, "rand: unknown distribution '" + name + "'");
}

RandGenerator generator_from(const std::string& name) {
  for (RandGenerator g :
       {RandGenerator::philox4_32_10, RandGenerator::xorwow, RandGenerator::mrg32k3a})
    if (name == rand_generator_name(g)) return g;
  raise(ErrorKind::value, "rand: unknown generator '" + name + "'");
}

void run_generate(const ArrayPtr& out, const std::string& distribution, uint64_t seed,
                  uint64_t offset, double param1, double param2, const std::string& generator) {
  if (!out->c_contiguous()) raise(ErrorKind::value, "rand: the output must be C-contiguous");
  if (!out->writeable()) raise(ErrorKind::value, "rand: the output is read-only");
  RandCall call;
  call.generator = generator_from(generator);
  call.seed = seed;
  call.offset = offset;
  call.distribution = distribution_from(distribution);
  call.count = out->size();
  call.param1 = param1;
  call.param2 = param2;
  call.dtype = out->dtype();
  const Device device = out->device();
  const Stream& stream = *current_stream(device);
  const int64_t bytes = out->size() * out->itemsize();
  unlocked_if_large(bytes, [&] { generate(device, call, out->data(), bytes, stream); });
}

}  // namespace

void bind_rand(py::module_& m) {
  m.def("_rand_generate", &run_generate, py::arg("out"), py::arg("distribution"), py::arg("seed"),
        py::arg("offset"), py::arg("param1") = 0.0, py::arg("param2") = 0.0,
        py::arg("generator") = "philox4_32_10",
        "Fills the C-contiguous `out` with the stream of `seed` of cuRAND's `generator` "
        "('philox4_32_10', 'xorwow', 'mrg32k3a') from `offset` (outputs of out's kind): raw32 / "
        "poisson (uint32), uniform / normal / lognormal (float32, float64).");
  m.def("_rand_host_threads", &set_rand_host_threads, py::arg("threads"),
        "Threads a large cpu draw is split over (0: the default); the numbers do not change.");
  m.def("_rand_host_direct", &set_rand_host_direct, py::arg("on"),
        "Whether the cpu device computes raw32 draws itself (default) or asks cuRAND's host "
        "generator; the words are the same.");
  m.def("_rand_log", &set_rand_log, py::arg("on"), py::arg("dry_run") = false,
        "Debug: record each draw's description (and with dry_run skip running it).");
  m.def("_take_rand_log", &take_rand_log, "The recorded draw descriptions, emptied.");
}

}  // namespace cupylike::python
