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

bool is_integer(DType d) { return kind(d) == 'i' || kind(d) == 'u'; }

// Whether a Python int's value fits an integer dtype (NumPy 2 raises OverflowError for a weak
// one that does not).
bool int_fits(const HostScalar& s, DType dtype) {
  int bits = 8 * itemsize(dtype);
  if (s.huge) return false;
  if (kind(dtype) == 'u')
    return s.big ? bits == 64 : s.i >= 0 && (bits == 64 || s.i < (1ll << bits));
  return !s.big && (bits == 64 || (s.i >= -(1ll << (bits - 1)) && s.i < (1ll << (bits - 1))));
}

// A weak Python scalar may become a loop type of its kind or a higher one (int: any number).
bool weak_fits(WeakKind w, DType t) {
  char k = kind(t);
  switch (w) {
    case WeakKind::int_:
      return k != 'b';
    case WeakKind::float_:
      return k == 'f' || k == 'c';
    case WeakKind::complex_:
      return k == 'c';
    case WeakKind::none:
      return false;
  }
  return false;
}

}  // namespace

Ufunc::Ufunc(std::string name, int nin, int nout, std::vector<UfuncLoop> loops,
             std::string preamble, UfuncRules rules)
    : name_(std::move(name)),
      nin_(nin),
      nout_(nout),
      loops_(std::move(loops)),
      rules_(std::move(rules)),
      value_rules_(nin == 1 || rules_.weak_ints != WeakIntRule::none ||
                   rules_.negative_exponent_error),
      kernels_(loops_.size()) {
  if (nin < 1 || nin > kUfuncMaxIn || nout < 1 || nout > kUfuncMaxOut || nin + nout > 4)
    raise(ErrorKind::value, "ufunc " + name_ + ": unsupported number of inputs or outputs");
  if (loops_.empty()) raise(ErrorKind::value, "ufunc " + name_ + " has no loops");
  family_ = ufunc_family(name_, loops_, nin_, nout_, preamble);
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
  if (!rules_.bool_error.empty() && !opt.dtype) {  // NumPy's resolvers refuse bool here
    bool all_bool = true;
    for (int i = 0; i < nin_; ++i) all_bool = all_bool && in[i].dtype == DType::bool_;
    if (all_bool) raise(ErrorKind::type, rules_.bool_error);
  }
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
  // With dtype= NumPy first looks for a loop with that output whose inputs the operands cast
  // to safely (or by a stricter rule asked for).
  Casting rule = opt.dtype ? std::min(opt.casting, Casting::safe) : Casting::safe;
  auto outputs_ok = [&](const UfuncLoop& l) {
    if (!opt.dtype) return true;
    for (int k = 0; k < nout_; ++k)
      if (l.types[nin_ + k] != *opt.dtype) return false;
    return true;
  };
  if (rules_.legacy_scalars) {
    // NumPy's legacy resolver lets a Python int take the smallest type of its kind when an
    // array of that kind or a higher one is there; otherwise it is an int64.
    bool min_scalar = false;
    for (int i = 0; i < nin_; ++i)
      min_scalar = min_scalar || (in[i].weak == WeakKind::none && kind(in[i].dtype) != 'b');
    for (size_t j = 0; j < loops_.size(); ++j) {
      const UfuncLoop& l = loops_[j];
      bool ok = outputs_ok(l);
      for (int i = 0; ok && i < nin_; ++i)
        ok = in[i].weak == WeakKind::int_ && min_scalar ? weak_fits(in[i].weak, l.types[i])
                                                        : can_cast(in[i].dtype, l.types[i], rule);
      if (ok) return int(j);
    }
  }
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
  if (opt.dtype) {
    // Then it reads dtype= as every operand's type; call() checks the inputs' casts to it.
    for (size_t j = 0; j < loops_.size(); ++j) {
      bool ok = true;
      for (int k = 0; ok && k < nin_ + nout_; ++k) ok = loops_[j].types[size_t(k)] == *opt.dtype;
      if (ok) return int(j);
    }
    raise(ErrorKind::type,
          "No loop matching the specified signature and casting was found for "
          "ufunc " +
              name_);
  }
  std::string types;
  for (int i = 0; i < nin_; ++i) types += (i ? ", " : "") + dtype_repr(eff[i]);
  raise(ErrorKind::type, "ufunc '" + name_ + "' not supported for the input types (" + types +
                             "), and the inputs could not be safely coerced to any supported "
                             "types according to the casting rule ''safe''");
}

