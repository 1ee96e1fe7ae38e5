// cuFFT on the emulated GPU: plans and the entry points the library's facade calls
// (libs/cufft.cpp), with cuFFT's signatures, handles and status codes (cufft.hpp describes the
// whole stand-in). A handle is a plan of the device current when cufftMakePlanMany64 made it;
// executions are checked when called and queued on the plan's stream. With auto-allocation
// (cuFFT's default) a plan keeps its own scratch, in host memory; after
// cufftSetAutoAllocation(plan, 0) an execution needs the caller's work area and computes in
// it, in device memory.
#include "emulator/cufft.hpp"

#include <map>
#include <new>
#include <utility>

#include "emulator/library_version.hpp"

namespace cupylike::emulator::fft {

namespace {

struct Plan {
  bool made = false;
  bool auto_allocate = true;
  int device = 0;
  Shape shape;
  CUdeviceptr work = 0;                       // cufftSetWorkArea's
  std::shared_ptr<std::vector<Complex>> own;  // the auto-allocated scratch
  CUstream stream = nullptr;                  // the legacy null stream until cufftSetStream
};

// Plans by handle, under the driver's lock. Handles count up and are never reused, so a
// destroyed plan's handle stays invalid.
std::map<cufftHandle, Plan>& plans() {
  static auto* p = new std::map<cufftHandle, Plan>;
  return *p;
}

cufftHandle g_next_handle = 1;

Plan* find(cufftHandle h) {
  auto it = plans().find(h);
  return it == plans().end() ? nullptr : &it->second;
}

cufftResult make_plan(cufftHandle handle, int rank, const long long* n, const long long* inembed,
                      long long istride, long long idist, const long long* onembed,
                      long long ostride, long long odist, cufftType type, long long batch,
                      size_t* work_size) {
  State& s = state();
  Call call(s);
  Plan* plan = find(handle);
  if (!plan) return CUFFT_INVALID_PLAN;
  if (rank < 1 || rank > 3 || !n || !work_size) return CUFFT_INVALID_VALUE;
  if (!is_type(type)) return CUFFT_INVALID_TYPE;
  Shape shape;
  shape.type = type;
  shape.rank = rank;
  shape.batch = batch;
  // cuFFT: a null inembed or onembed is the basic layout, and istride and the others are
  // ignored.
  shape.basic = !inembed || !onembed;
  shape.in = {istride, idist, {1, 1, 1}};
  shape.out = {ostride, odist, {1, 1, 1}};
  for (int k = 0; k < rank; ++k) {
    shape.n[k] = n[k];
    if (!shape.basic) {
      shape.in.embed[k] = inembed[k];
      shape.out.embed[k] = onembed[k];
    }
  }
  if (cufftResult r = check(shape); r != CUFFT_SUCCESS) return r;
  // The plan's resources are made on the device current now.
  if (need_context(s) != CUDA_SUCCESS) return CUFFT_SETUP_FAILED;
  const int64_t elements = volume(shape);
  std::shared_ptr<std::vector<Complex>> own;
  if (plan->auto_allocate) {
    try {
      own = std::make_shared<std::vector<Complex>>(size_t(elements));
    } catch (const std::bad_alloc&) {
      return CUFFT_ALLOC_FAILED;
    }
  }
  plan->made = true;
  plan->device = t_current->device;
  plan->shape = shape;
  plan->own = std::move(own);
  *work_size = size_t(elements) * sizeof(Complex);
  return CUFFT_SUCCESS;
}

cufftResult exec(const char* name, cufftType type, cufftHandle handle, const void* idata,
                 void* odata, int direction) {
  State& s = state();
  Call call(s);
  Plan* plan = find(handle);
  // cuFFT answers an execution function of another type than the plan's with INVALID_PLAN.
  if (!plan || !plan->made || plan->shape.type != type) return CUFFT_INVALID_PLAN;
  if (!idata || !odata || (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE))
    return CUFFT_INVALID_VALUE;
  if (need_context(s) != CUDA_SUCCESS) return CUFFT_EXEC_FAILED;
  // "Execution of a plan was on different GPU than plan creation".
  if (t_current->device != plan->device) return CUFFT_INVALID_DEVICE;
  if (!plan->work && !plan->own) return CUFFT_NO_WORKSPACE;
  Execution e{name,
              plan->shape,
              direction,
              reinterpret_cast<CUdeviceptr>(idata),
              reinterpret_cast<CUdeviceptr>(odata),
              plan->work,
              plan->work ? nullptr : plan->own,
              plan->device};
  Op op;
  op.kind = Op::work;
  op.library = "cufft";
  op.run = [e = std::move(e)](State& st) { return run(st, e); };
  // A stream of another device (or none) fails as a kernel launched there would.
  return issue(s, plan->stream, std::move(op), false) == CUDA_SUCCESS ? CUFFT_SUCCESS
                                                                      : CUFFT_EXEC_FAILED;
}

}  // namespace

}  // namespace cupylike::emulator::fft

