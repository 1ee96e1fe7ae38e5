#include "ops/reduction.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "array/views.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/library.hpp"
#include "ops/reduction_launch.hpp"

namespace cupylike {

namespace {

std::string red_op_struct(const std::string& name, const ReductionLoop& l, bool ordered) {
  std::string acc = l.acc.empty() ? compute_type(*l.acc_dtype) : l.acc;
  return "struct " + name +
         " {\n"
         "  static const int nin = 1;\n"
         "  static const bool ordered = " +
         (ordered ? "true" : "false") +
         ";\n"
         "  typedef " +
         kernel_type(l.in) +
         " S0;\n"
         "  typedef " +
         compute_type(l.in) +
         " C0;\n"
         "  typedef " +
         acc +
         " A;\n"
         "  typedef " +
         kernel_type(l.out) +
         " SO;\n"
         "  typedef " +
         compute_type(l.out) +
         " CO;\n"
         "  __device__ static inline A identity() { return " +
         l.identity +
         "; }\n"
         "  __device__ static inline A map(const C0& in0, long long _i) { return " +
         l.map +
         "; }\n"
         "  __device__ static inline A load(const char* const* _in, const long long* _off,\n"
         "                                  long long _i) {\n"
         "    return map(cupylike::cast<C0>(*reinterpret_cast<const S0*>(_in[0] + _off[0])), "
         "_i);\n"
         "  }\n"
         "  __device__ static inline A load_run(const char* const* _in, const long long* _off,\n"
         "                                      long long _e, long long _i) {\n"
         "    return map(cupylike::cast<C0>(reinterpret_cast<const S0*>(_in[0] + _off[0])[_e]), "
         "_i);\n"
         "  }\n"
         "  __device__ static inline bool is_run(const long long* _step) {\n"
         "    return _step[0] == sizeof(S0);\n"
         "  }\n"
         "  __device__ static inline A reduce(const A& a, const A& b) { return " +
         l.reduce +
         "; }\n"
         "  __device__ static inline void post(const A& a, long long _n, CO& out0) { " +
         l.post +
         "; }\n"
         "  static const bool arg_search = " +
         (l.vbest.empty() ? "false" : "true") +
         ";\n"
         "  __device__ static inline C0 value_run(const char* const* _in, const long long* _off,\n"
         "                                        long long _e) {\n"
         "    return cupylike::cast<C0>(reinterpret_cast<const S0*>(_in[0] + _off[0])[_e]);\n"
         "  }\n"
         "  __device__ static inline C0 vbest(const C0& a, const C0& b) { return " +
         (l.vbest.empty() ? std::string("a") : l.vbest) +
         "; }\n"
         "};\n";
}

}  // namespace

bool names_identifier(const std::string& expr, const std::string& id) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = expr.find(id); at != std::string::npos; at = expr.find(id, at + 1)) {
    bool before = at > 0 && word(expr[at - 1]);
    bool after = at + id.size() < expr.size() && word(expr[at + id.size()]);
    if (!before && !after) return true;
  }
  return false;
}

Reduction::Reduction(std::string name, std::vector<ReductionLoop> loops, std::string preamble,
                     ReductionTraits traits)
    : name_(std::move(name)),
      loops_(std::move(loops)),
      traits_(std::move(traits)),
      kernels_(loops_.size()) {
  if (loops_.empty()) raise(ErrorKind::value, "reduction " + name_ + " has no loops");
  family_.name = "reduction_" + name_;
  family_.source =
      "#include <cupylike/reduction.cuh>\n#include <cupylike/reduction_ops.cuh>\n"
      "#include <cupylike/ufunc_math.cuh>\n" +
      preamble + "\nnamespace cupylike_red {\n";
  for (size_t i = 0; i < loops_.size(); ++i) {
    const ReductionLoop& l = loops_[i];
    if (l.acc.empty() && !l.acc_dtype)
      raise(ErrorKind::value, "reduction " + name_ + ": a loop needs an accumulator type");
    std::string op = name_ + "_" + std::to_string(i);
    family_.source += red_op_struct(op, l, traits_.ordered);
    family_.instantiations.push_back("cupylike::red_kernel<cupylike_red::" + op + ">");
    uses_index_.push_back(names_identifier(l.map, "_i"));
  }
  family_.source += "}  // namespace cupylike_red\n";
}

int Reduction::select_loop(DType in, std::optional<DType> dtype) const {
  DType want = dtype ? *dtype : traits_.int_upcast ? integer_accumulator(in) : in;
  // A loop that reads the input as it is and converts in the kernel, then one for `want`.
  for (size_t j = 0; j < loops_.size(); ++j)
    if (loops_[j].in == in && loops_[j].out == want) return int(j);
  for (size_t j = 0; j < loops_.size(); ++j)
    if (loops_[j].in == want) return int(j);
  for (size_t j = 0; j < loops_.size(); ++j)
    if (can_cast(want, loops_[j].in, Casting::safe)) return int(j);
  raise(ErrorKind::type,
        "the reduction '" + traits_.ufunc + "' does not support dtype('" + dtype_name(want) + "')");
}

