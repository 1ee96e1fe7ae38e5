#pragma once
/// Reductions (sum, max, argmin, ...): a definition per reduction — type loops with the
/// accumulator type and four CUDA C++ expressions (identity, map, reduce, post), as CuPy's
/// ReductionKernel — compiled into one kernel family, planned per call (axes, keepdims, dtype,
/// out, initial, where) and run by ops/reduction_launch.
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "array/ndarray.hpp"
#include "ops/library.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

struct ReductionLoop {
  DType in, out;
  std::optional<DType> acc_dtype;  // the accumulator's dtype, when it has one (initial= needs it)
  std::string acc;                 // C++ type of the accumulator; empty: acc_dtype's compute type
  std::string identity;            // expression
  std::string map;     // expression of in0 (input compute type) and _i (index in the slice)
  std::string reduce;  // expression of a and b
  std::string post;    // statement assigning out0 from a (and _n, the slice length)
  /// argmin/argmax-like loops (A is a cupylike::arg_pair, map(v, i) pairs a value with its
  /// index): the value the reduce keeps of values a and b. Lets contiguous slices be searched
  /// block by block (reduction.cuh's RedArgRun).
  std::string vbest;
};

/// What NumPy says and does around the loops.
struct ReductionTraits {
  std::string ufunc;         // NumPy's name in messages: "add", "maximum"
  bool has_identity = true;  // an empty slice gives post(identity); else ValueError
  std::string empty_error;   // the ValueError for an empty slice, when not NumPy's usual one
  bool int_upcast = false;   // sum/prod: integers narrower than 64 bits (and bool) to int64/uint64
  bool ordered = false;      // not associative: a left fold in element order (subtract.reduce)
};

struct ReductionOptions {
  std::optional<DimVector> axes;  // none: every axis
  bool keepdims = false;
  std::optional<DType> dtype;
  ArrayPtr out;
  std::optional<HostScalar> initial;
  ArrayPtr where;  // bool mask broadcastable to the input
};

class Reduction {
 public:
  Reduction(std::string name, std::vector<ReductionLoop> loops, std::string preamble,
            ReductionTraits traits);

  const std::string& name() const { return name_; }
  const std::vector<ReductionLoop>& loops() const { return loops_; }
  const KernelFamily& family() const { return family_; }
  /// Loads the kernels of `loops` on `device`, compiling those the cache lacks side by side.
  void compile_loops(Device device, const std::vector<size_t>& loops) {
    kernels_.prepare(device, family_, loops);
  }
  /// The loop for an input dtype and NumPy's dtype= (or out's dtype); TypeError if none.
  int select_loop(DType in, std::optional<DType> dtype) const;

  ArrayPtr call(const ArrayPtr& x, const ReductionOptions& options);

 private:
  std::string name_;
  std::vector<ReductionLoop> loops_;
  ReductionTraits traits_;
  std::vector<bool> uses_index_;
  KernelFamily family_;
  FamilyKernels kernels_;  // per loop
};

/// Whether `expr` names the identifier `id` (a whole token).
bool names_identifier(const std::string& expr, const std::string& id);

/// The reduction's shape arithmetic: axes normalised (AxisError, duplicate ValueError), which
/// axes are reduced, and the result's shape with and without the kept length-1 axes.
struct ReducedShape {
  std::vector<bool> reduced;
  DimVector result, kept;
  int64_t slice = 1;  // elements per output
};
ReducedShape reduced_shape(const DimVector& shape, const std::optional<DimVector>& axes,
                           bool keepdims);

/// A view of `result` (shaped `reduced.result`) with the input's ndim: stride 0 on reduced axes.
ArrayPtr kept_view(const ArrayPtr& result, const ReducedShape& reduced);

/// Checks out= against the result shape (NumPy's ValueErrors, naming `what`).
void check_reduction_out(const NDArray& out, const DimVector& result, const std::string& what);

}  // namespace cupylike
