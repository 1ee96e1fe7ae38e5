// Compares cupylike's declarations of NVIDIA's library APIs (csrc/cuda_api/) with NVIDIA's own
// headers, in one translation unit: ours are declared in namespace `ours` (cuda_api/linkage.h),
// NVIDIA's in the global namespace. Compiled, not run, by tests/test_cuda_api.py, which writes
// cuda_api_names.inc: one line per name our headers declare, ENUM(type), VALUE(constant),
// STRUCT(tag), ALIAS(type) or FUNCTION(name). A mismatch fails a static_assert naming it.
#include <type_traits>

#define CUPYLIKE_CUDA_API_NAMESPACE ours
#include "cuda_api/cublas_abi.h"
#include "cuda_api/cufft_abi.h"
#include "cuda_api/curand_abi.h"
#include "cuda_api/cusolver_abi.h"
#include "cuda_api/nvrtc_abi.h"

// Our constants' values, read before NVIDIA's headers are included: some of our enumerators are
// macros there (CUFFT_FORWARD), which would rewrite `ours::CUFFT_FORWARD` after them.
#define ENUM(name)
#define VALUE(name) constexpr long long ours_##name = ours::name;
#define STRUCT(name)
#define ALIAS(name)
#define FUNCTION(name)
#include "cuda_api_names.inc"
#undef ENUM
#undef VALUE
#undef STRUCT
#undef ALIAS
#undef FUNCTION

#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <nvrtc.h>

// NVIDIA's type for each of ours: our enums and structs map to NVIDIA's of the same name
// (ENUM and STRUCT below), through pointers, const and function types; other types are shared.
template <class T>
struct Nvidia {
  using type = T;
};
template <class T>
using nvidia_t = typename Nvidia<T>::type;
template <class T>
struct Nvidia<T*> {
  using type = nvidia_t<T>*;
};
template <class T>
struct Nvidia<const T> {
  using type = const nvidia_t<T>;
};
template <class R, class... A>
struct Nvidia<R(A...)> {
  using type = nvidia_t<R>(nvidia_t<A>...);
};

// An enum: the same size and underlying type (so it passes alike); its constants are VALUEs.
#define ENUM(name)                                                                        \
  template <>                                                                             \
  struct Nvidia<ours::name> {                                                             \
    using type = ::name;                                                                  \
  };                                                                                      \
  static_assert(sizeof(ours::name) == sizeof(::name), #name ": size");                    \
  static_assert(                                                                          \
      std::is_same_v<std::underlying_type_t<ours::name>, std::underlying_type_t<::name>>, \
      #name ": underlying type");
#define VALUE(name) static_assert(ours_##name == (name), #name ": value");
#define STRUCT(name)          \
  template <>                 \
  struct Nvidia<ours::name> { \
    using type = ::name;      \
  };
#define ALIAS(name) static_assert(std::is_same_v<nvidia_t<ours::name>, ::name>, #name ": type");
#define FUNCTION(name) \
  static_assert(std::is_same_v<nvidia_t<decltype(ours::name)>, decltype(::name)>, #name ": type");

// The file lists enums and structs first: the aliases and functions use them.
#include "cuda_api_names.inc"