ReducedShape reduced_shape(const DimVector& shape, const std::optional<DimVector>& axes,
                           bool keepdims) {
  const int ndim = shape.size();
  ReducedShape r;
  r.reduced.assign(size_t(ndim), !axes);
  if (axes) {
    // NumPy checks every axis's range before it looks for duplicates.
    std::vector<int> normalized;
    for (int64_t a : *axes) normalized.push_back(normalize_axis(a, ndim));
    for (int n : normalized) {
      if (r.reduced[size_t(n)]) raise(ErrorKind::value, "duplicate value in 'axis'");
      r.reduced[size_t(n)] = true;
    }
  }
  for (int a = 0; a < ndim; ++a) {
    int64_t n = shape[size_t(a)];
    if (r.reduced[size_t(a)]) {
      r.slice *= n;
      r.kept.push_back(1);
      if (keepdims) r.result.push_back(1);
    } else {
      r.kept.push_back(n);
      r.result.push_back(n);
    }
  }
  return r;
}

ArrayPtr kept_view(const ArrayPtr& result, const ReducedShape& r) {
  DimVector strides;
  int j = 0;
  const bool keepdims = result->ndim() == int(r.kept.size());
  for (int a = 0; a < int(r.kept.size()); ++a) {
    if (r.reduced[size_t(a)]) {
      strides.push_back(0);
      if (keepdims) ++j;
    } else {
      strides.push_back(result->strides()[size_t(j++)]);
    }
  }
  return result->view({result->dtype(), r.kept, strides, result->offset()});
}

void check_reduction_out(const NDArray& out, const DimVector& result, const std::string& what) {
  if (out.ndim() != int(result.size()))
    raise(ErrorKind::value, "output parameter for reduction operation " + what +
                                " has the wrong number of dimensions: Found " +
                                std::to_string(out.ndim()) + " but expected " +
                                std::to_string(result.size()));
  if (out.shape() != result)
    raise(ErrorKind::value, "output parameter for reduction operation " + what +
                                " has the wrong shape: Found " + shape_str(out.shape()) +
                                " but expected " + shape_str(result));
  out.check_writeable();
}

ArrayPtr Reduction::call(const ArrayPtr& x, const ReductionOptions& opt) {
  const ReducedShape shape = reduced_shape(x->shape(), opt.axes, opt.keepdims);
  std::optional<DType> want = opt.dtype;
  // NumPy: without dtype=, the loop computes in the promotion of the input's and out's dtypes
  // (sum of float64 into an int64 out adds floats and casts the total).
  if (!want && opt.out) want = promote_types(x->dtype(), opt.out->dtype());
  const int loop = select_loop(x->dtype(), want);
  const ReductionLoop& L = loops_[size_t(loop)];
  const Device device = x->device();
  if (opt.out) {
    check_same_device(device, opt.out->device());
    check_reduction_out(*opt.out, shape.result, traits_.ufunc);
  }
  const int64_t outputs = shape_size(shape.result);
  const bool identity = traits_.has_identity || opt.initial;
  if (shape.slice == 0 && !identity)  // NumPy: even when there are no outputs
    raise(ErrorKind::value, !traits_.empty_error.empty()
                                ? traits_.empty_error
                                : "zero-size array to reduction operation " + traits_.ufunc +
                                      " which has no identity");
  ArrayPtr where;
  if (opt.where) {
    if (opt.where->dtype() != DType::bool_)
      raise(ErrorKind::type, std::string("Cannot cast array data from dtype('") +
                                 dtype_name(opt.where->dtype()) +
                                 "') to dtype('bool') according to the rule 'safe'");
    check_same_device(device, opt.where->device());
    DimVector both[2] = {x->shape(), opt.where->shape()};
    if (broadcast_shapes(both, 2) != x->shape())
      raise(ErrorKind::value, "operands could not be broadcast together: where= of shape " +
                                  shape_str(opt.where->shape()) + " and the array of shape " +
                                  shape_str(x->shape()));
    if (!identity)
      raise(ErrorKind::value, "reduction operation '" + traits_.ufunc +
                                  "' does not have an identity, so to use a where mask one has "
                                  "to specify 'initial'");
    where = broadcast_to(opt.where, x->shape());
  }
  unsigned char initial[32] = {};
  if (opt.initial) {
    if (!L.acc_dtype)
      raise(ErrorKind::type, "reduction '" + name_ + "' does not take an initial value");
    DType acc = *L.acc_dtype == DType::float16 ? DType::float32 : *L.acc_dtype;
    // NumPy converts initial= as a Python int: one the accumulator cannot hold is an OverflowError.
    scalar_bytes(*opt.initial, acc, true, initial);
  }

  const Stream& stream = *current_stream(device);
  ArrayPtr input = x->dtype() == L.in ? x : copy_array(x, 'K', stream, L.in);
  ArrayPtr result = empty(device, L.out, shape.result);
  const bool direct = opt.out && opt.out->dtype() == L.out && !may_share_memory(*opt.out, *x);
  ArrayPtr target = direct ? opt.out : result;
  if (outputs > 0) {
    ArrayPtr view = kept_view(target, shape);
    ReductionRun run;
    run.inputs = {input.get()};
    run.where = where.get();
    run.out = view.get();
    run.reduced = shape.reduced;
    // A custom accumulator (an index-value pair) is at most 32 bytes.
    run.acc_size = L.acc.empty() ? std::max(4, itemsize(*L.acc_dtype)) : 32;
    run.uses_index = uses_index_[size_t(loop)];
    run.initial = opt.initial ? initial : nullptr;
    run.ordered = traits_.ordered;
    run_reduction(kernels_.get(device, family_, size_t(loop)), run, stream);
  }
  if (!opt.out) return result;
  if (!direct) copy_cast(*opt.out, *result, stream);
  return opt.out;
}

}  // namespace cupylike
