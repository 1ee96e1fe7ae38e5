#include "jit/launch_check.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "jit/source_text.hpp"

namespace cupylike {

namespace {

std::string dims(const unsigned (&v)[3]) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "(%u, %u, %u)", v[0], v[1], v[2]);
  return buf;
}

[[noreturn]] void refuse(const std::string& kernel, Device device, const char* code,
                         const std::string& why) {
  raise(ErrorKind::launch, "kernel '" + kernel + "' on " + device.str() + ": " + code + ": " + why);
}

constexpr const char* kInvalidValue = "CUDA_ERROR_INVALID_VALUE";

}  // namespace

void check_launch(const std::string& kernel, Device device, const DeviceLimits& l,
                  const KernelLimits& limits, size_t max_dynamic_shared, const LaunchDims& d,
                  size_t shared_bytes) {
  const unsigned grid[3] = {d.grid.x, d.grid.y, d.grid.z};
  const unsigned block[3] = {d.block.x, d.block.y, d.block.z};
  for (int i = 0; i < 3; ++i) {
    if (grid[i] == 0 || block[i] == 0)
      refuse(kernel, device, kInvalidValue,
             "grid " + dims(grid) + " and block " + dims(block) + " must not be empty");
    if (grid[i] > l.grid[i])
      refuse(kernel, device, kInvalidValue,
             "grid " + dims(grid) + " is over the limit " + dims(l.grid) + " in " + "xyz"[i]);
    if (block[i] > l.block[i])
      refuse(kernel, device, kInvalidValue,
             "block " + dims(block) + " is over the limit " + dims(l.block) + " in " + "xyz"[i]);
  }
  const unsigned long long threads = 1ull * block[0] * block[1] * block[2];
  if (threads > l.threads_per_block)
    refuse(kernel, device, kInvalidValue,
           "block " + dims(block) + " has " + std::to_string(threads) + " threads; at most " +
               std::to_string(l.threads_per_block) + " per block");
  if (threads > limits.max_threads_per_block)
    refuse(kernel, device, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
           "block " + dims(block) + " has " + std::to_string(threads) +
               " threads; this kernel runs at most " +
               std::to_string(limits.max_threads_per_block) +
               " per block (its registers and __launch_bounds__ decide)");
  if (shared_bytes > max_dynamic_shared)
    refuse(kernel, device, kInvalidValue,
           "shared_mem=" + std::to_string(shared_bytes) +
               " bytes is over the kernel's max_dynamic_shared_size_bytes of " +
               std::to_string(max_dynamic_shared) + " (set it to opt in to more, up to " +
               std::to_string(l.shared_optin - limits.static_shared) + ")");
  if (shared_bytes + limits.static_shared > l.shared_optin)
    refuse(kernel, device, kInvalidValue,
           "shared_mem=" + std::to_string(shared_bytes) + " bytes plus the kernel's " +
               std::to_string(limits.static_shared) + " static bytes are over the " +
               std::to_string(l.shared_optin) + " bytes of shared memory a block may have");
}

void check_dynamic_shared_opt_in(const std::string& kernel, Device device, const DeviceLimits& l,
                                 size_t static_shared, long long bytes) {
  const long long most = (long long)l.shared_optin - (long long)static_shared;
  if (bytes < 0 || bytes > most)
    refuse(kernel, device, kInvalidValue,
           "max_dynamic_shared_size_bytes must be between 0 and " + std::to_string(most) +
               " (the block's opt-in limit less the kernel's static shared memory), not " +
               std::to_string(bytes));
}

void check_static_shared(const std::string& kernel, size_t static_shared, const std::string& name,
                         const std::string& source) {
  if (static_shared <= gpu_limits::kDefaultSharedPerBlock) return;
  char message[160];
  std::snprintf(message, sizeof message,
                "Entry function '%s' uses too much shared data (0x%zx bytes, 0x%zx max)",
                kernel.c_str(), static_shared, gpu_limits::kDefaultSharedPerBlock);
  std::string log = message;
  throw CompileFailure("compiling " + name + " failed: " + log +
                           " (as ptxas reports it for a GPU)\n\n" + jit::numbered_source(source),
                       log, source, name, {});
}

}  // namespace cupylike
