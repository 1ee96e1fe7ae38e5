// A stand-in for libcuda.so.1 that serves the driver API calls cupylike makes from host memory,
// so the CUDA code path runs in CI without a GPU (tests/test_cuda_mock.py points
// CUPYLIKE_LIBCUDA here). Written from the driver API documentation.
//
// What it models, kept simple on purpose:
// - Devices: CUPYLIKE_MOCK_CUDA_DEVICES of them (default 2), each with CUPYLIKE_MOCK_CUDA_MEMORY
//   bytes (default 1 GiB; cuMemAlloc beyond it is CUDA_ERROR_OUT_OF_MEMORY), compute capability
//   9.0, named "Mock CUDA Device N". CUPYLIKE_MOCK_CUDA_INIT_ERROR=<CUresult> makes cuInit fail
//   with that code; CUPYLIKE_MOCK_CUDA_PINNED_MEMORY caps cuMemHostAlloc's bytes in all.
// - Contexts: one primary context per device, current per thread. Memory, stream and event
//   calls without a current context give CUDA_ERROR_INVALID_CONTEXT.
// - Device memory is host memory behind fake addresses that fault when the host dereferences
//   them (mock_state.hpp). Copies and memsets must lie inside one live allocation of the current
//   context's device, and their stream must belong to that device, else CUDA_ERROR_INVALID_VALUE
//   / CUDA_ERROR_INVALID_HANDLE.
// - Streams are FIFO queues run lazily: work runs when something waits for it (stream, event or
//   context synchronize, cuMemFree, cuMemFreeHost, cuStreamDestroy, a copy that completes before
//   returning), or when polled: cuStreamQuery and cuEventQuery answer CUDA_ERROR_NOT_READY once
//   for pending work and run it at the next query, so polling loops end.
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
// - Modules and launches (mock_modules.cpp): images from NVRTC load and name their kernels,
//   parameter sizes and globals; launches are checked and recorded but never run anything.
// - mock_cuda_stat(name, device) returns the counters tests check (see the function);
//   mock_cuda_set_sticky_error(code) makes every later memory, stream, event and synchronize
//   call fail with `code`, as a kernel's illegal memory access does on a real device.
//
// This file holds initialisation, devices, contexts, memory and copies; mock_streams.cpp holds
// streams, events and the test hooks; mock_modules.cpp modules, kernels and launches (reading
// images in mock_images.cpp); mock_state.hpp the model they share.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "mock_state.hpp"

namespace mock_cuda {
namespace {

// The attributes a caller may plausibly ask for, with an H100's values.
constexpr std::pair<CUdevice_attribute, int> kAttributes[] = {
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 9},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0},
    {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 132},
    {CU_DEVICE_ATTRIBUTE_WARP_SIZE, 32},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 64},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 2147483647},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 65535},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 65535},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 49152},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 232448},
    {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, 65536},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 2048},
    {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, 65536},
    {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, 52428800},
    {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 1980000},
    {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 1},
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

// The codes this mock returns, and ones a test may pass as CUPYLIKE_MOCK_CUDA_INIT_ERROR.
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
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const ErrorText* find_error(CUresult code) {
  for (const ErrorText& e : kErrors)
    if (e.code == code) return &e;
  return nullptr;
}

CUresult init_devices(State& s) {
  long long n = env_int("CUPYLIKE_MOCK_CUDA_DEVICES", 2);
  if (n <= 0) return CUDA_ERROR_NO_DEVICE;
  n = std::min<long long>(n, kMaxDevices);
  long long capacity = env_int("CUPYLIKE_MOCK_CUDA_MEMORY", 1LL << 30);
  for (int i = 0; i < n; ++i) {
    DeviceState& d = s.devices.emplace_back();
    d.context.device = i;
    d.capacity = size_t(std::max(capacity, 0LL));
    d.next_fake = kFakeBase + (uint64_t(i) << kDeviceShift) + kFakeAlign;
    d.null_queue = std::make_shared<Queue>();
    d.null_queue->device = i;
    d.null_queue->null = true;
  }
  return CUDA_SUCCESS;
}

}  // namespace
}  // namespace mock_cuda

using mock_cuda::Lock;
using mock_cuda::Op;
using mock_cuda::Queue;
using mock_cuda::State;
using mock_cuda::t_current;

extern "C" {

// --- initialisation, errors, devices ------------------------------------------------------

CUresult CUDAAPI cuInit(unsigned int flags) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  if (s.init_result == CUDA_SUCCESS) return CUDA_SUCCESS;
  if (long long e = mock_cuda::env_int("CUPYLIKE_MOCK_CUDA_INIT_ERROR", 0); e != 0)
    return CUresult(e);
  CUresult r = mock_cuda::init_devices(s);
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
  const mock_cuda::ErrorText* e = mock_cuda::find_error(error);
  *str = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char** str) {
  if (!str) return CUDA_ERROR_INVALID_VALUE;
  const mock_cuda::ErrorText* e = mock_cuda::find_error(error);
  *str = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuDeviceGetCount(int* count) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!count) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_init(s); r != CUDA_SUCCESS) return r;
  *count = int(s.devices.size());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice* device, int ordinal) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!device) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_device(s, ordinal); r != CUDA_SUCCESS) return r;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char* name, int len, CUdevice dev) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!name || len <= 0) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_device(s, dev); r != CUDA_SUCCESS) return r;
  std::snprintf(name, size_t(len), "Mock CUDA Device %d", dev);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int* value, CUdevice_attribute attrib, CUdevice dev) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!value) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_device(s, dev); r != CUDA_SUCCESS) return r;
  return mock_cuda::attribute(attrib, dev, *value) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuDeviceTotalMem(size_t* bytes, CUdevice dev) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!bytes) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_device(s, dev); r != CUDA_SUCCESS) return r;
  *bytes = s.device(dev).capacity;
  return CUDA_SUCCESS;
}

