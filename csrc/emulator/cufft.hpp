#pragma once
// cuFFT on the emulated GPU, as its files share it: plans, the entry points and their checks
// (cufft.cpp), cuFFT's data layouts (cufft_layout.cpp) and the transforms themselves
// (cufft_execute.cpp). Written from NVIDIA's cuFFT documentation: a plan belongs to the device
// current when it is made; an execution is checked when it is called and returns cuFFT's
// status, then queued on the plan's stream, where it runs in stream order on the emulator's
// memory, in double precision through kissfft, with the work area as its scratch. An input,
// output or work area outside live device memory is a fault there: the sticky
// CUDA_ERROR_ILLEGAL_ADDRESS, naming the function and the argument.
#pragma GCC visibility push(default)
#include "cuda_api/cufft_abi.h"
#pragma GCC visibility pop

#include <complex>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "emulator/state.hpp"

namespace cupylike::emulator::fft {

using Complex = std::complex<double>;

/// One side (input or output) of a batch of transforms in cuFFT's advanced layout, in
/// elements of that side's type: element (b, x0, x1, x2) of a rank-3 batch lies at
/// b * dist + ((x0 * embed[1] + x1) * embed[2] + x2) * stride (fewer terms for lower ranks;
/// embed[0] is never used).
struct Side {
  int64_t stride = 1, dist = 1;
  int64_t embed[3] = {1, 1, 1};
};

/// What a plan computes, as cufftMakePlanMany64 gave it.
struct Shape {
  cufftType type = CUFFT_C2C;
  int rank = 1;
  int64_t n[3] = {1, 1, 1};  // logical lengths (the real side's, for real transforms)
  int64_t batch = 1;
  bool basic = true;  // inembed or onembed was null: cuFFT's basic layout, `in`/`out` unused
  Side in, out;
};

bool is_type(cufftType t);
bool real_to_complex(cufftType t);  // R2C, D2Z
bool complex_to_real(cufftType t);  // C2R, Z2D
bool double_precision(cufftType t);
/// Bytes of one input (output) element: a real or a complex number of the precision.
size_t input_item(cufftType t);
size_t output_item(cufftType t);

/// Each side's lengths along the transform's axes: the last one halved (n / 2 + 1) on the
/// complex side of a real transform.
void side_lengths(const Shape& shape, int64_t in_len[3], int64_t out_len[3]);

/// The layouts one execution reads and writes: the advanced layout as given, or the basic
/// one, whose real side of an in-place real transform has each last-axis row padded to
/// 2 * (n / 2 + 1) reals, as cuFFT's in-place layout requires.
void resolve(const Shape& shape, bool in_place, Side& in, Side& out);

/// Bytes from a side's pointer to the end of the last element its batch touches, or -1 when
/// that does not fit 63 bits.
int64_t reach(const Shape& shape, const Side& side, const int64_t* len, size_t item);

/// CUFFT_SUCCESS, or the status cuFFT documents for a plan of this shape: INVALID_SIZE for a
/// length or batch below 1 or extents beyond 63 bits, INVALID_VALUE for an advanced layout
/// with a stride or distance below 1 or an embedding below its length.
cufftResult check(const Shape& shape);

/// The scratch one transform needs, in complex doubles: its lengths, the last one halved for
/// real transforms (cufftMakePlanMany64's work size is this many times 16 bytes); -1 when it
/// does not fit 63 bits.
int64_t volume(const Shape& shape);

/// One execution as queued: everything it needs once its stream reaches it.
struct Execution {
  const char* name;  // the cufftExec function, for fault messages
  Shape shape;
  int direction;  // CUFFT_FORWARD or CUFFT_INVERSE
  CUdeviceptr in, out;
  CUdeviceptr work;                           // the caller's work area, or 0 ...
  std::shared_ptr<std::vector<Complex>> own;  // ... the plan's own scratch (auto-allocation)
  int device;
};

/// Runs `e` on the emulator's memory (stream order, the driver's lock held); "" or why a GPU
/// would have faulted.
std::string run(State& s, const Execution& e);

}  // namespace cupylike::emulator::fft
