#pragma once
/// cupylike.ReductionKernel: CuPy's user-defined reductions. Parameters as ElementwiseKernel's
/// ("T x, T w" -> "T y"), a map expression of the inputs, a reduce expression of `a` and `b`, a
/// post-map statement assigning the output from `a`, and an identity, compiled into an operation
/// struct for the library's one reduction kernel (kernels/cupylike/reduction.cuh) once per
/// parameter types, and run by ops/reduction_launch over the broadcast inputs.
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "array/ndarray.hpp"
#include "jit/raw_module.hpp"
#include "ops/elementwise_kernel.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

struct RkDefinition {
  std::vector<EwkParam> params;  // inputs, then the one output
  int nin = 0;
  std::string map_expr, reduce_expr, post_map_expr;
  std::optional<std::string> identity;  // none: an empty slice is a ValueError
  std::string name = "reduce_kernel";
  /// The accumulator's type: a placeholder ("T"), a C type ("float", "long long"), a NumPy dtype
  /// name ("float64"), or any other C++ type the preamble defines; empty: the output's type.
  std::string reduce_type;
  bool reduce_dims = true;  // accepted for CuPy's signature: axes are always merged
  std::string preamble;
  std::vector<std::string> options;  // compiler options, as RawModule takes them
};

/// The accumulator of a kernel for its parameter types: a dtype (float16 accumulates in float),
/// or a C++ type written by the user; `size` bounds its bytes (the generated source checks it).
struct RkAccumulator {
  std::optional<DType> dtype;
  std::string c_type;
  int size = 0;
};

/// The accumulator of `def` for parameter types `types` (one per parameter).
RkAccumulator rk_accumulator(const RkDefinition& def, const std::vector<DType>& types);

/// The source defining the operation struct cupylike_user::<name> for parameter types `types`.
std::string rk_source(const RkDefinition& def, const std::vector<DType>& types);
/// "cupylike::red_kernel<cupylike_user::name>".
std::string rk_instantiation(const std::string& name);

/// Every (source, kernel name) compiled so far in this process, for the NVRTC test.
std::vector<std::pair<std::string, std::string>> rk_generated();

struct RkCallOptions {
  std::optional<DimVector> axes;  // none: every axis
  bool keepdims = false;
  ArrayPtr out;                    // out=, or null
  const Stream* stream = nullptr;  // null: the current stream
};

class ReductionKernel {
 public:
  /// ValueError for an invalid name or parameter list; NotImplementedError for what the
  /// reduction engine cannot run (raw parameters, several outputs, more than 4 inputs).
  explicit ReductionKernel(RkDefinition def);

  const RkDefinition& definition() const { return def_; }

  /// Runs on `args`: the inputs (arrays or scalars, broadcast together), or the inputs and the
  /// output array. Returns the output (`options.out` or the given output when there is one).
  ArrayPtr call(const std::vector<UfuncOperand>& args, const RkCallOptions& options);

  /// The source compiled for parameter types `types` (one per parameter; for tests).
  std::string source(const std::vector<DType>& types) const;

 private:
  std::shared_ptr<LoadedKernel> kernel(Device device, const std::vector<DType>& types);

  RkDefinition def_;
  bool uses_index_ = false;  // the map reads _J: reduced axes stay in C order
  std::mutex mutex_;
  // Module per parameter types; loaded kernel per (types, device).
  std::unordered_map<std::string, std::shared_ptr<RawModule>> modules_;
  std::unordered_map<std::string, std::shared_ptr<LoadedKernel>> kernels_;
};

}  // namespace cupylike
