#pragma once
/// Reading kernel source as text: numbering its lines for compiler messages, and finding the
/// kernels it defines with C linkage (what the host compiler must expose, and what the
/// emulated GPU can run, when no name expression names them).
#include <optional>
#include <string>
#include <vector>

#include "jit/param_kind.hpp"

namespace cupylike::jit {

/// `source` with each line prefixed by its number, right-aligned: "  1 | ...".
std::string numbered_source(const std::string& source);

/// The extern "C" __global__ functions a source defines; comments and strings are skipped.
std::vector<std::string> extern_c_kernels(const std::string& source);

/// The kinds of the parameters of the kernel `name` (an extern "C" name, or a name expression
/// such as "ns::f<float>", whose template the source declares) as the source spells them: a
/// '*' or '[]' makes a pointer, the built-in arithmetic types (and the <cstdint> names) an
/// integer or floating kind, anything else unknown. nullopt when no __global__ function of that
/// name is found, or its declarations disagree (overloads).
std::optional<std::vector<ParamKind>> kernel_param_kinds(const std::string& source,
                                                         const std::string& name);

}  // namespace cupylike::jit
