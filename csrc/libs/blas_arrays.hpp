#pragma once
/// The BLAS facade (libs/blas) on arrays: how BLAS reads an array's matrix in place (the rule
/// cupylike/_products.py's general path and the direct a @ b share), gemm on matrices described
/// inside arrays, and a @ b of 1-d and 2-d arrays in one gemm.
#include <cstdint>
#include <optional>

#include "array/ndarray.hpp"
#include "libs/blas.hpp"

namespace cupylike {

/// How BLAS reads a matrix in place: column-major at the data pointer it is the matrix
/// transposed (trans false) or itself (trans true), with leading dimension ld.
struct BlasView {
  bool trans = false;
  int64_t ld = 1;
};

/// How BLAS reads the rows x cols matrix of row-major byte strides (row_stride, col_stride) and
/// elements of `itemsize` bytes in place; nullopt when only a copy can be read.
std::optional<BlasView> blas_view(int64_t rows, int64_t cols, int64_t row_stride,
                                  int64_t col_stride, int64_t itemsize);

/// A gemm on matrices described inside arrays: C = op(A) op(B) into c, in c's dtype.
struct GemmOperands {
  ArrayPtr a, b, c;
  GemmCall call;
};

/// The bytes a gemm works through: the bindings run large ones without the GIL.
int64_t work_bytes(const GemmCall& call);

/// Runs `g` on c's device's current stream after checking that the operands share c's device
/// and dtype, that c is writeable and that every described matrix lies inside its array.
void gemm(const GemmOperands& g);

/// a @ b as one gemm into a new array of the result's final shape, for 1-d and 2-d arrays of
/// one BLAS dtype on one device that BLAS reads in place (a 1-d a is a row, a 1-d b a column);
/// nullopt for anything else (cupylike/_products.py's general path). `one_term_blas`: a sum of
/// one term goes to BLAS too (dot's rule; numpy.matmul computes it without BLAS).
std::optional<GemmOperands> direct_matmul(const ArrayPtr& a, const ArrayPtr& b, bool one_term_blas);

}  // namespace cupylike
