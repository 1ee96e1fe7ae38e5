#pragma once
/// Warnings of the kernel compilers and their cache (a cache folder that cannot be used). The
/// Python bindings install a hook that issues them as Python warnings; without one (the C++
/// tests) they go to stderr.
#include <string>

namespace cupylike::jit {

/// Set once, at import. The hook may take the GIL: never call warn() while holding a lock that
/// a thread holding the GIL may wait for.
void set_warning_hook(void (*hook)(const std::string& message));

void warn(const std::string& message);

}  // namespace cupylike::jit
