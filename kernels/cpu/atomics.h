// CUDA's atomic functions on raw memory, with GCC's __atomic builtins.
//
// CUDA atomics are relaxed: they order nothing but themselves (fences do the ordering), so
// every operation here is __ATOMIC_RELAXED. What the hardware has no instruction for (float
// adds, atomicInc/Dec) is a compare-and-swap loop on the value's bytes, as on older GPUs.
// Scopes: a cpu "device" is one process, so _block, plain and _system are the same operation.
#ifndef CUPYLIKE_CPU_ATOMICS_H
#define CUPYLIKE_CPU_ATOMICS_H

#pragma GCC visibility push(hidden)

#define __CPUK_RELAXED __ATOMIC_RELAXED

// Replaces *address by update(*address) atomically and returns the old value: a
// compare-and-swap loop on the value's bits. The integer views are declared may_alias, since
// the memory holds a float or half (the generic byte-wise builtins would avoid the cast, but
// clang rejects them for CUDA's half types, which it does not consider trivially copyable).
typedef unsigned short __attribute__((__may_alias__)) __cpuk_alias_u16;
typedef unsigned int __attribute__((__may_alias__)) __cpuk_alias_u32;
typedef unsigned long long __attribute__((__may_alias__)) __cpuk_alias_u64;
template <unsigned Size>
struct __cpuk_alias_bits;
template <>
struct __cpuk_alias_bits<2> {
  typedef __cpuk_alias_u16 type;
};
template <>
struct __cpuk_alias_bits<4> {
  typedef __cpuk_alias_u32 type;
};
template <>
struct __cpuk_alias_bits<8> {
  typedef __cpuk_alias_u64 type;
};

template <class T, class Update>
inline T __cpuk_atomic_update(T* address, Update update) {
  typedef typename __cpuk_alias_bits<sizeof(T)>::type Bits;
  Bits* bits = reinterpret_cast<Bits*>(address);
  Bits old_bits = __atomic_load_n(bits, __CPUK_RELAXED);
  for (;;) {
    T old_value;
    __builtin_memcpy(static_cast<void*>(&old_value), &old_bits, sizeof(T));
    const T new_value = update(old_value);
    Bits new_bits;
    __builtin_memcpy(&new_bits, static_cast<const void*>(&new_value), sizeof(T));
    if (__atomic_compare_exchange_n(bits, &old_bits, new_bits, true, __CPUK_RELAXED,
                                    __CPUK_RELAXED))
      return old_value;
  }
}

#define __CPUK_ATOMIC_NATIVE(name, builtin, T) \
  inline T name(T* address, T value) { return builtin(address, value, __CPUK_RELAXED); }

// Integer read-modify-write, one instruction (or a lock-free loop the compiler emits).
__CPUK_ATOMIC_NATIVE(atomicAdd, __atomic_fetch_add, int)
__CPUK_ATOMIC_NATIVE(atomicAdd, __atomic_fetch_add, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicAdd, __atomic_fetch_add, unsigned long long)
__CPUK_ATOMIC_NATIVE(atomicSub, __atomic_fetch_sub, int)
__CPUK_ATOMIC_NATIVE(atomicSub, __atomic_fetch_sub, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicExch, __atomic_exchange_n, int)
__CPUK_ATOMIC_NATIVE(atomicExch, __atomic_exchange_n, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicExch, __atomic_exchange_n, unsigned long long)
__CPUK_ATOMIC_NATIVE(atomicAnd, __atomic_fetch_and, int)
__CPUK_ATOMIC_NATIVE(atomicAnd, __atomic_fetch_and, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicAnd, __atomic_fetch_and, unsigned long long)
__CPUK_ATOMIC_NATIVE(atomicOr, __atomic_fetch_or, int)
__CPUK_ATOMIC_NATIVE(atomicOr, __atomic_fetch_or, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicOr, __atomic_fetch_or, unsigned long long)
__CPUK_ATOMIC_NATIVE(atomicXor, __atomic_fetch_xor, int)
__CPUK_ATOMIC_NATIVE(atomicXor, __atomic_fetch_xor, unsigned int)
__CPUK_ATOMIC_NATIVE(atomicXor, __atomic_fetch_xor, unsigned long long)
#undef __CPUK_ATOMIC_NATIVE

