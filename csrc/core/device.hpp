#pragma once
/// A device as a value: the cpu device or CUDA device N. Which devices exist and which one a
/// thread uses are the runtime's business (runtime/device.hpp).
#include <cstdint>
#include <string>

namespace cupylike {

enum class DeviceKind : uint8_t { cpu, cuda };

struct Device {
  DeviceKind kind = DeviceKind::cpu;
  int index = 0;

  bool is_cpu() const { return kind == DeviceKind::cpu; }
  bool is_cuda() const { return kind == DeviceKind::cuda; }
  /// "cpu" or "cuda:N".
  std::string str() const;
  /// The device's place in per-device tables of kDeviceSlots entries: 0 for the cpu device,
  /// 1 + N for cuda:N.
  int slot() const { return is_cpu() ? 0 : 1 + index; }
  /// "cpu", "cuda" (device 0) or "cuda:N"; ValueError otherwise.
  static Device parse(const std::string& spec);

  friend bool operator==(Device a, Device b) { return a.kind == b.kind && a.index == b.index; }
  friend bool operator!=(Device a, Device b) { return !(a == b); }
};

inline constexpr int kMaxCudaDevices = 64;
inline constexpr int kDeviceSlots = 1 + kMaxCudaDevices;

}  // namespace cupylike
