#pragma once
/// What a device is and what it allows, in the CUDA runtime's vocabulary: the fields of
/// cudaDeviceProp that `cupy.cuda.runtime.getDeviceProperties` returns, and the cudaDeviceAttr
/// names of `cupy.cuda.Device.attributes`. A CUDA device answers from its driver; the cpu device
/// with its own honest values (cpu/cpu_properties.cpp says what each means there).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/device.hpp"

namespace cupylike {

/// One property: one value, or three for the (x, y, z) limits (maxThreadsDim, maxGridSize).
struct DeviceProperty {
  const char* field;      ///< cudaDeviceProp's field, e.g. "multiProcessorCount"
  const char* attribute;  ///< cudaDeviceAttr's name without "cudaDevAttr" (X/Y/Z added for
                          ///< three values); nullptr for a field that is no attribute
  std::vector<int64_t> values;
};

struct DeviceProperties {
  std::string name;
  std::vector<DeviceProperty> properties;

  /// The value of `field`; 0 when the device does not have it.
  int64_t value(const std::string& field) const;
  /// The properties as cudaDeviceAttr names and values: "MaxBlockDimX", "WarpSize", ...
  std::vector<std::pair<std::string, int64_t>> attributes() const;
  /// major * 10 + minor, as CuPy's compute_capability string spells it ("90").
  int compute_capability() const { return int(value("major") * 10 + value("minor")); }
};

/// The properties of a device (its backend's answer).
DeviceProperties device_properties(Device device);

}  // namespace cupylike
