#pragma once
/// A block of memory on a device, released when the last reference goes: arrays hold their
/// memory through a shared_ptr, so views keep it alive.
#include <cstddef>
#include <memory>

#include "core/device.hpp"

namespace cupylike {

class Memory {
 public:
  Memory(Device device, void* ptr, size_t size) : device_(device), ptr_(ptr), size_(size) {}
  virtual ~Memory() = default;
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  Device device() const { return device_; }
  void* ptr() const { return ptr_; }
  size_t size() const { return size_; }

 private:
  Device device_;
  void* ptr_;
  size_t size_;
};

using MemoryPtr = std::shared_ptr<Memory>;

}  // namespace cupylike