int Ufunc::select_loop(const UfuncOperand* in, const UfuncOptions& opt) const {
  int loop = cached_loop(in, opt);
  return value_rules_ ? apply_value_rules(loop, in, opt) : loop;
}

// NumPy's rules that depend on scalar values, after the dtype-keyed (cached) choice.
int Ufunc::apply_value_rules(int loop, const UfuncOperand* in, const UfuncOptions& opt) const {
  const UfuncLoop& l = loops_[size_t(loop)];
  if (rules_.negative_exponent_error && nin_ == 2 && !in[1].array && kind(l.types[1]) == 'i') {
    const HostScalar& e = in[1].scalar;
    // NumPy's loop raises this, so the errors found before it runs come first: a weak int out
    // of the loop's range (OverflowError, from scalar_bytes) and impossible casts (TypeError).
    bool runs = in[1].weak == WeakKind::none || int_fits(e, l.types[1]);
    for (int i = 0; runs && i < nin_; ++i)
      runs = in[i].weak != WeakKind::none || can_cast(in[i].dtype, l.types[i], opt.casting);
    for (int k = 0; runs && k < nout_; ++k)
      runs = !opt.out[size_t(k)] ||
             can_cast(l.types[nin_ + k], opt.out[size_t(k)]->dtype(), opt.casting);
    if (e.kind == HostScalar::integer && !e.big && !e.huge && e.i < 0 && runs)
      raise(ErrorKind::value, "Integers to negative integer powers are not allowed.");
  }
  // A lone Python int is converted as numpy.asarray converts it (2**63 is a uint64).
  if (nin_ == 1 && in[0].weak == WeakKind::int_ && is_integer(l.types[0]) &&
      !int_fits(in[0].scalar, l.types[0]))
    return loop_holding(0, in, loop, false);
  if (rules_.weak_ints == WeakIntRule::none) return loop;
  // NumPy's special comparison loops need an integer array, or Python ints alone.
  bool strong_int = false, all_weak = true;
  for (int i = 0; i < nin_; ++i) {
    strong_int = strong_int || (in[i].weak == WeakKind::none && is_integer(in[i].dtype));
    all_weak = all_weak && in[i].weak != WeakKind::none;
  }
  for (int i = 0; i < nin_; ++i) {
    if (in[i].weak != WeakKind::int_) continue;
    const HostScalar& s = in[i].scalar;
    if (rules_.weak_ints == WeakIntRule::int64 && (s.big || s.huge))
      raise(ErrorKind::overflow, "Python int too large to convert to C long");
    if (rules_.weak_ints == WeakIntRule::compare && !strong_int && !all_weak) continue;
    if (is_integer(l.types[i]) && !int_fits(s, l.types[i])) return loop_holding(i, in, loop);
  }
  return loop;
}

// The first loop (NumPy's order) whose type for input `w` holds that Python int exactly and to
// which the other inputs cast safely: 'hh->?' for uint8 < 300, 'lL->?' for int64 < 2**63.
// Ints beyond 64 bits go to the float64 loop (if `to_float`), where every int64/uint64 compares
// with them as with an infinity, except within 2**11 of the 64-bit range, which rounds onto
// its ends.
int Ufunc::loop_holding(int w, const UfuncOperand* in, int fallback, bool to_float) const {
  for (int pass = 0; pass < (to_float ? 2 : 1); ++pass) {
    for (size_t j = 0; j < loops_.size(); ++j) {
      const UfuncLoop& l = loops_[j];
      bool ok = pass == 0 ? is_integer(l.types[w]) && int_fits(in[w].scalar, l.types[w])
                          : l.types[w] == DType::float64;
      for (int i = 0; ok && i < nin_; ++i) {
        if (i == w) continue;
        if (in[i].weak == WeakKind::none)
          ok = can_cast(in[i].dtype, l.types[i], Casting::safe);
        else if (in[i].weak == WeakKind::int_ && is_integer(l.types[i]))
          ok = int_fits(in[i].scalar, l.types[i]);
        else
          ok = weak_fits(in[i].weak, l.types[i]);
      }
      if (ok) return int(j);
    }
  }
  return fallback;  // no loop holds it: the call raises NumPy's OverflowError
}

