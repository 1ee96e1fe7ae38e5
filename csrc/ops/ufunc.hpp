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

#include "core/dtype.hpp"
#include "core/ndarray.hpp"
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
  long long i = 0;            // integer that fits int64
  unsigned long long u = 0;   // integer that fits uint64 but not int64
  bool big = false;           // integer in u (true) or in i (false) — or, with `huge`, neither
  bool huge = false;          // integer beyond 64 bits: only `re` holds it
  double re = 0, im = 0;      // floating and complex values; every integer also as a double
};

struct UfuncOperand {
  ArrayPtr array;                    // null for a scalar
  DType dtype = DType::bool_;        // the array's, or a NumPy scalar's
  WeakKind weak = WeakKind::none;    // a Python int, float or complex: NEP 50's weak scalar
  HostScalar scalar;
};

struct UfuncOptions {
  std::optional<DType> dtype;          // dtype=: the loop's output type
  Casting casting = Casting::same_kind;
  std::array<ArrayPtr, kUfuncMaxOut> out{};  // given outputs (null: allocate)
  ArrayPtr where;                      // bool mask, or null for everywhere
  bool where_false = false;            // where=False: write nothing
};

class Ufunc {
 public:
  Ufunc(std::string name, int nin, int nout, std::vector<UfuncLoop> loops,
        std::string preamble);

  const std::string& name() const { return name_; }
  int nin() const { return nin_; }
  int nout() const { return nout_; }
  const std::vector<UfuncLoop>& loops() const { return loops_; }
  /// NumPy's notation for each loop: "ff->f".
  std::vector<std::string> type_strings() const;
  /// The generated kernel family (one module per device holds every loop).
  const KernelFamily& family() const { return family_; }
  const std::string& kernel_name(int loop) const { return family_.instantiations[loop]; }

  /// The loop NumPy would run; TypeError (NumPy's message) when none fits.
  int select_loop(const UfuncOperand* in, const UfuncOptions& options) const;
  /// Runs the ufunc and returns its outputs (the given `out` arrays where there were some).
  std::array<ArrayPtr, kUfuncMaxOut> call(const UfuncOperand* in, const UfuncOptions& options);

 private:
  int find_loop(const UfuncOperand* in, const UfuncOptions& options) const;
  std::shared_ptr<LoadedKernel> kernel(Device device, int loop);

  std::string name_;
  int nin_, nout_;
  std::vector<UfuncLoop> loops_;
  KernelFamily family_;
  mutable std::mutex mutex_;
  mutable std::unordered_map<uint64_t, int> selected_;  // dispatch cache
  std::vector<std::shared_ptr<LoadedKernel>> kernels_;  // [device slot * loops + loop]
};

/// Bytes of `s` as `dtype` (at most 16): C conversion, or OverflowError for a weak Python int
/// that does not fit an integer dtype (NumPy 2).
void scalar_bytes(const HostScalar& s, DType dtype, bool weak, unsigned char* out);

}  // namespace cupylike
