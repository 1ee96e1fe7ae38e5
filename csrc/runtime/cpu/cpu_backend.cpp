#include "runtime/cpu/cpu_backend.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "runtime/cpu/capture.hpp"

namespace cupylike {
namespace {

// Matches the 512-byte granularity of the pool and keeps every array aligned for any vector
// width; large blocks get whole pages so the kernel can back them lazily.
constexpr size_t kAlignment = 512;
constexpr size_t kPage = 4096;
// Blocks from 4 MiB on are asked to be backed by 2 MiB pages, as NumPy asks for its own
// arrays: where the system leaves huge pages to madvise (a common default), a pass over
// hundreds of megabytes otherwise spends much of its time on TLB misses (x.sum() of 1e8
// float32: 0.76x NumPy's time without them).
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kHugeFrom = size_t(4) << 20;

struct CpuEvent {
  std::chrono::steady_clock::time_point time{};
  bool recorded = false;
};

}  // namespace

void* CpuBackend::allocate(size_t bytes) {
  // Overcommit would let an impossible request "succeed" and fail later at first touch; refuse
  // what physical memory cannot hold, so the pool reports OutOfMemoryError instead.
  if (bytes > total_memory()) return nullptr;
  size_t align = bytes >= kHugeFrom ? kHugePage : bytes >= (size_t(1) << 20) ? kPage : kAlignment;
  size_t rounded = (bytes + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (p && align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);  // a hint: failure is fine
  return p;
}

void CpuBackend::deallocate(void* ptr, size_t) { std::free(ptr); }

size_t CpuBackend::total_memory() {
  static const size_t total = size_t(sysconf(_SC_PHYS_PAGES)) * size_t(sysconf(_SC_PAGE_SIZE));
  return total;
}

std::pair<size_t, size_t> CpuBackend::memory_info() {
  size_t free = size_t(sysconf(_SC_AVPHYS_PAGES)) * size_t(sysconf(_SC_PAGE_SIZE));
  return {free, total_memory()};
}

void host_memcpy(void* dst, const void* src, size_t bytes) {
  // One core copies at roughly 10 GB/s; two or more reach the memory bus limit. Only worth the
  // thread start-up above a few megabytes.
  constexpr size_t kParallelFrom = size_t(8) << 20;
  if (bytes < kParallelFrom) {
    std::memcpy(dst, src, bytes);
    return;
  }
  // hardware_concurrency reads /sys each time (microseconds): ask once.
  static const unsigned workers = std::min(4u, std::max(1u, std::thread::hardware_concurrency()));
  if (workers == 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  size_t part = (bytes / workers + 4095) / 4096 * 4096;
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w) {
    size_t begin = part * w;
    if (begin >= bytes) break;
    size_t n = std::min(part, bytes - begin);
    threads.emplace_back([=] { std::memcpy((char*)dst + begin, (const char*)src + begin, n); });
  }
  std::memcpy(dst, src, std::min(part, bytes));
  for (auto& t : threads) t.join();
}

// Host memory is not the device's: what a capture would read or write there later may be gone,
// so transfers are refused while their stream captures (ops/transfer refuses uploads first).
void CpuBackend::copy_from_host(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  cpu::refuse_while_capturing(stream, "cuMemcpyHtoDAsync");
  host_memcpy(dst, src, bytes);
}
void CpuBackend::copy_to_host(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  cpu::refuse_while_capturing(stream, "cuMemcpyDtoHAsync");
  host_memcpy(dst, src, bytes);
}
void CpuBackend::copy_on_device(void* dst, const void* src, size_t bytes, StreamHandle stream) {
  if (cpu::capture_open() &&
      cpu::record(stream, "cuMemcpyDtoDAsync", [=] { host_memcpy(dst, src, bytes); }))
    return;
  host_memcpy(dst, src, bytes);
}
void CpuBackend::fill_bytes(void* dst, uint8_t value, size_t bytes, StreamHandle stream) {
  if (cpu::capture_open() &&
      cpu::record(stream, "cuMemsetD8Async", [=] { std::memset(dst, value, bytes); }))
    return;
  std::memset(dst, value, bytes);
}

void CpuBackend::synchronize_stream(StreamHandle stream) {
  cpu::refuse_while_capturing(stream, "cuStreamSynchronize");
}

void CpuBackend::synchronize() { cpu::refuse_while_any_capturing("cuCtxSynchronize"); }

namespace {
// A graph handle owns a reference, so a graph launched into another capture outlives its own
// destruction there.
using GraphRef = std::shared_ptr<const cpu::CpuGraph>;
}  // namespace

void CpuBackend::begin_capture(StreamHandle stream, int mode) { cpu::begin_capture(stream, mode); }

GraphHandle CpuBackend::end_capture(StreamHandle stream) {
  return new GraphRef(cpu::end_capture(stream));
}

bool CpuBackend::is_capturing(StreamHandle stream) { return cpu::is_capturing(stream); }

void CpuBackend::launch_graph(GraphHandle graph, StreamHandle stream) {
  GraphRef g = *static_cast<GraphRef*>(graph);
  if (cpu::capture_open() && cpu::record(stream, "cuGraphLaunch", [g] { g->run(); })) return;
  g->run();
}

void CpuBackend::destroy_graph(GraphHandle graph) { delete static_cast<GraphRef*>(graph); }

StreamHandle CpuBackend::create_stream(bool, int) {
  // A cpu stream has no state; the handle only has to be unique while the stream lives.
  return new char;
}
void CpuBackend::destroy_stream(StreamHandle stream) {
  cpu::forget_capture(stream);
  delete static_cast<char*>(stream);
}

EventHandle CpuBackend::create_event(bool, bool) { return new CpuEvent; }
void CpuBackend::destroy_event(EventHandle event) { delete static_cast<CpuEvent*>(event); }
void CpuBackend::record_event(EventHandle event, StreamHandle) {
  // Work on a cpu stream is complete when issued, so "now" is when the stream reaches the event.
  auto* e = static_cast<CpuEvent*>(event);
  e->time = std::chrono::steady_clock::now();
  e->recorded = true;
}
float CpuBackend::elapsed_ms(EventHandle start, EventHandle end) {
  auto* a = static_cast<CpuEvent*>(start);
  auto* b = static_cast<CpuEvent*>(end);
  if (!a->recorded || !b->recorded)
    raise(ErrorKind::runtime, "elapsed time needs two recorded events");
  return std::chrono::duration<float, std::milli>(b->time - a->time).count();
}

}  // namespace cupylike
