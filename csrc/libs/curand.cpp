// cuRAND for both devices, opened with dlopen on first use (the extension links no CUDA
// library). The cpu device uses its host generator (curandCreateGeneratorHost), which needs no
// GPU and no driver and makes the same numbers as the device generator for the same type,
// seed, offset and ordering; a GPU uses the device generator bound to the call's stream.
//
// Generators are cached per thread and device with the position they stopped at: on the host
// generator a seek (setting seed or offset) makes the next draw pay ~10 ms of set-up, measured,
// so a draw that continues where the last one stopped reuses the generator without seeking.
// The cpu device's raw words skip cuRAND altogether (libs/philox.hpp computes the same words
// without those costs); cuRAND's host generator serves its normals and Poisson counts.
//
// On the emulated GPU the device generator is its stand-in (emulator/curand.cpp), which
// computes with NVIDIA's host generator from the library opened here; what a real GPU has shown
// is in docs/gpu_status.md.
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "cuda_api/curand_abi.h"
#include "libs/library_info.hpp"
#include "libs/philox.hpp"
#include "libs/rand_backends.hpp"
#include "runtime/backend.hpp"
#include "runtime/cpu/capture.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"
#include "runtime/cuda_search.hpp"

namespace cupylike {

namespace {

struct Curand {
  decltype(&::curandCreateGenerator) create = nullptr;
  decltype(&::curandCreateGeneratorHost) create_host = nullptr;
  decltype(&::curandDestroyGenerator) destroy = nullptr;
  decltype(&::curandSetPseudoRandomGeneratorSeed) set_seed = nullptr;
  decltype(&::curandSetGeneratorOffset) set_offset = nullptr;
  decltype(&::curandSetGeneratorOrdering) set_ordering = nullptr;
  decltype(&::curandSetStream) set_stream = nullptr;
  decltype(&::curandGenerate) raw = nullptr;
  decltype(&::curandGenerateUniform) uniform = nullptr;
  decltype(&::curandGenerateUniformDouble) uniform_double = nullptr;
  decltype(&::curandGenerateNormal) normal = nullptr;
  decltype(&::curandGenerateNormalDouble) normal_double = nullptr;
  decltype(&::curandGenerateLogNormal) lognormal = nullptr;
  decltype(&::curandGenerateLogNormalDouble) lognormal_double = nullptr;
  decltype(&::curandGeneratePoisson) poisson = nullptr;
};

std::atomic<int> g_host_threads{0};
std::atomic<bool> g_host_direct{true};

// A draw this large (outputs) is split over the host threads: the second generator's seek
// costs ~10 ms on its first draw (measured), which 2**22 words (~21 ms on one thread) would
// barely repay.
constexpr int64_t kSplitFrom = int64_t(1) << 23;
constexpr size_t kCachedGenerators = 8;  // per thread and device
constexpr uint64_t kUnknown = ~uint64_t(0);

// $CUPYLIKE_LIBCURAND, else the file the locator finds (NVIDIA's wheels, conda, a system
// toolkit), else (no locator) the loader's own search. `names` and `why` come from candidates(),
// called before the static initialiser that opens the library: the locator may take the GIL.
void candidates(std::vector<std::string>& names, std::string& why) {
  if (const char* env = std::getenv("CUPYLIKE_LIBCURAND"); env && *env) {
    names = {env};
  } else if (!cuda_search::has_locator()) {
    names = {"libcurand.so.10", "libcurand.so"};
  } else {
    cuda_search::Found found = cuda_search::library("curand");
    if (found.path.empty())
      why = found.why;
    else
      names = {found.path};
  }
}

void* open_library(const std::vector<std::string>& names, const std::string& why) {
  std::string tried;
  for (const std::string& name : names) {
    if (void* lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL)) return lib;
    const char* error = dlerror();
    tried += " " + name + " (" + (error ? error : "?") + ")";
  }
  raise(ErrorKind::runtime,
        "cannot load cuRAND, which cupylike.random needs on every device: " +
            (why.empty() ? "tried" + tried : why) +
            ". Install it with `pip install \"cupylike[cuda13]\"` (or nvidia-curand alone), or "
            "install the CUDA toolkit, or set CUPYLIKE_LIBCURAND to the library's path.");
}

// The functions of `lib`; `host`: with the host generator's constructor.
const Curand* load(void* lib, bool host, const char* library) {
  auto* c = new Curand;
  auto get = [&](auto& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
    if (!fn) raise(ErrorKind::runtime, std::string(library) + " lacks " + name);
  };
  get(c->create, "curandCreateGenerator");
  if (host) get(c->create_host, "curandCreateGeneratorHost");
  get(c->destroy, "curandDestroyGenerator");
  get(c->set_seed, "curandSetPseudoRandomGeneratorSeed");
  get(c->set_offset, "curandSetGeneratorOffset");
  get(c->set_ordering, "curandSetGeneratorOrdering");
  get(c->set_stream, "curandSetStream");
  get(c->raw, "curandGenerate");
  get(c->uniform, "curandGenerateUniform");
  get(c->uniform_double, "curandGenerateUniformDouble");
  get(c->normal, "curandGenerateNormal");
  get(c->normal_double, "curandGenerateNormalDouble");
  get(c->lognormal, "curandGenerateLogNormal");
  get(c->lognormal_double, "curandGenerateLogNormalDouble");
  get(c->poisson, "curandGeneratePoisson");
  return c;
}

void* nvidia_library() {
  std::vector<std::string> names;
  std::string why;
  candidates(names, why);
  static void* lib = open_library(names, why);
  return lib;
}

// NVIDIA's library: the host generator, and on a real GPU the device generator too.
const Curand& host_curand() {
  static const Curand* loaded = load(nvidia_library(), true, "cuRAND");
  return *loaded;
}

// The device generator's library: on the emulated GPU its stand-in, else NVIDIA's.
void* device_library() {
  if (!cuda::emulated()) return nvidia_library();
  return cuda::open_vendor_library("curand", {"libcurand.so.10", "libcurand.so"}, "cuRAND");
}

// The device generator: on the emulated GPU the stand-in, which computes with NVIDIA's host
// generator from the file opened here.
const Curand& device_curand() {
  static const Curand* loaded = [] {
    if (!cuda::emulated()) return &host_curand();
    const std::string host = cuda::library_file(nvidia_library());
    if (host.empty()) raise(ErrorKind::runtime, "cannot tell where cuRAND was loaded from");
    cuda::check(cuda::driver().cupylikeEmulatorSetHostRandom(host.c_str()),
                "cupylikeEmulatorSetHostRandom");
    return load(device_library(), false, "the emulated GPU's cuRAND");
  }();
  return *loaded;
}

void check(curandStatus_t status, const char* what) {
  if (status != CURAND_STATUS_SUCCESS)
    raise(ErrorKind::runtime,
          std::string(what) + " failed: cuRAND status " + std::to_string(int(status)));
}

// A generator and where its stream stands: outputs of one width drawn so far. Offsets count
// outputs of the kind drawn (a double is two words), so a position is only reused for a draw
// of the same width.
struct Cached {
  int device = -1;  // -1: the host generator
  RandGenerator type = RandGenerator::philox4_32_10;
  uint64_t seed = 0;
  bool wide = false;  // float64 outputs
  uint64_t position = 0;
  curandGenerator_t gen = nullptr;
  uint64_t last_use = 0;
};

// Per thread: a generator must not be used by two threads at once. Never destroyed at thread
// exit (the driver may be gone by then); the cache is small.
thread_local std::vector<Cached> t_cache;
thread_local uint64_t t_clock = 0;

int device_key(Device device) { return device.is_cpu() ? -1 : device.index; }

curandRngType_t rng_type(RandGenerator g) {
  switch (g) {
    case RandGenerator::xorwow:
      return CURAND_RNG_PSEUDO_XORWOW;
    case RandGenerator::mrg32k3a:
      return CURAND_RNG_PSEUDO_MRG32K3A;
    case RandGenerator::philox4_32_10:
      break;
  }
  return CURAND_RNG_PSEUDO_PHILOX4_32_10;
}

const Curand& api_for(int key) { return key < 0 ? host_curand() : device_curand(); }

// A generator of `device` standing at `offset` of seed's stream, taken out of the cache.
Cached take(Device device, const RandCall& call) {
  const int key = device_key(device);
  const bool wide = call.dtype == DType::float64;
  auto same_device = [&](const Cached& c) { return c.device == key; };
  auto exact = std::find_if(t_cache.begin(), t_cache.end(), [&](const Cached& c) {
    return same_device(c) && c.type == call.generator && c.seed == call.seed && c.wide == wide &&
           c.position == call.offset;
  });
  Cached got;
  if (exact != t_cache.end()) {
    got = *exact;
    t_cache.erase(exact);
    return got;
  }
  auto oldest = t_cache.end();
  // Only a generator of the same type is re-seeded for another stream.
  for (auto it = t_cache.begin(); it != t_cache.end(); ++it)
    if (same_device(*it) && it->type == call.generator &&
        (oldest == t_cache.end() || it->last_use < oldest->last_use))
      oldest = it;
  const Curand& api = api_for(key);
  if (oldest != t_cache.end() && t_cache.size() >= kCachedGenerators / 2) {
    got = *oldest;
    t_cache.erase(oldest);
  } else {
    got.device = key;
    got.type = call.generator;
    if (device.is_cpu()) {
      check(api.create_host(&got.gen, rng_type(call.generator)), "curandCreateGeneratorHost");
    } else {
      check(api.create(&got.gen, rng_type(call.generator)), "curandCreateGenerator");
    }
    // The default ordering, named: it is the one whose numbers the host and the device
    // generators share.
    check(api.set_ordering(got.gen, CURAND_ORDERING_PSEUDO_DEFAULT), "curandSetGeneratorOrdering");
  }
  check(api.set_seed(got.gen, call.seed), "curandSetPseudoRandomGeneratorSeed");
  check(api.set_offset(got.gen, call.offset), "curandSetGeneratorOffset");
  got.seed = call.seed;
  got.wide = wide;
  got.position = call.offset;
  return got;
}

// Back into the cache; past kCachedGenerators of its device, that device's least recently used
// one is destroyed (a device generator is destroyed with its device's context current, which
// the caller made so).
void put_back(Cached c) {
  c.last_use = ++t_clock;
  t_cache.push_back(c);
  auto oldest = t_cache.end();
  size_t same = 0;
  for (auto it = t_cache.begin(); it != t_cache.end(); ++it) {
    if (it->device != c.device) continue;
    ++same;
    if (oldest == t_cache.end() || it->last_use < oldest->last_use) oldest = it;
  }
  if (same <= kCachedGenerators) return;
  api_for(c.device).destroy(oldest->gen);  // a failure here leaks one generator, nothing worse
  t_cache.erase(oldest);
}

curandStatus_t draw(const Curand& api, curandGenerator_t gen, const RandCall& c, void* out,
                    int64_t n) {
  const bool f64 = c.dtype == DType::float64;
  const size_t count = size_t(n);
  switch (c.distribution) {
    case RandDistribution::raw32:
      return api.raw(gen, static_cast<unsigned*>(out), count);
    case RandDistribution::poisson:
      return api.poisson(gen, static_cast<unsigned*>(out), count, c.param1);
    case RandDistribution::uniform:
      return f64 ? api.uniform_double(gen, static_cast<double*>(out), count)
                 : api.uniform(gen, static_cast<float*>(out), count);
    case RandDistribution::normal:
      return f64 ? api.normal_double(gen, static_cast<double*>(out), count, c.param1, c.param2)
                 : api.normal(gen, static_cast<float*>(out), count, float(c.param1),
                              float(c.param2));
    case RandDistribution::lognormal:
      return f64 ? api.lognormal_double(gen, static_cast<double*>(out), count, c.param1, c.param2)
                 : api.lognormal(gen, static_cast<float*>(out), count, float(c.param1),
                                 float(c.param2));
  }
  return CURAND_STATUS_INTERNAL_ERROR;
}

int host_threads() {
  const int set = g_host_threads.load();
  if (set > 0) return set;
  // hardware_concurrency reads /sys each time: ask once.
  static const int available = std::thread::hardware_concurrency() >= 2 ? 2 : 1;
  return available;
}

// The host draw in two halves on two threads, each a generator at its own offset: the same
// numbers as one call (offsets are exact, checked by tests/test_random_streams.py).
void host_split(const RandCall& call, void* out) {
  // A multiple of 4 keeps the halves on whole Philox blocks and whole normal pairs.
  const int64_t half = (call.count / 2) & ~int64_t(3);
  RandCall second = call;
  second.offset = call.offset + uint64_t(half);
  second.count = call.count - half;
  Cached a = take(Device{}, call);
  Cached b = take(Device{}, second);
  char* tail = static_cast<char*>(out) + half * itemsize(call.dtype);
  curandStatus_t status_b = CURAND_STATUS_SUCCESS;
  const Curand& api = host_curand();
  std::thread worker([&] { status_b = draw(api, b.gen, second, tail, second.count); });
  const curandStatus_t status_a = draw(api, a.gen, call, out, half);
  worker.join();
  // A failed draw leaves its generator's position unknown: never reused without a seek.
  a.position = status_a ? kUnknown : call.offset + uint64_t(half);
  b.position = status_b ? kUnknown : second.offset + uint64_t(second.count);
  put_back(a);
  put_back(b);
  check(status_a, "curand generate");
  check(status_b, "curand generate");
}

}  // namespace