inline float atomicExch(float* address, float value) {
  return __cpuk_atomic_update(address, [value](float) { return value; });
}

#define __CPUK_ATOMIC_MINMAX(T)                                                                 \
  inline T atomicMin(T* address, T value) {                                                     \
    return __cpuk_atomic_update(address, [value](T old) { return value < old ? value : old; }); \
  }                                                                                             \
  inline T atomicMax(T* address, T value) {                                                     \
    return __cpuk_atomic_update(address, [value](T old) { return value > old ? value : old; }); \
  }
__CPUK_ATOMIC_MINMAX(int)
__CPUK_ATOMIC_MINMAX(unsigned int)
__CPUK_ATOMIC_MINMAX(long long)
__CPUK_ATOMIC_MINMAX(unsigned long long)
#undef __CPUK_ATOMIC_MINMAX

// Floating-point adds round once, like the GPU's native float/double atomics.
inline float atomicAdd(float* address, float value) {
  return __cpuk_atomic_update(address, [value](float old) { return old + value; });
}
inline double atomicAdd(double* address, double value) {
  return __cpuk_atomic_update(address, [value](double old) { return old + value; });
}
// sm_90 vector adds: CUDA guarantees atomicity per element only.
inline float2 atomicAdd(float2* address, float2 value) {
  return make_float2(atomicAdd(&address->x, value.x), atomicAdd(&address->y, value.y));
}
inline float4 atomicAdd(float4* address, float4 value) {
  return make_float4(atomicAdd(&address->x, value.x), atomicAdd(&address->y, value.y),
                     atomicAdd(&address->z, value.z), atomicAdd(&address->w, value.w));
}

// CUDA's wrap-around counters: Inc counts 0..limit then wraps to 0, Dec counts down and wraps
// (or, from above the limit, jumps) to the limit.
inline unsigned atomicInc(unsigned* address, unsigned limit) {
  return __cpuk_atomic_update(address,
                              [limit](unsigned old) { return old >= limit ? 0u : old + 1u; });
}
inline unsigned atomicDec(unsigned* address, unsigned limit) {
  return __cpuk_atomic_update(
      address, [limit](unsigned old) { return (old == 0u || old > limit) ? limit : old - 1u; });
}

// Returns the old value whether or not the swap happened, as CUDA's atomicCAS does.
#define __CPUK_ATOMIC_CAS(T)                                                                      \
  inline T atomicCAS(T* address, T compare, T value) {                                            \
    __atomic_compare_exchange_n(address, &compare, value, false, __CPUK_RELAXED, __CPUK_RELAXED); \
    return compare;                                                                               \
  }
__CPUK_ATOMIC_CAS(int)
__CPUK_ATOMIC_CAS(unsigned int)
__CPUK_ATOMIC_CAS(unsigned long long)
__CPUK_ATOMIC_CAS(unsigned short)
#undef __CPUK_ATOMIC_CAS

// The scoped forms. Forwarding templates (rather than a copy of every overload) keep CUDA's
// overload set: the half-precision overloads that cuda_fp16.h/cuda_bf16.h add later are found
// by argument-dependent lookup when these are instantiated.
#define __CPUK_ATOMIC_SCOPED(name)                    \
  template <class... Args>                            \
  inline decltype(auto) name##_block(Args... args) {  \
    return name(args...);                             \
  }                                                   \
  template <class... Args>                            \
  inline decltype(auto) name##_system(Args... args) { \
    return name(args...);                             \
  }
__CPUK_ATOMIC_SCOPED(atomicAdd)
__CPUK_ATOMIC_SCOPED(atomicSub)
__CPUK_ATOMIC_SCOPED(atomicExch)
__CPUK_ATOMIC_SCOPED(atomicMin)
__CPUK_ATOMIC_SCOPED(atomicMax)
__CPUK_ATOMIC_SCOPED(atomicInc)
__CPUK_ATOMIC_SCOPED(atomicDec)
__CPUK_ATOMIC_SCOPED(atomicCAS)
__CPUK_ATOMIC_SCOPED(atomicAnd)
__CPUK_ATOMIC_SCOPED(atomicOr)
__CPUK_ATOMIC_SCOPED(atomicXor)
#undef __CPUK_ATOMIC_SCOPED

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_ATOMICS_H
