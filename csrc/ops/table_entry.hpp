#pragma once
/// The entries of the ufunc, reduction and scan tables (cupylike/_ufunc_defs/,
/// cupylike/_reduction_defs/, cupylike/_scan_defs.py) as Python writes them, NumPy's loop
/// notation and rule names, parsed into the core's loops and rules (and the notation given
/// back), so the bindings only pass them on.
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ops/reduction.hpp"
#include "ops/scan.hpp"
#include "ops/ufunc.hpp"

namespace cupylike {

/// The ufunc of a table entry: loops as (NumPy's notation "ff->f", one CUDA C++ statement).
/// ValueError for a loop whose notation does not give nin inputs and nout outputs.
std::shared_ptr<Ufunc> make_ufunc(const std::string& name, int nin, int nout,
                                  const std::vector<std::pair<std::string, std::string>>& loops,
                                  const std::string& preamble, UfuncRules rules);

/// The WeakIntRule a table entry names: "", "compare", "value" or "int64"; ValueError else.
WeakIntRule weak_int_rule(const std::string& name);

/// One loop of a reduction's table entry (cupylike/_reduction_defs/common.py's `loop`).
struct ReductionLoopSpec {
  std::string types;  // "f->f": NumPy's type characters of the input and the output
  std::string acc;    // the accumulator: a type character ('d') or a C++ type
  std::string identity, map, reduce, post;  // as ReductionLoop's
  std::string vbest;                        // "" or, for argmin/argmax-like loops, ReductionLoop's
};

/// The reduction of a table entry; ValueError for a loop whose types are not "x->y".
std::shared_ptr<Reduction> make_reduction(const std::string& name,
                                          const std::vector<ReductionLoopSpec>& loops,
                                          const std::string& preamble, ReductionTraits traits);

/// One loop of a scan's table entry: (NumPy's notation "b->l", map expression of in0, the
/// ufunc's statement, ordered).
using ScanLoopSpec = std::tuple<std::string, std::string, std::string, bool>;

/// The scan of a table entry; ValueError for a loop whose types are not "x->y".
std::shared_ptr<Scan> make_scan(const std::string& name, const std::vector<ScanLoopSpec>& loops,
                                const std::string& preamble, std::shared_ptr<Ufunc> ufunc,
                                ScanTraits traits);

/// NumPy's notation for each loop of a reduction or a scan: "f->f".
std::vector<std::string> type_strings(const Reduction& reduction);
std::vector<std::string> type_strings(const Scan& scan);

}  // namespace cupylike
