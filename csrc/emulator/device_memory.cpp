#include "emulator/device_memory.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>

namespace cupylike::emulator {

namespace {

// Allocations start on 64 KiB boundaries and leave 64 KiB unused after them: whole pages, so a
// freed range's pages can go back to the system, and a run past the end lands in a gap.
constexpr size_t kAlign = size_t(64) << 10;
// Address space per byte of capacity: allocations are rounded up and spaced, and addresses are
// reused late. Only pages that are written take memory.
constexpr size_t kSpacePerByte = 4;
constexpr size_t kExtraSpace = size_t(16) << 30;

size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

}  // namespace

DeviceMemory::~DeviceMemory() {
  if (device_view_) munmap(device_view_, reserved_);
  if (host_view_) munmap(host_view_, reserved_);
  if (fd_ >= 0) close(fd_);
}

bool DeviceMemory::reserve(size_t capacity) {
  reserved_ = round_up(capacity, kAlign) * kSpacePerByte + kExtraSpace;
  fd_ = memfd_create("cupylike-emulated-gpu", MFD_CLOEXEC);
  if (fd_ < 0 || ftruncate(fd_, off_t(reserved_)) != 0) return false;
  // MAP_NORESERVE: the range is address space, not a promise of memory.
  void* device = mmap(nullptr, reserved_, PROT_NONE, MAP_SHARED | MAP_NORESERVE, fd_, 0);
  void* host = mmap(nullptr, reserved_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd_, 0);
  if (device == MAP_FAILED || host == MAP_FAILED) return false;
  device_view_ = static_cast<char*>(device);
  host_view_ = static_cast<char*>(host);
  // Address 0 stays unused, so no allocation starts at the base of the view.
  free_[kAlign] = reserved_ - kAlign;
  next_ = kAlign;
  return true;
}

uint64_t DeviceMemory::allocate(size_t bytes) {
  const size_t need = round_up(std::max<size_t>(bytes, 1), kAlign) + kAlign;
  // First fit from where the last search ended, then from the start.
  auto fits = [need](const auto& range) { return range.second >= need; };
  auto it = std::find_if(free_.lower_bound(next_), free_.end(), fits);
  if (it == free_.end()) {
    // The range that holds next_ may start below it.
    it = std::find_if(free_.begin(), free_.end(), fits);
    if (it == free_.end()) return 0;
  }
  size_t offset = it->first, length = it->second;
  free_.erase(it);
  if (length > need) free_[offset + need] = length - need;
  next_ = offset + need;
  high_water_ = std::max(high_water_, offset + need);
  return device_base() + offset;
}

void DeviceMemory::release(uint64_t address, size_t bytes) {
  size_t offset = address - device_base();
  size_t length = round_up(std::max<size_t>(bytes, 1), kAlign) + kAlign;
  fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(offset), off_t(length));
  auto next = free_.lower_bound(offset);
  if (next != free_.end() && offset + length == next->first) {  // join the range after
    length += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {  // and the one before
    auto prev = std::prev(next);
    if (prev->first + prev->second == offset) {
      prev->second += length;
      return;
    }
  }
  free_[offset] = length;
}

void DeviceMemory::expose(bool on) {
  if (high_water_ == 0) return;
  mprotect(device_view_, high_water_, on ? PROT_READ | PROT_WRITE : PROT_NONE);
}

}  // namespace cupylike::emulator
