#pragma once
// The host libraries the emulated vendor libraries compute with, from the library files the
// facades name, opened on first use: OpenBLAS's CBLAS and LAPACK (cupylikeEmulatorSetHostLibrary;
// scipy-openblas32, whose symbols carry the scipy_ prefix) and cuRAND, whose host generator
// makes the emulated device generator's numbers (cupylikeEmulatorSetHostRandom).
#include <string>

namespace cupylike::emulator {

enum class HostLibrary { blas, random };

/// Remembers the file of `which`; false (with dlerror's reason in `why`) if it does not open.
bool set_host_library(HostLibrary which, const char* path, std::string& why);

/// The address of symbol `name` of `which` (for the BLAS without the scipy_ prefix), or null
/// when no library was set or it lacks the symbol.
void* host_symbol(HostLibrary which, const char* name);

/// The host BLAS's `name`.
inline void* host_symbol(const char* name) { return host_symbol(HostLibrary::blas, name); }

template <class Fn>
Fn host_function(const char* name) {
  return reinterpret_cast<Fn>(host_symbol(name));
}

}  // namespace cupylike::emulator
