#include "runtime/device.hpp"

#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

void check_device_usable(Device device) {
  if (device.is_cpu()) return;
  int count = cuda::device_count_or_raise();
  if (device.index >= count)
    raise(ErrorKind::cuda_unavailable,
          "CUDA device " + std::to_string(device.index) + " does not exist: this machine has " +
              std::to_string(count) + " CUDA device" + (count == 1 ? "" : "s"));
}

namespace {

struct DefaultDevice {
  Device device;
  std::string error;  // set when CUPYLIKE_DEVICE names a device that cannot be used
};

DefaultDevice resolve_default() {
  const char* env = std::getenv("CUPYLIKE_DEVICE");
  if (env && *env) {
    Device d;
    try {
      d = Device::parse(env);
      check_device_usable(d);
    } catch (const Error& e) {
      return {Device{}, std::string("CUPYLIKE_DEVICE=") + env + " cannot be used: " + e.what()};
    }
    return {d, ""};
  }
  if (cuda::device_count() > 0) return {Device{DeviceKind::cuda, 0}, ""};
  return {Device{DeviceKind::cpu, 0}, ""};
}

thread_local std::optional<Device> t_current;
thread_local std::vector<std::optional<Device>> t_saved;

}  // namespace

Device default_device() {
  static const DefaultDevice resolved = resolve_default();
  if (!resolved.error.empty()) raise(ErrorKind::cuda_unavailable, resolved.error);
  return resolved.device;
}

Device current_device() { return t_current ? *t_current : default_device(); }

void set_current_device(Device device) {
  check_device_usable(device);
  t_current = device;
}

void push_current_device(Device device) {
  check_device_usable(device);
  t_saved.push_back(t_current);
  t_current = device;
}

void pop_current_device() {
  if (t_saved.empty()) raise(ErrorKind::runtime, "no device to restore: unbalanced device block");
  t_current = t_saved.back();
  t_saved.pop_back();
}

Device device_for_ordinal(int64_t ordinal) {
  if (default_device().is_cuda()) {
    if (ordinal < 0 || ordinal >= kMaxCudaDevices)
      raise(ErrorKind::value, "invalid CUDA device id " + std::to_string(ordinal));
    return Device{DeviceKind::cuda, int(ordinal)};
  }
  if (ordinal != 0)
    raise(ErrorKind::cuda_runtime, "cudaErrorInvalidDevice: invalid device ordinal");
  return Device{DeviceKind::cpu, 0};
}

int ordinal_count() { return default_device().is_cuda() ? cuda::device_count() : 1; }

void check_same_device(Device a, Device b) {
  if (a != b)
    raise(ErrorKind::value, "arrays are on different devices: " + a.str() + " and " + b.str() +
                                "; move one with cupylike.asarray(x, device=...)");
}

}  // namespace cupylike
