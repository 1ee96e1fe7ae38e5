// Kernel sources compiled at test time the way the compiler driver compiles them (the flags of
// jit/host_*: -include cpu_prelude.h, the shim directory first), with g++ and, where present,
// clang++: every supported header, CUDA's qualifiers, `extern __shared__` declarations, and a
// module loaded with dlopen and run over the glue symbols the driver defines.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

namespace {

// A compiler and the kernel flags it understands (clang 14 lacks -fno-extern-tls-init and
// -mtls-dialect=gnu2).
struct Compiler {
  std::string command;
  bool gnu;
};

std::string run(const std::string& command, int* status) {
  std::string output;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((command + " 2>&1").c_str(), "r"), pclose);
  std::array<char, 4096> buffer;
  while (fgets(buffer.data(), buffer.size(), pipe.get())) output += buffer.data();
  *status = pclose(pipe.release());
  return output;
}

bool available(const std::string& compiler) {
  int status;
  run(compiler + " --version", &status);
  return status == 0;
}

std::string cuda_include_dir() { return CUPYLIKE_CUDA_INCLUDE_DIR; }

std::string kernel_flags(const Compiler& compiler) {
  const std::string kernels = CUPYLIKE_KERNELS_DIR, cuda = cuda_include_dir();
  std::string flags = " -std=c++17 -O2 -fPIC -fno-math-errno -ffp-contract=off";
  if (compiler.gnu) flags += " -fno-extern-tls-init -mtls-dialect=gnu2";
  return flags + " -include " + kernels + "/cpu_prelude.h -I" + kernels + "/cpu_shims -I" +
         kernels + " -I" + cuda + " -I" + cuda + "/cccl";
}

