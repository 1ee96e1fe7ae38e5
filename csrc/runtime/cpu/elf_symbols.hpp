#pragma once
/// Reading the symbol table of a module compiled for the host: the `extern __shared__` arrays
/// of a kernel object (thread-local symbols it uses but nobody defines, which the host compiler
/// aliases to one dynamic shared memory buffer), and the `__shared__` variables and kernels of
/// a linked module (to measure each kernel's static shared memory, as a GPU limits it).
#include <cstdint>
#include <string>
#include <vector>

namespace cupylike::cpu {

struct ElfSymbol {
  std::string name;
  uint64_t value = 0;  ///< address relative to the module's load base (or TLS block offset)
  uint64_t size = 0;
  unsigned char type = 0;  ///< STT_*
  bool defined = false;
};

/// The .symtab of a 64-bit little-endian ELF file (object or shared object). Error(runtime)
/// when the file is not one.
std::vector<ElfSymbol> elf_symbols(const std::string& path);

/// Names of the undefined thread-local (STT_TLS) symbols of an object file.
std::vector<std::string> undefined_tls_symbols(const std::string& object_path);

}  // namespace cupylike::cpu
