#pragma once
// cuSOLVER on the emulated GPU, as its files share it: handles, the queue and the host LAPACK
// (cusolver.cpp), the legacy routines (cusolver_factor.cpp: LU, Cholesky, QR;
// cusolver_eigen.cpp: SVD, symmetric eigensolver) and the 64-bit API's Xgeev
// (cusolver_geev.cpp). Written from NVIDIA's cuSOLVER documentation: a routine checks its
// arguments when it is called and returns cuSOLVER's status, then queues its work on the
// handle's stream, where it runs in stream order on the emulator's memory through the host
// LAPACK and leaves LAPACK's info in devInfo (cuSOLVER's meaning: 0 success, -i the i-th
// argument after the handle, > 0 the routine's numerical failure). A matrix, vector, workspace
// or devInfo outside live device memory is a fault there: the sticky
// CUDA_ERROR_ILLEGAL_ADDRESS, naming the routine and the argument.
#pragma GCC visibility push(default)
#include "cuda_api/cusolver_abi.h"
#pragma GCC visibility pop

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "emulator/host_libraries.hpp"
#include "emulator/state.hpp"

struct cusolverDnContext {
  int device = 0;
  CUstream stream = nullptr;  // the legacy null stream until cusolverDnSetStream
};

// The options a parameters object can carry (cusolverDnSetAdvOptions) are not served: every
// routine here runs its default algorithm.
struct cusolverDnParams {};

namespace cupylike::emulator::solver {

/// The four types by index, in cuSOLVER's order of prefixes: 0 S, 1 D, 2 C, 3 Z. `item` is an
/// element's size, `real` its real part's (S's and W's elements).
struct Type {
  char prefix;  // cuSOLVER's
  char lapack;  // LAPACK's
  size_t item, real;
};
inline constexpr Type kTypes[4] = {
    {'S', 's', 4, 4}, {'D', 'd', 8, 8}, {'C', 'c', 8, 4}, {'Z', 'z', 16, 8}};

/// A routine's name for type `t`, e.g. "cusolverDnDgetrf".
inline std::string routine(int t, const char* name) {
  return std::string("cusolverDn") + kTypes[t].prefix + name;
}

/// cuSOLVER's triangles (cuBLAS's fill modes), and LAPACK's uplo for them.
inline bool valid_fill(cublasFillMode_t uplo) {
  return uplo == CUBLAS_FILL_MODE_LOWER || uplo == CUBLAS_FILL_MODE_UPPER;
}
inline char fill_char(cublasFillMode_t uplo) { return uplo == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L'; }

/// Whether `h` (`p`) was created and not destroyed. Call with the driver's lock held.
bool known(cusolverDnHandle_t h);
bool known(cusolverDnParams_t p);

/// The bytes a column-major rows x cols matrix with leading dimension ld spans.
inline uint64_t span(int64_t rows, int64_t cols, int64_t ld, size_t item) {
  if (rows <= 0 || cols <= 0) return 0;
  return (uint64_t(cols - 1) * uint64_t(ld) + uint64_t(rows)) * item;
}

/// A device range a routine reads or writes, by the name NVIDIA's prototype gives the argument.
struct Range {
  const char* name;
  const void* ptr;
  uint64_t bytes;  // 0: not touched (an empty matrix, a vector the job does not ask for)
};

/// The emulator's addresses of a routine's ranges, in their order (null for empty ones).
using Views = std::vector<char*>;

/// The computation on the host views; returns LAPACK's info.
using Compute = std::function<int(const Views&)>;

/// Queues `compute` on the handle's stream: when the stream reaches it, every range and the
/// info int are translated (the first outside live memory is the fault), and `compute`'s info
/// lands in the info int. EXECUTION_FAILED when another device is current than the handle's,
/// or the stream is not the handle's device's, as a GPU's launch would fail.
cusolverStatus_t launch(State& s, cusolverDnHandle_t h, std::string name, std::vector<Range> ranges,
                        const char* info_name, int* info, Compute compute);

/// Host LAPACK's routine `name` for type `t` (e.g. "dgetrf_"), or null without a host library.
/// `complex_name` names it for C and Z where LAPACK does (ungqr for orgqr, heevd for syevd).
template <class Fn>
Fn lapack(int t, const char* name, const char* complex_name = nullptr) {
  const char* base = t >= 2 && complex_name ? complex_name : name;
  return host_function<Fn>((std::string(1, kTypes[t].lapack) + base + "_").c_str());
}

/// LAPACK's answer to a workspace query (lwork = -1) of type `t`, left in `work[0]` (a real,
/// or a complex number's real part): rounded up, as a float32 answer can fall just short of a
/// large integer.
int query_answer(const void* work, int t);

/// Room for a workspace query's answer, of any type.
struct Probe {
  double slot[2] = {0, 0};
  void* data() { return slot; }
};

// Fortran passes everything by reference; CHARACTER arguments add a hidden length each, at the
// end (gfortran's convention, harmless for LAPACKs translated to C, which ignore them), as
// libs/host_lapack.cpp calls them.
using Len = size_t;

}  // namespace cupylike::emulator::solver
