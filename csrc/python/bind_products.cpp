// The BLAS facade (libs/blas, libs/blas_arrays) for cupylike/linalg/_products.py: gemm on
// described matrices of arrays, the in-place layout rule, the direct a @ b, the host library's
// path and the debug call log.
#include <pybind11/stl.h>

#include "libs/blas_arrays.hpp"
#include "python/bindings.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

void run(const GemmOperands& g) {
  unlocked_if_large(work_bytes(g.call), [&] { gemm(g); });
}

// Anything but two cupylike arrays, or what direct_matmul declines, is None: the general path.
py::object matmul_direct(py::handle a, py::handle b, bool one_term_blas) {
  const ArrayPtr* pa = fast_array(a.ptr());
  const ArrayPtr* pb = fast_array(b.ptr());
  const auto g = pa && pb ? direct_matmul(*pa, *pb, one_term_blas) : std::nullopt;
  if (!g) return py::none();
  run(*g);
  return py::cast(g->c);
}

}  // namespace

void bind_products(py::module_& m) {
  m.def(
      "_blas_view",
      [](int64_t rows, int64_t cols, int64_t s_r, int64_t s_c, int64_t isz) -> py::object {
        const auto v = blas_view(rows, cols, s_r, s_c, isz);
        return v ? py::make_tuple(v->trans, v->ld) : py::object(py::none());
      },
      py::arg("rows"), py::arg("cols"), py::arg("row_stride"), py::arg("col_stride"),
      py::arg("itemsize"),
      "(transposed, ld) of how BLAS reads a matrix of these byte strides in place, or None.");
  m.def("_matmul_direct", &matmul_direct, py::arg("a"), py::arg("b"),
        py::arg("one_term_blas") = false,
        "a @ b in one gemm for 1-d and 2-d cupylike arrays of one BLAS dtype read in place; "
        "None where cupylike/_products.py's general path is needed.");
  m.def(
      "_gemm",
      [](ArrayPtr a, ArrayPtr b, ArrayPtr c, bool trans_a, bool trans_b, int64_t m, int64_t n,
         int64_t k, int64_t lda, int64_t ldb, int64_t ldc, int64_t batch, int64_t stride_a,
         int64_t stride_b, int64_t stride_c) {
        const DType dtype = c->dtype();
        run({std::move(a), std::move(b), std::move(c),
             GemmCall{dtype, trans_a, trans_b, m, n, k, lda, ldb, ldc, batch, stride_a, stride_b,
                      stride_c}});
      },
      py::arg("a"), py::arg("b"), py::arg("c"), py::arg("trans_a"), py::arg("trans_b"),
      py::arg("m"), py::arg("n"), py::arg("k"), py::arg("lda"), py::arg("ldb"), py::arg("ldc"),
      py::arg("batch"), py::arg("stride_a"), py::arg("stride_b"), py::arg("stride_c"),
      "C = op(A) op(B) on column-major matrices described inside arrays a, b, c (BLAS's "
      "convention; alpha 1, beta 0), on c's device.");
  m.def("_set_host_blas_library", &set_host_blas_library, py::arg("path"),
        "The host BLAS (scipy-openblas32's library) the cpu device's gemm opens.");
  m.def("_blas_log", &set_blas_log, py::arg("on"), py::arg("dry_run") = false,
        "Debug: record each gemm's description (and with dry_run skip running it).");
  m.def("_take_blas_log", &take_blas_log, "The recorded gemm descriptions, emptied.");
}

}  // namespace cupylike::python
