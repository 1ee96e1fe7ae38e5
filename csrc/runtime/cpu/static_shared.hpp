#pragma once
/// Each kernel's static `__shared__` memory in a module compiled for the host, measured so that
/// the cpu device and the emulated GPU refuse what a GPU refuses (more than 48 KiB). On the host
/// a `__shared__` variable is a thread-local symbol: a kernel's own are its function-local
/// statics ("_ZZ<kernel>E..."); the rest — at namespace scope or in device functions — count
/// for every kernel of the module, since a GPU counts them for the kernels that use them and
/// the symbol table does not say which those are (so the figure is an upper bound).
#include <cstdint>
#include <string>
#include <vector>

namespace cupylike::cpu {

/// Bytes per kernel, for the kernels at these offsets from the module's load base.
std::vector<size_t> static_shared_bytes(const std::string& module_path,
                                        const std::vector<uint64_t>& kernel_offsets);

}  // namespace cupylike::cpu