uint64_t Ufunc::loop_key(const DType* dtypes, const WeakKind* weak, const UfuncOptions& opt) const {
  // 8 bits per input (5 dtype, 2 weak kind), then dtype= and casting: fits 40 bits.
  uint64_t key = opt.dtype ? uint64_t(*opt.dtype) + 1 : 0;
  key = key << 3 | uint64_t(opt.casting);
  for (int i = 0; i < nin_; ++i)
    key = key << 8 | uint64_t(dtypes[i]) << 2 | uint64_t(weak ? weak[i] : WeakKind::none);
  return key;
}

int Ufunc::recent_loop(uint64_t key) const {
  for (const auto& slot : recent_) {
    uint64_t v = slot.load(std::memory_order_relaxed);
    if (v && (v >> 16) == key + 1) return int(v & 0xffff);
  }
  return -1;
}

int Ufunc::cached_loop(const UfuncOperand* in, const UfuncOptions& opt) const {
  DType dtypes[kUfuncMaxIn];
  WeakKind weak[kUfuncMaxIn];
  for (int i = 0; i < nin_; ++i) {
    dtypes[i] = in[i].dtype;
    weak[i] = in[i].weak;
  }
  const uint64_t key = loop_key(dtypes, weak, opt);
  int loop = recent_loop(key);
  if (loop >= 0) return loop;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = selected_.find(key);
    loop = it != selected_.end() ? it->second : -1;
  }
  if (loop < 0) {
    loop = find_loop(in, opt);
    std::lock_guard<std::mutex> lock(mutex_);
    selected_.emplace(key, loop);
  }
  int at = next_recent_.fetch_add(1, std::memory_order_relaxed) % kRecent;
  recent_[at].store((key + 1) << 16 | uint64_t(loop), std::memory_order_relaxed);
  return loop;
}

const LoadedKernel& Ufunc::loaded_kernel(Device device, int loop) {
  return kernels_.get(device, family_, size_t(loop));
}

void scalar_bytes(const HostScalar& s, DType dtype, bool weak, unsigned char* out) {
  std::memset(out, 0, 16);
  auto put = [out](auto v) { std::memcpy(out, &v, sizeof v); };
  char k = kind(dtype);
  if (k == 'i' || k == 'u' || k == 'b') {
    if (s.kind == HostScalar::integer && k != 'b') {
      // NumPy 2: a Python int must fit the integer type it meets.
      if (weak && !int_fits(s, dtype))
        raise(ErrorKind::overflow, "Python integer " +
                                       (s.big ? std::to_string(s.u) : std::to_string(s.i)) +
                                       " out of bounds for " + dtype_name(dtype));
    }
    // Integers keep their low bytes (C's modular conversion); other kinds convert by value.
    long long v = s.kind == HostScalar::integer   ? (s.big ? (long long)s.u : s.i)
                  : s.kind == HostScalar::boolean ? (long long)s.b
                                                  : (long long)s.re;
    if (k == 'b') {
      put(bool(s.kind == HostScalar::boolean   ? s.b
               : s.kind == HostScalar::integer ? (s.big || s.huge || s.i != 0)
                                               : (s.re != 0 || s.im != 0)));
    } else {
      std::memcpy(out, &v, size_t(itemsize(dtype)));  // little-endian: the low bytes
    }
    return;
  }
  double re = s.kind == HostScalar::boolean              ? double(s.b)
              : s.kind == HostScalar::integer && !s.huge ? (s.big ? double(s.u) : double(s.i))
                                                         : s.re;
  double im = s.kind == HostScalar::complex ? s.im : 0.0;
  float re32 = float(re), im32 = float(im);
  switch (dtype) {
    case DType::float16:
      put(half_from_double(re));
      break;
    case DType::float32:
      put(re32);
      break;
    case DType::float64:
      put(re);
      break;
    case DType::complex64:
      std::memcpy(out, &re32, 4);
      std::memcpy(out + 4, &im32, 4);
      break;
    default:
      std::memcpy(out, &re, 8);
      std::memcpy(out + 8, &im, 8);
  }
}

const char* power_shortcut(const UfuncOperand& base, const UfuncOperand& exponent, bool exact) {
  if (!exact || !base.array || (kind(base.dtype) != 'f' && kind(base.dtype) != 'c')) return nullptr;
  const HostScalar& e = exponent.scalar;
  if (exponent.weak == WeakKind::int_ && !e.big && !e.huge) {
    if (e.i == -1) return "reciprocal";
    if (e.i == 2) return "square";
  }
  if (exponent.weak == WeakKind::float_ && e.re == 0.5) return "sqrt";
  return nullptr;
}

}  // namespace cupylike