cuda::LibraryInfo curand_host_info() {
  return cuda::describe_library<decltype(&::curandGetProperty)>(
      "cuRAND (host generator)", nvidia_library, "curandGetProperty");
}

cuda::LibraryInfo curand_device_info() {
  return cuda::describe_library<decltype(&::curandGetProperty)>(
      "cuRAND (device generator)", device_library, "curandGetProperty");
}

void curand_set_host_threads(int threads) { g_host_threads = threads; }

void curand_set_host_direct(bool on) { g_host_direct = on; }

void curand_generate(Device device, const RandCall& call, void* out, const Stream& stream) {
  // The cpu device's generators do not go through the stream: a capture records the call, which
  // draws the same numbers at every replay (its offset is fixed), as cuRAND's captured kernels.
  if (device.is_cpu() && cpu::capture_open() && cpu::record(stream.handle(), "curandGenerate", [=] {
        curand_generate(device, call, out, *Stream::null());
      }))
    return;
  const bool philox = call.generator == RandGenerator::philox4_32_10;
  if (philox && device.is_cpu() && call.distribution == RandDistribution::raw32 &&
      g_host_direct.load())
    return philox_words(call.seed, call.offset, static_cast<uint32_t*>(out), call.count,
                        host_threads());
  // Not for double draws: the host generator's offsets for them are not consistent (a seek
  // past about 2**18 doubles lands at half the index), so a split would change the numbers.
  // Nor for the skip-ahead generators, whose second seek would cost more than the split saves.
  if (philox && device.is_cpu() && host_threads() >= 2 && call.count >= kSplitFrom &&
      itemsize(call.dtype) == 4)
    return host_split(call, out);
  if (!device.is_cpu()) static_cast<CudaBackend&>(backend_for(device)).activate();
  Cached c = take(device, call);
  curandStatus_t status = CURAND_STATUS_SUCCESS;
  const Curand& api = api_for(c.device);
  if (!device.is_cpu()) status = api.set_stream(c.gen, static_cast<cudaStream_t>(stream.handle()));
  if (status == CURAND_STATUS_SUCCESS) status = draw(api, c.gen, call, out, call.count);
  c.position = status ? kUnknown : call.offset + uint64_t(call.count);
  put_back(c);
  check(status, "curand generate");
}

}  // namespace cupylike
