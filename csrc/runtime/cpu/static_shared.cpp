#include "runtime/cpu/static_shared.hpp"

#include <elf.h>

#include <map>

#include "runtime/cpu/elf_symbols.hpp"

namespace cupylike::cpu {

namespace {

// The prefix of the function-local statics of the function whose symbol is `name`: the
// Itanium ABI's local-name encoding, _ZZ <function encoding> E.
std::string locals_prefix(const std::string& name) {
  if (name.rfind("_Z", 0) == 0) return "_ZZ" + name.substr(2) + "E";
  return "_ZZ" + std::to_string(name.size()) + name + "E";  // extern "C"
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

std::vector<size_t> static_shared_bytes(const std::string& module_path,
                                        const std::vector<uint64_t>& kernel_offsets) {
  std::vector<ElfSymbol> symbols = elf_symbols(module_path);
  std::map<uint64_t, std::string> functions;
  uint64_t dynamic_buffer = ~uint64_t(0);
  for (const ElfSymbol& s : symbols) {
    if (s.defined && s.type == STT_FUNC) functions.emplace(s.value, s.name);
    if (s.name == "__cpuk_dynamic_shared") dynamic_buffer = s.value;
  }
  std::vector<std::string> prefixes;
  for (uint64_t offset : kernel_offsets) {
    auto f = functions.find(offset);
    prefixes.push_back(f == functions.end() ? std::string() : locals_prefix(f->second));
  }
  std::vector<size_t> bytes(kernel_offsets.size(), 0);
  // Each variable once, though .symtab may list it twice (a local and a dynamic entry).
  std::map<std::string, uint64_t> variables;
  for (const ElfSymbol& s : symbols)
    if (s.defined && s.type == STT_TLS && s.size > 0 && s.value != dynamic_buffer &&
        !starts_with(s.name, "__cpuk"))
      variables.emplace(s.name, s.size);
  for (const auto& [name, size] : variables) {
    bool own = false;
    for (size_t k = 0; k < prefixes.size(); ++k)
      if (!prefixes[k].empty() && starts_with(name, prefixes[k])) {
        bytes[k] += size;
        own = true;
      }
    if (own) continue;
    for (size_t& b : bytes) b += size;
  }
  return bytes;
}

}  // namespace cupylike::cpu
