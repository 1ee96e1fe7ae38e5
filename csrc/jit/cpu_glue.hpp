#pragma once
/// The code appended to a kernel source compiled for the cpu device: the module's entry points
/// of kernels/cpu_runtime_abi.h, one set per kernel name or name expression (templates work:
/// the glue takes `&axpy<float>`).
#include <string>
#include <vector>

namespace cupylike::jit {

std::string cpu_glue(const std::vector<std::string>& kernels);

}  // namespace cupylike::jit
