// Reading kernels, their resources and globals out of module images for the emulated GPU.
//
// CUBIN: an ELF64 file whose symbol table lists kernels (STT_FUNC) and variables (STT_OBJECT,
// with their sizes). NVIDIA's ".nv.info" sections are lists of attributes: a format byte, an
// attribute byte, then for formats 0x01-0x03 a 16-bit value and for format 0x04 a 16-bit length
// and that many bytes. The global ".nv.info" holds attribute 0x2f per kernel (u32 symbol index,
// u32 registers per thread); a kernel's ".nv.info.<name>" holds attribute 0x17 per parameter
// (u32 0, u16 ordinal, u16 offset, u32 flags whose bits 18-31 hold the size) and 0x05 for
// __launch_bounds__ (u32 x, y, z). ".nv.shared.<name>" is sized for the kernel's __shared__
// variables plus the 1 KiB that sm_80 and later reserve for the system (which is why a block
// may opt in to 227 of an SM's 228 KiB). This layout is NVIDIA's and undocumented; it was read
// off CUBINs NVRTC 13 makes for kernels with known parameters and resources
// (tests/test_cuda_emulator_modules.py checks it still holds), and anything else reads as
// "unknown", never as a wrong value.
//
// PTX: text; kernels are ".entry name(.param .u64 name_param_0, .param .align 8 .b8 p[24])"
// and variables are top-level ".global"/".const" declarations.
#include "emulator/images.hpp"

#include <elf.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string_view>

namespace cupylike::emulator {
namespace {

constexpr uint8_t kFormatSized = 0x04;
constexpr uint8_t kParamInfo = 0x17, kRegisterCount = 0x2f, kMaxThreads = 0x05;
// Shared memory sm_80 and later reserve in every block for the system.
constexpr size_t kReservedShared = 1024;

template <class T>
T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Calls visit(attribute, payload, length) for each attribute of an .nv.info section; false
// when the section does not parse as the layout described above.
template <class Visit>
bool for_each_attribute(const char* info, size_t bytes, Visit visit) {
  for (size_t i = 0; i + 4 <= bytes;) {
    uint8_t format = uint8_t(info[i]), attribute = uint8_t(info[i + 1]);
    if (format >= 0x01 && format <= 0x03) {
      visit(attribute, info + i + 2, size_t(2));
      i += 4;
    } else if (format == kFormatSized) {
      uint16_t length = load<uint16_t>(info + i + 2);
      if (i + 4 + length > bytes) return false;
      visit(attribute, info + i + 4, size_t(length));
      i += 4 + length;
    } else {
      return false;
    }
  }
  return true;
}

// The parameter sizes and launch bound in a kernel's own .nv.info section.
void read_function_info(const char* info, size_t bytes, FunctionInfo& f) {
  std::map<uint16_t, size_t> by_ordinal;
  bool ok = for_each_attribute(info, bytes, [&](uint8_t attribute, const char* p, size_t n) {
    if (attribute == kParamInfo && n == 12)
      by_ordinal[load<uint16_t>(p + 4)] = load<uint32_t>(p + 8) >> 18;
    if (attribute == kMaxThreads && n == 12)
      f.launch_bound = int(load<uint32_t>(p) * load<uint32_t>(p + 4) * load<uint32_t>(p + 8));
  });
  if (!ok) return;
  std::vector<size_t> sizes;
  for (const auto& [ordinal, size] : by_ordinal) {
    if (ordinal != sizes.size()) return;  // a gap: not the layout we know
    sizes.push_back(size);
  }
  f.params = sizes;
}

bool read_elf(const char* image, ImageInfo& out) {
  auto header = load<Elf64_Ehdr>(image);
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_shentsize != sizeof(Elf64_Shdr))
    return false;
  auto section = [&](size_t i) {
    return load<Elf64_Shdr>(image + header.e_shoff + i * sizeof(Elf64_Shdr));
  };
  const char* names = image + section(header.e_shstrndx).sh_offset;
  std::map<std::string, Elf64_Shdr> by_name;
  for (size_t i = 0; i < header.e_shnum; ++i) by_name[names + section(i).sh_name] = section(i);
  auto symtab = by_name.find(".symtab");
  if (symtab == by_name.end()) return true;  // nothing to look up
  const char* strings = image + section(symtab->second.sh_link).sh_offset;
  size_t count = symtab->second.sh_size / sizeof(Elf64_Sym);
  std::map<uint32_t, std::string> kernels;  // by symbol index, for the register counts
  for (size_t i = 0; i < count; ++i) {
    auto sym = load<Elf64_Sym>(image + symtab->second.sh_offset + i * sizeof(Elf64_Sym));
    std::string name = strings + sym.st_name;
    if (ELF64_ST_TYPE(sym.st_info) == STT_OBJECT && sym.st_shndx != SHN_UNDEF) {
      out.globals[name] = sym.st_size;
    } else if (ELF64_ST_TYPE(sym.st_info) == STT_FUNC) {
      FunctionInfo& f = out.functions[name];
      f.params = std::vector<size_t>{};  // no .nv.info section: no parameters
      if (auto info = by_name.find(".nv.info." + name); info != by_name.end())
        read_function_info(image + info->second.sh_offset, info->second.sh_size, f);
      if (auto shared = by_name.find(".nv.shared." + name); shared != by_name.end())
        f.static_shared =
            shared->second.sh_size > kReservedShared ? shared->second.sh_size - kReservedShared : 0;
      kernels[uint32_t(i)] = name;
    }
  }
  if (auto info = by_name.find(".nv.info"); info != by_name.end())
    for_each_attribute(image + info->second.sh_offset, info->second.sh_size,
                       [&](uint8_t attribute, const char* p, size_t n) {
                         if (attribute != kRegisterCount || n != 8) return;
                         auto k = kernels.find(load<uint32_t>(p));
                         if (k != kernels.end())
                           out.functions[k->second].registers = int(load<uint32_t>(p + 4));
                       });
  return true;
}

// Bytes of a PTX scalar type such as ".u64", ".f32", ".b8"; 0 if `token` is none.
size_t ptx_type_size(std::string_view token) {
  if (token.size() < 3 || token[0] != '.' || !std::strchr("bsuf", token[1])) return 0;
  std::string_view bits = token.substr(2);
  if (bits == "8") return 1;
  if (bits == "16") return 2;
  if (bits == "32") return 4;
  if (bits == "64") return 8;
  return 0;
}

// "<qualifiers> .type name[2][3]" -> name and size; false when there is no scalar type.
bool ptx_declaration(std::string_view text, std::string& name, size_t& size) {
  std::string s(text.substr(0, text.find('=')));  // drop an initializer
  std::istringstream tokens(s);
  std::string token, last;
  size_t element = 0;
  while (tokens >> token) {
    if (!element) element = ptx_type_size(token);
    last = token;
  }
  if (!element || last.empty()) return false;
  size = element;
  size_t bracket = last.find('[');
  name = last.substr(0, bracket);
  while (bracket != std::string::npos) {
    size *= std::strtoull(last.c_str() + bracket + 1, nullptr, 10);
    bracket = last.find('[', bracket + 1);
  }
  return true;
}

void ptx_entry(std::string_view header, ImageInfo& out) {
  size_t at = header.find(".entry");
  size_t open = header.find('(', at);
  std::string_view name =
      header.substr(at + 6, open == std::string_view::npos ? header.npos : open - at - 6);
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.front())))
    name.remove_prefix(1);
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
    name.remove_suffix(1);
  std::vector<size_t> sizes;
  if (open != std::string_view::npos) {
    std::string_view params = header.substr(open + 1, header.find(')', open) - open - 1);
    while (!params.empty()) {
      size_t comma = std::min(params.find(','), params.size());
      std::string param_name;
      size_t size = 0;
      if (ptx_declaration(params.substr(0, comma), param_name, size)) sizes.push_back(size);
      params.remove_prefix(std::min(comma + 1, params.size()));
    }
  }
  out.functions[std::string(name)].params = sizes;
}

