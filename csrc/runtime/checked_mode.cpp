#include "runtime/checked_mode.hpp"

#include <cstdlib>
#include <cstring>

namespace cupylike {

int checked_level() {
  // Read once: memory allocated under one setting must be released under the same one.
  static const int level = [] {
    const char* v = std::getenv("CUPYLIKE_CHECKED");
    if (!v || !*v || std::strcmp(v, "0") == 0) return 0;
    return std::strcmp(v, "2") == 0 ? 2 : 1;
  }();
  return level;
}

}  // namespace cupylike
