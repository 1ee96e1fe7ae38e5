#include "runtime/cpu/elf_symbols.hpp"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "core/error.hpp"

namespace cupylike::cpu {

std::vector<ElfSymbol> elf_symbols(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto fail = [&] { raise(ErrorKind::runtime, path + " is not a 64-bit ELF file"); };
  if (bytes.size() < sizeof(Elf64_Ehdr) || std::memcmp(bytes.data(), ELFMAG, SELFMAG) != 0 ||
      bytes[EI_CLASS] != ELFCLASS64 || bytes[EI_DATA] != ELFDATA2LSB)
    fail();
  auto at = [&](size_t offset, size_t size) -> const char* {
    if (offset > bytes.size() || size > bytes.size() - offset) fail();
    return bytes.data() + offset;
  };
  Elf64_Ehdr eh;
  std::memcpy(&eh, at(0, sizeof eh), sizeof eh);
  std::vector<ElfSymbol> symbols;
  for (size_t i = 0; i < eh.e_shnum; ++i) {
    Elf64_Shdr sh;
    std::memcpy(&sh, at(eh.e_shoff + i * eh.e_shentsize, sizeof sh), sizeof sh);
    if (sh.sh_type != SHT_SYMTAB || sh.sh_link >= eh.e_shnum) continue;
    Elf64_Shdr strtab;
    std::memcpy(&strtab, at(eh.e_shoff + sh.sh_link * eh.e_shentsize, sizeof strtab),
                sizeof strtab);
    const char* strings = at(strtab.sh_offset, strtab.sh_size);
    for (size_t k = 0; k < sh.sh_size / sizeof(Elf64_Sym); ++k) {
      Elf64_Sym sym;
      std::memcpy(&sym, at(sh.sh_offset + k * sizeof sym, sizeof sym), sizeof sym);
      if (sym.st_name >= strtab.sh_size) continue;
      symbols.push_back({strings + sym.st_name, sym.st_value, sym.st_size,
                         static_cast<unsigned char>(ELF64_ST_TYPE(sym.st_info)),
                         sym.st_shndx != SHN_UNDEF});
    }
  }
  return symbols;
}

std::vector<std::string> undefined_tls_symbols(const std::string& object_path) {
  std::vector<std::string> names;
  for (const ElfSymbol& s : elf_symbols(object_path))
    // The linker defines _TLS_MODULE_BASE_ for TLS descriptors (-mtls-dialect=gnu2).
    if (s.type == STT_TLS && !s.defined && !s.name.empty() && s.name != "_TLS_MODULE_BASE_")
      names.push_back(s.name);
  return names;
}

}  // namespace cupylike::cpu
