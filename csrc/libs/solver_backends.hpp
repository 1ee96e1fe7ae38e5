#pragma once
/// The two implementations behind libs/solver.hpp's run_solver, called after its checks, and
/// the dtype helpers they share with it.
#include "libs/solver.hpp"

namespace cupylike {

/// float32 for float32 and complex64, float64 for float64 and complex128.
inline DType solver_real(DType dtype) {
  return dtype == DType::float32 || dtype == DType::complex64 ? DType::float32 : DType::float64;
}
/// complex64 for float32 and complex64, complex128 for float64 and complex128.
inline DType solver_complex(DType dtype) {
  return solver_real(dtype) == DType::float32 ? DType::complex64 : DType::complex128;
}

/// The routine tables' index of a dtype, in LAPACK's prefix order: 0 S (float32), 1 D
/// (float64), 2 C (complex64), 3 Z (complex128).
inline int solver_type_index(DType dtype) {
  switch (dtype) {
    case DType::float32:
      return 0;
    case DType::float64:
      return 1;
    case DType::complex64:
      return 2;
    default:
      return 3;
  }
}

/// On the host LAPACK, one call per matrix of the batch; info per matrix.
std::vector<int32_t> host_solver(const SolverCall& call, const SolverOperands& ops);

/// On cuSOLVER, the batch's calls queued on `stream` of `device`; info per matrix, copied back
/// once the stream has run them.
std::vector<int32_t> cusolver_solver(Device device, const SolverCall& call,
                                     const SolverOperands& ops, const Stream& stream);

}  // namespace cupylike
