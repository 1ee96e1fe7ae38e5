// cuRAND's device generator on the emulated GPU: the entry points the library's facade calls
// (libs/curand.cpp), with cuRAND's signatures, handles and status codes, written from NVIDIA's
// cuRAND documentation (curand.h). A generator belongs to the device current when it was
// created and keeps its seed, offset, ordering and stream on the host, as cuRAND's does; each
// generation is checked when it is called and queued on the generator's stream, where NVIDIA's
// own host generator (cupylikeEmulatorSetHostRandom) writes the numbers into the emulator's
// memory in stream order. So a seed and offset give the host generator's numbers — the cpu
// device's — and an output outside live device memory is a fault there (the sticky
// CUDA_ERROR_ILLEGAL_ADDRESS), as a GPU's kernel would fault.
//
// Only pseudorandom generators are served: the quasirandom ones need dimensions, which the
// facade never sets and this stand-in does not export.
#pragma GCC visibility push(default)
#include "cuda_api/curand_abi.h"
#pragma GCC visibility pop

#include <cstdint>
#include <memory>
#include <set>
#include <string>

#include "emulator/host_libraries.hpp"
#include "emulator/library_version.hpp"
#include "emulator/state.hpp"

namespace cupylike::emulator {

namespace {

// The host library's functions (the same signatures: the device generator's entry points are
// the host generator's).
struct HostCurand {
  decltype(&::curandCreateGeneratorHost) create = nullptr;
  decltype(&::curandDestroyGenerator) destroy = nullptr;
  decltype(&::curandSetPseudoRandomGeneratorSeed) set_seed = nullptr;
  decltype(&::curandSetGeneratorOffset) set_offset = nullptr;
  decltype(&::curandSetGeneratorOrdering) set_ordering = nullptr;
  decltype(&::curandGenerate) raw = nullptr;
  decltype(&::curandGenerateUniform) uniform = nullptr;
  decltype(&::curandGenerateUniformDouble) uniform_double = nullptr;
  decltype(&::curandGenerateNormal) normal = nullptr;
  decltype(&::curandGenerateNormalDouble) normal_double = nullptr;
  decltype(&::curandGenerateLogNormal) lognormal = nullptr;
  decltype(&::curandGenerateLogNormalDouble) lognormal_double = nullptr;
  decltype(&::curandGeneratePoisson) poisson = nullptr;
};

// The host library's functions, or null when it was not named or lacks one. Resolved once, by
// the first call that finds them all (callers hold the driver's lock).
const HostCurand* host_curand() {
  static const HostCurand* loaded = nullptr;
  if (loaded) return loaded;
  HostCurand h;
  bool complete = true;
  auto get = [&](auto& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        host_symbol(HostLibrary::random, name));
    complete = complete && fn;
  };
  get(h.create, "curandCreateGeneratorHost");
  get(h.destroy, "curandDestroyGenerator");
  get(h.set_seed, "curandSetPseudoRandomGeneratorSeed");
  get(h.set_offset, "curandSetGeneratorOffset");
  get(h.set_ordering, "curandSetGeneratorOrdering");
  get(h.raw, "curandGenerate");
  get(h.uniform, "curandGenerateUniform");
  get(h.uniform_double, "curandGenerateUniformDouble");
  get(h.normal, "curandGenerateNormal");
  get(h.normal_double, "curandGenerateNormalDouble");
  get(h.lognormal, "curandGenerateLogNormal");
  get(h.lognormal_double, "curandGenerateLogNormalDouble");
  get(h.poisson, "curandGeneratePoisson");
  if (!complete) return nullptr;
  loaded = new HostCurand(h);  // the library, once set, stays
  return loaded;
}

// The host generator that computes a device generator's numbers, and where it stands. Only
// queued work touches it (under the driver's lock, in execution order); it outlives the handle
// while work that uses it is queued.
struct HostGenerator {
  const HostCurand* api;
  curandGenerator_t gen = nullptr;
  bool positioned = false;  // seeded by some work
  curandOrdering_t ordering = CURAND_ORDERING_PSEUDO_DEFAULT;
  uint64_t next = 0;  // the offset a continuing draw starts at
  ~HostGenerator() {
    if (gen) api->destroy(gen);
  }
};

}  // namespace

}  // namespace cupylike::emulator

struct curandGenerator_st {
  int device = 0;
  CUstream stream = nullptr;  // the legacy null stream until curandSetStream
  unsigned long long seed = 0, offset = 0;
  curandOrdering_t ordering = CURAND_ORDERING_PSEUDO_DEFAULT;
  bool moved = true;  // seed, offset or ordering set since the last generation
  std::shared_ptr<cupylike::emulator::HostGenerator> host;
};

