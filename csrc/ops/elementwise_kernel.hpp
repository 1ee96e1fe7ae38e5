#pragma once
/// cupylike.ElementwiseKernel: CuPy's user-defined elementwise kernels. Parameters such as
/// "T x, raw T y" -> "T z", an operation in CUDA C++ run once per element of the broadcast index
/// range (with the index `i`, `_ind` and raw arrays indexed by hand), compiled from the template
/// kernels/cupylike/elementwise_user.cuh once per (argument types and kinds, layout class).
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "array/ndarray.hpp"
#include "core/dtype.hpp"
#include "jit/raw_module.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

/// One parameter: "[raw] [_non_const] type name".
struct EwkParam {
  std::string name;
  bool raw = false;  // not broadcast: the code indexes it (`y[i]`)
  bool output = false;
  bool is_const = true;        // inputs are const unless marked _non_const
  char placeholder = 0;        // a one-letter type ('T'), bound from the arguments' dtypes
  DType dtype = DType::bool_;  // the fixed type when there is no placeholder
};

/// CuPy's syntax: comma-separated "[raw] type name"; a one-letter type is a placeholder, a longer
/// one a NumPy dtype name ("float32", "int64", "bool", "f8"). ValueError for syntax errors,
/// TypeError for unknown dtypes.
std::vector<EwkParam> parse_ewk_params(const std::string& text, bool output);

/// Whether `s` is a C identifier (kernel and parameter names must be).
bool is_identifier(const std::string& s);

struct EwkDefinition {
  std::vector<EwkParam> params;  // inputs, then outputs
  int nin = 0, nout = 0;
  std::string operation, name = "kernel", preamble, loop_prep, after_loop;
  bool reduce_dims = true;
  std::vector<std::string> options;  // compiler options, as RawModule takes them
};

/// The source of a kernel for parameter types `types` (one per parameter), where `scalar[k]`
/// says parameter k is passed by value; it defines the operation struct
/// cupylike_user::<name> that ewk_instantiation names.
std::string ewk_source(const EwkDefinition& def, const std::vector<DType>& types,
                       const std::vector<char>& scalar);
/// "cupylike::ew_user_kernel<cupylike_user::name, nd, rnd, contiguous>".
std::string ewk_instantiation(const std::string& name, int nd, int rnd, bool contiguous);

/// Each parameter's dtype for `args` (the `nin` inputs, then any outputs given), by CuPy's
/// rules (see the .cpp); TypeError for a mismatch or a placeholder nothing determines. Shared
/// with ReductionKernel.
std::vector<DType> bind_ewk_types(const std::vector<EwkParam>& params, int nin,
                                  const std::vector<UfuncOperand>& args);

/// Every (source, kernel name) compiled so far in this process, for the NVRTC test.
std::vector<std::pair<std::string, std::string>> ewk_generated();

class ElementwiseKernel {
 public:
  /// ValueError for an invalid name or parameter list (duplicate names, `i` as a name).
  explicit ElementwiseKernel(EwkDefinition def);

  const EwkDefinition& definition() const { return def_; }

  /// Runs on `args`: nin inputs, or nin inputs and nout outputs (arrays, or scalars as the
  /// ufuncs take them). `size` >= 0 sets the index range (only when every array is raw);
  /// `stream` null means the current stream; `block_size` is the GPU block size (the library's
  /// default when absent; the cpu device ignores it). Returns the outputs.
  std::vector<ArrayPtr> call(const std::vector<UfuncOperand>& args, int64_t size,
                             const Stream* stream, std::optional<int> block_size);

 private:
  std::shared_ptr<LoadedKernel> kernel(Device device, const std::vector<DType>& types,
                                       const std::vector<char>& scalar, int layout_key, int nd,
                                       int rnd, bool contiguous);

  EwkDefinition def_;
  std::mutex mutex_;
  // Source per (types, scalar kinds); module and loaded kernel per (that, layout, device).
  std::unordered_map<std::string, std::string> sources_;
  std::unordered_map<std::string, std::shared_ptr<RawModule>> modules_;
  std::unordered_map<std::string, std::shared_ptr<LoadedKernel>> kernels_;
};

}  // namespace cupylike
