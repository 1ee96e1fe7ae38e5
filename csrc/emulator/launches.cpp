// Launches on the emulated GPU (the other rules are at the top of driver.cpp).
// - cuLaunchKernel checks what a GPU checks, with the codes a GPU gives: a function of the
//   current device, grid and block within the device's limits and not empty
//   (CUDA_ERROR_INVALID_VALUE), no more threads than the kernel's registers and
//   __launch_bounds__ allow (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES), dynamic shared memory within
//   the kernel's MAX_DYNAMIC_SHARED_SIZE_BYTES (48 KiB unless raised) and static plus dynamic
//   within the opt-in limit (CUDA_ERROR_INVALID_VALUE), every parameter present.
//   cupylikeEmulatorLastError says which limit, and by how much.
// - With CUPYLIKE_CHECKED=1 a pointer argument must also point into a live allocation of the
//   device, a module global or pinned host memory (or be null), else CUDA_ERROR_INVALID_VALUE:
//   the check compute-sanitizer makes at the first access, made before the launch.
// - The arguments' bytes are copied at the launch, as the driver does; the kernel runs when its
//   stream gets to it, with the device's memory opened to it (device_memory.hpp). A trap, a
//   failed assert, a deadlock or a fault sets the sticky error, as a GPU does, with the kernel,
//   block and message as its reason: CUDA_ERROR_ASSERT for asserts,
//   CUDA_ERROR_ILLEGAL_ADDRESS for a bad address or a stack overflow,
//   CUDA_ERROR_MISALIGNED_ADDRESS for SIGBUS, CUDA_ERROR_LAUNCH_TIMEOUT past
//   CUPYLIKE_KERNEL_TIMEOUT, CUDA_ERROR_LAUNCH_FAILED otherwise (integer division by zero among
//   them: a GPU goes on with an unspecified value, the host cannot).
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "core/error.hpp"
#include "emulator/launch_record.hpp"
#include "emulator/modules.hpp"
#include "runtime/checked_mode.hpp"
#include "runtime/cpu/kernel_fault.hpp"
#include "runtime/gpu_limits.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike::emulator {

namespace {

std::string dims(const unsigned (&v)[3]) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "(%u, %u, %u)", v[0], v[1], v[2]);
  return buf;
}

// The reason the launch of `f` with this configuration fails on a GPU, or success.
CUresult check_configuration(const CUfunc_st& f, const unsigned (&grid)[3],
                             const unsigned (&block)[3], unsigned shared_bytes) {
  const std::string kernel = "kernel '" + f.name + "': ";
  for (int i = 0; i < 3; ++i) {
    if (grid[i] == 0 || block[i] == 0)
      return fail(CUDA_ERROR_INVALID_VALUE, kernel + "grid " + dims(grid) + " and block " +
                                                dims(block) + " must not be empty");
    if (grid[i] > kMaxGrid[i])
      return fail(CUDA_ERROR_INVALID_VALUE, kernel + "grid " + dims(grid) + " is over the limit " +
                                                dims(kMaxGrid) + " in " + "xyz"[i]);
    if (block[i] > kMaxBlock[i])
      return fail(CUDA_ERROR_INVALID_VALUE, kernel + "block " + dims(block) +
                                                " is over the limit " + dims(kMaxBlock) + " in " +
                                                "xyz"[i]);
  }
  const unsigned long long threads = 1ull * block[0] * block[1] * block[2];
  if (threads > kMaxThreadsPerBlock)
    return fail(CUDA_ERROR_INVALID_VALUE, kernel + "block " + dims(block) + " has " +
                                              std::to_string(threads) + " threads; at most " +
                                              std::to_string(kMaxThreadsPerBlock) + " per block");
  const int allowed = attribute_of(f, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  if (threads > unsigned(allowed))
    return fail(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
                kernel + std::to_string(threads) + " threads per block, but its " +
                    std::to_string(f.image.registers) +
                    " registers per thread and __launch_bounds__ allow " + std::to_string(allowed));
  if (shared_bytes > unsigned(f.max_dynamic_shared))
    return fail(CUDA_ERROR_INVALID_VALUE,
                kernel + std::to_string(shared_bytes) + " bytes of dynamic shared memory, over " +
                    "its MAX_DYNAMIC_SHARED_SIZE_BYTES of " + std::to_string(f.max_dynamic_shared) +
                    " (raise it with cuFuncSetAttribute)");
  const size_t total = size_t(shared_bytes) + f.image.static_shared;
  if (total > kSharedOptin)
    return fail(CUDA_ERROR_INVALID_VALUE, kernel + std::to_string(total) +
                                              " bytes of shared memory, over the " +
                                              std::to_string(kSharedOptin) + " a block may have");
  return CUDA_SUCCESS;
}

// CUPYLIKE_CHECKED=1: each pointer argument of a kernel with source points into memory the
// device may use, or is null.
CUresult check_pointers(const State& s, const CUfunc_st& f, int device, void** params) {
  const std::vector<bool>& pointers = f.module->program->pointer_params(f.kernel);
  for (size_t i = 0; i < pointers.size(); ++i) {
    if (!pointers[i]) continue;
    uint64_t p = 0;
    std::memcpy(&p, params[i], sizeof p);
    if (p == 0 || s.find(p, 0, device) || s.is_pinned(reinterpret_cast<void*>(p), 0)) continue;
    char where[32];
    std::snprintf(where, sizeof where, "0x%llx", static_cast<unsigned long long>(p));
    return fail(CUDA_ERROR_INVALID_VALUE,
                "kernel '" + f.name + "': argument " + std::to_string(i) + " points at " + where +
                    ", which lies in no live allocation of cuda:" + std::to_string(device) +
                    " (CUPYLIKE_CHECKED=1)");
  }
  return CUDA_SUCCESS;
}

CUresult fault_code(cpu::KernelFault::Kind kind) {
  using Kind = cpu::KernelFault::Kind;
  switch (kind) {
    case Kind::address:
    case Kind::stack_overflow:
      return CUDA_ERROR_ILLEGAL_ADDRESS;
    case Kind::misaligned:
      return CUDA_ERROR_MISALIGNED_ADDRESS;
    case Kind::timeout:
      return CUDA_ERROR_LAUNCH_TIMEOUT;
    default:
      return CUDA_ERROR_LAUNCH_FAILED;
  }
}

// A kernel's arguments, each on a boundary that suits any parameter type.
class Arguments {
 public:
  explicit Arguments(const std::vector<std::string>& values) {
    size_t words = 0;
    for (const std::string& v : values) words += (v.size() + kWord - 1) / kWord;
    storage_.resize(std::max<size_t>(words, 1));
    char* at = reinterpret_cast<char*>(storage_.data());
    for (const std::string& v : values) {
      std::memcpy(at, v.data(), v.size());
      pointers_.push_back(at);
      at += (v.size() + kWord - 1) / kWord * kWord;
    }
  }
  void** pointers() { return pointers_.data(); }

 private:
  static constexpr size_t kWord = sizeof(std::max_align_t);
  std::vector<std::max_align_t> storage_;
  std::vector<void*> pointers_;
};

}  // namespace

