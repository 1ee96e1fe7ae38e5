// ReductionKernel's text: the accumulator type and the operation struct that
// kernels/cupylike/reduction.cuh runs. For ReductionKernel('T x', 'T y', 'x * x', 'a + b',
// 'y = sqrt(a)', '0', 'l2norm') and float32 it reads
//
//   typedef float T;
//   <preamble>
//   namespace cupylike_rk_l2norm {  // the user's expressions, each on lines of its own
//   typedef float _type_reduce;
//   __device__ inline _type_reduce _identity() { return static_cast<_type_reduce>(0); }
//   __device__ inline _type_reduce _map(const T& x, long long _J) { ... x * x ... }
//   __device__ inline _type_reduce _reduce(const _type_reduce& a, const _type_reduce& b) {...}
//   __device__ inline void _post(const _type_reduce& a, long long _n, float& y) { y = sqrt(a); }
//   }
//   namespace cupylike_user {
//   struct l2norm { ... nin, A, SO, CO, identity, load, load_run, is_run, reduce, post ... };
//   }
//
// The expressions live in a namespace of their own, outside the struct, so that names in them
// (a preamble's `reduce`, say) never resolve to the struct's members. Without an identity the
// accumulator carries a flag "holds a value": the engine starts every lane from identity(),
// and no value of the user's type is neutral for an arbitrary reduce expression.
#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

#include "core/error.hpp"
#include "ops/library.hpp"
#include "ops/reduction_kernel.hpp"

namespace cupylike {

namespace {

// The dtype of a C type name CuPy's users write for reduce_type (CuPy pastes the text into the
// kernel, so "float" is float32 there, where NumPy's "float" is float64): kernel_type's own
// names, and the other spellings of those types.
std::optional<DType> dtype_of_c_type(const std::string& name) {
  static const auto* aliases = new std::map<std::string, DType>{
      {"char", DType::int8},
      {"unsigned", DType::uint32},
      {"long", DType::int64},
      {"ptrdiff_t", DType::int64},
      {"unsigned long", DType::uint64},
      {"size_t", DType::uint64},
      {"half", DType::float16},
      {"complex<float>", DType::complex64},
      {"thrust::complex<float>", DType::complex64},
      {"complex<double>", DType::complex128},
      {"thrust::complex<double>", DType::complex128},
  };
  for (int i = 0; i < kNumDTypes; ++i)
    if (name == kernel_type(DType(i))) return DType(i);
  if (auto it = aliases->find(name); it != aliases->end()) return it->second;
  return std::nullopt;
}

std::string collapse_spaces(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string w; in >> w;) out += (out.empty() ? "" : " ") + w;
  return out;
}

std::string c_type(const EwkParam& p, DType type) {
  return p.placeholder ? std::string(1, p.placeholder) : std::string(kernel_type(type));
}

// A user expression on lines of its own, so the compiler's log shows it as written.
std::string user_lines(const std::string& code) { return "\n" + code + "\n"; }

std::string expressions(const RkDefinition& def, const std::vector<DType>& types,
                        const RkAccumulator& acc) {
  const auto& P = def.params;
  const EwkParam& out = P[size_t(def.nin)];
  std::string s = "namespace cupylike_rk_" + def.name + " {\ntypedef " +
                  (acc.dtype ? compute_type(*acc.dtype) : acc.c_type) + " _type_reduce;\n";
  if (def.identity)
    s += "__device__ inline _type_reduce _identity() {\n  return static_cast<_type_reduce>(" +
         user_lines(*def.identity) + "  );\n}\n";
  s += "__device__ inline _type_reduce _map(";
  for (int k = 0; k < def.nin; ++k) {
    const EwkParam& p = P[size_t(k)];
    s += (p.is_const ? "const " : "") + c_type(p, types[size_t(k)]) + "& " + p.name + ", ";
  }
  s += "long long _J) {\n  (void)_J;\n  return static_cast<_type_reduce>(" +
       user_lines(def.map_expr) + "  );\n}\n";
  s += "__device__ inline _type_reduce _reduce(const _type_reduce& a, const _type_reduce& b) {\n"
       "  return static_cast<_type_reduce>(" +
       user_lines(def.reduce_expr) + "  );\n}\n";
  std::string post = def.post_map_expr;
  if (collapse_spaces(post).empty()) post = out.name + " = a";
  s += "__device__ inline void _post(const _type_reduce& a, long long _n, " +
       compute_type(types[size_t(def.nin)]) + "& " + out.name + ") {\n  (void)_n;" +
       user_lines(post) + "  ;\n}\n}  // namespace cupylike_rk_" + def.name + "\n";
  return s;
}

std::string op_struct(const RkDefinition& def, const std::vector<DType>& types,
                      const RkAccumulator& acc) {
  const auto& P = def.params;
  const std::string ns = "cupylike_rk_" + def.name + "::";
  const DType out = types[size_t(def.nin)];
  std::string s = "namespace cupylike_user {\nstruct " + def.name +
                  " {\n  static const int nin = " + std::to_string(def.nin) +
                  ";\n  static const bool ordered = false;\n"
                  "  static const bool arg_search = false;\n  typedef " +
                  ns + "_type_reduce R;\n";
  // The map's arguments: each input read at its offset, as element _e of a run or alone.
  std::string at, run, steps;
  for (int k = 0; k < def.nin; ++k) {
    const EwkParam& p = P[size_t(k)];
    std::string t = c_type(p, types[size_t(k)]), n = std::to_string(k);
    std::string ptr =
        p.is_const
            ? "reinterpret_cast<const " + t + "*>(_in[" + n + "] + _off[" + n + "])"
            : "reinterpret_cast<" + t + "*>(const_cast<char*>(_in[" + n + "]) + _off[" + n + "])";
    at += "*" + ptr + ", ";
    run += ptr + "[_e], ";
    steps += std::string(k ? " && " : "") + "_step[" + n + "] == sizeof(" + t + ")";
  }
  const std::string load_head =
      "  __device__ static inline A load(const char* const* _in, const long long* _off,\n"
      "                                  long long _J) {\n";
  const std::string run_head =
      "  __device__ static inline A load_run(const char* const* _in, const long long* _off,\n"
      "                                      long long _e, long long _J) {\n";
  if (def.identity) {
    s += "  typedef R A;\n"
         "  __device__ static inline A identity() { return " +
         ns + "_identity(); }\n" + load_head + "    return " + ns + "_map(" + at + "_J);\n  }\n" +
         run_head + "    return " + ns + "_map(" + run + "_J);\n  }\n" +
         "  __device__ static inline A reduce(const A& a, const A& b) { return " + ns +
         "_reduce(a, b); }\n";
  } else {
    s += "  struct A {\n    R v;\n    bool has;  // false: no element yet\n  };\n"
         "  __device__ static inline A value(const R& v) {\n"
         "    A r = A();\n    r.v = v;\n    r.has = true;\n    return r;\n  }\n"
         "  __device__ static inline A identity() { return A(); }\n" +
         load_head + "    return value(" + ns + "_map(" + at + "_J));\n  }\n" + run_head +
         "    return value(" + ns + "_map(" + run + "_J));\n  }\n" +
         "  __device__ static inline A reduce(const A& a, const A& b) {\n"
         "    return !a.has ? b : !b.has ? a : value(" +
         ns + "_reduce(a.v, b.v));\n  }\n";
  }
  s += "  typedef " + std::string(kernel_type(out)) + " SO;\n  typedef " + compute_type(out) +
       " CO;\n"
       "  __device__ static inline bool is_run(const long long* _step) {\n    return " +
       steps + ";\n  }\n";
  s += "  __device__ static inline void post(const A& a, long long _n, CO& out0) {\n    " + ns +
       (def.identity ? "_post(a, _n, out0);" : "_post(a.v, _n, out0);") + "\n  }\n};\n";
  s += "static_assert(sizeof(" + def.name + "::A) <= " + std::to_string(acc.size) +
       ", \"reduce_type: at most " + std::to_string(acc.size) +
       " bytes\");\n}  // namespace cupylike_user\n";
  return s;
}

}  // namespace

