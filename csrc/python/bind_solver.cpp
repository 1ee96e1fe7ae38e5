// The SOLVER facade (libs/solver) for cupylike/linalg: LAPACK-style routines on described
// column-major matrices inside arrays, and the debug call log.
#include <pybind11/stl.h>

#include "core/error.hpp"
#include "core/layout.hpp"
#include "libs/solver.hpp"
#include "python/bindings.hpp"
#include "python/gil.hpp"

namespace cupylike::python {

namespace {

// The operand for an array argument (None: absent), which must live on `device`.
SolverOperand operand(py::handle obj, Device device) {
  SolverOperand op;
  if (obj.is_none()) return op;
  const ArrayPtr a = array_arg(obj, "linalg");
  if (a->device() != device) raise(ErrorKind::value, "linalg: operands on different devices");
  if (!a->writeable()) raise(ErrorKind::value, "linalg: an operand is read-only");
  const Extent e = byte_extent(a->shape(), a->strides(), a->itemsize());
  if (e.lo < 0) raise(ErrorKind::value, "linalg: an operand has negative strides");
  op.data = a->data();
  op.bytes = e.hi;
  op.dtype = a->dtype();
  op.present = true;
  return op;
}

std::vector<int32_t> run(const std::string& routine, const ArrayPtr& a, py::handle b, py::handle c,
                         py::handle v, int64_t m, int64_t n, int64_t nrhs, int64_t lda, int64_t ldb,
                         int64_t ldc, char job, char uplo, char trans, int64_t batch,
                         int64_t stride_a, int64_t stride_b, int64_t stride_c, int64_t stride_v) {
  const Device device = a->device();
  SolverCall call;
  call.routine = solver_routine(routine);
  call.dtype = a->dtype();
  call.m = m;
  call.n = n;
  call.nrhs = nrhs;
  call.lda = lda;
  call.ldb = ldb;
  call.ldc = ldc;
  call.job = job;
  call.uplo = uplo;
  call.trans = trans;
  call.batch = batch;
  call.stride_a = stride_a;
  call.stride_b = stride_b;
  call.stride_c = stride_c;
  call.stride_v = stride_v;
  SolverOperands ops{operand(py::cast(a), device), operand(b, device), operand(c, device),
                     operand(v, device)};
  const Stream& stream = *current_stream(device);
  std::vector<int32_t> infos;
  const int64_t work = std::max(m, n) * std::max(m, n) * batch * a->itemsize();
  unlocked_if_large(work, [&] { infos = run_solver(device, call, ops, stream); });
  return infos;
}

}  // namespace

void bind_solver(py::module_& m) {
  m.def("_solver", &run, py::arg("routine"), py::arg("a"), py::arg("b") = py::none(),
        py::arg("c") = py::none(), py::arg("v") = py::none(), py::kw_only(), py::arg("m"),
        py::arg("n"), py::arg("nrhs") = 0, py::arg("lda"), py::arg("ldb") = 1, py::arg("ldc") = 1,
        py::arg("job") = 'N', py::arg("uplo") = 'L', py::arg("trans") = 'N', py::arg("batch") = 1,
        py::arg("stride_a") = 0, py::arg("stride_b") = 0, py::arg("stride_c") = 0,
        py::arg("stride_v") = 0,
        "Runs a LAPACK-style routine (getrf, getrs, potrf, geqrf, orgqr, gesdd, syevd, geev) on "
        "column-major matrices described inside the arrays, on a's device; LAPACK's info per "
        "matrix.");
  m.def("_solver_log", &set_solver_log, py::arg("on"), py::arg("dry_run") = false,
        "Debug: record each solver call's description (and with dry_run skip running it).");
  m.def("_take_solver_log", &take_solver_log, "The recorded solver call descriptions, emptied.");
}

}  // namespace cupylike::python
