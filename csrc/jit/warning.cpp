#include "jit/warning.hpp"

#include <atomic>
#include <cstdio>

namespace cupylike::jit {

namespace {
std::atomic<void (*)(const std::string&)> g_hook{nullptr};
}  // namespace

void set_warning_hook(void (*hook)(const std::string& message)) { g_hook.store(hook); }

void warn(const std::string& message) {
  if (auto hook = g_hook.load()) return hook(message);
  std::fprintf(stderr, "cupylike: warning: %s\n", message.c_str());
}

}  // namespace cupylike::jit
