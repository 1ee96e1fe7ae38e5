#include "core/dtype.hpp"

#include <array>
#include <utility>

#include "core/error.hpp"

namespace cupylike {
namespace {

using enum DType;

constexpr DTypeInfo kInfo[kNumDTypes] = {
    {"bool", 'b', '?', 1, "bool"},
    {"int8", 'i', 'b', 1, "signed char"},
    {"int16", 'i', 'h', 2, "short"},
    {"int32", 'i', 'i', 4, "int"},
    {"int64", 'i', 'l', 8, "long long"},
    {"uint8", 'u', 'B', 1, "unsigned char"},
    {"uint16", 'u', 'H', 2, "unsigned short"},
    {"uint32", 'u', 'I', 4, "unsigned int"},
    {"uint64", 'u', 'L', 8, "unsigned long long"},
    {"float16", 'f', 'e', 2, "__half"},
    {"float32", 'f', 'f', 4, "float"},
    {"float64", 'f', 'd', 8, "double"},
    {"complex64", 'c', 'F', 8, "cupylike::complex<float>"},
    {"complex128", 'c', 'D', 16, "cupylike::complex<double>"},
};

// NumPy's safe-cast lattice: each edge is a direct safe cast. Every other safe cast is a path.
constexpr std::pair<DType, DType> kLattice[] = {
    {bool_, int8},      {bool_, uint8},       {int8, int16},         {int16, int32},
    {int32, int64},     {uint8, uint16},      {uint16, uint32},      {uint32, uint64},
    {uint8, int16},     {uint16, int32},      {uint32, int64},       {int8, float16},
    {uint8, float16},   {int16, float32},     {uint16, float32},     {int32, float64},
    {uint32, float64},  {int64, float64},     {uint64, float64},     {float16, float32},
    {float32, float64}, {float32, complex64}, {float64, complex128}, {complex64, complex128},
};

// When several dtypes bound a pair from above, NumPy picks the smallest of the lowest kind.
constexpr DType kPreference[kNumDTypes] = {
    bool_,  uint8, int8,    uint16,  int16,   uint32,    int32,
    uint64, int64, float16, float32, float64, complex64, complex128,
};

// NumPy's "same_kind" order of kinds: a cast may go up this order or stay.
int kind_rank(DType d) {
  switch (dtype_info(d).kind) {
    case 'b':
      return 0;
    case 'u':
      return 1;
    case 'i':
      return 2;
    case 'f':
      return 3;
    default:
      return 4;
  }
}

struct Tables {
  bool safe[kNumDTypes][kNumDTypes] = {};
  DType promote[kNumDTypes][kNumDTypes] = {};

  Tables() {
    for (int i = 0; i < kNumDTypes; ++i) safe[i][i] = true;
    for (auto [from, to] : kLattice) safe[int(from)][int(to)] = true;
    for (int k = 0; k < kNumDTypes; ++k)  // transitive closure (Warshall)
      for (int i = 0; i < kNumDTypes; ++i)
        for (int j = 0; j < kNumDTypes; ++j)
          if (safe[i][k] && safe[k][j]) safe[i][j] = true;
    for (int a = 0; a < kNumDTypes; ++a)
      for (int b = 0; b < kNumDTypes; ++b)
        for (DType c : kPreference)
          if (safe[a][int(c)] && safe[b][int(c)]) {
            promote[a][b] = c;
            break;
          }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

bool is_integral(DType d) { return kind_rank(d) <= 2; }

}  // namespace

const DTypeInfo& dtype_info(DType dtype) { return kInfo[int(dtype)]; }

DType dtype_from_kind(char kind, int size) {
  for (int i = 0; i < kNumDTypes; ++i)
    if (kInfo[i].kind == kind && kInfo[i].itemsize == size) return DType(i);
  raise(ErrorKind::type, std::string("cupylike does not support the dtype of kind '") + kind +
                             "' and itemsize " + std::to_string(size));
}

DType dtype_from_string(const std::string& spec) {
  for (int i = 0; i < kNumDTypes; ++i) {
    const DTypeInfo& info = kInfo[i];
    if (spec == info.name || (spec.size() == 1 && spec[0] == info.char_code)) return DType(i);
  }
  // Typestrings such as "f4", "<i8", "|b1", "c16", and the aliases NumPy accepts.
  std::string s = spec;
  if (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|')) s = s.substr(1);
  if (s == "q") return int64;
  if (s == "Q") return uint64;
  if (s.size() >= 2 && std::string("biufc").find(s[0]) != std::string::npos) {
    size_t used = 0;
    int size = 0;
    try {
      size = std::stoi(s.substr(1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == s.size() - 1) return dtype_from_kind(s[0], size);
  }
  raise(ErrorKind::type, "data type '" + spec + "' not understood by cupylike");
}

Casting casting_from_string(const std::string& name) {
  if (name == "no") return Casting::no;
  if (name == "equiv") return Casting::equiv;
  if (name == "safe") return Casting::safe;
  if (name == "same_kind") return Casting::same_kind;
  if (name == "unsafe") return Casting::unsafe;
  raise(ErrorKind::value,
        "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got '" + name +
            "')");
}

DType promote_types(DType a, DType b) { return tables().promote[int(a)][int(b)]; }

bool can_cast(DType from, DType to, Casting casting) {
  switch (casting) {
    case Casting::no:
    case Casting::equiv:
      return from == to;  // only native byte order exists here
    case Casting::safe:
      return tables().safe[int(from)][int(to)];
    case Casting::same_kind:
      return tables().safe[int(from)][int(to)] || kind_rank(from) <= kind_rank(to);
    case Casting::unsafe:
      return true;
  }
  return false;
}

DType result_type(std::span<const DType> strong, std::span<const WeakKind> weak) {
  WeakKind w = WeakKind::none;
  for (WeakKind k : weak) w = std::max(w, k);
  if (strong.empty()) {
    switch (w) {
      case WeakKind::int_:
        return int64;
      case WeakKind::float_:
        return float64;
      case WeakKind::complex_:
        return complex128;
      case WeakKind::none:
        raise(ErrorKind::value, "at least one array or dtype is required");
    }
  }
  DType s = strong[0];
  for (DType d : strong.subspan(1)) s = promote_types(s, d);
  // NEP 50: a weak scalar adopts the strong dtype unless its kind is higher, in which case the
  // result is the default dtype of its kind, at the precision of a float operand if there is one.
  switch (w) {
    case WeakKind::none:
      return s;
    case WeakKind::int_:
      return s == bool_ ? int64 : s;
    case WeakKind::float_:
      return is_integral(s) ? float64 : s;
    case WeakKind::complex_:
      if (is_integral(s) || s == float64) return complex128;
      if (s == float16 || s == float32) return complex64;
      return s;
  }
  return s;
}

const char* bytes_type(int itemsize) {
  switch (itemsize) {
    case 1:
      return "unsigned char";
    case 2:
      return "unsigned short";
    case 4:
      return "unsigned int";
    case 8:
      return "unsigned long long";
    default:
      return "cupylike::bytes16";
  }
}

}  // namespace cupylike
