#include "memory/pool.hpp"

#include <bit>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"

namespace cupylike {

// A chunk is a piece of a segment (one raw allocation). Chunks of a segment are linked in
// address order so a released chunk can merge with free neighbours.
struct Pool::Chunk {
  char* ptr = nullptr;
  size_t size = 0;
  Chunk* prev = nullptr;  // neighbours in the segment
  Chunk* next = nullptr;
  Chunk* free_prev = nullptr;  // links in an exact-size bin
  Chunk* free_next = nullptr;
  uint64_t stream = 0;
  bool in_use = false;
  // Set under the lock as the chunk is handed out: it is its whole segment, which it stays
  // while in use (only free chunks split or merge), so its release may read it unlocked.
  bool whole = false;
};

// Free chunks of one stream. Sizes up to kExactBins * 512 bytes have a bin each (a list of
// equal-size chunks; any is a best fit) found through a bitmap; larger ones sit in an ordered
// set, where lower_bound is the best fit.
struct Pool::Arena {
  static constexpr size_t kExactBins = 1024;
  explicit Arena(uint64_t s) : stream(s) {}

  uint64_t stream;
  Chunk* bins[kExactBins] = {};
  uint64_t bitmap[kExactBins / 64] = {};
  std::set<std::pair<size_t, Chunk*>> large;

  static size_t bin_of(size_t size) { return size / kGranularity - 1; }

  void insert(Chunk* c) {
    size_t b = bin_of(c->size);
    if (b >= kExactBins) {
      large.emplace(c->size, c);
      return;
    }
    c->free_prev = nullptr;
    c->free_next = bins[b];
    if (bins[b]) bins[b]->free_prev = c;
    bins[b] = c;
    bitmap[b / 64] |= uint64_t(1) << (b % 64);
  }

  void remove(Chunk* c) {
    size_t b = bin_of(c->size);
    if (b >= kExactBins) {
      large.erase({c->size, c});
      return;
    }
    if (c->free_prev)
      c->free_prev->free_next = c->free_next;
    else
      bins[b] = c->free_next;
    if (c->free_next) c->free_next->free_prev = c->free_prev;
    if (!bins[b]) bitmap[b / 64] &= ~(uint64_t(1) << (b % 64));
  }

  // The smallest free chunk of at least `size` bytes, or nullptr.
  Chunk* best_fit(size_t size) const {
    size_t b = bin_of(size);
    for (size_t w = b / 64; b < kExactBins && w < kExactBins / 64; ++w, b = w * 64) {
      uint64_t bits = bitmap[w] & (~uint64_t(0) << (b % 64));
      if (bits) return bins[w * 64 + std::countr_zero(bits)];
    }
    auto it = large.lower_bound({size, nullptr});
    return it == large.end() ? nullptr : it->second;
  }
};

// The memory a caller holds; returns its chunk to the pool when the last reference goes.
class Pool::Block final : public Memory {
 public:
  Block(std::shared_ptr<Pool> pool, Chunk* chunk)
      : Memory(pool->device_, chunk->ptr, chunk->size), pool_(std::move(pool)), chunk_(chunk) {}
  ~Block() override { pool_->release(chunk_); }

 private:
  std::shared_ptr<Pool> pool_;
  Chunk* chunk_;
};

namespace {
std::mutex g_hook_mutex;
std::function<void()> g_reclaim_hook;
}  // namespace

std::string format_bytes(size_t bytes) {
  std::string digits = std::to_string(bytes), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out + " bytes";
}

Pool::Pool(Device device, std::string label, Source source, bool reclaim)
    : device_(device), label_(std::move(label)), source_(std::move(source)), reclaim_(reclaim) {}

Pool::~Pool() {
  // Only reached when no block is alive (each holds the pool), so every chunk is free.
  try {
    free_all_locked(nullptr);
  } catch (const Error&) {
    // A destructor must not throw (it would abort the process); a segment the device failed
    // to release, say after a sticky CUDA error, is left to the driver.
  }
  for (Chunk* c : spare_chunks_) delete c;
}

void Pool::set_reclaim_hook(std::function<void()> hook) {
  std::lock_guard<std::mutex> lock(g_hook_mutex);
  g_reclaim_hook = std::move(hook);
}

Pool::Arena& Pool::arena(uint64_t stream_id) {
  for (auto& a : arenas_)  // few streams in practice: a scan beats hashing
    if (a->stream == stream_id) return *a;
  arenas_.push_back(std::make_unique<Arena>(stream_id));
  return *arenas_.back();
}

Pool::Chunk* Pool::new_chunk() {
  if (spare_chunks_.empty()) return new Chunk;
  Chunk* c = spare_chunks_.back();
  spare_chunks_.pop_back();
  *c = Chunk{};
  return c;
}

Pool::Chunk* Pool::try_allocate(size_t rounded, uint64_t stream_id) {
  Arena& a = arena(stream_id);
  Chunk* c = a.best_fit(rounded);
  if (c) {
    a.remove(c);
    --n_free_;
    if (c->size > rounded) {  // split: the tail stays free in the same arena
      Chunk* rest = new_chunk();
      rest->ptr = c->ptr + rounded;
      rest->size = c->size - rounded;
      rest->stream = stream_id;
      rest->prev = c;
      rest->next = c->next;
      if (c->next) c->next->prev = rest;
      c->next = rest;
      c->size = rounded;
      a.insert(rest);
      ++n_free_;
    }
  } else {
    if (limit_ && total_ + rounded > limit_) return nullptr;
    void* ptr = source_.allocate(rounded);
    if (!ptr) return nullptr;
    total_ += rounded;
    c = new_chunk();
    c->ptr = static_cast<char*>(ptr);
    c->size = rounded;
    c->stream = stream_id;
  }
  c->in_use = true;
  c->whole = !c->prev && !c->next;
  used_ += c->size;
  return c;
}

Pool::Chunk* Pool::take_slot(uint64_t stream_id) {
  for (auto& slot : slots_) {
    if (!slot.load(std::memory_order_relaxed)) continue;
    Chunk* c = slot.exchange(nullptr, std::memory_order_acquire);
    if (!c) continue;
    if (c->stream != stream_id) {  // another stream's: still free, back in a slot or its arena
      if (!put_slot(c)) {
        std::lock_guard<std::mutex> lock(mutex_);
        arena(c->stream).insert(c);
      }
      continue;
    }
    c->in_use = true;
    n_free_.fetch_sub(1, std::memory_order_relaxed);
    used_.fetch_add(c->size, std::memory_order_relaxed);
    return c;
  }
  return nullptr;
}

bool Pool::put_slot(Chunk* c) {
  for (auto& slot : slots_) {
    Chunk* empty = nullptr;
    if (!slot.load(std::memory_order_relaxed) &&
        slot.compare_exchange_strong(empty, c, std::memory_order_release,
                                     std::memory_order_relaxed))
      return true;
  }
  return false;
}

void Pool::drain_slots() {
  for (auto& slot : slots_)
    if (Chunk* c = slot.exchange(nullptr, std::memory_order_acquire)) arena(c->stream).insert(c);
}

MemoryPtr Pool::malloc(size_t bytes, uint64_t stream_id) {
  if (bytes == 0) return nullptr;
  if (bytes > SIZE_MAX - kGranularity) raise_oom(bytes);
  size_t rounded = (bytes + kGranularity - 1) / kGranularity * kGranularity;
  Chunk* c = rounded == kGranularity ? take_slot(stream_id) : nullptr;
  if (c) return std::make_shared<Block>(shared_from_this(), c);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    c = try_allocate(rounded, stream_id);
  }
  if (!c) {
    std::function<void()> hook;
    {
      std::lock_guard<std::mutex> lock(g_hook_mutex);
      hook = g_reclaim_hook;
    }
    if (hook && reclaim_)
      hook();  // may release blocks, which takes the pool's lock: call it unlocked
    std::lock_guard<std::mutex> lock(mutex_);
    free_all_locked(nullptr);
    c = try_allocate(rounded, stream_id);
    if (!c) raise_oom(bytes);
  }
  return std::make_shared<Block>(shared_from_this(), c);
}

