// cuFFT for CUDA devices, opened with dlopen on first use (the extension links no CUDA
// library). Plans are made once per description and kept in a size-limited LRU cache per
// device; cuFFT allocates no work area of its own (cufftSetAutoAllocation 0): each execution
// takes one from the device's memory pool on the call's stream, so the pool's stream ordering
// keeps it alive for as long as the transform runs.
//
// Written against the cuFFT documentation; in CI it runs on the emulated GPU's stand-in
// (emulator/cufft.hpp), whose numerics are kissfft's in double precision (docs/gpu_status.md).
#include <dlfcn.h>

#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "core/error.hpp"
#include "cuda_api/cufft_abi.h"
#include "libs/fft_backends.hpp"
#include "libs/library_info.hpp"
#include "memory/allocator.hpp"
#include "runtime/backend.hpp"
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

struct Cufft {
  decltype(&::cufftCreate) create = nullptr;
  decltype(&::cufftDestroy) destroy = nullptr;
  decltype(&::cufftSetAutoAllocation) set_auto_allocation = nullptr;
  decltype(&::cufftMakePlanMany64) make_plan_many = nullptr;
  decltype(&::cufftSetWorkArea) set_work_area = nullptr;
  decltype(&::cufftSetStream) set_stream = nullptr;
  decltype(&::cufftExecC2C) exec_c2c = nullptr;
  decltype(&::cufftExecR2C) exec_r2c = nullptr;
  decltype(&::cufftExecC2R) exec_c2r = nullptr;
  decltype(&::cufftExecZ2Z) exec_z2z = nullptr;
  decltype(&::cufftExecD2Z) exec_d2z = nullptr;
  decltype(&::cufftExecZ2D) exec_z2d = nullptr;
};

template <class Fn>
void load(void* lib, Fn& fn, const char* name) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (fn) return;
  // The emulator has its cuFFT stand-in only where it was built with kissfft's header.
  if (cuda::emulated())
    raise(ErrorKind::cuda_unavailable,
          std::string("cuFFT cannot run on the emulated GPU: this build of the emulator has no "
                      "cuFFT stand-in (it needs kissfft's header, Debian's libkissfft-dev, when "
                      "it is built), so it lacks ") +
              name);
  raise(ErrorKind::runtime, std::string("cuFFT lacks ") + name);
}

void* open_cufft() {
  // CUDA 13 ships cuFFT 12 (libcufft.so.12), CUDA 12 cuFFT 11.
  return cuda::open_vendor_library("cufft", {"libcufft.so.12", "libcufft.so.11", "libcufft.so"},
                                   "cuFFT");
}

const Cufft& cufft() {
  cuda::search_vendor_library("cufft");  // before the guard below: it may take the GIL
  static const Cufft* loaded = [] {
    void* lib = open_cufft();
    auto c = std::make_unique<Cufft>();
    load(lib, c->create, "cufftCreate");
    load(lib, c->destroy, "cufftDestroy");
    load(lib, c->set_auto_allocation, "cufftSetAutoAllocation");
    load(lib, c->make_plan_many, "cufftMakePlanMany64");
    load(lib, c->set_work_area, "cufftSetWorkArea");
    load(lib, c->set_stream, "cufftSetStream");
    load(lib, c->exec_c2c, "cufftExecC2C");
    load(lib, c->exec_r2c, "cufftExecR2C");
    load(lib, c->exec_c2r, "cufftExecC2R");
    load(lib, c->exec_z2z, "cufftExecZ2Z");
    load(lib, c->exec_d2z, "cufftExecD2Z");
    load(lib, c->exec_z2d, "cufftExecZ2D");
    return c.release();
  }();
  return *loaded;
}

void check(cufftResult status, const char* what) {
  if (status != CUFFT_SUCCESS)
    raise(ErrorKind::runtime,
          std::string(what) + " failed: cuFFT status " + std::to_string(int(status)));
}

cufftType plan_type(const FftCall& c) {
  switch (c.kind) {
    case FftKind::c2c:
      return c.double_precision ? CUFFT_Z2Z : CUFFT_C2C;
    case FftKind::r2c:
      return c.double_precision ? CUFFT_D2Z : CUFFT_R2C;
    default:
      return c.double_precision ? CUFFT_Z2D : CUFFT_C2R;
  }
}

struct Plan {
  std::string key;
  cufftHandle handle = 0;
  size_t work_bytes = 0;
};

// One device's plans, most recently used first. Its mutex is held from choosing a plan to
// enqueueing its execution: a plan's stream and work area are per-plan settings, so two
// threads must not interleave them.
struct PlanCache {
  std::mutex mutex;
  int64_t limit = 16;  // CuPy's default
  std::list<Plan> plans;
  std::unordered_map<std::string, std::list<Plan>::iterator> index;
};

PlanCache& cache_for(int device) {
  static PlanCache caches[kMaxCudaDevices];
  if (device < 0 || device >= kMaxCudaDevices)
    raise(ErrorKind::value, "no CUDA device " + std::to_string(device));
  return caches[device];
}

CudaBackend& activate(int device) {
  auto& backend = static_cast<CudaBackend&>(backend_for(Device{DeviceKind::cuda, device}));
  backend.activate();
  return backend;
}