bool has_word(std::string_view s, std::string_view word) {
  for (size_t at = s.find(word); at != s.npos; at = s.find(word, at + 1)) {
    size_t end = at + word.size();
    if (end == s.size() || std::isspace(static_cast<unsigned char>(s[end]))) return true;
  }
  return false;
}

bool read_ptx(const char* image, ImageInfo& out) {
  std::string text;
  std::istringstream lines(image);
  for (std::string line; std::getline(lines, line);)
    text += line.substr(0, line.find("//")) + "\n";  // comments out
  if (text.find(".version") == text.npos || text.find(".target") == text.npos) return false;
  out.ptx = true;
  // Statements at brace depth 0: declarations end in ';', function headers in '{'.
  std::string statement;
  int depth = 0;
  for (char c : text) {
    if (c == '{' || c == '}' || (c == ';' && depth == 0)) {
      if (depth == 0 && c == '{' && has_word(statement, ".entry")) ptx_entry(statement, out);
      if (depth == 0 && c == ';' && !has_word(statement, ".entry") &&
          !has_word(statement, ".func") &&
          (has_word(statement, ".global") || has_word(statement, ".const"))) {
        std::string name;
        size_t size = 0;
        if (ptx_declaration(statement, name, size)) out.globals[name] = size;
      }
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      statement.clear();
    } else if (depth == 0) {
      statement += c;
    }
  }
  return true;
}

}  // namespace

bool read_image(const void* image, ImageInfo& info) {
  if (!image) return false;
  const char* p = static_cast<const char*>(image);
  if (std::strncmp(p, ELFMAG, SELFMAG) == 0) return read_elf(p, info);
  return read_ptx(p, info);
}

}  // namespace cupylike::emulator