namespace cupylike::emulator {

namespace {

std::set<curandGenerator_t>& generators() {
  static auto* g = new std::set<curandGenerator_t>;  // under the driver's lock
  return *g;
}

bool pseudo(curandRngType_t type) {
  switch (type) {
    case CURAND_RNG_PSEUDO_DEFAULT:
    case CURAND_RNG_PSEUDO_XORWOW:
    case CURAND_RNG_PSEUDO_MRG32K3A:
    case CURAND_RNG_PSEUDO_MTGP32:
    case CURAND_RNG_PSEUDO_MT19937:
    case CURAND_RNG_PSEUDO_PHILOX4_32_10:
      return true;
    default:
      return false;
  }
}

bool pseudo_ordering(curandOrdering_t order) {
  return order == CURAND_ORDERING_PSEUDO_DEFAULT || order == CURAND_ORDERING_PSEUDO_BEST ||
         order == CURAND_ORDERING_PSEUDO_SEEDED || order == CURAND_ORDERING_PSEUDO_LEGACY;
}

// What a generation does on the host generator, once positioned.
using Draw = std::function<curandStatus_t(const HostCurand&, curandGenerator_t, void*)>;

// Where a generation starts: the generator's settings when it was called.
struct Start {
  unsigned long long seed, offset;
  curandOrdering_t ordering;
  bool moved;
};

// Positions the host generator for `start` unless it already stands there: a continuing draw
// must not seek, as a seek is what the host generator (and the cpu device) would not have done.
curandStatus_t position(HostGenerator& h, const Start& start) {
  if (!start.moved && h.positioned && h.next == start.offset && h.ordering == start.ordering)
    return CURAND_STATUS_SUCCESS;
  curandStatus_t status = CURAND_STATUS_SUCCESS;
  if (h.ordering != start.ordering) status = h.api->set_ordering(h.gen, start.ordering);
  if (status == CURAND_STATUS_SUCCESS) status = h.api->set_seed(h.gen, start.seed);
  if (status == CURAND_STATUS_SUCCESS) status = h.api->set_offset(h.gen, start.offset);
  h.ordering = start.ordering;
  h.positioned = status == CURAND_STATUS_SUCCESS;
  return status;
}

// Checks a generation, then queues it: `count` outputs of `item` bytes at `out`. `arguments`
// is what the entry point's own checks found (cuRAND checks the generator first).
curandStatus_t generate(const char* name, curandGenerator_t g, void* out, size_t count, size_t item,
                        curandStatus_t arguments, Draw draw) {
  State& s = state();
  Call call(s);
  if (!generators().count(g)) return CURAND_STATUS_NOT_INITIALIZED;
  if (arguments != CURAND_STATUS_SUCCESS) return arguments;
  if (s.sticky != CUDA_SUCCESS) return CURAND_STATUS_PREEXISTING_FAILURE;
  if (count == 0) return CURAND_STATUS_SUCCESS;
  // A launch on another device's context (or stream) fails: so does the generation.
  if (need_context(s) != CUDA_SUCCESS || t_current->device != g->device)
    return CURAND_STATUS_LAUNCH_FAILURE;
  const Start start{g->seed, g->offset, g->ordering, g->moved};
  const int device = g->device;
  std::shared_ptr<HostGenerator> host = g->host;
  const auto address = reinterpret_cast<CUdeviceptr>(out);
  Op op;
  op.kind = Op::work;
  op.library = "curand";
  op.run = [=](State& st) -> std::string {
    char* dst = st.translate(address, count * item, device);
    if (!dst)
      return std::string(name) + ": the output (" + std::to_string(count * item) + " bytes at " +
             address_text(address) + ") is not inside one live allocation of device " +
             std::to_string(device);
    curandStatus_t status = position(*host, start);
    if (status == CURAND_STATUS_SUCCESS) status = draw(*host->api, host->gen, dst);
    if (status != CURAND_STATUS_SUCCESS) {
      host->positioned = false;
      return std::string(name) + ": the host generator failed with cuRAND status " +
             std::to_string(int(status));
    }
    host->next = start.offset + count;
    return "";
  };
  if (issue(s, g->stream, std::move(op), false) != CUDA_SUCCESS)
    return CURAND_STATUS_LAUNCH_FAILURE;
  // The next generation continues this one, as the device generator's offset advances.
  g->offset += count;
  g->moved = false;
  return CURAND_STATUS_SUCCESS;
}

// Box-Muller makes pairs: cuRAND's pseudorandom normals come in even counts.
curandStatus_t pairs(size_t count) {
  return count % 2 ? CURAND_STATUS_LENGTH_NOT_MULTIPLE : CURAND_STATUS_SUCCESS;
}

}  // namespace

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!generator) return CURAND_STATUS_ALLOCATION_FAILED;
  if (!emu::pseudo(rng_type)) return CURAND_STATUS_TYPE_ERROR;
  // cuRAND sets the generator up on the device current now.
  if (emu::need_context(s) != CUDA_SUCCESS) return CURAND_STATUS_INITIALIZATION_FAILED;
  const emu::HostCurand* api = emu::host_curand();
  if (!api) return CURAND_STATUS_INITIALIZATION_FAILED;  // no host cuRAND was named
  auto host = std::make_shared<emu::HostGenerator>();
  host->api = api;
  if (curandStatus_t status = api->create(&host->gen, rng_type); status != CURAND_STATUS_SUCCESS)
    return status;
  auto* g = new curandGenerator_st;
  g->device = emu::t_current->device;
  g->host = std::move(host);
  emu::generators().insert(g);
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::generators().erase(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  delete generator;  // its host generator stays while queued work holds it
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::generators().count(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->stream = reinterpret_cast<CUstream>(stream);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::generators().count(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->seed = seed;
  generator->moved = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::generators().count(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  generator->offset = offset;
  generator->moved = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!emu::generators().count(generator)) return CURAND_STATUS_NOT_INITIALIZED;
  if (!emu::pseudo_ordering(order)) return CURAND_STATUS_OUT_OF_RANGE;
  generator->ordering = order;
  generator->moved = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* out, size_t num) {
  return emu::generate("curandGenerate", generator, out, num, sizeof(unsigned),
                       CURAND_STATUS_SUCCESS,
                       [num](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.raw(gen, static_cast<unsigned*>(dst), num);
                       });
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* out, size_t num) {
  return emu::generate("curandGenerateUniform", generator, out, num, sizeof(float),
                       CURAND_STATUS_SUCCESS,
                       [num](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.uniform(gen, static_cast<float*>(dst), num);
                       });
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* out, size_t num) {
  return emu::generate("curandGenerateUniformDouble", generator, out, num, sizeof(double),
                       CURAND_STATUS_SUCCESS,
                       [num](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.uniform_double(gen, static_cast<double*>(dst), num);
                       });
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* out, size_t n, float mean,
                                    float stddev) {
  return emu::generate("curandGenerateNormal", generator, out, n, sizeof(float), emu::pairs(n),
                       [=](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.normal(gen, static_cast<float*>(dst), n, mean, stddev);
                       });
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* out, size_t n,
                                          double mean, double stddev) {
  return emu::generate("curandGenerateNormalDouble", generator, out, n, sizeof(double),
                       emu::pairs(n),
                       [=](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.normal_double(gen, static_cast<double*>(dst), n, mean, stddev);
                       });
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* out, size_t n,
                                       float mean, float stddev) {
  return emu::generate("curandGenerateLogNormal", generator, out, n, sizeof(float), emu::pairs(n),
                       [=](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.lognormal(gen, static_cast<float*>(dst), n, mean, stddev);
                       });
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* out, size_t n,
                                             double mean, double stddev) {
  return emu::generate(
      "curandGenerateLogNormalDouble", generator, out, n, sizeof(double), emu::pairs(n),
      [=](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
        return api.lognormal_double(gen, static_cast<double*>(dst), n, mean, stddev);
      });
}

curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int* out, size_t n,
                                     double lambda) {
  // cuRAND's documented range (curand.h).
  const bool in_range = lambda > 0 && lambda <= 400000;
  return emu::generate("curandGeneratePoisson", generator, out, n, sizeof(unsigned),
                       in_range ? CURAND_STATUS_SUCCESS : CURAND_STATUS_OUT_OF_RANGE,
                       [=](const emu::HostCurand& api, curandGenerator_t gen, void* dst) {
                         return api.poisson(gen, static_cast<unsigned*>(dst), n, lambda);
                       });
}

curandStatus_t curandGetProperty(libraryPropertyType type, int* value) {
  return emu::library_property(type, value, CUPYLIKE_CURAND_API_MAJOR, CUPYLIKE_CURAND_API_MINOR,
                               CUPYLIKE_CURAND_API_PATCH)
             ? CURAND_STATUS_SUCCESS
             : CURAND_STATUS_OUT_OF_RANGE;
}

}  // extern "C"