void State::run_launch(Launch& launch) {
  DeviceState& d = device(launch.device);
  Arguments args(launch.args);
  LaunchDims dims{Dim3{launch.grid[0], launch.grid[1], launch.grid[2]},
                  Dim3{launch.block[0], launch.block[1], launch.block[2]}};
  std::string error;
  CUresult code = CUDA_ERROR_LAUNCH_FAILED;
  d.memory.expose(true);
  try {
    launch.program->run(launch.kernel, dims, args.pointers());
  } catch (const Interrupted&) {
    // Ctrl-C cut the kernel short: not a fault of the device, so no sticky error; the host side
    // raises KeyboardInterrupt when its wait returns (runtime/cuda/cuda_backend.cpp).
    ++stats.kernels_interrupted;
  } catch (const cpu::KernelFault& e) {
    error = e.what();
    code = fault_code(e.kind);
  } catch (const std::exception& e) {
    error = e.what();
    if (error.find("Assertion `") != std::string::npos) code = CUDA_ERROR_ASSERT;
  }
  d.memory.expose(false);
  ++stats.kernels_run;
  if (error.empty()) return;
  sticky = code;
  sticky_message = "kernel '" + launch.function +
                   "' failed on cuda:" + std::to_string(launch.device) + ": " + error;
}

}  // namespace cupylike::emulator

namespace emu = cupylike::emulator;
using emu::State;
using emu::t_current;

extern "C" {

CUresult CUDAAPI cuLaunchKernel(CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                                unsigned by, unsigned bz, unsigned shared_bytes, CUstream stream,
                                void** params, void** extra) {
  State& s = emu::state();
  emu::Call call(s);
  if (CUresult r = emu::need_function(s, fn); r != CUDA_SUCCESS) return r;
  const int device = t_current->device;
  if (fn->module->device != device) return CUDA_ERROR_INVALID_HANDLE;
  if (extra) return CUDA_ERROR_NOT_SUPPORTED;  // the library passes kernelParams only
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  if (CUresult r = emu::check_configuration(*fn, grid, block, shared_bytes); r != CUDA_SUCCESS)
    return r;
  std::optional<std::vector<size_t>> sizes = emu::params_of(*fn);
  if (sizes && !sizes->empty() && !params) return CUDA_ERROR_INVALID_VALUE;
  auto launch = std::make_shared<emu::Launch>();
  launch->function = fn->name;
  launch->device = device;
  std::copy(grid, grid + 3, launch->grid);
  std::copy(block, block + 3, launch->block);
  launch->shared_bytes = shared_bytes;
  launch->stream = reinterpret_cast<uintptr_t>(stream);
  if (sizes) {
    for (size_t i = 0; i < sizes->size(); ++i) {
      if (!params[i]) return CUDA_ERROR_INVALID_VALUE;
      launch->args.emplace_back(static_cast<const char*>(params[i]), (*sizes)[i]);
    }
    launch->sizes_known = true;
  }
  if (fn->kernel < 0)
    return emu::fail(CUDA_ERROR_NOT_SUPPORTED,
                     "kernel '" + fn->name + "' cannot run on the emulated GPU: " +
                         (fn->module->program ? "its module's source does not define it"
                                              : "its module was loaded from a compiled image, "
                                                "and the emulator runs kernels from source"));
  if (cupylike::checked_mode())
    if (CUresult r = emu::check_pointers(s, *fn, device, params); r != CUDA_SUCCESS) return r;
  launch->program = fn->module->program;
  launch->kernel = fn->kernel;
  emu::Op op;
  op.kind = emu::Op::kernel;
  op.launch = launch;
  if (CUresult r = emu::issue(s, stream, std::move(op), false); r != CUDA_SUCCESS) return r;
  emu::record_launch(*launch);
  return CUDA_SUCCESS;
}

}  // extern "C"
