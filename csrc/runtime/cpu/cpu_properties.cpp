// The cpu device's properties, in cudaDeviceProp's fields, so that CuPy programs that size
// their work from getDeviceProperties run unchanged. Each value says what the field means for
// the block runner; docs/differences.md lists them for users.
#include <unistd.h>

#include "runtime/cpu/cpu_backend.hpp"
#include "runtime/cpu/worker_pool.hpp"
#include "runtime/gpu_limits.hpp"

namespace cupylike {

namespace {
int64_t cache_bytes(int name) {
  long v = sysconf(name);
  return v > 0 ? int64_t(v) : 0;  // 0: the C library does not know
}
}  // namespace

DeviceProperties CpuBackend::properties() {
  namespace g = gpu_limits;
  const DeviceLimits& l = kSm90Limits;
  const int64_t memory = int64_t(total_memory());
  const int64_t workers = cpu::WorkerPool::instance().threads();
  DeviceProperties out{"cpu", {}};
  auto add = [&out](const char* field, const char* attribute, std::vector<int64_t> v) {
    out.properties.push_back({field, attribute, std::move(v)});
  };
  add("totalGlobalMem", nullptr, {memory});  // arrays live in host memory
  // Launches are held to an sm_90 GPU's limits (runtime/gpu_limits.hpp), so these are those.
  add("sharedMemPerBlock", "MaxSharedMemoryPerBlock", {int64_t(g::kDefaultSharedPerBlock)});
  add("warpSize", "WarpSize", {g::kWarpSize});  // the prelude's warp collectives span 32 lanes
  add("maxThreadsPerBlock", "MaxThreadsPerBlock", {l.threads_per_block});
  add("maxThreadsDim", "MaxBlockDim", {l.block[0], l.block[1], l.block[2]});
  add("maxGridSize", "MaxGridDim", {l.grid[0], l.grid[1], l.grid[2]});
  // Host threads have no register file to run out of; sm_90's figure keeps sizing code's
  // arithmetic what it is on a GPU.
  add("regsPerBlock", "MaxRegistersPerBlock", {g::kRegistersPerBlock});
  add("clockRate", "ClockRate", {0});  // not known to the process
  // __constant__ variables are host memory, with no limit of their own.
  add("totalConstMem", "TotalConstantMemory", {memory});
  add("major", "ComputeCapabilityMajor", {g::kComputeMajor});
  add("minor", "ComputeCapabilityMinor", {g::kComputeMinor});
  // The block runner's worker threads run blocks side by side, as an SM each.
  add("multiProcessorCount", "MultiProcessorCount", {workers});
  add("l2CacheSize", "L2CacheSize", {cache_bytes(_SC_LEVEL2_CACHE_SIZE)});
  // A worker runs one block at a time.
  add("maxThreadsPerMultiProcessor", "MaxThreadsPerMultiProcessor", {l.threads_per_block});
  add("sharedMemPerBlockOptin", "MaxSharedMemoryPerBlockOptin", {int64_t(l.shared_optin)});
  add("integrated", "Integrated", {1});  // the device's memory is the host's
  add("canMapHostMemory", "CanMapHostMemory", {1});
  add("computeMode", "ComputeMode", {0});              // default: any thread may use it
  add("concurrentKernels", "ConcurrentKernels", {0});  // work runs in the order it is issued
  add("ECCEnabled", "EccEnabled", {0});
  add("pciBusID", "PciBusId", {0});  // no PCI device
  add("pciDeviceID", "PciDeviceId", {0});
  add("pciDomainID", "PciDomainId", {0});
  add("unifiedAddressing", "UnifiedAddressing", {1});  // one address space with the host
  add("managedMemory", "ManagedMemory", {1});          // all of it is reachable from the host
  return out;
}

}  // namespace cupylike
