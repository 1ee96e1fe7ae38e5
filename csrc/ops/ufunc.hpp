#pragma once
/// Universal functions: a name, type loops ('ff->f') and one CUDA C++ operation per loop,
/// compiled into one kernel family per ufunc, with NumPy 2's loop selection (weak Python
/// scalars), broadcasting, `out=`, `where=`, `dtype=` and `casting=`.
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "array/ndarray.hpp"
#include "core/dtype.hpp"
#include "ops/library.hpp"

namespace cupylike {

inline constexpr int kUfuncMaxIn = 3, kUfuncMaxOut = 2;

struct UfuncLoop {
  std::array<DType, kUfuncMaxIn + kUfuncMaxOut> types{};  // inputs, then outputs
  std::string op;  // CUDA C++ reading in0.. and assigning out0..
};

/// A scalar operand as the host holds it, converted to a loop's type when the call runs.
struct HostScalar {
  enum Kind : uint8_t { boolean, integer, floating, complex } kind = integer;
  bool b = false;
  long long i = 0;           // integer that fits int64
  unsigned long long u = 0;  // integer that fits uint64 but not int64
  bool big = false;          // integer in u (true) or in i (false) — or, with `huge`, neither
  bool huge = false;         // integer beyond 64 bits: only `re` holds it
  double re = 0, im = 0;     // floating and complex values; every integer also as a double
};

struct UfuncOperand {
  ArrayPtr array;                  // null for a scalar
  DType dtype = DType::bool_;      // the array's, or a NumPy scalar's
  WeakKind weak = WeakKind::none;  // a Python int, float or complex: NEP 50's weak scalar
  HostScalar scalar;
};

struct UfuncOptions {
  std::optional<DType> dtype;  // dtype=: the loop's output type
  Casting casting = Casting::same_kind;
  std::array<ArrayPtr, kUfuncMaxOut> out{};  // given outputs (null: allocate)
  ArrayPtr where;                            // bool mask, or null for everywhere
  bool where_false = false;                  // where=False: write nothing
};

/// NumPy's check of a where= mask (a safe cast to bool): TypeError for any other dtype.
void check_where_mask(const NDArray& where);

/// What a Python int out of the range of the integer loop chosen for it does. NumPy 2 raises
/// OverflowError, except in a few ufuncs whose resolvers see the value.
enum class WeakIntRule : uint8_t {
  none,
  compare,  ///< comparisons with an integer array: by value (uint8 < 300 is True)
  value,    ///< true_divide: integers divide as float64, any Python int goes
  int64,    ///< logical ufuncs: ints beyond int64 raise OverflowError, the others go
};

/// NumPy's rules on top of loop selection for a few ufuncs (its type resolvers and special
/// loops), set from the table's entries (cupylike/_core/_ufunc_defs/common.py).
struct UfuncRules {
  std::string bool_error;  ///< TypeError message when every input is bool (subtract, negative)
  /// A Python int that the rule lets go moves to the first loop that holds its value.
  WeakIntRule weak_ints = WeakIntRule::none;
  /// ldexp: NumPy's legacy resolution of mixed loops, where a Python int next to a non-bool
  /// array matches any numeric loop type and a Python float is float64 ('ei->e' for
  /// ldexp(3, int16_array)).
  bool legacy_scalars = false;
  /// power: an integer loop with a negative scalar exponent raises ValueError.
  bool negative_exponent_error = false;
  /// true_divide: the integer loops ('ii->d') stand for NumPy's float64 loop, which its type
  /// resolver picks for integer inputs: casting= judges the inputs' casts to float64.
  bool ints_as_float64 = false;
};

class Ufunc {
 public:
  Ufunc(std::string name, int nin, int nout, std::vector<UfuncLoop> loops, std::string preamble,
        UfuncRules rules = {});

  const std::string& name() const { return name_; }
  int nin() const { return nin_; }
  int nout() const { return nout_; }
  const std::vector<UfuncLoop>& loops() const { return loops_; }
  /// NumPy's notation for each loop: "ff->f".
  std::vector<std::string> type_strings() const;
  /// The generated kernel family (a module per loop and device, compiled on first use).
  const KernelFamily& family() const { return family_; }
  /// Loads the kernels of `loops` on `device`, compiling those the cache lacks side by side.
  void compile_loops(Device device, const std::vector<size_t>& loops) {
    kernels_.prepare(device, family_, loops);
  }
  const std::string& kernel_name(int loop) const { return family_.instantiations[loop]; }

  /// The loop NumPy would run; TypeError (NumPy's message) when none fits.
  int select_loop(const UfuncOperand* in, const UfuncOptions& options) const;
  /// Runs the ufunc and returns its outputs (the given `out` arrays where there were some).
  std::array<ArrayPtr, kUfuncMaxOut> call(const UfuncOperand* in, const UfuncOptions& options);
  /// call() without keywords in its most common case, with none of the general path's
  /// bookkeeping: one output, every input an array of its loop's own dtype, all of one shape,
  /// C-contiguous, on one device, and the loop recently chosen for these dtypes. Null when the
  /// call is not of that kind; call() then gives the same result.
  ArrayPtr call_plain(const NDArray* const* in);

 private:
  int find_loop(const UfuncOperand* in, const UfuncOptions& options) const;
  int cached_loop(const UfuncOperand* in, const UfuncOptions& options) const;
  uint64_t loop_key(const DType* dtypes, const WeakKind* weak, const UfuncOptions& options) const;
  int recent_loop(uint64_t key) const;  // -1 when not among the recent choices
  int apply_value_rules(int loop, const UfuncOperand* in, const UfuncOptions& options) const;
  int loop_holding(int weak_input, const UfuncOperand* in, int fallback,
                   bool to_float = true) const;
  const LoadedKernel& loaded_kernel(Device device, int loop);

  std::string name_;
  int nin_, nout_;
  std::vector<UfuncLoop> loops_;
  UfuncRules rules_;
  bool value_rules_ = false;  // rules that look at scalar values (not cached with the dtypes)
  KernelFamily family_;
  // The dispatch cache: a few recent (key, loop) pairs read without a lock (the hot path of
  // `a + b`), backed by a map for the rest.
  static constexpr int kRecent = 8;
  mutable std::atomic<uint64_t> recent_[kRecent] = {};  // key + 1 << 16 | loop; 0: empty
  mutable std::atomic<int> next_recent_{0};
  mutable std::mutex mutex_;
  mutable std::unordered_map<uint64_t, int> selected_;
  FamilyKernels kernels_;  // per loop; after loops_, which sizes it
};

/// Bytes of `s` as `dtype` (at most 16): C conversion, or OverflowError for a weak Python int
/// that does not fit an integer dtype (NumPy 2).
void scalar_bytes(const HostScalar& s, DType dtype, bool weak, unsigned char* out);

/// NumPy's shortcut for `array ** exponent` (fast_scalar_power in its number.c): a floating or
/// complex array to a Python int -1 or 2, or a Python float 0.5, is the array's reciprocal,
/// square or sqrt, not power, so the results are those ufuncs' (1/z's signed zeros, sqrt's
/// -0.0 and NaN for -inf). `exact`: the exponent is a Python int or float itself, not of a
/// subclass (NumPy checks the exact types). The ufunc's name, or null for power.
const char* power_shortcut(const UfuncOperand& base, const UfuncOperand& exponent, bool exact);

}  // namespace cupylike
