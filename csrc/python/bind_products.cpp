// The BLAS facade (libs/blas) for cupylike/_products.py: gemm on described matrices of
// arrays, the host library's path, and the debug call log.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "libs/blas.hpp"
#include "python/bindings.hpp"
#include "python/gil.hpp"

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

}  // namespace

void bind_products(py::module_& m) {
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
