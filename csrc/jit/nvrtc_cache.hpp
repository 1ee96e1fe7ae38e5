#pragma once
/// NVRTC behind the compile cache (DESIGN.md §5): a map in memory, then the disk cache shared
/// by every process of the user, then the compiler. The disk key covers everything that decides
/// the image: NVRTC's version, the full option list (include folders included), the name
/// expressions, the target, the contents of kernel_dir() and the source.
#include <memory>
#include <string>
#include <vector>

#include "jit/nvrtc.hpp"

namespace cupylike::jit {

/// nvrtc_compile's result for these arguments, compiled at most once per process and, while
/// the disk cache keeps it, once per machine. Thread-safe; failures are not cached.
std::shared_ptr<const NvrtcOutput> nvrtc_compile_cached(
    const std::string& source, const std::string& name,
    const std::vector<std::string>& user_options, const std::vector<std::string>& name_expressions,
    int arch, bool ptx);

/// The disk cache's key (64 hex digits) for these arguments.
std::string nvrtc_cache_key(const std::string& source, const std::string& name,
                            const std::vector<std::string>& user_options,
                            const std::vector<std::string>& name_expressions, int arch, bool ptx);

/// How requests were served so far in this process, for tests and benchmarks.
struct NvrtcCacheStats {
  long long memory_hits = 0, disk_hits = 0, compiles = 0;
};
NvrtcCacheStats nvrtc_cache_stats();

}  // namespace cupylike::jit
