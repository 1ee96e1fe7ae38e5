// cuSOLVER on the emulated GPU: handles, parameters objects, stream binding and the queue the
// routines share (cusolver.hpp describes the whole stand-in). A handle belongs to the device
// current when it was created, as cuSOLVER's does.
#include "emulator/cusolver.hpp"

#include <cmath>
#include <set>

#include "emulator/library_version.hpp"

namespace cupylike::emulator::solver {

namespace {

std::set<cusolverDnHandle_t>& handles() {
  static auto* h = new std::set<cusolverDnHandle_t>;  // under the driver's lock
  return *h;
}

std::set<cusolverDnParams_t>& all_params() {
  static auto* p = new std::set<cusolverDnParams_t>;  // under the driver's lock
  return *p;
}

// The emulator's address of `r`, or null with the fault in `fault` (the first one wins).
char* view(State& s, const std::string& name, const Range& r, int device, std::string& fault) {
  if (r.bytes == 0) return nullptr;
  char* h = s.translate(reinterpret_cast<CUdeviceptr>(r.ptr), r.bytes, device);
  if (!h && fault.empty())
    fault = name + ": " + r.name + " (" + std::to_string(r.bytes) + " bytes at " +
            address_text(reinterpret_cast<uint64_t>(r.ptr)) +
            ") is not inside one live allocation of device " + std::to_string(device);
  return h;
}

}  // namespace

bool known(cusolverDnHandle_t h) { return handles().count(h) != 0; }

bool known(cusolverDnParams_t p) { return all_params().count(p) != 0; }

cusolverStatus_t launch(State& s, cusolverDnHandle_t h, std::string name, std::vector<Range> ranges,
                        const char* info_name, int* info, Compute compute) {
  if (need_context(s) != CUDA_SUCCESS || t_current->device != h->device)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  const int device = h->device;
  Op op;
  op.kind = Op::work;
  op.library = "cusolver";
  op.run = [name = std::move(name), ranges = std::move(ranges), info_name, info, device,
            compute = std::move(compute)](State& st) -> std::string {
    std::string fault;
    Views views;
    for (const Range& r : ranges) views.push_back(view(st, name, r, device, fault));
    char* out = view(st, name, {info_name, info, sizeof(int)}, device, fault);
    if (!fault.empty()) return fault;
    const int result = compute(views);
    std::memcpy(out, &result, sizeof result);
    return "";
  };
  return issue(s, h->stream, std::move(op), false) == CUDA_SUCCESS
             ? CUSOLVER_STATUS_SUCCESS
             : CUSOLVER_STATUS_EXECUTION_FAILED;
}

int query_answer(const void* work, int t) {
  const double v = kTypes[t].real == 4 ? double(*static_cast<const float*>(work))
                                       : *static_cast<const double*>(work);
  return std::max(1, int(std::ceil(v * (1 + 1e-6))));
}

}  // namespace cupylike::emulator::solver

namespace emu = cupylike::emulator;
namespace solver = cupylike::emulator::solver;

extern "C" {

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t* handle) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!handle) return CUSOLVER_STATUS_INVALID_VALUE;
  // cuSOLVER initialises the device current now; without one there is nothing to bind to.
  if (emu::need_context(s) != CUDA_SUCCESS) return CUSOLVER_STATUS_NOT_INITIALIZED;
  auto* h = new cusolverDnContext;
  h->device = emu::t_current->device;
  solver::handles().insert(h);
  *handle = h;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::handles().erase(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete handle;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::known(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  handle->stream = reinterpret_cast<CUstream>(stream);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t* stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::known(handle)) return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!stream) return CUSOLVER_STATUS_INVALID_VALUE;
  *stream = reinterpret_cast<cudaStream_t>(handle->stream);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t* params) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!params) return CUSOLVER_STATUS_INVALID_VALUE;
  auto* p = new cusolverDnParams;
  solver::all_params().insert(p);
  *params = p;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!solver::all_params().erase(params)) return CUSOLVER_STATUS_INVALID_VALUE;
  delete params;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetProperty(libraryPropertyType type, int* value) {
  return emu::library_property(type, value, CUPYLIKE_CUSOLVER_API_MAJOR,
                               CUPYLIKE_CUSOLVER_API_MINOR, CUPYLIKE_CUSOLVER_API_PATCH)
             ? CUSOLVER_STATUS_SUCCESS
             : CUSOLVER_STATUS_INVALID_VALUE;
}

}  // extern "C"
