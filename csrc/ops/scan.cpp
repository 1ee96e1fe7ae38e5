#include "ops/scan.hpp"

#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "ops/library.hpp"
#include "ops/scan_launch.hpp"
#include "ops/ufunc_source.hpp"

namespace cupylike {

namespace {

// The operation struct of kernels/cupylike/scan.cuh for loop `l`; the ufunc's statement runs
// in a struct of its own (`name`_f, the shape ew_op_struct gives ufunc loops), so it sees the
// types C0, C1, C2 it was written with. Each result is rounded to the output's storage type,
// because NumPy's accumulate reads every step back from the output (float16 sums stall as
// NumPy's do).
std::string scan_op_struct(const std::string& name, const ScanLoop& l) {
  const DType types[3] = {l.out, l.out, l.out};
  return ew_op_struct(name + "_f", types, 2, 1, l.op) + "struct " + name +
         " {\n"
         "  typedef " +
         kernel_type(l.in) + " S0;\n  typedef " + compute_type(l.in) + " C0;\n  typedef " +
         kernel_type(l.out) + " SO;\n  typedef " + compute_type(l.out) +
         " A;\n"
         "  static const int in_size = sizeof(S0), out_size = sizeof(SO);\n"
         "  __device__ static inline A load(const char* _p, long long _e) {\n"
         "    const C0 in0 = cupylike::cast<C0>(reinterpret_cast<const S0*>(_p)[_e]);\n"
         "    return cupylike::cast<A>(" +
         l.map +
         ");\n"
         "  }\n"
         "  __device__ static inline A combine(const A& a, const A& b) {\n"
         "    A out0;\n"
         "    " +
         name +
         "_f::f(a, b, out0);\n"
         "    return cupylike::cast<A>(cupylike::cast<SO>(out0));\n"
         "  }\n"
         "  __device__ static inline void store(char* _p, long long _e, const A& a) {\n"
         "    reinterpret_cast<SO*>(_p)[_e] = cupylike::cast<SO>(a);\n"
         "  }\n"
         "};\n";
}

}  // namespace

Scan::Scan(std::string name, std::vector<ScanLoop> loops, std::string preamble, ScanTraits traits,
           std::shared_ptr<Ufunc> ufunc)
    : name_(std::move(name)),
      loops_(std::move(loops)),
      traits_(std::move(traits)),
      ufunc_(std::move(ufunc)),
      kernels_(loops_.size()) {
  family_.name = "scan_" + name_;
  family_.source =
      "#include <cupylike/scan.cuh>\n"
      "#include <cupylike/ufunc_math.cuh>\n" +
      preamble + "\nnamespace cupylike_scan {\n";
  for (size_t i = 0; i < loops_.size(); ++i) {
    std::string op = name_ + "_" + std::to_string(i);
    family_.source += scan_op_struct(op, loops_[i]);
    family_.instantiations.push_back("cupylike::scan_kernel<cupylike_scan::" + op + ">");
  }
  family_.source += "}  // namespace cupylike_scan\n";
}

int Scan::select_loop(DType in, std::optional<DType> dtype, std::optional<DType> out) const {
  const std::string no_loop =
      "No loop matching the specified signature and casting was found for ufunc " + traits_.ufunc;
  DType want = in;
  if (dtype) {
    want = *dtype;
  } else if (traits_.logical) {
    want = DType::bool_;
  } else {
    // NumPy resolves the loop of an accumulation into out= from (out, in): cumsum of complex64
    // into complex128 sums in complex128. Integers may still widen: their sums wrap the same.
    DType t = out ? promote_types(in, *out) : in;
    if (traits_.int_upcast) t = integer_accumulator(t);
    want = t;
    if (ufunc_) {  // NumPy: the loop of ufunc(t, t), whose output must hold t
      UfuncOperand two[2];
      two[0].dtype = two[1].dtype = t;
      const UfuncLoop& l = ufunc_->loops()[size_t(ufunc_->select_loop(two, UfuncOptions{}))];
      want = l.types[2];
      if (!can_cast(t, want, Casting::safe)) raise(ErrorKind::type, no_loop);
    }
  }
  for (size_t j = 0; j < loops_.size(); ++j)  // one reading the input as it is
    if (loops_[j].in == in && loops_[j].out == want) return int(j);
  for (size_t j = 0; j < loops_.size(); ++j)
    if (loops_[j].in == want && loops_[j].out == want) return int(j);
  raise(ErrorKind::type, no_loop);
}

ArrayPtr Scan::call(const ArrayPtr& x, std::optional<int64_t> axis, std::optional<DType> dtype,
                    const ArrayPtr& out) {
  const int loop =
      select_loop(x->dtype(), dtype, out ? std::optional<DType>(out->dtype()) : std::nullopt);
  const ScanLoop& L = loops_[size_t(loop)];
  const Device device = x->device();
  const Stream& stream = *current_stream(device);
  // The input as the loop reads it, and its shape: flattened in C order (NumPy's ravel) when
  // there is no axis; a 0-d array as 1-d.
  ArrayPtr input = x;
  int ax = 0;
  if (!axis || x->ndim() == 0) {
    if (!x->c_contiguous() || x->dtype() != L.in) input = copy_array(x, 'C', stream, L.in);
    input = input->view({input->dtype(), DimVector{x->size()},
                         DimVector{int64_t(input->itemsize())}, input->offset()});
    if (axis) normalize_axis(*axis, 1);
  } else {
    ax = normalize_axis(*axis, x->ndim());
    if (x->dtype() != L.in) input = copy_array(x, 'K', stream, L.in);
  }
  const DimVector& shape = input->shape();
  if (out) {
    check_same_device(device, out->device());
    if (out->shape() != shape)
      raise(ErrorKind::value, "provided out is the wrong size for the accumulation.");
    out->check_writeable();
  }
  const bool direct = out && out->dtype() == L.out && !may_share_memory(*out, *x);
  ArrayPtr target = direct ? out
                           : empty_strided(device, L.out, shape,
                                           strides_like(shape, input->strides(), input->itemsize(),
                                                        itemsize(L.out)));
  if (input->size() > 0) {
    ScanRun run;
    run.in = input.get();
    run.out = target.get();
    run.axis = ax;
    run.acc_size = L.out == DType::float16 ? 4 : itemsize(L.out);
    run.ordered = L.ordered;
    run_scan(kernels_.get(device, family_, size_t(loop)), run, stream);
  }
  if (!out) return target;
  if (!direct) copy_cast(*out, *target, stream);
  return out;
}

}  // namespace cupylike
