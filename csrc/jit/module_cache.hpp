#pragma once
/// Compiled modules in memory, then on disk, then from the compiler (DESIGN.md §5): the memory
/// map is keyed by the request itself, so a hit costs a hash of the source and no digest.
#include <memory>

#include "jit/host_compiler.hpp"
#include "runtime/cpu/cpu_module.hpp"

namespace cupylike::jit {

/// The loaded cpu module for `spec`. A cached shared object that fails to load (corrupt,
/// truncated) is deleted and compiled again. Thread-safe.
std::shared_ptr<cpu::CpuModule> cpu_module(const HostModuleSpec& spec);

}  // namespace cupylike::jit
