#pragma once
/// Dense LAPACK-style factorisations behind one description of the call, as libs/blas.hpp does
/// for products. The front-end (cupylike/linalg/_lapack.py) lays the matrices out column-major
/// and describes the call in a SolverCall; the cpu device runs it on the LAPACK of the host BLAS
/// library (scipy-openblas32, the library host_blas.cpp opens), a GPU on cuSOLVER (dlopen too).
/// Both get the same description, which the debug log records (dry runs record only).
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.hpp"
#include "runtime/device.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// The routines, by LAPACK's names for the real types (orgqr is ungqr and syevd heevd for
/// complex ones). Every routine overwrites A.
enum class SolverRoutine : uint8_t {
  getrf,  // A (m x n) = P L U; v: the pivots (int32, min(m, n))
  getrs,  // solve op(A) X = B with getrf's LU (n x n) and pivots v; b: B (n x nrhs), overwritten
  potrf,  // Cholesky factor of A (n x n) in its `uplo` triangle
  geqrf,  // A (m x n) = Q R: R above the diagonal, reflectors below; v: tau (dtype, min(m, n))
  orgqr,  // the first n columns of Q (m x n) from geqrf's nrhs (= k) reflectors; v: tau (k)
  gesdd,  // SVD of A (m x n, m >= n): v: S (real, n); b: U (m x n or m x m); c: VT (n x n)
  syevd,  // eigenvalues (v: real, n) and, for job 'V', eigenvectors in A of Hermitian A (n x n)
  geev,   // eigenvalues (v: complex, n) and, for job 'V', right eigenvectors (b: n x n, in A's
          // dtype: for real A, LAPACK's packing of complex pairs into two real columns)
};

/// One call on `batch` column-major matrices, as LAPACK and cuSOLVER take them. Leading
/// dimensions and batch strides count elements of their operand.
struct SolverCall {
  SolverRoutine routine = SolverRoutine::getrf;
  DType dtype = DType::float64;  // A's: float32, float64, complex64 or complex128
  int64_t m = 0, n = 0;          // A's rows and columns
  int64_t nrhs = 0;              // getrs: B's columns; orgqr: k, the reflectors
  int64_t lda = 1, ldb = 1, ldc = 1;
  char job = 'N';    // gesdd: jobz 'A', 'S' or 'N'; syevd: jobz 'V' or 'N'; geev: jobvr
  char uplo = 'L';   // potrf, syevd: the triangle read
  char trans = 'N';  // getrs: 'N', 'T' or 'C'
  int64_t batch = 1;
  int64_t stride_a = 0, stride_b = 0, stride_c = 0, stride_v = 0;
};

/// An array a call reads or writes: its data, the bytes from there on it may touch, its dtype.
struct SolverOperand {
  void* data = nullptr;
  int64_t bytes = 0;
  DType dtype = DType::float64;
  bool present = false;
};

struct SolverOperands {
  SolverOperand a, b, c, v;
};

/// The routine named by its real-type LAPACK name ("getrf", ..., "geev"); ValueError otherwise.
SolverRoutine solver_routine(const std::string& name);

/// The routine's name for the call's dtype, e.g. "dgesdd" or "zungqr".
std::string routine_name(const SolverCall& call);

/// The call in one line, e.g. "sgesdd job=S uplo=L trans=N m=4 n=3 nrhs=0 lda=4 ...".
std::string describe(const SolverCall& call);

/// Runs `call` on `device` after checking each operand's dtype and that every matrix and
/// vector it describes lies inside the operand's bytes (ValueError / TypeError otherwise).
/// Returns LAPACK's info per matrix (0: success; > 0: the routine's numerical failure).
std::vector<int32_t> run_solver(Device device, const SolverCall& call, const SolverOperands& ops,
                                const Stream& stream);

/// Debug log of described calls (off by default), and dry runs that only record (and
/// return info 0 for every matrix).
void set_solver_log(bool on, bool dry_run);
std::vector<std::string> take_solver_log();

}  // namespace cupylike