class ScratchDir {
 public:
  ScratchDir() {
    char pattern[] = "/tmp/cupylike_prelude_XXXXXX";
    path_ = mkdtemp(pattern);
  }
  ~ScratchDir() {
    int status;
    run("rm -rf " + path_, &status);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string file = path_ + "/" + name;
    std::ofstream(file) << text;
    return file;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Kernel text touching every qualifier and header the cpu device supports.
const char* kEverythingKernel = R"cuda(
#include <assert.h>
#include <cassert>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuComplex.h>
#include <cuda/std/complex>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <device_launch_parameters.h>
#include <math_constants.h>
#include <memory>
#include <thrust/complex.h>
namespace cg = cooperative_groups;

__constant__ float table[4] = {1, 2, 3, 4};
__device__ int counter;
__managed__ int managed_value;
extern __shared__ float namespace_scope_smem[];

struct __align__(16) Params { float scale; int n; };

template <class T>
__device__ __forceinline__ T twice(T x) { return x + x; }
__device__ __noinline__ float not_inlined(float x) { return x * 3.0f; }
__host__ __device__ inline int both(int x) { return x + 1; }

template <class T, int BLOCK>
__global__ void __launch_bounds__(BLOCK, 2) everything(const T* __restrict__ in, T* __restrict__ out,
                                                       const __grid_constant__ Params p) {
  __shared__ T tile[BLOCK];
  __shared__ __align__(16) unsigned char raw[64];
  extern __shared__ double block_scope_smem[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < p.n ? in[i] : T(0);
  raw[threadIdx.x % 64] = 1;
  __syncthreads();
  T v = tile[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  v = cg::reduce(warp, v, cg::plus<T>()) + cg::inclusive_scan(warp, v);
  const __half h = __float2half(static_cast<float>(v));
  const __nv_bfloat16 b = __float2bfloat16(static_cast<float>(v));
  const cuda::std::complex<double> z(static_cast<double>(v), 1.0);
  const thrust::complex<float> t(1.0f, 2.0f);
  curandStatePhilox4_32_10_t state;
  curand_init(1234ull, i, 0, &state);
  assert(p.n >= 0);
  block_scope_smem[threadIdx.x] = cuda::std::abs(z) + curand_uniform(&state);
  namespace_scope_smem[threadIdx.x] = __half2float(hexp(h)) + __bfloat162float(hsqrt(b)) + t.real();
  if (i < p.n) {
    out[i] = twice(v) * p.scale + table[i % 4] + not_inlined(1.0f) + both(1) +
             static_cast<T>(raw[3] + normcdff(0.5f) + rsqrtf(2.0f) + __fadd_rz(1.0f, 2.0f) +
                            __float2int_rn(2.5f) + __popc(7u) + CUDART_PI_F);
    atomicAdd(&counter, 1);
    atomicMax_block(&managed_value, i);
  }
  if (i < 0) printf("thread %d of %d\n", i, p.n);
}
template __global__ void everything<float, 128>(const float*, float*, const Params);
template __global__ void everything<double, 64>(const double*, double*, const Params);
)cuda";

class PreludeCompile : public ::testing::TestWithParam<Compiler> {
 protected:
  void SetUp() override {
    if (!available(GetParam().command)) GTEST_SKIP() << GetParam().command << " not found";
  }
};

TEST_P(PreludeCompile, EveryHeaderAndQualifierCompilesWarningFree) {
  ScratchDir dir;
  const std::string source = dir.write("everything.cu", kEverythingKernel);
  int status;
  const std::string log =
      run(GetParam().command + kernel_flags(GetParam()) + " -Wall -Wextra -Werror -x c++ -c " +
              source + " -o " + dir.path() + "/everything.o",
          &status);
  EXPECT_EQ(status, 0) << log;
}

TEST_P(PreludeCompile, ExternSharedStaysAnUndefinedTlsSymbol) {
  ScratchDir dir;
  const std::string source = dir.write("smem.cu", R"cuda(
extern __shared__ float outer[];
template <class T> __device__ T* dynamic_smem() { extern __shared__ __align__(16) unsigned char raw[]; return reinterpret_cast<T*>(raw); }
extern "C" __global__ void scan(float* out) {
  extern __shared__ double inner[];
  outer[threadIdx.x] = 1.0f;
  inner[threadIdx.x] = 2.0;
  dynamic_smem<int>()[threadIdx.x] = 3;
  __syncthreads();
  out[threadIdx.x] = outer[0] + inner[0] + dynamic_smem<int>()[0];
}
)cuda");
  const std::string object = dir.path() + "/smem.o";
  int status;
  std::string log =
      run(GetParam().command + kernel_flags(GetParam()) + " -x c++ -c " + source + " -o " + object,
          &status);
  ASSERT_EQ(status, 0) << log;
  log = run("readelf -sW " + object, &status);
  ASSERT_EQ(status, 0) << log;
  for (const char* name : {" outer", " inner", " raw"}) {
    bool found = false;
    size_t line_start = 0;
    while (line_start < log.size()) {
      const size_t line_end = log.find('\n', line_start);
      const std::string line = log.substr(line_start, line_end - line_start);
      if (line.size() >= strlen(name) &&
          line.compare(line.size() - strlen(name), strlen(name), name) == 0)
        found = line.find(" TLS ") != std::string::npos && line.find(" UND ") != std::string::npos;
      if (found || line_end == std::string::npos) break;
      line_start = line_end + 1;
    }
    EXPECT_TRUE(found) << name << " is not an undefined TLS symbol:\n" << log;
  }
}

TEST_P(PreludeCompile, UnsupportedLibrariesFailWithAClearMessage) {
  ScratchDir dir;
  struct Case {
    const char* header;
    const char* message;
  };
  for (const Case& c :
       {Case{"cub/warp/warp_reduce.cuh", "CUB device primitives are not available"},
        Case{"cooperative_groups/memcpy_async.h", "not available on the cpu device"}}) {
    const std::string source =
        dir.write("unsupported.cu", std::string("#include <") + c.header + ">\n");
    int status;
    const std::string log = run(
        GetParam().command + kernel_flags(GetParam()) + " -fsyntax-only -x c++ " + source, &status);
    EXPECT_NE(status, 0) << c.header;
    EXPECT_NE(log.find(c.message), std::string::npos) << log.substr(0, 2000);
  }
}

// A module as the driver builds it: kernel source, then glue that defines the context, the
// runtime table and (standing in for the driver's alias) the dynamic shared memory. The glue
// runs blocks of one thread, which is what a single-thread runtime can do.
const char* kModuleKernels = R"cuda(
extern "C" __global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void reverse_block(float* data) {
  extern __shared__ float staged[];
  staged[threadIdx.x] = data[blockIdx.x];
  __syncthreads();
  data[blockIdx.x] = -staged[threadIdx.x] + __syncthreads_count(1);
}
extern "C" __global__ void checked(int value) { assert(value == 1); }
)cuda";

const char* kModuleGlue = R"cuda(
#include <stdexcept>
#include <string>
extern "C" {
__attribute__((visibility("hidden"))) thread_local __cpuk_ctx_t __cpuk_ctx;
__attribute__((visibility("hidden"))) const __cpuk_rt_t* __cpuk_rt;
}
thread_local float staged[1024];
namespace {
int sync1(int kind, int predicate) { return kind == __CPUK_BAR_SYNC ? 0 : predicate; }
void syncwarp1(unsigned) {}
unsigned vote1(int kind, unsigned, int predicate) { return kind == __CPUK_VOTE_UNI ? 1u : predicate; }
unsigned long long shfl1(int, unsigned, unsigned long long value, int, int) { return value; }
unsigned match1(int, unsigned, unsigned long long, int* pred) { if (pred) *pred = 1; return 1u; }
unsigned reduce1(int, unsigned, unsigned value, int) { return value; }
unsigned active1() { return 1u; }
void trap1(const char* message) { throw std::runtime_error(message); }
const __cpuk_rt_t table = {CUPYLIKE_CPU_ABI_VERSION, sync1, syncwarp1, vote1, shfl1, match1, reduce1, active1, trap1};
void launch(unsigned blocks, unsigned threads, void (*body)()) {
  __cpuk_rt = &table;
  __cpuk_ctx.bdim = make_uint3(threads, 1, 1);
  __cpuk_ctx.gdim = make_uint3(blocks, 1, 1);
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t) {
      __cpuk_ctx.bid = make_uint3(b, 0, 0);
      __cpuk_ctx.tid = make_uint3(t, 0, 0);
      body();
    }
}
float *g_a, *g_b, *g_c;
int g_n, g_value;
}
extern "C" __attribute__((visibility("default"))) void test_vadd(const float* a, const float* b, float* c, int n) {
  g_a = const_cast<float*>(a); g_b = const_cast<float*>(b); g_c = c; g_n = n;
  launch((n + 31) / 32, 32, [] { vadd(g_a, g_b, g_c, g_n); });
}
extern "C" __attribute__((visibility("default"))) void test_reverse(float* data, int n) {
  g_c = data;
  launch(n, 1, [] { reverse_block(g_c); });
}
extern "C" __attribute__((visibility("default"))) int test_checked(int value, char* message, int capacity) {
  g_value = value;
  try {
    launch(1, 1, [] { checked(g_value); });
    return 0;
  } catch (const std::exception& error) {
    std::string text = error.what();
    text.copy(message, capacity - 1);
    message[text.size() < size_t(capacity) ? text.size() : capacity - 1] = 0;
    return 1;
  }
}
)cuda";

