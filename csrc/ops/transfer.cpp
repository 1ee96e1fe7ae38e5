#include "ops/transfer.hpp"

#include <cstring>
#include <deque>
#include <mutex>
#include <vector>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "memory/allocator.hpp"
#include "runtime/capture_errors.hpp"
#include "runtime/graph.hpp"

namespace cupylike {
namespace {

struct Span {
  char* device;  // start of the extent on the device
  size_t bytes;
};

Span extent_of(const NDArray& a) {
  Extent e = byte_extent(a.shape(), a.strides(), a.itemsize());
  return {a.data() + e.lo, size_t(e.hi - e.lo)};
}

// Pinned staging for host-to-device copies on cuda. A buffer returns to the pinned pool once
// the event recorded after its copy has completed; the bytes in flight are bounded so a large
// upload cannot pin unbounded host memory.
class Staging {
 public:
  static constexpr size_t kChunk = size_t(4) << 20;
  static constexpr size_t kMaxInFlight = size_t(64) << 20;

  static Staging& instance() {
    static Staging* s = new Staging;  // never destroyed: outlives static teardown
    return *s;
  }

  void upload(Backend& b, char* dst, const char* src, size_t bytes, StreamHandle stream) {
    for (size_t off = 0; off < bytes; off += kChunk) {
      size_t len = std::min(kChunk, bytes - off);
      MemoryPtr buf = acquire(len);
      if (!buf) {  // no pinned memory left: the driver stages pageable memory itself
        b.copy_from_host(dst + off, src + off, bytes - off, stream);
        return;
      }
      std::memcpy(buf->ptr(), src + off, len);
      b.copy_from_host(dst + off, buf->ptr(), len, stream);
      EventHandle ev = take_event(b);
      b.record_event(ev, stream);
      std::lock_guard<std::mutex> lock(mutex_);
      pending_.push_back({&b, ev, std::move(buf), len});
      in_flight_ += len;
    }
  }

 private:
  struct Pending {
    Backend* backend;
    EventHandle event;
    MemoryPtr buffer;
    size_t bytes;
  };

  MemoryPtr acquire(size_t len) {
    reap(len);
    try {
      return pinned_pool()->malloc(len, 0);
    } catch (const Error& e) {
      if (e.kind() == ErrorKind::out_of_memory) return nullptr;
      throw;
    }
  }

  // Returns finished buffers to the pool, and waits for the oldest while too much is in flight.
  void reap(size_t incoming) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!pending_.empty()) {
      Pending& p = pending_.front();
      bool must_wait = in_flight_ + incoming > kMaxInFlight;
      if (!must_wait && !p.backend->event_done(p.event)) break;
      if (must_wait) p.backend->synchronize_event(p.event);
      in_flight_ -= p.bytes;
      spare_events_.push_back({p.backend, p.event});
      pending_.pop_front();
    }
  }

  EventHandle take_event(Backend& b) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = 0; i < spare_events_.size(); ++i)
      if (spare_events_[i].first == &b) {
        EventHandle e = spare_events_[i].second;
        spare_events_.erase(spare_events_.begin() + long(i));
        return e;
      }
    return b.create_event(/*timing=*/false, /*blocking=*/false);
  }

  std::mutex mutex_;
  std::deque<Pending> pending_;
  std::vector<std::pair<Backend*, EventHandle>> spare_events_;
  size_t in_flight_ = 0;
};

// A graph would read or write the host's buffer (or a pinned staging buffer the pool recycles)
// at each replay, long after it may be gone, and a download must wait for the stream: both are
// refused while the stream captures, before anything is issued, so the capture stays valid.
void refuse_while_capturing(const Stream& stream, const char* call) {
  if (captured_here(stream)) raise_driver_error(call, kCaptureUnsupported);
}

}  // namespace

void upload(const NDArray& dst, const void* host, const Stream& stream) {
  Span s = extent_of(dst);
  if (s.bytes == 0) return;
  Device d = dst.device();
  Backend& b = backend_for(d);
  StreamHandle h = stream.handle();
  refuse_while_capturing(stream, "cuMemcpyHtoDAsync");
  if (b.stages_uploads())
    Staging::instance().upload(b, s.device, static_cast<const char*>(host), s.bytes, h);
  else
    b.copy_from_host(s.device, host, s.bytes, h);
}

void download(const NDArray& src, void* host, const Stream& stream) {
  Span s = extent_of(src);
  if (s.bytes == 0) return;
  refuse_while_capturing(stream, "cuMemcpyDtoHAsync");
  backend_for(src.device()).copy_to_host(host, s.device, s.bytes, stream.handle());
}

void copy_extent(const NDArray& dst, const NDArray& src, const Stream& stream) {
  check_same_device(dst.device(), src.device());
  Span d = extent_of(dst), s = extent_of(src);
  if (d.bytes != s.bytes) raise(ErrorKind::runtime, "copy_extent: extents differ");
  if (d.bytes)
    backend_for(dst.device()).copy_on_device(d.device, s.device, d.bytes, stream.handle());
}

void zero_fill(const NDArray& dst, const Stream& stream) {
  Span s = extent_of(dst);
  if (s.bytes) backend_for(dst.device()).fill_bytes(s.device, 0, s.bytes, stream.handle());
}

}  // namespace cupylike
