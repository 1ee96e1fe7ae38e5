#pragma once
/// Generating the CUDA C++ of elementwise operations (ufunc loops and ElementwiseKernels).
#include <string>
#include <vector>

#include "ops/library.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

/// The operation struct cupylike::ew_kernel runs: storage and compute types of each operand
/// (inputs, then outputs) and the body `op`, which reads in0.. and assigns out0...
std::string ew_op_struct(const std::string& name, const DType* types, int nin, int nout,
                         const std::string& op);

/// Every loop of a ufunc in one family (module), after the shared math helpers and `preamble`.
KernelFamily ufunc_family(const std::string& ufunc, const std::vector<UfuncLoop>& loops, int nin,
                          int nout, const std::string& preamble);

}  // namespace cupylike