// --- contexts -------------------------------------------------------------------------------

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext* ctx, CUdevice dev) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!ctx) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_device(s, dev); r != CUDA_SUCCESS) return r;
  ++s.device(dev).primary_refs;
  *ctx = &s.device(dev).context;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext* ctx) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (!ctx) return CUDA_ERROR_INVALID_VALUE;
  if (CUresult r = mock_cuda::need_init(s); r != CUDA_SUCCESS) return r;
  *ctx = t_current;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_init(s); r != CUDA_SUCCESS) return r;
  if (ctx) {  // only retained primary contexts exist here
    bool known = false;
    for (const mock_cuda::DeviceState& d : s.devices)
      known = known || (&d.context == ctx && d.primary_refs > 0);
    if (!known) return CUDA_ERROR_INVALID_CONTEXT;
  }
  t_current = ctx;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  s.run_device(t_current->device);
  return CUDA_SUCCESS;
}

// --- memory ---------------------------------------------------------------------------------

CUresult CUDAAPI cuMemAlloc(CUdeviceptr* ptr, size_t bytes) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!ptr || bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  mock_cuda::DeviceState& d = s.device(t_current->device);
  if (bytes > d.capacity - d.live_bytes) return CUDA_ERROR_OUT_OF_MEMORY;
  auto* real = static_cast<char*>(std::malloc(bytes));
  if (!real) return CUDA_ERROR_OUT_OF_MEMORY;
  std::memset(real, 0xA5, bytes);  // not zero: reading memory nothing wrote shows in values
  *ptr = s.add_allocation(t_current->device, real, bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr ptr) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  auto it = s.allocations.find(ptr);
  if (it == s.allocations.end()) return CUDA_ERROR_INVALID_VALUE;
  mock_cuda::Allocation a = it->second;
  s.run_device(a.device);  // cuMemFree waits for work that may still use the memory
  std::free(a.real);
  s.device(a.device).live_bytes -= a.size;
  s.allocations.erase(it);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemHostAlloc(void** ptr, size_t bytes, unsigned int) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!ptr || bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  long long cap = mock_cuda::env_int("CUPYLIKE_MOCK_CUDA_PINNED_MEMORY", -1);
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
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  auto it = s.pinned.find(reinterpret_cast<uintptr_t>(ptr));
  if (it == s.pinned.end()) return CUDA_ERROR_INVALID_VALUE;
  for (size_t d = 0; d < s.devices.size(); ++d) s.run_device(int(d));  // any may read it
  std::free(ptr);
  s.pinned.erase(it);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemGetInfo(size_t* free, size_t* total) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (!free || !total) return CUDA_ERROR_INVALID_VALUE;
  const mock_cuda::DeviceState& d = s.device(t_current->device);
  *free = d.capacity - d.live_bytes;
  *total = d.capacity;
  return CUDA_SUCCESS;
}

// --- copies and fills -----------------------------------------------------------------------

CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr dst, const void* src, size_t bytes,
                                   CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* d = s.translate(dst, bytes, t_current->device);
  if (!d || !src || mock_cuda::is_fake(src)) return CUDA_ERROR_INVALID_VALUE;
  Op op = mock_cuda::copy_op(d, static_cast<const char*>(src), bytes);
  bool pinned = s.is_pinned(src, bytes);
  if (pinned) {
    op.check_source = true;
    op.source_sum = mock_cuda::checksum(op.src, bytes);
  }
  CUresult r = mock_cuda::issue(s, stream, std::move(op), /*complete=*/!pinned);
  if (r == CUDA_SUCCESS) ++(pinned ? s.stats.h2d_pinned : s.stats.h2d_pageable);
  return r;
}

CUresult CUDAAPI cuMemcpyDtoHAsync(void* dst, CUdeviceptr src, size_t bytes, CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* from = s.translate(src, bytes, t_current->device);
  if (!from || !dst || mock_cuda::is_fake(dst)) return CUDA_ERROR_INVALID_VALUE;
  bool pinned = s.is_pinned(dst, bytes);
  CUresult r = mock_cuda::issue(s, stream, mock_cuda::copy_op(static_cast<char*>(dst), from, bytes),
                                /*complete=*/!pinned);
  if (r == CUDA_SUCCESS) ++s.stats.d2h;
  return r;
}

CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                                   CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_SUCCESS;
  char* to = s.translate(dst, bytes, t_current->device);
  char* from = s.translate(src, bytes, t_current->device);
  if (!to || !from) return CUDA_ERROR_INVALID_VALUE;
  return mock_cuda::issue(s, stream, mock_cuda::copy_op(to, from, bytes), false);
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                                 CUstream stream) {
  State& s = mock_cuda::state();
  Lock lock(s.mutex);
  if (CUresult r = mock_cuda::need_context(s); r != CUDA_SUCCESS) return r;
  if (count == 0) return CUDA_SUCCESS;
  char* to = s.translate(dst, count, t_current->device);
  if (!to) return CUDA_ERROR_INVALID_VALUE;
  Op op;
  op.kind = Op::fill;
  op.dst = to;
  op.bytes = count;
  op.value = value;
  return mock_cuda::issue(s, stream, std::move(op), false);
}

}  // extern "C"
