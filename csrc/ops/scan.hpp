#pragma once
/// Scans (cumsum, cumprod, nancumsum, ufunc.accumulate): a definition per scan — type loops,
/// each a map of the input and a binary ufunc operation — compiled into one kernel family
/// (kernels/cupylike/scan.cuh), planned per call (axis, dtype, out) and run by
/// ops/scan_launch.
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "array/ndarray.hpp"
#include "ops/library.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

struct ScanLoop {
  DType in, out;         // the input as the kernel reads it; the output (and accumulator) type
  std::string map;       // expression of in0 (the input's compute type): the value scanned
  std::string op;        // statement of in0, in1 (output compute type) assigning out0
  bool ordered = false;  // combine strictly left to right: no chunking (subtract, float16)
};

/// What NumPy does around the loops.
struct ScanTraits {
  std::string ufunc;        // NumPy's name in messages: "add"
  bool int_upcast = false;  // add, multiply: bool and narrow integers to int64/uint64
  bool logical = false;     // logical_and/or/xor: every input is scanned as bool
};

class Scan {
 public:
  /// `ufunc`, when given, picks the accumulator type as NumPy's accumulate does (the loop the
  /// ufunc would run on two inputs of the array's dtype).
  Scan(std::string name, std::vector<ScanLoop> loops, std::string preamble, ScanTraits traits,
       std::shared_ptr<Ufunc> ufunc);

  const std::string& name() const { return name_; }
  const std::vector<ScanLoop>& loops() const { return loops_; }
  const KernelFamily& family() const { return family_; }
  /// Loads the kernels of `loops` on `device`, compiling those the cache lacks side by side.
  void compile_loops(Device device, const std::vector<size_t>& loops) {
    kernels_.prepare(device, family_, loops);
  }
  /// The loop for an input dtype, NumPy's dtype= and the dtype of out= (if any); TypeError
  /// (NumPy's message) if none.
  int select_loop(DType in, std::optional<DType> dtype, std::optional<DType> out) const;

  /// Scans `x` along `axis` (nullopt: the flattened array, in C order); a 0-d array counts as
  /// 1-d, as numpy.cumsum has it. The result (or `out`, cast to its dtype) has x's shape.
  ArrayPtr call(const ArrayPtr& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                const ArrayPtr& out);

 private:
  std::string name_;
  std::vector<ScanLoop> loops_;
  ScanTraits traits_;
  std::shared_ptr<Ufunc> ufunc_;
  KernelFamily family_;
  FamilyKernels kernels_;  // per loop
};

}  // namespace cupylike
