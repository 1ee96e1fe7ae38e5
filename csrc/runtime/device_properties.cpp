#include "runtime/device_properties.hpp"

#include "runtime/backend.hpp"

namespace cupylike {

int64_t DeviceProperties::value(const std::string& field) const {
  for (const DeviceProperty& p : properties)
    if (field == p.field && !p.values.empty()) return p.values[0];
  return 0;
}

std::vector<std::pair<std::string, int64_t>> DeviceProperties::attributes() const {
  std::vector<std::pair<std::string, int64_t>> out;
  for (const DeviceProperty& p : properties) {
    if (!p.attribute) continue;
    if (p.values.size() == 1) {
      out.emplace_back(p.attribute, p.values[0]);
      continue;
    }
    for (size_t i = 0; i < p.values.size(); ++i)
      out.emplace_back(std::string(p.attribute) + char('X' + i), p.values[i]);
  }
  return out;
}

DeviceProperties device_properties(Device device) {
  check_device_usable(device);
  return backend_for(device).properties();
}

}  // namespace cupylike
