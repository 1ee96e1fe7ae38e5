#include "libs/blas_arrays.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike {

namespace {

// Bytes of `a` from its data pointer on, which the described matrices must stay inside.
int64_t bytes_from_data(const NDArray& a) {
  Extent e = byte_extent(a.shape(), a.strides(), a.itemsize());
  if (e.lo < 0) raise(ErrorKind::value, "gemm: an operand has negative strides");
  return e.hi;
}

}  // namespace

std::optional<BlasView> blas_view(int64_t rows, int64_t cols, int64_t s_r, int64_t s_c,
                                  int64_t isz) {
  if ((cols == 1 || s_c == isz) && (rows == 1 || (s_r >= cols * isz && s_r % isz == 0)))
    return BlasView{false, std::max<int64_t>(rows > 1 ? s_r / isz : cols, 1)};
  if ((rows == 1 || s_r == isz) && (cols == 1 || (s_c >= rows * isz && s_c % isz == 0)))
    return BlasView{true, std::max<int64_t>(cols > 1 ? s_c / isz : rows, 1)};
  return std::nullopt;
}

int64_t work_bytes(const GemmCall& c) {
  return c.m * c.n * std::max<int64_t>(c.k, 1) * c.batch * itemsize(c.dtype);
}

void gemm(const GemmOperands& g) {
  const NDArray &a = *g.a, &b = *g.b, &c = *g.c;
  const Device device = c.device();
  if (a.device() != device || b.device() != device)
    raise(ErrorKind::value, "gemm: operands on different devices");
  if (a.dtype() != c.dtype() || b.dtype() != c.dtype())
    raise(ErrorKind::type, "gemm: operands of different dtypes");
  if (!c.writeable()) raise(ErrorKind::value, "gemm: the output is read-only");
  GemmCall call = g.call;
  call.dtype = c.dtype();
  gemm(device, call, a.data(), bytes_from_data(a), b.data(), bytes_from_data(b), c.data(),
       bytes_from_data(c), *current_stream(device));
}

std::optional<GemmOperands> direct_matmul(const ArrayPtr& a, const ArrayPtr& b,
                                          bool one_term_blas) {
  const DType dtype = a->dtype();
  const int nda = a->ndim(), ndb = b->ndim();
  if (b->dtype() != dtype || !blas_dtype(dtype) || nda < 1 || nda > 2 || ndb < 1 || ndb > 2 ||
      a->device() != b->device() ||
      ((a->device().is_cpu() || cuda::emulated()) && !host_blas_library_known()))
    return std::nullopt;
  const int64_t isz = a->itemsize();
  // a as an m x k matrix (a 1-d a is a row), b as k x n (a 1-d b is a column).
  const int64_t m = nda == 2 ? a->shape()[0] : 1, k = a->shape()[nda - 1];
  const int64_t kb = b->shape()[0], n = ndb == 2 ? b->shape()[1] : 1;
  if (k != kb || k == 0 || (k == 1 && !one_term_blas) || m == 0 || n == 0) return std::nullopt;
  const auto va = blas_view(m, k, nda == 2 ? a->strides()[0] : 0, a->strides()[nda - 1], isz);
  const auto vb = blas_view(k, n, b->strides()[0], ndb == 2 ? b->strides()[1] : 0, isz);
  if (!va || !vb) return std::nullopt;
  DimVector shape;
  if (nda == 2) shape.push_back(m);
  if (ndb == 2) shape.push_back(n);
  // Row-major C = A B is column-major C^T = B^T A^T: B's matrix comes first.
  GemmCall call;
  call.dtype = dtype;
  call.trans_a = vb->trans;
  call.trans_b = va->trans;
  call.m = n;
  call.n = m;
  call.k = k;
  call.lda = vb->ld;
  call.ldb = va->ld;
  call.ldc = n;
  call.stride_c = m * n;
  return GemmOperands{b, a, empty(a->device(), dtype, shape), call};
}

}  // namespace cupylike
