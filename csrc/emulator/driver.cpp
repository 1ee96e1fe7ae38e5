// The emulated GPU: a stand-in for libcuda.so.1 that serves the driver API calls cupylike
// makes from host memory and runs their kernels on the host, so the cuda backend's own code —
// its driver calls, the GPU launch policies and the GPU flavour of every kernel — runs without
// a GPU. CUPYLIKE_CUDA_EMULATOR=1 makes the library load it (runtime/cuda/driver.cpp). Written
// from the driver API documentation.
//
// What it models:
// - Devices: CUPYLIKE_CUDA_EMULATOR_DEVICES of them (default 1), each with
//   CUPYLIKE_CUDA_EMULATOR_MEMORY bytes (default 4 GiB; cuMemAlloc beyond it is
//   CUDA_ERROR_OUT_OF_MEMORY), an H100's compute capability (9.0) and limits, and a name that
//   says it is emulated. CUPYLIKE_CUDA_EMULATOR_INIT_ERROR=<CUresult> makes cuInit fail with
//   that code; CUPYLIKE_CUDA_EMULATOR_PINNED_MEMORY caps cuMemHostAlloc's bytes in all.
// - Contexts: one primary context per device, current per thread. Memory, stream and event
//   calls without a current context give CUDA_ERROR_INVALID_CONTEXT.
// - Device memory is host memory at addresses the host cannot dereference outside kernels
//   (device_memory.hpp). Copies and memsets must lie inside one live allocation of the current
//   context's device, and their stream must belong to that device, else
//   CUDA_ERROR_INVALID_VALUE / CUDA_ERROR_INVALID_HANDLE.
// - Streams are FIFO queues run lazily: work runs when something waits for it (stream, event or
//   context synchronize, cuMemFree, cuMemFreeHost, cuStreamDestroy, a copy that completes before
//   returning), or when polled: cuStreamQuery and cuEventQuery answer CUDA_ERROR_NOT_READY once
//   for pending work and run it at the next query, so polling loops end. Missing
//   synchronisation in the library therefore shows up as wrong values.
// - Order between streams: an op first runs the (stream, position) pairs it depends on.
//   cuStreamWaitEvent makes later work on the stream depend on the event's recorded position.
//   The legacy null stream (0 or CU_STREAM_LEGACY) is a barrier for its device: its work
//   depends on all work issued before on the device's blocking streams, and work on a blocking
//   stream depends on all null-stream work issued before it. CU_STREAM_NON_BLOCKING streams have
//   no implicit order. CU_STREAM_PER_THREAD is not modelled (CUDA_ERROR_INVALID_HANDLE).
// - Host memory: a copy from pageable memory to the device, or from the device into pageable
//   memory, has run when the call returns (the real driver stages pageable memory before it
//   returns). With pinned memory (cuMemHostAlloc) the copy runs when its queue gets to it, so
//   host bytes are read then. A pinned source is checksummed when the copy is issued and again
//   when it runs: a difference means the host rewrote a buffer a queued copy still had to read
//   (a staging bug in the library), and is counted.
// - Events: a record marks the stream's position; elapsed time comes from host clock stamps
//   taken when the records run; events made with CU_EVENT_DISABLE_TIMING give
//   CUDA_ERROR_INVALID_HANDLE there, and unfinished ones CUDA_ERROR_NOT_READY.
// - Modules (modules.cpp): images from NVRTC load and name their kernels, parameter sizes,
//   resources and globals; the library's extension entry point
//   (runtime/cuda/emulator_extension.h) adds the module's source, which the emulator compiles
//   for the host in the GPU flavour (program.cpp).
// - Launches (launches.cpp) are checked against a GPU's limits with CUDA's error codes, copy
//   their arguments, and run in stream order on the block runner. A kernel that traps, fails
//   an assert or deadlocks sets a sticky error, as a GPU's fault does: every later call fails.
// - Stream capture and graphs (graphs.cpp): work issued to a capturing stream is recorded, and
//   a launch of the graph issues it again in order.
// - The extension's hooks (hooks.cpp) report counters and launches for tests, and explain the
//   calling thread's last error.
//
// This file holds initialisation, devices, contexts, memory and copies.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "emulator/state.hpp"
#include "runtime/capture_errors.hpp"
#include "runtime/gpu_limits.hpp"

