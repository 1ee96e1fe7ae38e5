#include "runtime/blocking.hpp"

#include <atomic>

namespace cupylike {

namespace {
std::atomic<void* (*)()> g_enter{nullptr};
std::atomic<void (*)(void*)> g_leave{nullptr};
}  // namespace

void set_blocking_hooks(void* (*enter)(), void (*leave)(void*)) {
  g_leave.store(leave);
  g_enter.store(enter);
}

BlockingRegion::BlockingRegion() {
  auto enter = g_enter.load();
  token_ = enter ? enter() : nullptr;
}

BlockingRegion::~BlockingRegion() {
  auto leave = g_leave.load();
  if (token_ && leave) leave(token_);
}

}  // namespace cupylike
