// The CUDA C++ of a ufunc's kernel family: one operation struct per loop (see
// kernels/cupylike/elementwise.cuh), instantiated as cupylike::ew_kernel<op>.
#include "ops/ufunc_source.hpp"

namespace cupylike {

std::string ew_op_struct(const std::string& name, const DType* types, int nin, int nout,
                         const std::string& op) {
  std::string s = "struct " + name + " {\n  static const int nin = " + std::to_string(nin) +
                  ", nout = " + std::to_string(nout) + ";\n";
  for (int k = 0; k < nin + nout; ++k) {
    std::string n = std::to_string(k);
    s += "  typedef " + std::string(kernel_type(types[k])) + " S" + n + ";\n";
    s += "  typedef " + compute_type(types[k]) + " C" + n + ";\n";
  }
  s += "  __device__ static inline void f(";
  for (int k = 0; k < nin + nout; ++k) {
    std::string n = std::to_string(k);
    s += k < nin ? "const C" + n + "& in" + n : "C" + n + "& out" + std::to_string(k - nin);
    s += k + 1 < nin + nout ? ", " : "";
  }
  return s + ") {\n    " + op + ";\n  }\n};\n";
}

KernelFamily ufunc_family(const std::string& ufunc, const std::vector<UfuncLoop>& loops, int nin,
                          int nout, const std::string& preamble) {
  KernelFamily f;
  f.name = "ufunc_" + ufunc;
  f.source = "#include <cupylike/elementwise.cuh>\n#include <cupylike/ufunc_math.cuh>\n" +
             preamble + "\nnamespace cupylike_ufunc {\n";
  for (size_t i = 0; i < loops.size(); ++i) {
    std::string op = ufunc + "_" + std::to_string(i);
    f.source += ew_op_struct(op, loops[i].types.data(), nin, nout, loops[i].op);
    f.instantiations.push_back("cupylike::ew_kernel<cupylike_ufunc::" + op + ">");
  }
  f.source += "}  // namespace cupylike_ufunc\n";
  return f;
}

}  // namespace cupylike
