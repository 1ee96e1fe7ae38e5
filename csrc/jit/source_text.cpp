#include "jit/source_text.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>
#include <utility>

namespace cupylike::jit {

namespace {

// The source with comments blanked out (same length, so positions stay valid).
std::string without_comments(const std::string& s) {
  std::string out = s;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '"' || out[i] == '\'') {  // skip literals, so "//" inside one is no comment
      char q = out[i];
      for (++i; i < out.size() && out[i] != q; ++i)
        if (out[i] == '\\') ++i;
    } else if (out.compare(i, 2, "//") == 0) {
      for (; i < out.size() && out[i] != '\n'; ++i) out[i] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      size_t end = out.find("*/", i + 2);
      end = end == std::string::npos ? out.size() : end + 2;
      for (; i < end; ++i)
        if (out[i] != '\n') out[i] = ' ';
      --i;
    }
  }
  return out;
}

bool is_ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// [open, close) ranges of extern "C" { ... } blocks.
std::vector<std::pair<size_t, size_t>> extern_c_blocks(const std::string& s) {
  std::vector<std::pair<size_t, size_t>> blocks;
  for (size_t p = s.find("extern"); p != std::string::npos; p = s.find("extern", p + 6)) {
    size_t q = s.find_first_not_of(" \t\r\n", p + 6);
    if (q == std::string::npos || s.compare(q, 3, "\"C\"") != 0) continue;
    size_t b = s.find_first_not_of(" \t\r\n", q + 3);
    if (b == std::string::npos || s[b] != '{') continue;
    int depth = 0;
    size_t e = b;
    for (; e < s.size(); ++e) {
      if (s[e] == '{') ++depth;
      if (s[e] == '}' && --depth == 0) break;
    }
    blocks.emplace_back(b, e);
  }
  return blocks;
}

// A __global__ function as the source spells it.
struct GlobalFunction {
  std::string name;
  size_t keyword = 0;        // where "__global__" is
  size_t open = 0;           // its parameter list's '('
  bool templated = false;    // "template" in the declaration before it
  bool extern_head = false;  // "extern" there ("extern \"C\" __global__ ...")
};

