#pragma once
// The host libraries the emulated vendor libraries compute with: OpenBLAS's CBLAS and LAPACK,
// from the library file the facade names (cupylikeEmulatorSetHostLibrary; scipy-openblas32,
// whose symbols carry the scipy_ prefix), opened on first use.
#include <string>

namespace cupylike::emulator {

/// Remembers the host BLAS/LAPACK file; false (with dlerror's reason in `why`) if it does not
/// open.
bool set_host_library(const char* path, std::string& why);

/// The address of host library symbol `name` (without the scipy_ prefix), or null when no
/// library was set or it lacks the symbol.
void* host_symbol(const char* name);

template <class Fn>
Fn host_function(const char* name) {
  return reinterpret_cast<Fn>(host_symbol(name));
}

}  // namespace cupylike::emulator
