#include "ops/ufunc.hpp"

#include <cupylike/params.h>

#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/half.hpp"
#include "ops/ufunc_source.hpp"

namespace cupylike {

namespace {

std::string dtype_repr(DType d) { return std::string("dtype('") + dtype_name(d) + "')"; }

char kind(DType d) { return dtype_info(d).kind; }

// A weak Python scalar may become a loop type of its kind or a higher one (int: any number).
bool weak_fits(WeakKind w, DType t) {
  char k = kind(t);
  switch (w) {
    case WeakKind::int_: return k != 'b';
    case WeakKind::float_: return k == 'f' || k == 'c';
    case WeakKind::complex_: return k == 'c';
    case WeakKind::none: return false;
  }
  return false;
}

}  // namespace

Ufunc::Ufunc(std::string name, int nin, int nout, std::vector<UfuncLoop> loops,
             std::string preamble)
    : name_(std::move(name)), nin_(nin), nout_(nout), loops_(std::move(loops)) {
  if (nin < 1 || nin > kUfuncMaxIn || nout < 1 || nout > kUfuncMaxOut || nin + nout > 4)
    raise(ErrorKind::value, "ufunc " + name_ + ": unsupported number of inputs or outputs");
  if (loops_.empty()) raise(ErrorKind::value, "ufunc " + name_ + " has no loops");
  family_ = ufunc_family(name_, loops_, nin_, nout_, preamble);
  kernels_.resize(loops_.size() * (1 + kMaxCudaDevices));
}

std::vector<std::string> Ufunc::type_strings() const {
  std::vector<std::string> out;
  for (const UfuncLoop& l : loops_) {
    std::string s;
    for (int k = 0; k < nin_; ++k) s += dtype_info(l.types[k]).char_code;
    s += "->";
    for (int k = 0; k < nout_; ++k) s += dtype_info(l.types[nin_ + k]).char_code;
    out.push_back(s);
  }
  return out;
}

int Ufunc::find_loop(const UfuncOperand* in, const UfuncOptions& opt) const {
  // NEP 50: a weak Python scalar takes the dtype the strong inputs promote to with it; with
  // no strong input, the default dtype of its kind.
  std::vector<DType> strong;
  for (int i = 0; i < nin_; ++i)
    if (in[i].weak == WeakKind::none) strong.push_back(in[i].dtype);
  DType eff[kUfuncMaxIn];
  for (int i = 0; i < nin_; ++i) {
    WeakKind w = in[i].weak;
    eff[i] = w == WeakKind::none ? in[i].dtype : result_type(strong, std::span(&w, 1));
  }
  Casting rule = opt.dtype ? opt.casting : Casting::safe;
  auto outputs_ok = [&](const UfuncLoop& l) {
    if (!opt.dtype) return true;
    for (int k = 0; k < nout_; ++k)
      if (l.types[nin_ + k] != *opt.dtype) return false;
    return true;
  };
  for (size_t j = 0; j < loops_.size(); ++j) {
    const UfuncLoop& l = loops_[j];
    bool ok = outputs_ok(l);
    for (int i = 0; ok && i < nin_; ++i) ok = can_cast(eff[i], l.types[i], rule);
    if (ok) return int(j);
  }
  // Loops whose types differ between inputs (ldexp's 'fi->f'): a weak scalar matches any
  // loop type of its kind or higher, as NumPy's legacy resolution lets it.
  for (size_t j = 0; j < loops_.size(); ++j) {
    const UfuncLoop& l = loops_[j];
    bool ok = outputs_ok(l);
    for (int i = 0; ok && i < nin_; ++i)
      ok = in[i].weak != WeakKind::none ? weak_fits(in[i].weak, l.types[i])
                                        : can_cast(in[i].dtype, l.types[i], rule);
    if (ok) return int(j);
  }
  if (opt.dtype)
    raise(ErrorKind::type, "No loop matching the specified signature and casting was found for "
                           "ufunc " + name_);
  std::string types;
  for (int i = 0; i < nin_; ++i) types += (i ? ", " : "") + dtype_repr(eff[i]);
  raise(ErrorKind::type, "ufunc '" + name_ + "' not supported for the input types (" + types +
                             "), and the inputs could not be safely coerced to any supported "
                             "types according to the casting rule ''safe''");
}

int Ufunc::select_loop(const UfuncOperand* in, const UfuncOptions& opt) const {
  uint64_t key = opt.dtype ? uint64_t(*opt.dtype) + 1 : 0;
  key = key << 3 | uint64_t(opt.casting);
  for (int i = 0; i < nin_; ++i) key = key << 6 | uint64_t(in[i].dtype) << 2 | uint64_t(in[i].weak);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = selected_.find(key);
    if (it != selected_.end()) return it->second;
  }
  int loop = find_loop(in, opt);
  std::lock_guard<std::mutex> lock(mutex_);
  selected_.emplace(key, loop);
  return loop;
}

