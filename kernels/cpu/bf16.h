// The parts of cuda_bf16.h that CUDA compiles only for the GPU, for the cpu device: the same
// set as cpu/fp16.h (whose helpers it reuses), plus integer-to-bfloat16 conversions in the
// directed modes. Included by cpu_shims/cuda_bf16.h right after CUDA's header.
#ifndef CUPYLIKE_CPU_BF16_H
#define CUPYLIKE_CPU_BF16_H

#pragma GCC visibility push(hidden)

template <>
struct __cpuk_half_traits<__nv_bfloat16> {
  static float to_float(__nv_bfloat16 h) { return __bfloat162float(h); }
  static __nv_bfloat16 from_float(float f) { return __float2bfloat16(f); }
  static __nv_bfloat16 from_double(double d) { return __double2bfloat16(d); }
  static __nv_bfloat16 canonical_nan() { return __ushort_as_bfloat16(0x7fffu); }
};

__CPUK_HALF_MATH_ALL(__nv_bfloat16, __nv_bfloat162, __halves2bfloat162)
__CPUK_HALF_FMA_ALL(__nv_bfloat16, __nv_bfloat162, __halves2bfloat162)
__CPUK_HALF_TO_INT(__bfloat16, __nv_bfloat16, __bfloat162float)
__CPUK_HALF_WARP_ATOMIC(__nv_bfloat16, __nv_bfloat162, __hadd, __hadd2)

// Integer -> bfloat16 in a directed mode: rounding to float in the same direction first loses
// nothing, since directed roundings compose (float's grid contains bfloat16's).
#define __CPUK_INT_TO_BF16(name, I, to_float)                                           \
  inline __nv_bfloat16 name##_rz(I i) { return __float2bfloat16_rz(to_float##_rz(i)); } \
  inline __nv_bfloat16 name##_ru(I i) { return __float2bfloat16_ru(to_float##_ru(i)); } \
  inline __nv_bfloat16 name##_rd(I i) { return __float2bfloat16_rd(to_float##_rd(i)); }
__CPUK_INT_TO_BF16(__short2bfloat16, short, __int2float)
__CPUK_INT_TO_BF16(__ushort2bfloat16, unsigned short, __uint2float)
__CPUK_INT_TO_BF16(__int2bfloat16, int, __int2float)
__CPUK_INT_TO_BF16(__uint2bfloat16, unsigned int, __uint2float)
__CPUK_INT_TO_BF16(__ll2bfloat16, long long, __ll2float)
__CPUK_INT_TO_BF16(__ull2bfloat16, unsigned long long, __ull2float)
#undef __CPUK_INT_TO_BF16

#pragma GCC visibility pop

#endif  // CUPYLIKE_CPU_BF16_H