namespace cupylike::emulator {

State& state() {
  static State* s = new State;  // never destroyed: the library may call in during exit
  return *s;
}

namespace {

// What cuDeviceGetName answers: plainly not a GPU, so no one takes its timings for one's.
constexpr const char* kDeviceName = "cupylike emulated GPU (sm_90, runs on the CPU)";

// The attributes a caller may plausibly ask for, with an H100's values.
constexpr std::pair<CUdevice_attribute, int> kAttributes[] = {
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, kComputeMajor},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, kComputeMinor},
    {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, kMultiprocessors},
    {CU_DEVICE_ATTRIBUTE_WARP_SIZE, kWarpSize},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, int(kMaxThreadsPerBlock)},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, int(kMaxBlock[0])},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, int(kMaxBlock[1])},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, int(kMaxBlock[2])},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, int(kMaxGrid[0])},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, int(kMaxGrid[1])},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, int(kMaxGrid[2])},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, int(kDefaultSharedPerBlock)},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, int(kSharedOptin)},
    {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, kRegistersPerBlock},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 2048},
    {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, 65536},
    {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, 52428800},
    {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 1980000},
    {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 1},
    // Asked for by cudaGetDeviceProperties-style queries (runtime/cuda/cuda_properties.cpp).
    {CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, 0},
    {CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 0},
    {CU_DEVICE_ATTRIBUTE_INTEGRATED, 0},
    {CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 1},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, 0},
    {CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, 1},
    {CU_DEVICE_ATTRIBUTE_ECC_ENABLED, 0},
    {CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 0},  // no cuMemAllocManaged here
};

// An attribute's value; false for one not modelled (the caller gets CUDA_ERROR_INVALID_VALUE,
// so a new query in the library shows up here rather than as a made-up value).
bool attribute(CUdevice_attribute a, CUdevice dev, int& value) {
  if (a == CU_DEVICE_ATTRIBUTE_PCI_BUS_ID) {
    value = dev + 1;
    return true;
  }
  for (const auto& [attr, v] : kAttributes)
    if (attr == a) {
      value = v;
      return true;
    }
  return false;
}

struct ErrorText {
  CUresult code;
  const char* name;
  const char* text;
};

// The codes this driver returns, and ones a test may pass as CUPYLIKE_CUDA_EMULATOR_INIT_ERROR.
constexpr ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"},
    {CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA_ERROR_DEVICE_UNAVAILABLE",
     "CUDA-capable device(s) is/are busy or unavailable"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_OPERATING_SYSTEM, "CUDA_ERROR_OPERATING_SYSTEM", "OS call failed"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY", "device not ready"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "system has unsupported display driver / cuda driver combination"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_INVALID_SOURCE, "CUDA_ERROR_INVALID_SOURCE", "device kernel source is invalid"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT", "device-side assert triggered"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_LAUNCH_TIMEOUT, "CUDA_ERROR_LAUNCH_TIMEOUT",
     "the launch timed out and was terminated"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
    {CUresult(kIllegalState.code), kIllegalState.name, kIllegalState.text},
    {CUresult(kCaptureUnsupported.code), kCaptureUnsupported.name, kCaptureUnsupported.text},
    {CUresult(kCaptureInvalidated.code), kCaptureInvalidated.name, kCaptureInvalidated.text},
    {CUresult(kCaptureImplicit.code), kCaptureImplicit.name, kCaptureImplicit.text},
    {CUresult(kCaptureWrongThread.code), kCaptureWrongThread.name, kCaptureWrongThread.text},
};

const ErrorText* find_error(CUresult code) {
  for (const ErrorText& e : kErrors)
    if (e.code == code) return &e;
  return nullptr;
}

CUresult init_devices(State& s) {
  long long n = env_int("CUPYLIKE_CUDA_EMULATOR_DEVICES", 1);
  if (n <= 0) return CUDA_ERROR_NO_DEVICE;
  n = std::min<long long>(n, kMaxDevices);
  long long capacity = env_int("CUPYLIKE_CUDA_EMULATOR_MEMORY", 4LL << 30);
  for (int i = 0; i < n; ++i) {
    DeviceState& d = s.devices.emplace_back();
    d.context.device = i;
    d.capacity = size_t(std::max(capacity, 0LL));
    if (!d.memory.reserve(d.capacity)) return CUDA_ERROR_OUT_OF_MEMORY;
    d.null_queue = std::make_shared<Queue>();
    d.null_queue->device = i;
    d.null_queue->null = true;
  }
  return CUDA_SUCCESS;
}

}  // namespace
}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;
using emu::Op;
using emu::Queue;
using emu::State;
using emu::t_current;