std::shared_ptr<LoadedKernel> Ufunc::kernel(Device device, int loop) {
  size_t slot = (device.is_cpu() ? 0 : 1 + size_t(device.index)) * loops_.size() + size_t(loop);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (kernels_[slot]) return kernels_[slot];
  }
  auto k = library_kernel(device, family_, family_.instantiations[size_t(loop)]);
  std::lock_guard<std::mutex> lock(mutex_);
  kernels_[slot] = k;
  return k;
}

void scalar_bytes(const HostScalar& s, DType dtype, bool weak, unsigned char* out) {
  std::memset(out, 0, 16);
  auto put = [out](auto v) { std::memcpy(out, &v, sizeof v); };
  char k = kind(dtype);
  if (k == 'i' || k == 'u' || k == 'b') {
    if (s.kind == HostScalar::integer && k != 'b') {
      // NumPy 2: a Python int must fit the integer type it meets.
      int bits = 8 * itemsize(dtype);
      bool fits;
      if (s.huge) fits = false;
      else if (k == 'u') fits = s.big ? bits == 64 : s.i >= 0 && (bits == 64 || s.i < (1ll << bits));
      else fits = !s.big && (bits == 64 || (s.i >= -(1ll << (bits - 1)) && s.i < (1ll << (bits - 1))));
      if (weak && !fits)
        raise(ErrorKind::overflow, "Python integer " +
                                       (s.big ? std::to_string(s.u) : std::to_string(s.i)) +
                                       " out of bounds for " + dtype_name(dtype));
    }
    // Integers keep their low bytes (C's modular conversion); other kinds convert by value.
    long long v = s.kind == HostScalar::integer ? (s.big ? (long long)s.u : s.i)
                  : s.kind == HostScalar::boolean ? (long long)s.b
                                                  : (long long)s.re;
    if (k == 'b') {
      put(bool(s.kind == HostScalar::boolean ? s.b
               : s.kind == HostScalar::integer ? (s.big || s.huge || s.i != 0)
                                               : (s.re != 0 || s.im != 0)));
    } else {
      std::memcpy(out, &v, size_t(itemsize(dtype)));  // little-endian: the low bytes
    }
    return;
  }
  double re = s.kind == HostScalar::boolean ? double(s.b)
              : s.kind == HostScalar::integer && !s.huge
                  ? (s.big ? double(s.u) : double(s.i))
                  : s.re;
  double im = s.kind == HostScalar::complex ? s.im : 0.0;
  float re32 = float(re), im32 = float(im);
  switch (dtype) {
    case DType::float16: put(half_from_double(re)); break;
    case DType::float32: put(re32); break;
    case DType::float64: put(re); break;
    case DType::complex64:
      std::memcpy(out, &re32, 4);
      std::memcpy(out + 4, &im32, 4);
      break;
    default:
      std::memcpy(out, &re, 8);
      std::memcpy(out + 8, &im, 8);
  }
}

}  // namespace cupylike