namespace emu = cupylike::emulator;
namespace fft = cupylike::emulator::fft;

extern "C" {

cufftResult cufftCreate(cufftHandle* handle) {
  emu::State& s = emu::state();
  emu::Call call(s);
  if (!handle) return CUFFT_INVALID_VALUE;
  // Host data only, as cuFFT's: the device is bound when the plan is made.
  const cufftHandle h = fft::g_next_handle++;
  fft::plans()[h];
  *handle = h;
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle plan) {
  emu::State& s = emu::state();
  emu::Call call(s);
  // cufft.h: CUFFT_PLAN_NULL is "an uninitialized cufftHandle that is safe to call cufftDestroy
  // on". Queued executions keep what they use (the own scratch by reference count).
  if (plan == CUFFT_PLAN_NULL) return CUFFT_SUCCESS;
  return fft::plans().erase(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate) {
  emu::State& s = emu::state();
  emu::Call call(s);
  fft::Plan* p = fft::find(plan);
  if (!p) return CUFFT_INVALID_PLAN;
  // Read by the next cufftMakePlan*, as in cuFFT.
  p->auto_allocate = autoAllocate != 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int* n,
                                long long int* inembed, long long int istride, long long int idist,
                                long long int* onembed, long long int ostride, long long int odist,
                                cufftType type, long long int batch, size_t* workSize) {
  return fft::make_plan(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                        batch, workSize);
}

cufftResult cufftSetWorkArea(cufftHandle plan, void* workArea) {
  emu::State& s = emu::state();
  emu::Call call(s);
  fft::Plan* p = fft::find(plan);
  if (!p) return CUFFT_INVALID_PLAN;
  // cuFFT frees an auto-allocated work area when the caller sets one; the pointer is checked
  // when an execution runs, as a GPU's fault would tell.
  p->work = reinterpret_cast<CUdeviceptr>(workArea);
  p->own.reset();
  return CUFFT_SUCCESS;
}

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream) {
  emu::State& s = emu::state();
  emu::Call call(s);
  fft::Plan* p = fft::find(plan);
  if (!p) return CUFFT_INVALID_PLAN;
  p->stream = reinterpret_cast<CUstream>(stream);
  return CUFFT_SUCCESS;
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex* idata, cufftComplex* odata,
                         int direction) {
  return fft::exec("cufftExecC2C", CUFFT_C2C, plan, idata, odata, direction);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleComplex* odata,
                         int direction) {
  return fft::exec("cufftExecZ2Z", CUFFT_Z2Z, plan, idata, odata, direction);
}

cufftResult cufftExecR2C(cufftHandle plan, cufftReal* idata, cufftComplex* odata) {
  return fft::exec("cufftExecR2C", CUFFT_R2C, plan, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal* idata, cufftDoubleComplex* odata) {
  return fft::exec("cufftExecD2Z", CUFFT_D2Z, plan, idata, odata, CUFFT_FORWARD);
}

// cuFFT's C2R may overwrite its input; this one leaves it alone (its scratch is separate).
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex* idata, cufftReal* odata) {
  return fft::exec("cufftExecC2R", CUFFT_C2R, plan, idata, odata, CUFFT_INVERSE);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleReal* odata) {
  return fft::exec("cufftExecZ2D", CUFFT_Z2D, plan, idata, odata, CUFFT_INVERSE);
}

cufftResult cufftGetProperty(libraryPropertyType type, int* value) {
  return emu::library_property(type, value, CUPYLIKE_CUFFT_API_MAJOR, CUPYLIKE_CUFFT_API_MINOR,
                               CUPYLIKE_CUFFT_API_PATCH)
             ? CUFFT_SUCCESS
             : CUFFT_INVALID_VALUE;
}

}  // extern "C"