TEST_P(PreludeCompile, ModuleRunsAfterDlopen) {
  ScratchDir dir;
  const std::string source = dir.write("module.cu", std::string(kModuleKernels) + kModuleGlue);
  const std::string library = dir.path() + "/module.so";
  int status;
  const std::string log = run(GetParam().command + kernel_flags(GetParam()) + " -shared -x c++ " +
                                  source + " -o " + library,
                              &status);
  ASSERT_EQ(status, 0) << log;
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(handle, nullptr) << dlerror();
  auto test_vadd = reinterpret_cast<void (*)(const float*, const float*, float*, int)>(
      dlsym(handle, "test_vadd"));
  auto test_reverse = reinterpret_cast<void (*)(float*, int)>(dlsym(handle, "test_reverse"));
  auto test_checked = reinterpret_cast<int (*)(int, char*, int)>(dlsym(handle, "test_checked"));
  ASSERT_TRUE(test_vadd && test_reverse && test_checked);

  float a[100], b[100], c[100] = {};
  for (int i = 0; i < 100; ++i) a[i] = static_cast<float>(i), b[i] = 0.5f;
  test_vadd(a, b, c, 100);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(c[i], i + 0.5f);

  float data[3] = {1, 2, 3};
  test_reverse(data, 3);
  EXPECT_EQ(data[0], 0.0f);  // -1 + count(1 thread)
  EXPECT_EQ(data[2], -2.0f);

  char message[256];
  EXPECT_EQ(test_checked(1, message, sizeof message), 0);
  ASSERT_EQ(test_checked(2, message, sizeof message), 1);
  EXPECT_NE(std::string(message).find("module.cu:"), std::string::npos) << message;
  EXPECT_NE(std::string(message).find(": Assertion `value == 1' failed."), std::string::npos)
      << message;
  dlclose(handle);
}

INSTANTIATE_TEST_SUITE_P(Compilers, PreludeCompile,
                         ::testing::Values(Compiler{"g++", true}, Compiler{"clang++", false}),
                         [](const ::testing::TestParamInfo<Compiler>& info) {
                           return info.param.gnu ? std::string("gcc") : std::string("clang");
                         });

}  // namespace
