// Reading kernel source as text: which kernels a source defines with C linkage, and what each
// parameter of a kernel takes as its declaration spells it (what a CUDA device checks
// arguments against, since its driver tells only sizes).
#include "jit/source_text.hpp"

#include <gtest/gtest.h>

namespace cupylike::jit {
namespace {

using K = ParamKind;

TEST(SourceText, ParameterKindsOfExternCKernels) {
  std::string src = R"(
    // extern "C" __global__ void commented(int x) {}
    extern "C" __global__ void __launch_bounds__(256) scale(float* x, const int n,
        float f, const double* __restrict__ d, unsigned long long m, bool flag, size_t s,
        std::int64_t q, double arr[], float2 v, T t, my_ptr_t p, void (*fn)(int)) {}
    extern "C" {
    __global__ void none() {}
    __global__ void just_void(void) {}
    }
  )";
  EXPECT_EQ(kernel_param_kinds(src, "scale"),
            (std::vector<K>{K::pointer, K::integer, K::floating, K::pointer, K::integer, K::integer,
                            K::integer, K::integer, K::pointer, K::unknown, K::unknown, K::unknown,
                            K::unknown}));
  EXPECT_EQ(kernel_param_kinds(src, "none"), std::vector<K>{});
  EXPECT_EQ(kernel_param_kinds(src, "just_void"), std::vector<K>{});
  EXPECT_FALSE(kernel_param_kinds(src, "commented").has_value());
  EXPECT_FALSE(kernel_param_kinds(src, "absent").has_value());
}

TEST(SourceText, TemplatesAndNamespacesByTheirBaseName) {
  std::string src = R"(
    namespace ns {
    template <class T, int N>
    __global__ void fill(T* out, T value, int n, thrust::complex<float>* z) {}
    }
  )";
  auto expect = std::vector<K>{K::pointer, K::unknown, K::integer, K::pointer};
  EXPECT_EQ(kernel_param_kinds(src, "ns::fill<float, 3>"), expect);
  EXPECT_EQ(kernel_param_kinds(src, "fill<double, 1>"), expect);
}

TEST(SourceText, OverloadsThatDisagreeAreUnknown) {
  std::string same = "__global__ void k(float* x);\n__global__ void k(float* y) {}\n";
  EXPECT_EQ(kernel_param_kinds(same, "k"), std::vector<K>{K::pointer});
  std::string differ = "__global__ void k(float* x) {}\n__global__ void k(int x) {}\n";
  EXPECT_FALSE(kernel_param_kinds(differ, "k").has_value());
}

TEST(SourceText, ExternCKernelsSkipTemplatesDeviceFunctionsAndCppLinkage) {
  std::string src = R"(
    extern "C" __global__ void a(int* x) {}
    extern "C" __device__ void helper(int* x) {}
    __global__ void cpp(int* x) {}
    template <class T> __global__ void t(T* x) {}
    extern "C" { __global__ void b(int* x) {} }
  )";
  EXPECT_EQ(extern_c_kernels(src), (std::vector<std::string>{"a", "b"}));
}

}  // namespace
}  // namespace cupylike::jit
