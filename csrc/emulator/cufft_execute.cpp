// The transforms of the emulated GPU's cuFFT (cufft.hpp describes the whole stand-in): one
// execution run on the host when its stream reaches it. Every transform of the batch is
// gathered into the scratch as complex doubles, transformed one axis at a time along lines of
// the scratch (kissfft's mixed-radix butterflies, last axis first, as NumPy's n-d transforms
// go), and scattered to the output, rounded to float for single precision. A real forward
// transform turns its real rows into their non-negative frequencies first; a real inverse
// transform does the other axes on the half spectrum first, then each last-axis row from its
// Hermitian extension, keeping the real part. Every transform is read whole before any of its
// output is written, so in-place executions are exact whenever each transform's output covers
// its own input only, which is what cuFFT asks of in-place layouts.
#include <cstring>
#include <kissfft/kissfft.hh>
#include <map>
#include <type_traits>
#include <utility>

#include "emulator/cufft.hpp"

namespace cupylike::emulator::fft {

namespace {

// Device data is read and written element by element through memcpy: a GPU needs each element
// aligned to its own size only, which the host's complex types need not share.
template <class T>
Complex load(const char* base, int64_t index) {
  T v;
  std::memcpy(&v, base + index * int64_t(sizeof(T)), sizeof(T));
  if constexpr (std::is_floating_point_v<T>)
    return Complex(v, 0.0);
  else
    return Complex(v.real(), v.imag());
}

template <class T>
void store(char* base, int64_t index, Complex value) {
  T v;
  if constexpr (std::is_floating_point_v<T>)
    v = T(value.real());
  else
    v = T(typename T::value_type(value.real()), typename T::value_type(value.imag()));
  std::memcpy(base + index * int64_t(sizeof(T)), &v, sizeof(T));
}

// Unnormalised 1-d transforms of lines (forward: exp(-2 pi i jk / n)), with kissfft's tables
// made once per length and direction for the execution. Like cuFFT's, its butterflies multiply
// by roots such as 1 + 0i, so an infinity's other part turns NaN (inf * 0) where NumPy's
// pocketfft keeps a 0: the facade runs non-finite input on the host FFT (libs/fft_nonfinite).
class Lines {
 public:
  void transform(std::vector<Complex>& line, bool inverse) {
    const size_t n = line.size();
    if (n == 1) return;  // a length-1 transform is the identity
    result_.resize(n);
    auto& plan = plans_[{n, inverse}];
    if (!plan) plan = std::make_unique<kissfft<double>>(n, inverse);
    plan->transform(line.data(), result_.data());
    line.swap(result_);
  }

  std::vector<Complex>& line() { return line_; }

 private:
  std::map<std::pair<size_t, bool>, std::unique_ptr<kissfft<double>>> plans_;
  std::vector<Complex> result_, line_;
};

// Transforms every line along `axis` of the C-ordered scratch of lengths len[0..3).
void along(Complex* scratch, const int64_t* len, int axis, bool inverse, Lines& lines) {
  const int64_t n = len[axis];
  if (n == 1) return;
  int64_t inner = 1, outer = 1;
  for (int k = axis + 1; k < 3; ++k) inner *= len[k];
  for (int k = 0; k < axis; ++k) outer *= len[k];
  std::vector<Complex>& line = lines.line();
  line.resize(size_t(n));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      Complex* first = scratch + o * n * inner + i;
      for (int64_t t = 0; t < n; ++t) line[size_t(t)] = first[t * inner];
      lines.transform(line, inverse);
      for (int64_t t = 0; t < n; ++t) first[t * inner] = line[size_t(t)];
    }
}

// A side of the execution as three axes (leading ones of length 1 below rank 3): element
// (b, x0, x1, x2) at b * dist + x0 * step[0] + x1 * step[1] + x2 * step[2].
struct Grid {
  int64_t len[3] = {1, 1, 1}, step[3] = {0, 0, 0}, dist = 0;