std::vector<GlobalFunction> global_functions(const std::string& s) {
  std::vector<GlobalFunction> out;
  for (size_t p = s.find("__global__"); p != std::string::npos; p = s.find("__global__", p + 10)) {
    // The declaration so far: back to the previous statement or block boundary.
    size_t start = s.find_last_of(";{}", p);
    start = start == std::string::npos ? 0 : start + 1;
    std::string head = s.substr(start, p - start);
    // The name is the identifier before the first '(' that does not open an attribute.
    for (size_t i = p + 10; i < s.size(); ++i) {
      if (s[i] != '(') continue;
      size_t e = i;
      while (e > 0 && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
      size_t b = e;
      while (b > 0 && is_ident(s[b - 1])) --b;
      std::string word = s.substr(b, e - b);
      if (word == "__launch_bounds__" || word == "__attribute__" || word == "__align__" ||
          word == "__declspec") {
        int depth = 0;  // skip the attribute's parentheses
        for (; i < s.size(); ++i) {
          if (s[i] == '(') ++depth;
          if (s[i] == ')' && --depth == 0) break;
        }
        continue;
      }
      if (!word.empty())
        out.push_back({word, p, i, head.find("template") != std::string::npos,
                       head.find("extern") != std::string::npos});
      break;
    }
  }
  return out;
}

// Words that, with qualifiers, spell an integer or floating-point type.
bool integer_word(const std::string& w) {
  static const char* const words[] = {"bool",     "char",      "short",    "int",      "long",
                                      "signed",   "unsigned",  "size_t",   "ssize_t",  "ptrdiff_t",
                                      "intptr_t", "uintptr_t", "int8_t",   "int16_t",  "int32_t",
                                      "int64_t",  "uint8_t",   "uint16_t", "uint32_t", "uint64_t",
                                      "wchar_t",  "char16_t",  "char32_t", "intmax_t", "uintmax_t"};
  return std::find(std::begin(words), std::end(words), w) != std::end(words);
}
bool qualifier_word(const std::string& w) {
  return w == "const" || w == "volatile" || w == "__restrict__" || w == "__restrict" ||
         w == "restrict" || w == "__grid_constant__" || w == "register" || w == "std";
}

ParamKind parameter_kind(const std::string& text) {
  int depth = 0;
  bool nested = false;  // a template's arguments, a function pointer's parentheses, a reference
  for (char c : text) {
    if (c == '(' || c == '<') ++depth;
    if (c == ')' || c == '>') --depth;
    if (depth == 0 && (c == '*' || c == '[')) return ParamKind::pointer;
    nested = nested || c == '(' || c == '<' || c == '&';
  }
  if (nested) return ParamKind::unknown;
  std::vector<std::string> words;
  for (size_t i = 0; i < text.size();) {
    if (!is_ident(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && is_ident(text[j])) ++j;
    std::string w = text.substr(i, j - i);
    if (!qualifier_word(w)) words.push_back(w);
    i = j;
  }
  auto is_type_word = [](const std::string& w) {
    return integer_word(w) || w == "float" || w == "double";
  };
  if (!words.empty() && !is_type_word(words.back())) words.pop_back();  // the parameter's name
  if (words.empty() || !std::all_of(words.begin(), words.end(), is_type_word))
    return ParamKind::unknown;
  bool floating = std::any_of(words.begin(), words.end(),
                              [](const std::string& w) { return w == "float" || w == "double"; });
  return floating ? ParamKind::floating : ParamKind::integer;
}

// The kinds of the parameters in the list that opens at `open`.
std::vector<ParamKind> parameter_kinds(const std::string& s, size_t open) {
  std::vector<std::string> params(1);
  int depth = 0;
  for (size_t i = open + 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '(' || c == '<' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == '>' || c == ']' || c == '}') {
      if (c == ')' && depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) {
      params.emplace_back();
      continue;
    }
    params.back() += c;
  }
  std::vector<ParamKind> kinds;
  for (std::string& p : params) {
    p = p.substr(0, p.find('='));  // a default argument
    size_t first = p.find_first_not_of(" \t\r\n"), last = p.find_last_not_of(" \t\r\n");
    std::string trimmed = first == std::string::npos ? "" : p.substr(first, last - first + 1);
    if (params.size() == 1 && (trimmed.empty() || trimmed == "void")) return {};
    kinds.push_back(parameter_kind(p));
  }
  return kinds;
}

}  // namespace

std::vector<std::string> extern_c_kernels(const std::string& source) {
  std::string s = without_comments(source);
  auto blocks = extern_c_blocks(s);
  std::vector<std::string> names;
  for (const GlobalFunction& f : global_functions(s)) {
    if (f.templated) continue;
    bool in_block = std::any_of(blocks.begin(), blocks.end(), [&f](auto b) {
      return f.keyword > b.first && f.keyword < b.second;
    });
    if (!in_block && !f.extern_head) continue;
    if (std::find(names.begin(), names.end(), f.name) == names.end()) names.push_back(f.name);
  }
  return names;
}

std::optional<std::vector<ParamKind>> kernel_param_kinds(const std::string& source,
                                                         const std::string& name) {
  std::string base = name.substr(0, name.find('<'));
  size_t colon = base.rfind("::");
  if (colon != std::string::npos) base = base.substr(colon + 2);
  while (!base.empty() && std::isspace(static_cast<unsigned char>(base.back()))) base.pop_back();
  std::string s = without_comments(source);
  std::optional<std::vector<ParamKind>> kinds;
  for (const GlobalFunction& f : global_functions(s)) {
    if (f.name != base) continue;
    std::vector<ParamKind> these = parameter_kinds(s, f.open);
    if (kinds && *kinds != these) return std::nullopt;  // overloads: cannot tell which
    kinds = std::move(these);
  }
  return kinds;
}

std::string numbered_source(const std::string& source) {
  // Lines end at '\n'; a final newline does not start another (empty) line.
  std::vector<std::string_view> lines;
  std::string_view rest = source;
  while (!rest.empty()) {
    size_t end = std::min(rest.find('\n'), rest.size());
    lines.push_back(rest.substr(0, end));
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  size_t width = std::max<size_t>(3, std::to_string(lines.size()).size());
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string label = std::to_string(i + 1);
    out += std::string(width - label.size(), ' ') + label + " | ";
    out += lines[i];
    out += '\n';
  }
  return out;
}

}  // namespace cupylike::jit
