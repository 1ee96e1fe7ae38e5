// A CUDA device's properties, from the driver's attributes (what cudaGetDeviceProperties reads).
#include "runtime/cuda/cuda_backend.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

struct AttributeField {
  const char* field;
  const char* attribute;
  CUdevice_attribute ids[3];
  int count;
};

// cudaDeviceProp's fields that CuPy programs read, each with the driver attributes it comes
// from (three for the x, y, z limits).
constexpr AttributeField kFields[] = {
    {"sharedMemPerBlock",
     "MaxSharedMemoryPerBlock",
     {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK},
     1},
    {"regsPerBlock", "MaxRegistersPerBlock", {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK}, 1},
    {"warpSize", "WarpSize", {CU_DEVICE_ATTRIBUTE_WARP_SIZE}, 1},
    {"maxThreadsPerBlock", "MaxThreadsPerBlock", {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK}, 1},
    {"maxThreadsDim",
     "MaxBlockDim",
     {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
      CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z},
     3},
    {"maxGridSize",
     "MaxGridDim",
     {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
      CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z},
     3},
    {"clockRate", "ClockRate", {CU_DEVICE_ATTRIBUTE_CLOCK_RATE}, 1},
    {"totalConstMem", "TotalConstantMemory", {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY}, 1},
    {"major", "ComputeCapabilityMajor", {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR}, 1},
    {"minor", "ComputeCapabilityMinor", {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR}, 1},
    {"multiProcessorCount", "MultiProcessorCount", {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT}, 1},
    {"l2CacheSize", "L2CacheSize", {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE}, 1},
    {"maxThreadsPerMultiProcessor",
     "MaxThreadsPerMultiProcessor",
     {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR},
     1},
    {"sharedMemPerBlockOptin",
     "MaxSharedMemoryPerBlockOptin",
     {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN},
     1},
    {"integrated", "Integrated", {CU_DEVICE_ATTRIBUTE_INTEGRATED}, 1},
    {"canMapHostMemory", "CanMapHostMemory", {CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY}, 1},
    {"computeMode", "ComputeMode", {CU_DEVICE_ATTRIBUTE_COMPUTE_MODE}, 1},
    {"concurrentKernels", "ConcurrentKernels", {CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS}, 1},
    {"ECCEnabled", "EccEnabled", {CU_DEVICE_ATTRIBUTE_ECC_ENABLED}, 1},
    {"pciBusID", "PciBusId", {CU_DEVICE_ATTRIBUTE_PCI_BUS_ID}, 1},
    {"pciDeviceID", "PciDeviceId", {CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID}, 1},
    {"pciDomainID", "PciDomainId", {CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID}, 1},
    {"unifiedAddressing", "UnifiedAddressing", {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING}, 1},
    {"managedMemory", "ManagedMemory", {CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY}, 1},
};

}  // namespace

DeviceProperties CudaBackend::properties() {
  DeviceProperties out{name(), {}};
  out.properties.push_back({"totalGlobalMem", nullptr, {int64_t(total_memory())}});
  for (const AttributeField& f : kFields) {
    DeviceProperty p{f.field, f.attribute, {}};
    for (int i = 0; i < f.count; ++i) {
      int v = 0;
      cuda::check(cuda::driver().cuDeviceGetAttribute(&v, f.ids[i], device_),
                  "cuDeviceGetAttribute");
      p.values.push_back(v);
    }
    out.properties.push_back(std::move(p));
  }
  return out;
}

}  // namespace cupylike