RkAccumulator rk_accumulator(const RkDefinition& def, const std::vector<DType>& types) {
  const auto& P = def.params;
  const std::string text = collapse_spaces(def.reduce_type);
  RkAccumulator acc;
  if (text.empty()) {
    acc.dtype = types[size_t(def.nin)];  // CuPy: the output parameter's type
  } else if (text.size() == 1) {
    for (size_t k = 0; k < P.size() && !acc.dtype; ++k)
      if (P[k].placeholder == text[0]) acc.dtype = types[k];
    if (!acc.dtype)
      raise(ErrorKind::value, "reduce_type '" + text + "' is not a type placeholder of " +
                                  def.name + "'s parameters");
  } else if (auto named = dtype_of_c_type(text)) {
    acc.dtype = named;
  } else {
    try {
      acc.dtype = dtype_from_string(text);
    } catch (const Error&) {
      acc.c_type = text;  // a type of the user's (a struct in the preamble)
    }
  }
  if (!acc.dtype) {
    acc.size = 64;
  } else {
    int bytes = std::max(4, itemsize(*acc.dtype));
    acc.size = def.identity ? bytes : 2 * bytes;  // the flag of an accumulator without identity
  }
  return acc;
}

std::string rk_instantiation(const std::string& name) {
  return "cupylike::red_kernel<cupylike_user::" + name + ">";
}

std::string rk_source(const RkDefinition& def, const std::vector<DType>& types) {
  const auto& P = def.params;
  const RkAccumulator acc = rk_accumulator(def, types);
  std::string s = "// ReductionKernel " + def.name +
                  "\n#include <cupylike/reduction.cuh>\n"
                  "#include <cupylike/elementwise_user.cuh>\n";
  std::string typedefs;  // in order of first use, so equal kernels have equal text
  for (size_t k = 0; k < P.size(); ++k) {
    if (!P[k].placeholder || typedefs.find(P[k].placeholder) != std::string::npos) continue;
    typedefs += P[k].placeholder;
    s += "typedef " + std::string(kernel_type(types[k])) + " " + P[k].placeholder + ";\n";
  }
  s += def.preamble + "\n";
  return s + expressions(def, types, acc) + op_struct(def, types, acc);
}

}  // namespace cupylike
