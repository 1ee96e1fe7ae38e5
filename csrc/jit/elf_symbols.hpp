#pragma once
/// Reading an object file's symbol table, to find the `extern __shared__` arrays of a kernel
/// compiled for the cpu device: they are thread-local symbols the object uses but nobody
/// defines, and the host compiler aliases them all to one dynamic shared memory buffer.
#include <string>
#include <vector>

namespace cupylike::jit {

/// Names of the undefined thread-local (STT_TLS) symbols of a 64-bit little-endian ELF object.
/// Error(runtime) when the file is not one.
std::vector<std::string> undefined_tls_symbols(const std::string& object_path);

}  // namespace cupylike::jit