void Pool::raise_oom(size_t bytes) {
  std::string msg = "Out of memory allocating " + format_bytes(bytes) + " on " + label_ +
                    " (pool: " + format_bytes(used_) + " in use, " + format_bytes(total_) + " held";
  msg += limit_ ? ", limit " + format_bytes(limit_) + ")" : ", no limit set)";
  raise(ErrorKind::out_of_memory, msg);
}

void Pool::release(Chunk* c) {
  // A whole segment of one granule has no neighbours to merge with: a slot holds it as well as
  // the arena would.
  if (c->whole && c->size == kGranularity) {
    c->in_use = false;
    // Counted free before it is visible in a slot, so a taker's decrement never comes first.
    used_.fetch_sub(c->size, std::memory_order_relaxed);
    n_free_.fetch_add(1, std::memory_order_relaxed);
    if (put_slot(c)) return;
    used_.fetch_add(c->size, std::memory_order_relaxed);
    n_free_.fetch_sub(1, std::memory_order_relaxed);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  Arena& a = arena(c->stream);
  used_ -= c->size;
  c->in_use = false;
  // Neighbours of a segment are always in the segment's arena (a segment never changes
  // stream), so a free neighbour can be merged.
  if (Chunk* n = c->next; n && !n->in_use) {
    a.remove(n);
    --n_free_;
    c->size += n->size;
    c->next = n->next;
    if (n->next) n->next->prev = c;
    spare_chunks_.push_back(n);
  }
  if (Chunk* p = c->prev; p && !p->in_use) {
    a.remove(p);
    --n_free_;
    p->size += c->size;
    p->next = c->next;
    if (c->next) c->next->prev = p;
    spare_chunks_.push_back(c);
    c = p;
  }
  a.insert(c);
  ++n_free_;
}

void Pool::free_all_locked(Arena* only) {
  drain_slots();
  for (auto& a : arenas_) {
    if (only && a.get() != only) continue;
    std::vector<Chunk*> whole;  // free chunks that are entire segments
    for (Chunk* head : a->bins)
      for (Chunk* c = head; c; c = c->free_next)
        if (!c->prev && !c->next) whole.push_back(c);
    for (auto& [size, c] : a->large)
      if (!c->prev && !c->next) whole.push_back(c);
    for (Chunk* c : whole) {
      a->remove(c);
      --n_free_;
      total_ -= c->size;
      source_.deallocate(c->ptr, c->size);
      spare_chunks_.push_back(c);
    }
  }
}

void Pool::free_all_blocks() {
  std::lock_guard<std::mutex> lock(mutex_);
  free_all_locked(nullptr);
}

void Pool::free_all_blocks(uint64_t stream_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  free_all_locked(&arena(stream_id));
}

size_t Pool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return used_;
}
size_t Pool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_;
}
size_t Pool::free_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_ - used_;
}
size_t Pool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return n_free_;
}
size_t Pool::limit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
}

void Pool::set_limit(size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_ = bytes;
}

void Pool::set_limit_fraction(double fraction) {
  if (!(fraction >= 0.0 && fraction <= 1.0)) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", fraction);
    raise(ErrorKind::value, std::string("memory limit fraction out of range: ") + text);
  }
  set_limit(size_t(std::floor(fraction * double(source_.capacity))));
}

}  // namespace cupylike
