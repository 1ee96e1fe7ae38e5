#include "memory/guarded.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <deque>
#include <iterator>
#include <mutex>

#include "core/error.hpp"
#include "memory/pool.hpp"
#include "runtime/backend.hpp"
#include "runtime/checked_mode.hpp"

namespace cupylike {
namespace {

// Released blocks kept for reuse before their mappings are returned to the system: bounded so
// that a long run's memory, address space and mapping count stay small.
constexpr size_t kQuarantineBytes = size_t(1) << 30;
constexpr size_t kQuarantineBlocks = 4096;

size_t page_size() {
  static const size_t page = size_t(sysconf(_SC_PAGE_SIZE));
  return page;
}

// One mapping: a guard page, `data_pages` pages of data, a guard page.
struct Region {
  char* base = nullptr;
  size_t data_pages = 0;
  char* data() const { return base + page_size(); }
  size_t data_bytes() const { return data_pages * page_size(); }
  size_t mapped_bytes() const { return (data_pages + 2) * page_size(); }
};

class Quarantine {
 public:
  // A region with `data_pages` readable and writable pages, reused when one is waiting.
  Region take(size_t data_pages) {
    Region r = reuse(data_pages);
    if (!r.base) {
      r.data_pages = data_pages;
      void* p = mmap(nullptr, r.mapped_bytes(), PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (p == MAP_FAILED) return Region{};
      r.base = static_cast<char*>(p);
    } else if (!protect_freed_) {
      return r;  // still readable and writable
    }
    if (mprotect(r.data(), r.data_bytes(), PROT_READ | PROT_WRITE) != 0) {
      munmap(r.base, r.mapped_bytes());
      return Region{};
    }
    return r;
  }

  void give_back(Region r) {
    if (protect_freed_) mprotect(r.data(), r.data_bytes(), PROT_NONE);
    std::deque<Region> expired;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      regions_.push_back(r);
      bytes_ += r.mapped_bytes();
      while (bytes_ > kQuarantineBytes || regions_.size() > kQuarantineBlocks) {
        expired.push_back(regions_.front());
        bytes_ -= regions_.front().mapped_bytes();
        regions_.pop_front();
      }
    }
    for (const Region& e : expired) munmap(e.base, e.mapped_bytes());
  }

 private:
  // A waiting region of `data_pages`: the oldest when freed blocks are protected (so a freed
  // block stays faulting longest), else the most recent.
  Region reuse(size_t data_pages) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto take_it = [&](auto it) {
      Region r = *it;
      bytes_ -= r.mapped_bytes();
      regions_.erase(it);
      return r;
    };
    if (protect_freed_) {
      for (auto it = regions_.begin(); it != regions_.end(); ++it)
        if (it->data_pages == data_pages) return take_it(it);
    } else {
      for (auto it = regions_.rbegin(); it != regions_.rend(); ++it)
        if (it->data_pages == data_pages) return take_it(std::next(it).base());
    }
    return Region{};
  }

  const bool protect_freed_ = checked_level() >= 2;
  std::mutex mutex_;
  std::deque<Region> regions_;
  size_t bytes_ = 0;
};

Quarantine& quarantine() {
  static Quarantine* q = new Quarantine;  // never destroyed: arrays may outlive static teardown
  return *q;
}

class GuardedMemory final : public Memory {
 public:
  GuardedMemory(Device device, Region region, char* ptr, size_t bytes)
      : Memory(device, ptr, bytes), region_(region) {}
  ~GuardedMemory() override { quarantine().give_back(region_); }

 private:
  Region region_;
};

}  // namespace

MemoryPtr guarded_allocate(Device device, size_t bytes) {
  const size_t page = page_size();
  // As the pool's own cpu memory does, refuse what physical memory cannot hold, rather than let
  // overcommit fail later at first touch.
  const bool fits = bytes <= backend_for(device).total_memory();
  Region r = fits ? quarantine().take((bytes + page - 1) / page) : Region{};
  if (!r.base)
    raise(ErrorKind::out_of_memory, "Out of memory allocating " + format_bytes(bytes) + " on " +
                                        device.str() +
                                        " (CUPYLIKE_CHECKED maps each block "
                                        "with guard pages)");
  // The end is page-aligned, so the start is aligned to the largest power of two that divides
  // `bytes` (hpp): no gap below the guard.
  char* ptr = r.data() + r.data_bytes() - bytes;
  return std::make_shared<GuardedMemory>(device, r, ptr, bytes);
}

}  // namespace cupylike
