#pragma once
/// Memory another library owns (a DLPack producer's tensor, an object with a CUDA array
/// interface, a Python allocator's buffer): arrays view it as they view pool memory, and when
/// the last of them goes, `release` tells the owner instead of a pool taking the block back.
#include <functional>
#include <utility>

#include "memory/memory.hpp"

namespace cupylike {

class ExternalMemory final : public Memory {
 public:
  /// `release` runs exactly once, from whichever thread drops the last reference; it must
  /// take any lock it needs (the GIL for a Python owner) itself.
  ExternalMemory(Device device, void* ptr, size_t size, std::function<void()> release)
      : Memory(device, ptr, size), release_(std::move(release)) {}
  ~ExternalMemory() override {
    if (release_) release_();
  }

 private:
  std::function<void()> release_;
};

}  // namespace cupylike
