// CUDA library headers that kernels include, compiled with the prelude: CCCL's complex types,
// cuRAND's device API (through the curand_kernel.h shim), cuComplex, cuda_runtime.h and
// Thrust's sequential algorithms.
#include <cuComplex.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>
#include <thrust/complex.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

#include <complex>
#include <cuda/std/complex>

#include "block_simulator.hpp"

namespace cupylike::prelude_test {
namespace {

TEST(PreludeLibraries, CcclComplexMatchesStdComplex) {
  const cuda::std::complex<double> a(1.5, -2.0), b(-0.25, 3.0);
  const std::complex<double> sa(1.5, -2.0), sb(-0.25, 3.0);
  const auto check = [](cuda::std::complex<double> got, std::complex<double> want) {
    EXPECT_NEAR(got.real(), want.real(), 1e-12 * std::abs(want));
    EXPECT_NEAR(got.imag(), want.imag(), 1e-12 * std::abs(want));
  };
  check(a * b, sa * sb);
  check(a / b, sa / sb);
  check(cuda::std::exp(a), std::exp(sa));
  check(cuda::std::sqrt(b), std::sqrt(sb));
  check(cuda::std::log(a), std::log(sa));
  check(cuda::std::pow(a, b), std::pow(sa, sb));
  EXPECT_NEAR(cuda::std::abs(a), std::abs(sa), 1e-15);

  const thrust::complex<float> c(1.0f, 2.0f), d(3.0f, -1.0f);
  const thrust::complex<float> e = c * d + thrust::exp(c);
  const std::complex<float> se =
      std::complex<float>(1, 2) * std::complex<float>(3, -1) + std::exp(std::complex<float>(1, 2));
  EXPECT_NEAR(e.real(), se.real(), 1e-5f);
  EXPECT_NEAR(e.imag(), se.imag(), 1e-5f);
  EXPECT_FLOAT_EQ(thrust::abs(d), std::sqrt(10.0f));

  const cuDoubleComplex z = cuCmul(make_cuDoubleComplex(1, 2), make_cuDoubleComplex(3, 4));
  EXPECT_EQ(cuCreal(z), -5.0);
  EXPECT_EQ(cuCimag(z), 10.0);
}

TEST(PreludeLibraries, CurandGeneratorsRunInKernels) {
  // The canonical device-API kernel body: one generator state per thread.
  std::vector<float> first(8), again(8);
  std::vector<double> normals(4000);
  run_block(dim3(8), [&] {
    curandStatePhilox4_32_10_t state;
    curand_init(1234ull, threadIdx.x, 0, &state);
    first[threadIdx.x] = curand_uniform(&state);
    curand_init(1234ull, threadIdx.x, 0, &state);
    again[threadIdx.x] = curand_uniform(&state);
    curandState xorwow;
    curand_init(42ull, threadIdx.x, 0, &xorwow);
    for (int k = 0; k < 500; ++k) normals[threadIdx.x * 500 + k] = curand_normal_double(&xorwow);
    curandStateMRG32k3a mrg;
    curand_init(7ull, threadIdx.x, 0, &mrg);
    const unsigned bits = curand(&mrg);
    (void)bits;
  });
  for (int t = 0; t < 8; ++t) {
    EXPECT_GT(first[t], 0.0f);
    EXPECT_LE(first[t], 1.0f);      // curand_uniform's range is (0, 1]
    EXPECT_EQ(first[t], again[t]);  // same seed, subsequence and offset: same numbers
    if (t > 0) {
      EXPECT_NE(first[t], first[t - 1]);
    }
  }
  double sum = 0, sum2 = 0;
  for (double v : normals) {
    sum += v;
    sum2 += v * v;
  }
  const double mean = sum / normals.size(), variance = sum2 / normals.size() - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.1);
  EXPECT_NEAR(variance, 1.0, 0.1);
}

TEST(PreludeLibraries, ThrustSequentialAlgorithmsAndRuntimeHeaderCompile) {
  // (thrust::sort(thrust::seq, ...) compiled by g++ misorders even without the prelude, in
  // CUDA 13.0's CCCL; reduce is fine.)
  const int values[6] = {5, -1, 4, 4, 0, 9};
  EXPECT_EQ(thrust::reduce(thrust::seq, values, values + 6), 21);
  // cuda_runtime.h names parameters gridDim/blockDim; the built-ins must still work after it.
  run_block(dim3(3), [] { EXPECT_EQ(blockDim.x, 3u); });
  EXPECT_EQ(sizeof(cudaError_t), sizeof(int));
}

}  // namespace
}  // namespace cupylike::prelude_test
