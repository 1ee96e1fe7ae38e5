#pragma once
/// Stream capture on the cpu device. While a cpu stream captures, the kernel launches, device
/// copies and fills issued to it are recorded (a kernel's argument bytes copied, as the driver
/// copies them) instead of run, and the graph replays them in the order they were issued. A
/// call that has to wait for the stream (a synchronize, a copy to the host) fails as CUDA fails
/// it, CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, and invalidates the capture.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "runtime/backend.hpp"

namespace cupylike::cpu {

/// The recorded work of one capture, replayed in order.
class CpuGraph {
 public:
  void add(std::function<void()> step) { steps_.push_back(std::move(step)); }
  void run() const {
    for (const auto& step : steps_) step();
  }

 private:
  std::vector<std::function<void()>> steps_;
};

/// Whether any cpu stream captures: the one check the issuing paths make when none does.
bool capture_open();
/// Records `step` if `stream` captures and returns true; false when it does not. `call` names
/// the driver call the step stands for in the error of an invalidated capture.
bool record(StreamHandle stream, const char* call, std::function<void()> step);
/// CUDA's rules: a capture begins on a stream that is not capturing, with a known mode.
void begin_capture(StreamHandle stream, int mode);
/// The recorded work; CUDA_ERROR_ILLEGAL_STATE when the stream does not capture,
/// CUDA_ERROR_STREAM_CAPTURE_INVALIDATED (the capture over) when a call invalidated it.
std::unique_ptr<CpuGraph> end_capture(StreamHandle stream);
bool is_capturing(StreamHandle stream);
/// Ends any capture on `stream`, which is being destroyed (its handle may be reused).
void forget_capture(StreamHandle stream);
/// `call` waits for `stream`: when it captures, invalidates the capture and raises.
void refuse_while_capturing(StreamHandle stream, const char* call);
/// `call` waits for the whole device: when any stream captures, invalidates every capture and
/// raises.
void refuse_while_any_capturing(const char* call);

/// A kernel's argument values, copied from cuLaunchKernel's pointers: each on a boundary that
/// suits any parameter type.
class ArgumentCopy {
 public:
  ArgumentCopy(const std::vector<size_t>& sizes, void** args);
  /// Pointers to each value, as a launch takes them (valid while this object lives unchanged).
  std::vector<void*> pointers();

 private:
  std::vector<std::max_align_t> storage_;
  std::vector<size_t> offsets_;
};

}  // namespace cupylike::cpu