extern "C" {

// --- initialisation, errors, devices ------------------------------------------------------

CUresult CUDAAPI cuInit(unsigned int flags) {
  State& s = emu::state();
  emu::Call call(s);
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  if (s.init_result == CUDA_SUCCESS) return CUDA_SUCCESS;
  if (long long e = emu::env_int("CUPYLIKE_CUDA_EMULATOR_INIT_ERROR", 0); e != 0)
    return CUresult(e);
  CUresult r = emu::init_devices(s);
  if (r == CUDA_SUCCESS) s.init_result = CUDA_SUCCESS;
  return r;
}

CUresult CUDAAPI cuDriverGetVersion(int* version) {
  if (!version) return CUDA_ERROR_INVALID_VALUE;
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorName(CUresult error, const char** str) {
  if (!str) return CUDA_ERROR_INVALID_VALUE;
  const emu::ErrorText* e = emu::find_error(error);
  *str = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char** str) {
  if (!str) return CUDA_ERROR_INVALID_VALUE;
  const emu::ErrorText* e = emu::find_error(error);
  *str = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuDeviceGetCount(int* count) {
  State& s = emu::state();
  emu::Call call(s);
  if (!count) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_init(s); r != CUDA_SUCCESS) return r;
  *count = int(s.devices.size());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice* device, int ordinal) {
  State& s = emu::state();
  emu::Call call(s);
  if (!device) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_device(s, ordinal); r != CUDA_SUCCESS) return r;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char* name, int len, CUdevice dev) {
  State& s = emu::state();
  emu::Call call(s);
  if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_device(s, dev); r != CUDA_SUCCESS) return r;
  std::snprintf(name, size_t(len), "%s", emu::kDeviceName);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int* value, CUdevice_attribute attrib, CUdevice dev) {
  State& s = emu::state();
  emu::Call call(s);
  if (!value) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_device(s, dev); r != CUDA_SUCCESS) return r;
  return emu::attribute(attrib, dev, *value) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuDeviceTotalMem(size_t* bytes, CUdevice dev) {
  State& s = emu::state();
  emu::Call call(s);
  if (!bytes) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_device(s, dev); r != CUDA_SUCCESS) return r;
  *bytes = s.device(dev).capacity;
  return CUDA_SUCCESS;
}

// --- contexts -------------------------------------------------------------------------------

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext* ctx, CUdevice dev) {
  State& s = emu::state();
  emu::Call call(s);
  if (!ctx) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_device(s, dev); r != CUDA_SUCCESS) return r;
  ++s.device(dev).primary_refs;
  *ctx = &s.device(dev).context;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext* ctx) {
  State& s = emu::state();
  emu::Call call(s);
  if (!ctx) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::need_init(s); r != CUDA_SUCCESS) return r;
  *ctx = t_current;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_init(s); r != CUDA_SUCCESS) return r;
  if (ctx) {  // only retained primary contexts exist here
    bool known = false;
    for (const emu::DeviceState& d : s.devices)
      known = known || (&d.context == ctx && d.primary_refs > 0);
    if (!known) return CUDA_ERROR_INVALID_CONTEXT;
  }
  t_current = ctx;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (CUresult r = emu::device_wait_allowed(s, t_current->device); r != CUDA_SUCCESS) return r;
  s.run_device(t_current->device);
  return emu::sticky_error(s);
}

// --- memory ---------------------------------------------------------------------------------