// Destroys the least recently used plans beyond `keep` (lock held). Work queued on the device
// may still use a plan's internal tables, so the device finishes its work first.
void evict_locked(int device, PlanCache& cache, size_t keep) {
  if (cache.plans.size() <= keep) return;
  CudaBackend& backend = activate(device);
  backend.synchronize();
  while (cache.plans.size() > keep) {
    Plan& last = cache.plans.back();
    cufft().destroy(last.handle);
    cache.index.erase(last.key);
    cache.plans.pop_back();
  }
}

Plan make_plan(const FftCall& c, std::string key) {
  const Cufft& api = cufft();
  Plan plan;
  plan.key = std::move(key);
  check(api.create(&plan.handle), "cufftCreate");
  long long n[3], inembed[3], onembed[3];
  for (int k = 0; k < c.rank; ++k) {
    n[k] = c.dims[k];
    inembed[k] = c.inembed[k];
    onembed[k] = c.onembed[k];
  }
  cufftResult status = api.set_auto_allocation(plan.handle, 0);
  if (status == CUFFT_SUCCESS)
    status = api.make_plan_many(plan.handle, c.rank, n, inembed, c.istride, c.idist, onembed,
                                c.ostride, c.odist, plan_type(c), c.batch, &plan.work_bytes);
  if (status != CUFFT_SUCCESS) {
    api.destroy(plan.handle);
    check(status, "cufftMakePlanMany64");
  }
  return plan;
}

// The cached plan for `c` (made on a miss), now the most recently used (lock held).
const Plan& plan_for(PlanCache& cache, const FftCall& c) {
  std::string key = describe(c);
  auto found = cache.index.find(key);
  if (found != cache.index.end()) {
    cache.plans.splice(cache.plans.begin(), cache.plans, found->second);
    return cache.plans.front();
  }
  Plan plan = make_plan(c, key);
  cache.plans.push_front(std::move(plan));
  cache.index[key] = cache.plans.begin();
  return cache.plans.front();
}

void execute(const Cufft& api, const Plan& plan, const FftCall& c, const void* in, void* out) {
  // cuFFT takes non-const input pointers: C2R (and multi-dimensional C2R) overwrites its input,
  // which the front-end always hands over as a copy of its own.
  void* src = const_cast<void*>(in);
  switch (plan_type(c)) {
    case CUFFT_C2C:
      check(api.exec_c2c(plan.handle, static_cast<cufftComplex*>(src),
                         static_cast<cufftComplex*>(out), c.direction),
            "cufftExecC2C");
      break;
    case CUFFT_Z2Z:
      check(api.exec_z2z(plan.handle, static_cast<cufftDoubleComplex*>(src),
                         static_cast<cufftDoubleComplex*>(out), c.direction),
            "cufftExecZ2Z");
      break;
    case CUFFT_R2C:
      check(
          api.exec_r2c(plan.handle, static_cast<cufftReal*>(src), static_cast<cufftComplex*>(out)),
          "cufftExecR2C");
      break;
    case CUFFT_D2Z:
      check(api.exec_d2z(plan.handle, static_cast<cufftDoubleReal*>(src),
                         static_cast<cufftDoubleComplex*>(out)),
            "cufftExecD2Z");
      break;
    case CUFFT_C2R:
      check(
          api.exec_c2r(plan.handle, static_cast<cufftComplex*>(src), static_cast<cufftReal*>(out)),
          "cufftExecC2R");
      break;
    default:
      check(api.exec_z2d(plan.handle, static_cast<cufftDoubleComplex*>(src),
                         static_cast<cufftDoubleReal*>(out)),
            "cufftExecZ2D");
      break;
  }
}

}  // namespace

cuda::LibraryInfo cufft_info() {
  return cuda::describe_library<decltype(&::cufftGetProperty)>("cuFFT", open_cufft,
                                                               "cufftGetProperty");
}

void cufft_exec(Device device, const FftCall& c, const void* in, void* out, const Stream& stream) {
  activate(device.index);
  const Cufft& api = cufft();
  PlanCache& cache = cache_for(device.index);
  std::lock_guard<std::mutex> lock(cache.mutex);
  const Plan& plan = plan_for(cache, c);
  // The pool hands memory out for work on the device's current stream, the one used here;
  // released after enqueueing, it returns to that stream's arena, so later work reuses it only
  // after this transform.
  MemoryPtr work = allocate(device, plan.work_bytes);  // null for 0 bytes: none to set
  if (work) check(api.set_work_area(plan.handle, work->ptr()), "cufftSetWorkArea");
  check(api.set_stream(plan.handle, static_cast<cudaStream_t>(stream.handle())), "cufftSetStream");
  execute(api, plan, c, in, out);
  evict_locked(device.index, cache, size_t(cache.limit));
}

int64_t cufft_cache_limit(int device) {
  PlanCache& cache = cache_for(device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.limit;
}

void set_cufft_cache_limit(int device, int64_t plans) {
  PlanCache& cache = cache_for(device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  cache.limit = plans;
  evict_locked(device, cache, size_t(plans));
}

int64_t cufft_cache_count(int device) {
  PlanCache& cache = cache_for(device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  return int64_t(cache.plans.size());
}

void clear_cufft_cache(int device) {
  PlanCache& cache = cache_for(device);
  std::lock_guard<std::mutex> lock(cache.mutex);
  evict_locked(device, cache, 0);
}

}  // namespace cupylike
