#include "ops/table_entry.hpp"

#include "core/error.hpp"

namespace cupylike {

namespace {

// The (input, output) dtypes of a one-input loop's notation "f->d".
std::pair<DType, DType> unary_loop_types(const char* what, const std::string& name,
                                         const std::string& sig) {
  if (sig.size() != 4 || sig.substr(1, 2) != "->")
    raise(ErrorKind::value, std::string(what) + " " + name + ": bad loop '" + sig + "'");
  return {dtype_from_string(sig.substr(0, 1)), dtype_from_string(sig.substr(3, 1))};
}

template <class Loops>
std::vector<std::string> unary_type_strings(const Loops& loops) {
  std::vector<std::string> out;
  for (const auto& l : loops)
    out.push_back(std::string(1, dtype_info(l.in).char_code) + "->" + dtype_info(l.out).char_code);
  return out;
}

}  // namespace

std::shared_ptr<Ufunc> make_ufunc(const std::string& name, int nin, int nout,
                                  const std::vector<std::pair<std::string, std::string>>& loops,
                                  const std::string& preamble, UfuncRules rules) {
  std::vector<UfuncLoop> parsed;
  for (const auto& [sig, op] : loops) {
    UfuncLoop l;
    size_t arrow = sig.find("->");
    std::string ins = sig.substr(0, arrow),
                outs = arrow == std::string::npos ? "" : sig.substr(arrow + 2);
    if (arrow == std::string::npos || int(ins.size()) != nin || int(outs.size()) != nout)
      raise(ErrorKind::value, "ufunc " + name + ": bad loop '" + sig + "'");
    for (int k = 0; k < nin + nout; ++k)
      l.types[size_t(k)] = dtype_from_string(std::string(1, k < nin ? ins[k] : outs[k - nin]));
    l.op = op;
    parsed.push_back(std::move(l));
  }
  return std::make_shared<Ufunc>(name, nin, nout, std::move(parsed), preamble, std::move(rules));
}

WeakIntRule weak_int_rule(const std::string& name) {
  static const std::pair<const char*, WeakIntRule> kRules[] = {{"", WeakIntRule::none},
                                                               {"compare", WeakIntRule::compare},
                                                               {"value", WeakIntRule::value},
                                                               {"int64", WeakIntRule::int64}};
  for (const auto& [key, rule] : kRules)
    if (name == key) return rule;
  raise(ErrorKind::value, "unknown weak_ints rule '" + name + "'");
}

std::shared_ptr<Reduction> make_reduction(const std::string& name,
                                          const std::vector<ReductionLoopSpec>& loops,
                                          const std::string& preamble, ReductionTraits traits) {
  std::vector<ReductionLoop> parsed;
  for (const ReductionLoopSpec& spec : loops) {
    ReductionLoop l;
    std::tie(l.in, l.out) = unary_loop_types("reduction", name, spec.types);
    // One character names the accumulator's dtype (computed in its compute type); anything
    // longer is a C++ type of the entry's own (an arg_pair), which has no dtype.
    if (spec.acc.size() == 1)
      l.acc_dtype = dtype_from_string(spec.acc);
    else
      l.acc = spec.acc;
    l.identity = spec.identity;
    l.map = spec.map;
    l.reduce = spec.reduce;
    l.post = spec.post;
    l.vbest = spec.vbest;
    parsed.push_back(std::move(l));
  }
  return std::make_shared<Reduction>(name, std::move(parsed), preamble, std::move(traits));
}

std::shared_ptr<Scan> make_scan(const std::string& name, const std::vector<ScanLoopSpec>& loops,
                                const std::string& preamble, std::shared_ptr<Ufunc> ufunc,
                                ScanTraits traits) {
  std::vector<ScanLoop> parsed;
  for (const auto& [sig, map, op, ordered] : loops) {
    const auto [in, out] = unary_loop_types("scan", name, sig);
    parsed.push_back({in, out, map, op, ordered});
  }
  return std::make_shared<Scan>(name, std::move(parsed), preamble, std::move(traits),
                                std::move(ufunc));
}

std::vector<std::string> type_strings(const Reduction& reduction) {
  return unary_type_strings(reduction.loops());
}

std::vector<std::string> type_strings(const Scan& scan) { return unary_type_strings(scan.loops()); }

}  // namespace cupylike
