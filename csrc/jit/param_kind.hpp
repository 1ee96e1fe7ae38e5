#pragma once
/// What a kernel parameter takes, as far as a launch must know to check the value given for
/// it: the cpu device reads it from the compiled module (kernels/cpu_runtime_abi.h); a CUDA
/// driver tells only sizes, so there it is read from the kernel's source (jit/source_text.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

namespace cupylike {

enum class ParamKind : uint8_t {
  unknown,   ///< the source does not show it (a template parameter, a typedef): sizes only
  pointer,   ///< a device array, x.data, ctypes.c_void_p or None (a null pointer)
  integer,   ///< bool and the integer types: Python ints and bools, NumPy integers
  floating,  ///< float, double: Python numbers, NumPy floating-point scalars
  other,     ///< a class, union or vector type by value: NumPy scalars or 1-element arrays
};

/// "a pointer", "a 4-byte integer", ... for messages; `size` 0: not known.
inline std::string param_description(ParamKind kind, size_t size) {
  std::string what;
  switch (kind) {
    case ParamKind::pointer:
      return "a pointer";
    case ParamKind::integer:
      what = "integer";
      break;
    case ParamKind::floating:
      what = "floating-point number";
      break;
    case ParamKind::other:
      what = "value (a class, union or vector type)";
      break;
    case ParamKind::unknown:
      what = "value";
      break;
  }
  if (size == 0) return (what[0] == 'i' ? "an " : "a ") + what;
  return "a " + std::to_string(size) + "-byte " + what;
}

}  // namespace cupylike
