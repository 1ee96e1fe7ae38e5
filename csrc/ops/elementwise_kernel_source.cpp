// ElementwiseKernel's text: parameter lists in CuPy's syntax, and the operation struct that
// kernels/cupylike/elementwise_user.cuh runs.
#include <cctype>
#include <sstream>

#include "core/error.hpp"
#include "ops/elementwise_kernel.hpp"
#include "ops/library.hpp"

namespace cupylike {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string piece;
  std::istringstream in(text);
  while (std::getline(in, piece, sep)) out.push_back(piece);
  if (!text.empty() && text.back() == sep) out.emplace_back();
  return out;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The C++ spelling of a parameter's type: its placeholder (a typedef) or the dtype's type.
std::string c_type(const EwkParam& p, DType type) {
  return p.placeholder ? std::string(1, p.placeholder) : std::string(kernel_type(type));
}

}  // namespace

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

std::vector<EwkParam> parse_ewk_params(const std::string& text, bool output) {
  std::vector<EwkParam> params;
  if (words(text).empty()) return params;
  for (const std::string& piece : split(text, ',')) {
    std::vector<std::string> w = words(piece);
    if (w.size() < 2) raise(ErrorKind::value, "Syntax error: '" + piece + "' is not a parameter");
    EwkParam p;
    p.name = w.back();
    p.output = output;
    p.is_const = !output;
    for (size_t k = 0; k + 2 < w.size(); ++k) {
      if (w[k] == "raw")
        p.raw = true;
      else if (w[k] == "_non_const")
        p.is_const = false;
      else
        raise(ErrorKind::value, "Unknown keyword \"" + w[k] + "\" in '" + piece + "'");
    }
    if (!is_identifier(p.name))
      raise(ErrorKind::value, "Invalid parameter name '" + p.name + "' in '" + piece + "'");
    const std::string& type = w[w.size() - 2];
    if (type.size() == 1) {
      if (!is_identifier(type))
        raise(ErrorKind::value, "Invalid type placeholder '" + type + "' in '" + piece + "'");
      p.placeholder = type[0];
    } else {
      p.dtype = dtype_from_string(type);
    }
    params.push_back(std::move(p));
  }
  return params;
}

std::string ewk_instantiation(const std::string& name, int nd, int rnd, bool contiguous) {
  return "cupylike::ew_user_kernel<cupylike_user::" + name + ", " + std::to_string(nd) + ", " +
         std::to_string(rnd) + ", " + (contiguous ? "true" : "false") + ">";
}

std::string ewk_source(const EwkDefinition& def, const std::vector<DType>& types,
                       const std::vector<char>& scalar) {
  const auto& P = def.params;
  std::string s = "#include <cupylike/elementwise_user.cuh>\n";
  std::string typedefs;  // in order of first use, so equal kernels have equal text
  for (size_t k = 0; k < P.size(); ++k) {
    if (!P[k].placeholder || typedefs.find(P[k].placeholder) != std::string::npos) continue;
    typedefs += P[k].placeholder;
    s += "typedef " + std::string(kernel_type(types[k])) + " " + P[k].placeholder + ";\n";
  }
  unsigned long long moving = 0;
  for (size_t k = 0; k < P.size(); ++k)
    if (!scalar[k] && !P[k].raw) moving |= 1ull << k;
  s += def.preamble + "\nnamespace cupylike_user {\nstruct " + def.name +
       " {\n  static const int nargs = " + std::to_string(P.size()) +
       ";\n  static const unsigned long long moving = " + std::to_string(moving) +
       "ull;\n  template <class K>\n  __device__ static void run(const K& _k) {\n";
  // Scalars by value and raw arrays, once per thread; then the loop binds each non-raw array's
  // element as a reference (const for inputs, as CuPy's `const T& x`).
  std::string elements;
  for (size_t k = 0; k < P.size(); ++k) {
    std::string t = c_type(P[k], types[k]), n = std::to_string(k);
    std::string ct = P[k].is_const ? "const " + t : t;
    if (scalar[k])
      s += "    " + ct + " " + P[k].name + " = _k.template scalar<" + t + ">(" + n + ");\n";
    else if (P[k].raw)
      s += "    const cupylike::RawArray<" + ct + ", K::raw_nd> " + P[k].name +
           " = _k.template raw<" + ct + ">(" + n + ");\n";
    else
      elements += "      " + ct + "& " + P[k].name + " = _e.template at<" + ct + ">(" + n + ");\n";
  }
  s += "    const cupylike::EwIndex<K::nd> _ind = _k.index(0);\n    (void)_ind;\n";
  s += "    " + def.loop_prep + ";\n";
  s += "    _k.loop([&](long long i, const cupylike::EwElement& _e) {\n";
  s += "      const cupylike::EwIndex<K::nd> _ind = _k.index(i);\n" + elements;
  s += "      (void)i;\n      (void)_ind;\n      do {\n" + def.operation +
       ";\n      } while (0);\n    });\n";
  s += "    " + def.after_loop + ";\n  }\n};\n}  // namespace cupylike_user\n";
  return s;
}

}  // namespace cupylike
