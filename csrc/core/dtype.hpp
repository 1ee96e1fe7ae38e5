#pragma once
/// The fourteen numeric dtypes, their properties and NumPy 2 promotion and casting rules.
///
/// Promotion is data: a lattice of safe casts (kLattice in dtype.cpp) from which the promotion
/// and casting tables are derived once, so the tables can be printed and diffed against NumPy.
#include <cstdint>
#include <span>
#include <string>

namespace cupylike {

enum class DType : uint8_t {
  bool_,
  int8,
  int16,
  int32,
  int64,
  uint8,
  uint16,
  uint32,
  uint64,
  float16,
  float32,
  float64,
  complex64,
  complex128,
};
inline constexpr int kNumDTypes = 14;

struct DTypeInfo {
  const char* name;    // NumPy's name: "float32"
  char kind;           // NumPy's kind: 'b', 'i', 'u', 'f', 'c'
  char char_code;      // NumPy's type character: '?', 'b', 'h', ..., 'D'
  uint8_t itemsize;    // bytes
  const char* c_type;  // the element type kernels name it by (kernels/cupylike/types.cuh)
};

const DTypeInfo& dtype_info(DType dtype);
inline int itemsize(DType dtype) { return dtype_info(dtype).itemsize; }
inline const char* dtype_name(DType dtype) { return dtype_info(dtype).name; }

/// The element type kernels use for a dtype ("float", "__half", "cupylike::complex<double>"):
/// the library's one dtype -> C++ type table, which Python's kernels read through the bindings.
inline const char* kernel_type(DType dtype) { return dtype_info(dtype).c_type; }
/// The type kernels compute in: float for float16, as NumPy's loops do; any other dtype
/// computes as its kernel_type.
inline std::string compute_type(DType dtype) {
  return kernel_type(dtype == DType::float16 ? DType::float32 : dtype);
}

/// The type kernels move an element of `itemsize` bytes as, bits unchanged ("unsigned int";
/// "cupylike::bytes16" for 16 bytes): fills, gathers and scatters need no dtype.
const char* bytes_type(int itemsize);

/// The dtype with NumPy kind `kind` and `itemsize` bytes; TypeError if there is none.
DType dtype_from_kind(char kind, int itemsize);
/// A dtype from one of NumPy's names or type characters ("float32", "f4", "f", "d", "?", ...).
DType dtype_from_string(const std::string& spec);

/// The kinds of Python scalars, which NEP 50 treats as "weak": they adopt the array's dtype.
enum class WeakKind : uint8_t { none, int_, float_, complex_ };

enum class Casting : uint8_t { no, equiv, safe, same_kind, unsafe };
Casting casting_from_string(const std::string& name);

/// numpy.promote_types for two dtypes.
DType promote_types(DType a, DType b);
/// numpy.result_type of strong dtypes (arrays, dtypes, NumPy scalars) and weak Python scalars.
/// TypeError when both are empty.
DType result_type(std::span<const DType> strong, std::span<const WeakKind> weak);
/// numpy.can_cast(from, to, casting).
bool can_cast(DType from, DType to, Casting casting);

}  // namespace cupylike
