#include "core/device.hpp"

#include "core/error.hpp"

namespace cupylike {

std::string Device::str() const {
  return is_cpu() ? std::string("cpu") : "cuda:" + std::to_string(index);
}

Device Device::parse(const std::string& spec) {
  if (spec == "cpu") return {DeviceKind::cpu, 0};
  if (spec == "cuda") return {DeviceKind::cuda, 0};
  if (spec.rfind("cuda:", 0) == 0 && spec.size() > 5) {
    size_t used = 0;
    int index = -1;
    try {
      index = std::stoi(spec.substr(5), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == spec.size() - 5 && index >= 0 && index < kMaxCudaDevices)
      return {DeviceKind::cuda, index};
  }
  raise(ErrorKind::value, "unknown device '" + spec + "': expected 'cpu', 'cuda' or 'cuda:N'");
}

}  // namespace cupylike
