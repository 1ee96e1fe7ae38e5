// cuFFT's data layouts on the emulated GPU (cufft.hpp describes the whole stand-in): the
// transform types, each side's lengths, the basic and advanced layouts, how far a batch
// reaches, and the checks cufftMakePlanMany64 makes of them.
#include <utility>

#include "emulator/cufft.hpp"

namespace cupylike::emulator::fft {

namespace {

bool mul(int64_t a, int64_t b, int64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
bool add(int64_t a, int64_t b, int64_t& out) { return !__builtin_add_overflow(a, b, &out); }

// A side's layout as cuFFT's basic layout has it: contiguous rows of `len`, the last one
// `last_embed` long.
Side contiguous(int rank, const int64_t* len, int64_t last_embed) {
  Side side;
  side.dist = 1;
  for (int k = 0; k < rank; ++k) {
    side.embed[k] = k == rank - 1 ? last_embed : len[k];
    side.dist *= side.embed[k];
  }
  return side;
}

}  // namespace

bool is_type(cufftType t) {
  switch (t) {
    case CUFFT_C2C:
    case CUFFT_Z2Z:
    case CUFFT_R2C:
    case CUFFT_D2Z:
    case CUFFT_C2R:
    case CUFFT_Z2D:
      return true;
  }
  return false;
}

bool real_to_complex(cufftType t) { return t == CUFFT_R2C || t == CUFFT_D2Z; }

bool complex_to_real(cufftType t) { return t == CUFFT_C2R || t == CUFFT_Z2D; }

bool double_precision(cufftType t) { return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D; }

size_t input_item(cufftType t) {
  return (double_precision(t) ? 8 : 4) * (real_to_complex(t) ? 1 : 2);
}

size_t output_item(cufftType t) {
  return (double_precision(t) ? 8 : 4) * (complex_to_real(t) ? 1 : 2);
}

void side_lengths(const Shape& shape, int64_t in_len[3], int64_t out_len[3]) {
  for (int k = 0; k < shape.rank; ++k) in_len[k] = out_len[k] = shape.n[k];
  const int last = shape.rank - 1;
  if (real_to_complex(shape.type)) out_len[last] = shape.n[last] / 2 + 1;
  if (complex_to_real(shape.type)) in_len[last] = shape.n[last] / 2 + 1;
}

void resolve(const Shape& shape, bool in_place, Side& in, Side& out) {
  if (!shape.basic) {
    in = shape.in;
    out = shape.out;
    return;
  }
  int64_t in_len[3], out_len[3];
  side_lengths(shape, in_len, out_len);
  const int last = shape.rank - 1;
  // In place, a real row shares its bytes with n / 2 + 1 complex numbers.
  const int64_t padded = 2 * (shape.n[last] / 2 + 1);
  const bool pad_in = in_place && real_to_complex(shape.type);
  const bool pad_out = in_place && complex_to_real(shape.type);
  in = contiguous(shape.rank, in_len, pad_in ? padded : in_len[last]);
  out = contiguous(shape.rank, out_len, pad_out ? padded : out_len[last]);
}

int64_t reach(const Shape& shape, const Side& side, const int64_t* len, size_t item) {
  int64_t step = side.stride, last = 0;
  for (int k = shape.rank - 1; k >= 0; --k) {
    int64_t term = 0;
    if (!mul(len[k] - 1, step, term) || !add(last, term, last)) return -1;
    if (k > 0 && !mul(step, side.embed[k], step)) return -1;
  }
  int64_t span = 0;
  if (!mul(shape.batch - 1, side.dist, span) || !add(span, last, span) || !add(span, 1, span) ||
      !mul(span, int64_t(item), span))
    return -1;
  return span;
}

int64_t volume(const Shape& shape) {
  int64_t in_len[3], out_len[3];
  side_lengths(shape, in_len, out_len);
  const int64_t* len = complex_to_real(shape.type) ? in_len : out_len;
  int64_t v = 1;
  for (int k = 0; k < shape.rank; ++k)
    if (!mul(v, len[k], v)) return -1;
  return v;
}

cufftResult check(const Shape& shape) {
  if (shape.batch < 1) return CUFFT_INVALID_SIZE;
  for (int k = 0; k < shape.rank; ++k)
    if (shape.n[k] < 1) return CUFFT_INVALID_SIZE;
  int64_t in_len[3], out_len[3];
  side_lengths(shape, in_len, out_len);
  if (!shape.basic) {
    for (const auto& [side, len] : {std::pair{&shape.in, in_len}, std::pair{&shape.out, out_len}}) {
      if (side->stride < 1 || side->dist < 1) return CUFFT_INVALID_VALUE;
      for (int k = 1; k < shape.rank; ++k)
        if (side->embed[k] < len[k]) return CUFFT_INVALID_VALUE;
    }
  }
  // Every offset an execution computes must fit: the scratch in bytes, and each side's reach
  // (in place and out of place, for the basic layout).
  int64_t bytes = 0;
  if (volume(shape) < 0 || !mul(volume(shape), int64_t(sizeof(Complex)), bytes))
    return CUFFT_INVALID_SIZE;
  for (bool in_place : {false, true}) {
    Side in, out;
    resolve(shape, in_place, in, out);
    if (reach(shape, in, in_len, input_item(shape.type)) < 0 ||
        reach(shape, out, out_len, output_item(shape.type)) < 0)
      return CUFFT_INVALID_SIZE;
  }
  return CUFFT_SUCCESS;
}

}  // namespace cupylike::emulator::fft
