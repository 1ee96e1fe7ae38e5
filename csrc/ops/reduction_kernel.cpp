// ReductionKernel calls: CuPy's argument rules (inputs broadcast together, placeholders bound as
// ElementwiseKernel binds them, out= or a positional output), the reduced shape as the library's
// reductions compute it, and one run of the reduction engine.
#include "ops/reduction_kernel.hpp"

#include <cupylike/params.h>

#include <algorithm>

#include "array/views.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/generated_sources.hpp"
#include "ops/reduction.hpp"
#include "ops/reduction_launch.hpp"

namespace cupylike {

namespace {

// Never destroyed: kernels may still be compiled while the process exits.
GeneratedSources& generated() {
  static auto* sources = new GeneratedSources;
  return *sources;
}

// The inputs as arrays of their parameters' types and the broadcast shape: scalars become 0-d
// arrays (stride 0 once broadcast), which keeps the kernel's loads uniform.
std::vector<ArrayPtr> input_arrays(const std::vector<UfuncOperand>& args,
                                   const std::vector<DType>& types, const DimVector& shape,
                                   Device device, const Stream& stream) {
  std::vector<ArrayPtr> inputs;
  for (size_t k = 0; k < args.size(); ++k) {
    ArrayPtr a = args[k].array;
    if (!a) {
      unsigned char bytes[16] = {};
      scalar_bytes(args[k].scalar, types[k], args[k].weak != WeakKind::none, bytes);
      a = empty(device, types[k], {});
      fill(*a, bytes, stream);
    }
    inputs.push_back(a->shape() == shape ? a : broadcast_to(a, shape));
  }
  return inputs;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> rk_generated() { return generated().list(); }

ReductionKernel::ReductionKernel(RkDefinition def) : def_(std::move(def)) {
  const auto& P = def_.params;
  if (!is_identifier(def_.name))
    raise(ErrorKind::value, "Invalid kernel name: \"" + def_.name + "\"");
  if (def_.nin < 1) raise(ErrorKind::value, "ReductionKernel needs at least one input parameter");
  if (def_.nin > CUPYLIKE_RED_MAX_IN)
    raise(ErrorKind::not_implemented, "ReductionKernel takes at most " +
                                          std::to_string(CUPYLIKE_RED_MAX_IN) +
                                          " input parameters");
  const int nout = int(P.size()) - def_.nin;
  if (nout != 1)
    raise(nout == 0 ? ErrorKind::value : ErrorKind::not_implemented,
          "ReductionKernel takes exactly one output parameter, not " + std::to_string(nout));
  for (size_t k = 0; k < P.size(); ++k) {
    const std::string& p = P[k].name;
    if (P[k].raw)
      raise(ErrorKind::not_implemented,
            "ReductionKernel does not take raw parameters ('" + p + "')");
    for (size_t j = 0; j < k; ++j)
      if (P[j].name == p) raise(ErrorKind::value, "Duplicate parameter name '" + p + "'");
  }
  // The names the expressions' functions give their own arguments.
  for (int k = 0; k < def_.nin; ++k)
    if (P[size_t(k)].name == "_J") raise(ErrorKind::value, "Can not use '_J' as a parameter name");
  const std::string& out = P[size_t(def_.nin)].name;
  if (out == "a" || out == "_n")
    raise(ErrorKind::value, "Can not use '" + out + "' as the output parameter's name");
  if (def_.identity && def_.identity->find_first_not_of(" \t\n") == std::string::npos)
    def_.identity.reset();  // CuPy: '' is no identity
  // Checks reduce_type against the parameters now (the types do not matter here).
  rk_accumulator(def_, std::vector<DType>(P.size(), DType::float32));
  uses_index_ = names_identifier(def_.map_expr, "_J");
}

std::string ReductionKernel::source(const std::vector<DType>& types) const {
  if (types.size() != def_.params.size())
    raise(ErrorKind::value, "'" + def_.name + "' has " + std::to_string(def_.params.size()) +
                                " parameters, given " + std::to_string(types.size()) + " types");
  return rk_source(def_, types);
}

std::shared_ptr<LoadedKernel> ReductionKernel::kernel(Device device,
                                                      const std::vector<DType>& types) {
  std::string sig;
  for (DType t : types) sig += char('a' + int(t));
  std::string key = sig + '@' + std::to_string(device.slot());
  const std::string name = rk_instantiation(def_.name);
  std::shared_ptr<RawModule> module;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = kernels_.find(key); it != kernels_.end()) return it->second;
    std::shared_ptr<RawModule>& m = modules_[sig];
    if (!m) {
      std::string source = rk_source(def_, types);
      // NumPy computes every operation separately: no fused multiply-adds (as the library's
      // own kernels), then the user's options.
      std::vector<std::string> options{"--fmad=false"};
      options.insert(options.end(), def_.options.begin(), def_.options.end());
      m = std::make_shared<RawModule>(source, options, std::vector<std::string>{name},
                                      def_.name + ".cu");
      generated().add(source, name);
    }
    module = m;
  }
  std::shared_ptr<LoadedKernel> loaded = module->kernel(device, name);  // compiles on a miss
  std::lock_guard<std::mutex> lock(mutex_);
  return kernels_.emplace(key, loaded).first->second;
}

ArrayPtr ReductionKernel::call(const std::vector<UfuncOperand>& given, const RkCallOptions& opt) {
  const auto& P = def_.params;
  const int nin = def_.nin, n = int(given.size());
  if (n != nin && n != nin + 1)
    raise(ErrorKind::type, "Wrong number of arguments for '" + def_.name + "'. It must be either " +
                               std::to_string(nin) + " or " + std::to_string(nin + 1) +
                               " (with the output), but given " + std::to_string(n) + ".");
  ArrayPtr out = opt.out;
  if (n == nin + 1) {
    if (out)
      raise(ErrorKind::value, "cannot specify 'out' as both a positional and keyword argument");
    out = given.back().array;
    if (!out) raise(ErrorKind::type, "Output arguments type must be cupylike.ndarray");
  }
  const std::vector<UfuncOperand> args(given.begin(), given.begin() + nin);

  // One device; the inputs broadcast together.
  const NDArray* first = nullptr;
  std::vector<DimVector> shapes;
  std::string shapes_text;
  for (int k = 0; k < nin; ++k) {
    const ArrayPtr& a = args[size_t(k)].array;
    if (!a) continue;
    if (first)
      check_same_device(first->device(), a->device());
    else
      first = a.get();
    shapes.push_back(a->shape());
    shapes_text += (shapes_text.empty() ? "" : ", ") + P[size_t(k)].name + " with shape " +
                   shape_str(a->shape());
  }
  const Device device = first ? first->device() : out ? out->device() : current_device();
  if (out) check_same_device(device, out->device());
  DimVector shape;
  if (!shapes.empty()) {
    try {
      shape = broadcast_shapes(shapes.data(), int(shapes.size()));
    } catch (const Error&) {
      raise(ErrorKind::value, "operands could not be broadcast together: " + shapes_text);
    }
  }
  std::vector<UfuncOperand> operands = args;
  if (out) operands.push_back(UfuncOperand{out, out->dtype(), WeakKind::none, {}});
  const std::vector<DType> types = bind_ewk_types(P, nin, operands);
  if (opt.stream && !opt.stream->is_null()) check_same_device(*opt.stream->device(), device);
  const Stream& stream = opt.stream ? *opt.stream : *current_stream(device);

  const ReducedShape reduced = reduced_shape(shape, opt.axes, opt.keepdims);
  if (out) check_reduction_out(*out, reduced.result, def_.name);
  const int64_t outputs = shape_size(reduced.result);
  if (reduced.slice == 0 && !def_.identity)  // NumPy: even when there are no outputs
    raise(ErrorKind::value,
          "zero-size array to reduction operation " + def_.name + " which has no identity");
  bool direct = out != nullptr;  // else a new array (copied to out when it overlaps an input)
  for (const UfuncOperand& a : args)
    direct = direct && !(a.array && may_share_memory(*out, *a.array));
  ArrayPtr target = direct ? out : empty(device, types[size_t(nin)], reduced.result);
  if (outputs > 0) {
    const std::vector<ArrayPtr> inputs = input_arrays(args, types, shape, device, stream);
    ArrayPtr view = kept_view(target, reduced);
    ReductionRun run;
    for (const ArrayPtr& a : inputs) run.inputs.push_back(a.get());
    run.out = view.get();
    run.reduced = reduced.reduced;
    run.acc_size = rk_accumulator(def_, types).size;
    run.uses_index = uses_index_;
    run_reduction(*kernel(device, types), run, stream);
  }
  if (!out) return target;
  if (!direct) copy_cast(*out, *target, stream);
  return out;
}

}  // namespace cupylike
