#pragma once
/// A memory pool for one device (DESIGN.md §6), the same code for cpu, cuda and pinned host
/// memory: sizes rounded up to 512 bytes; free chunks binned by size; best fit; split on
/// allocation and merged with free neighbours on release; out of memory -> free the cached
/// blocks and retry once, then OutOfMemoryError naming the size and the pool's state.
///
/// Frees are stream-ordered: each stream has its own arena of free chunks, and a chunk returns
/// to the arena of the stream it was allocated on, so another stream never receives memory that
/// work queued on the first may still use. All methods are thread-safe.
///
/// The smallest blocks (one 512-byte granule that is a whole segment, the memory of scalars and
/// small arrays) go back to a few lock-free slots instead of their arena and come out of them
/// without the lock: such a chunk has no neighbours to merge with, so a slot holds it exactly
/// as the arena's bin would, and the accounting counts it as free.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "memory/memory.hpp"

namespace cupylike {

class Pool : public std::enable_shared_from_this<Pool> {
 public:
  static constexpr size_t kGranularity = 512;

  /// Where the pool's segments come from.
  struct Source {
    std::function<void*(size_t)> allocate;  // nullptr when the device is out of memory
    std::function<void(void*, size_t)> deallocate;
    size_t capacity = 0;  // bytes the device has, for set_limit(fraction=...)
  };

  /// `label` names the memory in messages ("cpu", "cuda:0", "pinned host memory").
  /// `reclaim`: run the reclaim hook (garbage collection) before giving up; off for pools whose
  /// callers have a cheaper fallback than a full collection.
  Pool(Device device, std::string label, Source source, bool reclaim = true);
  ~Pool();

  /// A block of at least `bytes` (0 allowed: a null block) for work on stream `stream_id`.
  MemoryPtr malloc(size_t bytes, uint64_t stream_id);

  /// Releases every free segment that is not split (all arenas, or one stream's arena).
  void free_all_blocks();
  void free_all_blocks(uint64_t stream_id);

  size_t used_bytes() const;     // handed out and not yet released
  size_t total_bytes() const;    // held from the device (used + cached)
  size_t free_bytes() const;     // total - used
  size_t n_free_blocks() const;  // free chunks, over all arenas

  /// Upper bound on total_bytes (0: no limit). set_limit_fraction uses the device's capacity.
  void set_limit(size_t bytes);
  void set_limit_fraction(double fraction);
  size_t limit() const;
  Device device() const { return device_; }

  /// Called without the pool's lock before the retry that follows an out-of-memory condition,
  /// to let the embedding language collect garbage that holds arrays (Python's gc).
  static void set_reclaim_hook(std::function<void()> hook);

 private:
  struct Chunk;
  struct Arena;
  class Block;

  Chunk* try_allocate(size_t rounded, uint64_t stream_id);  // lock held; nullptr: no room
  Chunk* take_slot(uint64_t stream_id);                     // no lock; nullptr: none cached
  bool put_slot(Chunk* chunk);                              // no lock; false: slots full
  void drain_slots();                                       // lock held
  void release(Chunk* chunk);
  void free_all_locked(Arena* only);
  Arena& arena(uint64_t stream_id);
  Chunk* new_chunk();
  [[noreturn]] void raise_oom(size_t bytes);

  Device device_;
  std::string label_;
  Source source_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Arena>> arenas_;
  std::vector<Chunk*> spare_chunks_;
  static constexpr int kSlots = 8;
  std::atomic<Chunk*> slots_[kSlots] = {};
  // Changed by the slots without the lock, so atomic; total_ and limit_ only under it.
  std::atomic<size_t> used_ = 0, n_free_ = 0;
  size_t total_ = 0, limit_ = 0;
  bool reclaim_ = true;
};

/// The bytes, with thousands separators, as messages print them.
std::string format_bytes(size_t bytes);

}  // namespace cupylike