CUresult CUDAAPI cuMemAlloc(CUdeviceptr* ptr, size_t bytes) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!ptr || bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::unsafe_call_allowed(s, "cuMemAlloc"); r != CUDA_SUCCESS) return r;
  emu::DeviceState& d = s.device(t_current->device);
  if (bytes > d.capacity - d.live_bytes) return CUDA_ERROR_OUT_OF_MEMORY;
  uint64_t address = d.memory.allocate(bytes);
  if (!address) return CUDA_ERROR_OUT_OF_MEMORY;
  char* host = d.memory.host(address);
  std::memset(host, 0xA5, bytes);  // not zero: reading memory nothing wrote shows in values
  s.allocations[address] = {bytes, t_current->device, host, false};
  d.live_bytes += bytes;
  *ptr = address;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr ptr) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  auto it = s.allocations.find(ptr);
  if (it == s.allocations.end() || it->second.global) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = emu::unsafe_call_allowed(s, "cuMemFree"); r != CUDA_SUCCESS) return r;
  emu::Allocation a = it->second;
  s.run_device(a.device);  // cuMemFree waits for work that may still use the memory
  s.device(a.device).memory.release(ptr, a.size);
  s.device(a.device).live_bytes -= a.size;
  s.allocations.erase(it);
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuMemHostAlloc(void** ptr, size_t bytes, unsigned int) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!ptr || bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  long long cap = emu::env_int("CUPYLIKE_CUDA_EMULATOR_PINNED_MEMORY", -1);
  size_t pinned_bytes = 0;
  for (const auto& [addr, size] : s.pinned) pinned_bytes += size;
  if (cap >= 0 && bytes > size_t(cap) - std::min(size_t(cap), pinned_bytes))
    return CUDA_ERROR_OUT_OF_MEMORY;
  void* p = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
  if (!p) return CUDA_ERROR_OUT_OF_MEMORY;
  s.pinned[reinterpret_cast<uintptr_t>(p)] = bytes;
  *ptr = p;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFreeHost(void* ptr) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  auto it = s.pinned.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == s.pinned.end()) return CUDA_ERROR_INVALID_VALUE;
  for (size_t d = 0; d < s.devices.size(); ++d) s.run_device(int(d));  // any may read it
  std::free(ptr);
  s.pinned.erase(it);
  return emu::sticky_error(s);
}

CUresult CUDAAPI cuMemGetInfo(size_t* free, size_t* total) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (!free || !total) return CUDA_ERROR_INVALID_VALUE;
  const emu::DeviceState& d = s.device(t_current->device);
  *free = d.capacity - d.live_bytes;
  *total = d.capacity;
  return CUDA_SUCCESS;
}

// --- copies and fills -----------------------------------------------------------------------

CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr dst, const void* src, size_t bytes,
                                   CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* d = s.translate(dst, bytes, t_current->device);
  if (!d || !src || s.is_device_address(src)) return CUDA_ERROR_INVALID_VALUE;
  Op op = emu::copy_op(d, static_cast<const char*>(src), bytes);
  bool pinned = s.is_pinned(src, bytes);
  if (pinned) {
    op.check_source = true;
    op.source_sum = emu::checksum(op.src, bytes);
  }
  CUresult r = emu::issue(s, stream, std::move(op), /*complete=*/!pinned);
  if (r == CUDA_SUCCESS) ++(pinned ? s.stats.h2d_pinned : s.stats.h2d_pageable);
  return r;
}

CUresult CUDAAPI cuMemcpyDtoHAsync(void* dst, CUdeviceptr src, size_t bytes, CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* from = s.translate(src, bytes, t_current->device);
  if (!from || !dst || s.is_device_address(dst)) return CUDA_ERROR_INVALID_VALUE;
  bool pinned = s.is_pinned(dst, bytes);
  CUresult r = emu::issue(s, stream, emu::copy_op(static_cast<char*>(dst), from, bytes),
                          /*complete=*/!pinned);
  if (r == CUDA_SUCCESS) ++s.stats.d2h;
  return r;
}

CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                                   CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* to = s.translate(dst, bytes, t_current->device);
  char* from = s.translate(src, bytes, t_current->device);
  if (!to || !from) return CUDA_ERROR_INVALID_VALUE;
  return emu::issue(s, stream, emu::copy_op(to, from, bytes), false);
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                                 CUstream stream) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_context(s); r != CUDA_SUCCESS) return r;
  if (count == 0) return CUDA_SUCCESS;
  char* to = s.translate(dst, count, t_current->device);
  if (!to) return CUDA_ERROR_INVALID_VALUE;
  Op op;
  op.kind = Op::fill;
  op.dst = to;
  op.bytes = count;
  op.value = value;
  return emu::issue(s, stream, std::move(op), false);
}

}  // extern "C"
