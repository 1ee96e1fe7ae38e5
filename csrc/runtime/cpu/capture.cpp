#include "runtime/cpu/capture.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "runtime/capture_errors.hpp"

namespace cupylike::cpu {
namespace {

constexpr int kModeGlobal = 0, kModeRelaxed = 2;  // CUstreamCaptureMode

struct Capture {
  std::unique_ptr<CpuGraph> graph = std::make_unique<CpuGraph>();
  int mode = kModeGlobal;
  std::thread::id thread = std::this_thread::get_id();
  bool invalidated = false;
};

std::mutex g_mutex;
std::map<StreamHandle, Capture> g_captures;  // guarded by g_mutex
std::atomic<int> g_open{0};                  // g_captures.size(), read without the lock

}  // namespace

bool capture_open() { return g_open.load(std::memory_order_acquire) > 0; }

bool record(StreamHandle stream, const char* call, std::function<void()> step) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_captures.find(stream);
  if (it == g_captures.end()) return false;
  if (it->second.invalidated) raise_driver_error(call, kCaptureInvalidated);
  it->second.graph->add(std::move(step));
  return true;
}

void begin_capture(StreamHandle stream, int mode) {
  if (mode < kModeGlobal || mode > kModeRelaxed)
    raise(ErrorKind::cuda_driver,
          "cuStreamBeginCapture failed: CUDA_ERROR_INVALID_VALUE: invalid argument");
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_captures.count(stream)) raise_driver_error("cuStreamBeginCapture", kIllegalState);
  Capture& c = g_captures[stream];
  c.mode = mode;
  g_open.store(int(g_captures.size()), std::memory_order_release);
}

std::unique_ptr<CpuGraph> end_capture(StreamHandle stream) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_captures.find(stream);
  if (it == g_captures.end()) raise_driver_error("cuStreamEndCapture", kIllegalState);
  // CUDA: a capture not begun in relaxed mode is ended by the thread that began it.
  if (it->second.mode != kModeRelaxed && it->second.thread != std::this_thread::get_id())
    raise_driver_error("cuStreamEndCapture", kCaptureWrongThread);
  Capture c = std::move(it->second);
  g_captures.erase(it);
  g_open.store(int(g_captures.size()), std::memory_order_release);
  if (c.invalidated) raise_driver_error("cuStreamEndCapture", kCaptureInvalidated);
  return std::move(c.graph);
}

void forget_capture(StreamHandle stream) {
  if (!capture_open()) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  g_captures.erase(stream);
  g_open.store(int(g_captures.size()), std::memory_order_release);
}

bool is_capturing(StreamHandle stream) {
  if (!capture_open()) return false;
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_captures.count(stream) > 0;
}

void refuse_while_capturing(StreamHandle stream, const char* call) {
  if (!capture_open()) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_captures.find(stream);
  if (it == g_captures.end()) return;
  it->second.invalidated = true;
  raise_driver_error(call, kCaptureUnsupported);
}

void refuse_while_any_capturing(const char* call) {
  if (!capture_open()) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_captures.empty()) return;
  for (auto& [stream, c] : g_captures) c.invalidated = true;
  raise_driver_error(call, kCaptureUnsupported);
}

ArgumentCopy::ArgumentCopy(const std::vector<size_t>& sizes, void** args) {
  constexpr size_t kWord = sizeof(std::max_align_t);
  size_t words = 0;
  for (size_t size : sizes) {
    offsets_.push_back(words * kWord);
    words += (size + kWord - 1) / kWord;
  }
  storage_.resize(std::max<size_t>(words, 1));
  char* base = reinterpret_cast<char*>(storage_.data());
  for (size_t i = 0; i < sizes.size(); ++i) std::memcpy(base + offsets_[i], args[i], sizes[i]);
}

std::vector<void*> ArgumentCopy::pointers() {
  char* base = reinterpret_cast<char*>(storage_.data());
  std::vector<void*> p;
  p.reserve(offsets_.size());
  for (size_t offset : offsets_) p.push_back(base + offset);
  return p;
}

}  // namespace cupylike::cpu