  int64_t at(int64_t b, int64_t x0, int64_t x1, int64_t x2) const {
    return b * dist + x0 * step[0] + x1 * step[1] + x2 * step[2];
  }
};

Grid grid(const Shape& shape, const Side& side, const int64_t* len) {
  Grid g;
  const int pad = 3 - shape.rank;
  int64_t step = side.stride;
  for (int k = shape.rank - 1; k >= 0; --k) {
    g.len[pad + k] = len[k];
    g.step[pad + k] = step;
    step *= side.embed[k];
  }
  g.dist = side.dist;
  return g;
}

template <class In, class Out>
void transform_batch(const Execution& e, const Grid& gi, const Grid& go, const char* in, char* out,
                     Complex* scratch) {
  Lines lines;
  std::vector<Complex> row;
  const int first = 3 - e.shape.rank;  // the padded grid's first transformed axis
  const bool r2c = real_to_complex(e.shape.type), c2r = complex_to_real(e.shape.type);
  const bool inverse = e.direction == CUFFT_INVERSE;
  const int64_t* len = c2r ? gi.len : go.len;  // the complex side's: the scratch's
  const int64_t n = e.shape.n[e.shape.rank - 1], half = len[2];
  auto cell = [len](int64_t x0, int64_t x1, int64_t x2) {
    return (x0 * len[1] + x1) * len[2] + x2;
  };
  for (int64_t b = 0; b < e.shape.batch; ++b) {
    if (r2c) {
      row.resize(size_t(n));
      for (int64_t x0 = 0; x0 < len[0]; ++x0)
        for (int64_t x1 = 0; x1 < len[1]; ++x1) {
          for (int64_t t = 0; t < n; ++t) row[size_t(t)] = load<In>(in, gi.at(b, x0, x1, t));
          lines.transform(row, false);
          for (int64_t t = 0; t < half; ++t) scratch[cell(x0, x1, t)] = row[size_t(t)];
        }
    } else {
      for (int64_t x0 = 0; x0 < len[0]; ++x0)
        for (int64_t x1 = 0; x1 < len[1]; ++x1)
          for (int64_t x2 = 0; x2 < len[2]; ++x2)
            scratch[cell(x0, x1, x2)] = load<In>(in, gi.at(b, x0, x1, x2));
    }
    for (int k = r2c || c2r ? 1 : 2; k >= first; --k) along(scratch, len, k, inverse, lines);
    if (c2r) {
      row.resize(size_t(n));
      for (int64_t x0 = 0; x0 < len[0]; ++x0)
        for (int64_t x1 = 0; x1 < len[1]; ++x1) {
          for (int64_t t = 0; t < half; ++t) row[size_t(t)] = scratch[cell(x0, x1, t)];
          for (int64_t t = half; t < n; ++t) row[size_t(t)] = std::conj(row[size_t(n - t)]);
          lines.transform(row, true);
          for (int64_t t = 0; t < n; ++t) store<Out>(out, go.at(b, x0, x1, t), row[size_t(t)]);
        }
    } else {
      for (int64_t x0 = 0; x0 < len[0]; ++x0)
        for (int64_t x1 = 0; x1 < len[1]; ++x1)
          for (int64_t x2 = 0; x2 < len[2]; ++x2)
            store<Out>(out, go.at(b, x0, x1, x2), scratch[cell(x0, x1, x2)]);
    }
  }
}

// The emulator's address of an argument's `bytes`, or null with the fault (the first wins).
char* view(State& s, const Execution& e, const char* name, CUdeviceptr p, int64_t bytes,
           std::string& fault) {
  char* h = s.translate(p, size_t(bytes), e.device);
  if (!h && fault.empty())
    fault = std::string(e.name) + ": " + name + " (" + std::to_string(bytes) + " bytes at " +
            address_text(p) + ") is not inside one live allocation of device " +
            std::to_string(e.device);
  return h;
}

}  // namespace

std::string run(State& s, const Execution& e) {
  Side in_side, out_side;
  resolve(e.shape, e.in == e.out, in_side, out_side);
  int64_t in_len[3], out_len[3];
  side_lengths(e.shape, in_len, out_len);
  std::string fault;
  const char* in =
      view(s, e, "idata", e.in, reach(e.shape, in_side, in_len, input_item(e.shape.type)), fault);
  char* out = view(s, e, "odata", e.out,
                   reach(e.shape, out_side, out_len, output_item(e.shape.type)), fault);
  Complex* scratch = e.own ? e.own->data() : nullptr;
  if (e.work) {
    char* work = view(s, e, "workArea", e.work, volume(e.shape) * int64_t(sizeof(Complex)), fault);
    // A GPU's double2 loads need 16-byte alignment.
    if (work && e.work % 16 && fault.empty())
      fault = std::string(e.name) + ": workArea (" + address_text(e.work) +
              ") is not aligned to 16 bytes";
    scratch = reinterpret_cast<Complex*>(work);
  }
  if (!fault.empty()) return fault;
  const Grid gi = grid(e.shape, in_side, in_len), go = grid(e.shape, out_side, out_len);
  using C = std::complex<float>;
  using Z = std::complex<double>;
  switch (e.shape.type) {
    case CUFFT_C2C:
      transform_batch<C, C>(e, gi, go, in, out, scratch);
      break;
    case CUFFT_Z2Z:
      transform_batch<Z, Z>(e, gi, go, in, out, scratch);
      break;
    case CUFFT_R2C:
      transform_batch<float, C>(e, gi, go, in, out, scratch);
      break;
    case CUFFT_D2Z:
      transform_batch<double, Z>(e, gi, go, in, out, scratch);
      break;
    case CUFFT_C2R:
      transform_batch<C, float>(e, gi, go, in, out, scratch);
      break;
    case CUFFT_Z2D:
      transform_batch<Z, double>(e, gi, go, in, out, scratch);
      break;
  }
  return "";
}

}  // namespace cupylike::emulator::fft
