#pragma once
/// The host compiler's precompiled header for the library's kernels. Parsing the prelude and
/// the headers every library kernel starts from (types.cuh with cuda_fp16.h and CCCL's complex,
/// cast.cuh, loop.cuh) took 0.23 s of a one-kernel module's 0.4-0.55 s with g++ 12; a GCC
/// precompiled header of them loads in a few milliseconds. It is built on first use into the
/// disk cache, keyed by everything that decides it (compiler, flags, CPU, the kernels folder),
/// and checked against its checksum before a process first uses it.
///
/// Only sources that start with `#include <cupylike/...>` after // comments (the library's, and
/// ElementwiseKernel and ReductionKernel sources) use it, with no options beyond the defaults: such
/// a source sees types.cuh, cast.cuh and loop.cuh even where its own headers did not include them,
/// which only the library's headers could notice. The object code is the same as without it.
#include <functional>
#include <string>
#include <vector>

namespace cupylike::jit {

struct PrecompiledHeaderRequest {
  std::string compiler;            // the host compiler's path
  std::string setup;               // what else decides the binary (compiler identity, CPU, ...)
  std::vector<std::string> flags;  // the compile's flags, with its -include pairs
  std::string tmp_dir;             // where to build
  std::function<void()> waiting;   // the compile notice's clock
};

/// `request.flags` with its -include pairs replaced by one -include of the precompiled header
/// (built now if the cache lacks it), or unchanged when no usable one can be had.
std::vector<std::string> with_precompiled_header(const PrecompiledHeaderRequest& request);

/// Whether `source` with these translated options may use it (see above); `clang`: the compiler
/// is clang, whose precompiled headers work otherwise.
bool precompiled_header_applies(const std::string& source,
                                const std::vector<std::string>& translated_options, bool clang);

/// Removes the precompiled header a failed compile used (its -include path), so the next
/// compile builds it again.
void discard_precompiled_header(const std::vector<std::string>& flags);

}  // namespace cupylike::jit
