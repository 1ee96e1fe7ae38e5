// The BLAS facade (libs/blas) for cupylike/linalg/_products.py: gemm on described matrices of
// arrays, the host library's path, and the debug call log.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "libs/blas.hpp"
#include "python/bindings.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "runtime/cuda/driver.hpp"

namespace cupylike::python {

namespace {

// Bytes of `a` from its data pointer on, which the described matrices must stay inside.
int64_t bytes_from_data(const NDArray& a) {
  Extent e = byte_extent(a.shape(), a.strides(), a.itemsize());
  if (e.lo < 0) raise(ErrorKind::value, "gemm: an operand has negative strides");
  return e.hi;
}

void run_gemm(const ArrayPtr& a, const ArrayPtr& b, const ArrayPtr& c, bool trans_a, bool trans_b,
              int64_t m, int64_t n, int64_t k, int64_t lda, int64_t ldb, int64_t ldc, int64_t batch,
              int64_t stride_a, int64_t stride_b, int64_t stride_c) {
  const Device device = c->device();
  if (a->device() != device || b->device() != device)
    raise(ErrorKind::value, "gemm: operands on different devices");
  if (a->dtype() != c->dtype() || b->dtype() != c->dtype())
    raise(ErrorKind::type, "gemm: operands of different dtypes");
  if (!c->writeable()) raise(ErrorKind::value, "gemm: the output is read-only");
  GemmCall call;
  call.dtype = c->dtype();
  call.trans_a = trans_a;
  call.trans_b = trans_b;
  call.m = m;
  call.n = n;
  call.k = k;
  call.lda = lda;
  call.ldb = ldb;
  call.ldc = ldc;
  call.batch = batch;
  call.stride_a = stride_a;
  call.stride_b = stride_b;
  call.stride_c = stride_c;
  const Stream& stream = *current_stream(device);
  const int64_t work = m * n * std::max<int64_t>(k, 1) * batch * c->itemsize();
  unlocked_if_large(work, [&] {
    gemm(device, call, a->data(), bytes_from_data(*a), b->data(), bytes_from_data(*b), c->data(),
         bytes_from_data(*c), stream);
  });
}

bool is_blas_dtype(DType d) {
  return d == DType::float32 || d == DType::float64 || d == DType::complex64 ||
         d == DType::complex128;
}

// How BLAS reads the rows x cols matrix of row-major strides (s_r, s_c) bytes in place (for
// _matmul_direct, and cupylike/linalg/_products.py's general path through _blas_view): column-major
// at the data pointer it is the matrix transposed (trans false) or itself (trans true), with
// leading dimension ld; false when only a copy can be read.
bool blas_view(int64_t rows, int64_t cols, int64_t s_r, int64_t s_c, int64_t isz, bool& trans,
               int64_t& ld) {
  if ((cols == 1 || s_c == isz) && (rows == 1 || (s_r >= cols * isz && s_r % isz == 0))) {
    trans = false;
    ld = std::max<int64_t>(rows > 1 ? s_r / isz : cols, 1);
    return true;
  }
  if ((rows == 1 || s_r == isz) && (cols == 1 || (s_c >= rows * isz && s_c % isz == 0))) {
    trans = true;
    ld = std::max<int64_t>(cols > 1 ? s_c / isz : rows, 1);
    return true;
  }
  return false;
}

// a @ b for cupylike arrays of 1 or 2 dimensions and one BLAS dtype on one device that BLAS
// reads in place: one gemm into the result's final shape, without the Python front-end's
// per-call cost. None for anything else (cupylike/linalg/_products.py's general path takes it).
py::object matmul_direct(py::handle a_obj, py::handle b_obj, bool one_term_blas) {
  const ArrayPtr* pa = fast_array(a_obj.ptr());
  const ArrayPtr* pb = fast_array(b_obj.ptr());
  if (!pa || !pb) return py::none();
  const ArrayPtr &a = *pa, &b = *pb;
  const DType dtype = a->dtype();
  const int nda = a->ndim(), ndb = b->ndim();
  if (b->dtype() != dtype || !is_blas_dtype(dtype) || nda < 1 || nda > 2 || ndb < 1 || ndb > 2 ||
      a->device() != b->device() ||
      ((a->device().is_cpu() || cuda::emulated()) && !host_blas_library_known()))
    return py::none();
  const int64_t isz = a->itemsize();
  // a as an m x k matrix (a 1-d a is a row), b as k x n (a 1-d b is a column).
  const int64_t m = nda == 2 ? a->shape()[0] : 1, k = a->shape()[nda - 1];
  const int64_t kb = b->shape()[0], n = ndb == 2 ? b->shape()[1] : 1;
  // numpy.matmul sums one term without BLAS (see _products.py's _blas_matmul); dot does not.
  if (k != kb || k == 0 || (k == 1 && !one_term_blas) || m == 0 || n == 0) return py::none();
  bool ta = false, tb = false;
  int64_t lda = 1, ldb = 1;
  if (!blas_view(m, k, nda == 2 ? a->strides()[0] : 0, a->strides()[nda - 1], isz, ta, lda) ||
      !blas_view(k, n, b->strides()[0], ndb == 2 ? b->strides()[1] : 0, isz, tb, ldb))
    return py::none();
  DimVector shape;
  if (nda == 2) shape.push_back(m);
  if (ndb == 2) shape.push_back(n);
  ArrayPtr c = empty(a->device(), dtype, shape);
  // Row-major C = A B is column-major C^T = B^T A^T: B's matrix comes first.
  run_gemm(b, a, c, tb, ta, n, m, k, ldb, lda, n, 1, 0, 0, m * n);
  return py::cast(c);
}

}  // namespace

void bind_products(py::module_& m) {
  m.def(
      "_blas_view",
      [](int64_t rows, int64_t cols, int64_t s_r, int64_t s_c, int64_t isz) -> py::object {
        bool trans = false;
        int64_t ld = 1;
        if (!blas_view(rows, cols, s_r, s_c, isz, trans, ld)) return py::none();
        return py::make_tuple(trans, ld);
      },
      py::arg("rows"), py::arg("cols"), py::arg("row_stride"), py::arg("col_stride"),
      py::arg("itemsize"),
      "(transposed, ld) of how BLAS reads a matrix of these byte strides in place, or None.");
  m.def("_matmul_direct", &matmul_direct, py::arg("a"), py::arg("b"),
        py::arg("one_term_blas") = false,
        "a @ b in one gemm for 1-d and 2-d cupylike arrays of one BLAS dtype read in place; "
        "None where cupylike/linalg/_products.py's general path is needed.");
  m.def("_gemm", &run_gemm, py::arg("a"), py::arg("b"), py::arg("c"), py::arg("trans_a"),
        py::arg("trans_b"), py::arg("m"), py::arg("n"), py::arg("k"), py::arg("lda"),
        py::arg("ldb"), py::arg("ldc"), py::arg("batch"), py::arg("stride_a"), py::arg("stride_b"),
        py::arg("stride_c"),
        "C = op(A) op(B) on column-major matrices described inside arrays a, b, c (BLAS's "
        "convention; alpha 1, beta 0), on c's device.");
  m.def("_set_host_blas_library", &set_host_blas_library, py::arg("path"),
        "The host BLAS (scipy-openblas32's library) the cpu device's gemm opens.");
  m.def("_blas_log", &set_blas_log, py::arg("on"), py::arg("dry_run") = false,
        "Debug: record each gemm's description (and with dry_run skip running it).");
  m.def("_take_blas_log", &take_blas_log, "The recorded gemm descriptions, emptied.");
}

}  // namespace cupylike::python
