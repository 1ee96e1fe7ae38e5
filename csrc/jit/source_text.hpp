#pragma once
/// Reading kernel source as text: numbering its lines for compiler messages, and finding the
/// kernels it defines with C linkage (what the host compiler must expose, and what the
/// emulated GPU can run, when no name expression names them).
#include <string>
#include <vector>

namespace cupylike::jit {

/// `source` with each line prefixed by its number, right-aligned: "  1 | ...".
std::string numbered_source(const std::string& source);

/// The extern "C" __global__ functions a source defines; comments and strings are skipped.
std::vector<std::string> extern_c_kernels(const std::string& source);

}  // namespace cupylike::jit
