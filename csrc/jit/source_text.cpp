#include "jit/source_text.hpp"

#include <algorithm>
#include <cctype>
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

}  // namespace

std::vector<std::string> extern_c_kernels(const std::string& source) {
  std::string s = without_comments(source);
  auto blocks = extern_c_blocks(s);
  std::vector<std::string> names;
  for (size_t p = s.find("__global__"); p != std::string::npos; p = s.find("__global__", p + 10)) {
    // The declaration so far: back to the previous statement or block boundary.
    size_t start = s.find_last_of(";{}", p);
    start = start == std::string::npos ? 0 : start + 1;
    std::string head = s.substr(start, p - start);
    if (head.find("template") != std::string::npos) continue;
    bool in_block = std::any_of(blocks.begin(), blocks.end(),
                                [p](auto b) { return p > b.first && p < b.second; });
    if (!in_block && head.find("extern") == std::string::npos) continue;
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
      if (!word.empty() && std::find(names.begin(), names.end(), word) == names.end())
        names.push_back(word);
      break;
    }
  }
  return names;
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
