#include "jit/cpu_glue.hpp"

namespace cupylike::jit {

namespace {

// The fixed part. The context is defined here, hidden, one per module and OS thread; the
// runtime reaches it through __cpuk_context. Kernel parameters arrive as CUDA's void** args.
constexpr const char* kCommon = R"glue(
#line 1 "<cupylike cpu glue>"
#include <cstddef>
#include <type_traits>
#include <utility>

extern "C" __attribute__((visibility("hidden"))) thread_local __cpuk_ctx_t __cpuk_ctx;
extern "C" __attribute__((visibility("hidden"))) const __cpuk_rt_t* __cpuk_rt = nullptr;
thread_local __cpuk_ctx_t __cpuk_ctx;

extern "C" __attribute__((visibility("default"))) int __cpuk_abi_version() {
  return CUPYLIKE_CPU_ABI_VERSION;
}
extern "C" __attribute__((visibility("default"))) void __cpuk_set_runtime(const __cpuk_rt_t* rt) {
  __cpuk_rt = rt;
}
extern "C" __attribute__((visibility("default"))) __cpuk_ctx_t* __cpuk_context() {
  return &__cpuk_ctx;
}

namespace __cpuk_glue {
template <auto K, class... P, std::size_t... I>
inline void call(void** a, std::index_sequence<I...>) {
  K(*static_cast<std::decay_t<P>*>(a[I])...);
}
template <auto K, class... P>
inline void call_sig(void (*)(P...), void** a) {
  call<K, P...>(a, std::index_sequence_for<P...>{});
}
template <auto K>
inline void thread(void** a) {
  call_sig<K>(K, a);
}
// Every thread of the block in turn; stops when one of them promoted the block to fibers.
template <auto K>
inline int sequence(void** a) {
  __cpuk_ctx_t& c = __cpuk_ctx;
  const unsigned bx = c.bdim.x, by = c.bdim.y, bz = c.bdim.z;
  for (unsigned z = 0; z < bz; ++z)
    for (unsigned y = 0; y < by; ++y)
      for (unsigned x = 0; x < bx; ++x) {
        c.tid.x = x;
        c.tid.y = y;
        c.tid.z = z;
        thread<K>(a);
        if (c.promoted) return 1;
      }
  return 0;
}
template <class P>
constexpr unsigned char kind() {
  using T = std::decay_t<P>;
  if (std::is_pointer_v<T>) return __CPUK_PARAM_POINTER;
  if (std::is_integral_v<T> || std::is_enum_v<T>) return __CPUK_PARAM_INTEGER;
  if (std::is_floating_point_v<T>) return __CPUK_PARAM_FLOAT;
  return __CPUK_PARAM_OTHER;
}
template <class... P>
inline int params(void (*)(P...), unsigned long long* sizes, unsigned char* kinds, int capacity) {
  const unsigned long long all[] = {sizeof(std::decay_t<P>)..., 0};
  const unsigned char all_kinds[] = {kind<P>()..., 0};
  for (int i = 0; i < int(sizeof...(P)) && i < capacity; ++i) {
    sizes[i] = all[i];
    kinds[i] = all_kinds[i];
  }
  return int(sizeof...(P));
}
}  // namespace __cpuk_glue
)glue";

}  // namespace

std::string cpu_glue(const std::vector<std::string>& kernels) {
  std::string g = kCommon;
  // The kernel is named from functions whose parameters have reserved names (__cpuk_*), so no
  // name a kernel may have (a, s, p ...) is hidden by one of them.
  for (size_t i = 0; i < kernels.size(); ++i) {
    std::string n = std::to_string(i), k = "(&" + kernels[i] + ")";
    std::string head = "extern \"C\" __attribute__((visibility(\"default\"))) ";
    g += head + "int __cpuk_seq_" + n + "(void** __cpuk_a) { return __cpuk_glue::sequence<" + k +
         ">(__cpuk_a); }\n";
    g += head + "void __cpuk_thr_" + n + "(void** __cpuk_a) { __cpuk_glue::thread<" + k +
         ">(__cpuk_a); }\n";
    g += head + "const void* __cpuk_kernel_" + n + "() { return reinterpret_cast<const void*>" + k +
         "; }\n";
    g += head + "int __cpuk_params_" + n +
         "(unsigned long long* __cpuk_s, unsigned char* __cpuk_p, int __cpuk_c) { return "
         "__cpuk_glue::params(" +
         k + ", __cpuk_s, __cpuk_p, __cpuk_c); }\n";
  }
  return g;
}

}  // namespace cupylike::jit
