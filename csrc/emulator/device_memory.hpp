#pragma once
// One emulated device's memory: host memory that kernels reach at device addresses, and that
// host code cannot dereference there.
//
// A memfd is mapped twice. The device view holds the addresses cuMemAlloc hands out; it is
// PROT_NONE except while the device's kernels run, so the library dereferencing a device
// pointer on the host faults here as it would on a GPU. The emulator's own view of the same
// pages stays readable and writable for copies and fills. Freed ranges give their pages back
// to the system (hole punching), and addresses are handed out in increasing order, reused only
// once the reserved range runs out, so a stale pointer rarely reaches a newer allocation.
#include <cstddef>
#include <cstdint>
#include <map>

namespace cupylike::emulator {

class DeviceMemory {
 public:
  DeviceMemory() = default;
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  /// Reserves address space for allocations of up to `capacity` bytes in all; false when the
  /// system refuses.
  bool reserve(size_t capacity);

  /// The device address of `bytes` fresh bytes, or 0 when no range is left.
  uint64_t allocate(size_t bytes);
  /// Gives back what allocate(bytes) returned as `address`.
  void release(uint64_t address, size_t bytes);

  /// The emulator's own address of device address `address`.
  char* host(uint64_t address) const { return host_view_ + (address - device_base()); }
  bool contains(uint64_t address) const {
    return address >= device_base() && address < device_base() + reserved_;
  }

  /// Makes the device view readable and writable (kernels are about to run) or inaccessible.
  void expose(bool on);

 private:
  uint64_t device_base() const { return reinterpret_cast<uint64_t>(device_view_); }

  int fd_ = -1;
  char* device_view_ = nullptr;
  char* host_view_ = nullptr;
  size_t reserved_ = 0;
  size_t high_water_ = 0;          // end of the highest range ever handed out
  size_t next_ = 0;                // where the next search starts
  std::map<size_t, size_t> free_;  // offset -> length of each free range
};

}  // namespace cupylike::emulator
