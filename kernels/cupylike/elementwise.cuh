// The one elementwise kernel: a template over an operation struct that the ufunc table (or an
// ElementwiseKernel) generates, of the form
//
//   struct op {
//     static const int nin = 2, nout = 1;
//     typedef float S0, S1, S2;   // storage type of each operand (inputs, then outputs)
//     typedef float C0, C1, C2;   // compute type (float16 computes in float, as NumPy does)
//     __device__ static void f(const C0& in0, const C1& in1, C2& out0) { out0 = in0 + in1; }
//   };
//
// and launched as cupylike::ew_kernel<op> with cupylike_ew_params. Contiguous operands take a
// typed loop the host compiler vectorises (with a scalar first or second input hoisted out of
// it); anything else walks the N-d strides.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

template <class C, class S>
__device__ inline C ew_load(const char* p) {
  return cast<C>(*reinterpret_cast<const S*>(p));
}
template <class S, class C>
__device__ inline void ew_store(char* p, const C& v) {
  *reinterpret_cast<S*>(p) = cast<S>(v);
}

// One element at pointers p[0..nin+nout).
template <class Op>
__device__ inline void ew_apply(char* const* p) {
  if constexpr (Op::nin == 1 && Op::nout == 1) {
    typename Op::C1 o0;
    Op::f(ew_load<typename Op::C0, typename Op::S0>(p[0]), o0);
    ew_store<typename Op::S1>(p[1], o0);
  } else if constexpr (Op::nin == 2 && Op::nout == 1) {
    typename Op::C2 o0;
    Op::f(ew_load<typename Op::C0, typename Op::S0>(p[0]),
          ew_load<typename Op::C1, typename Op::S1>(p[1]), o0);
    ew_store<typename Op::S2>(p[2], o0);
  } else if constexpr (Op::nin == 3 && Op::nout == 1) {
    typename Op::C3 o0;
    Op::f(ew_load<typename Op::C0, typename Op::S0>(p[0]),
          ew_load<typename Op::C1, typename Op::S1>(p[1]),
          ew_load<typename Op::C2, typename Op::S2>(p[2]), o0);
    ew_store<typename Op::S3>(p[3], o0);
  } else if constexpr (Op::nin == 1 && Op::nout == 2) {
    typename Op::C1 o0;
    typename Op::C2 o1;
    Op::f(ew_load<typename Op::C0, typename Op::S0>(p[0]), o0, o1);
    ew_store<typename Op::S1>(p[1], o0);
    ew_store<typename Op::S2>(p[2], o1);
  } else {
    static_assert(Op::nin == 2 && Op::nout == 2, "elementwise operations have at most 3 "
                                                 "inputs and 2 outputs");
    typename Op::C2 o0;
    typename Op::C3 o1;
    Op::f(ew_load<typename Op::C0, typename Op::S0>(p[0]),
          ew_load<typename Op::C1, typename Op::S1>(p[1]), o0, o1);
    ew_store<typename Op::S2>(p[2], o0);
    ew_store<typename Op::S3>(p[3], o1);
  }
}

// All operands contiguous; bit k of SCALARS marks input k as a scalar (stride 0), known at
// compile time so the loop keeps unit strides. Operands advance by their own itemsize.
template <class Op, unsigned SCALARS>
__device__ inline void ew_contiguous(char* const* base, long long n) {
  constexpr int nops = Op::nin + Op::nout;
  long long size[nops > 0 ? nops : 1];
  if constexpr (nops > 0) size[0] = sizeof(typename Op::S0);
  if constexpr (nops > 1) size[1] = sizeof(typename Op::S1);
  if constexpr (nops > 2) size[2] = sizeof(typename Op::S2);
  if constexpr (nops > 3) size[3] = sizeof(typename Op::S3);
  char* __restrict__ b0 = base[0];
  char* __restrict__ b1 = base[1];
  char* __restrict__ b2 = nops > 2 ? base[2] : nullptr;
  char* __restrict__ b3 = nops > 3 ? base[3] : nullptr;
  for_each_index(n, [&](long long i) {
    char* p[4] = {b0 + ((SCALARS & 1u) ? 0 : i * size[0]),
                  b1 + ((SCALARS & 2u) ? 0 : i * size[nops > 1 ? 1 : 0]),
                  nops > 2 ? b2 + ((SCALARS & 4u) ? 0 : i * size[nops > 2 ? 2 : 0]) : nullptr,
                  nops > 3 ? b3 + i * size[nops > 3 ? 3 : 0] : nullptr};
    ew_apply<Op>(p);
  });
}

// N-d walk of up to CUPYLIKE_EW_MAX_OPERANDS pointers, with the where mask if present. Kept
// out of line: the contiguous loops above stay small enough to vectorise.
template <class Op>
__device__ __noinline__ void ew_strided(const cupylike_ew_params& p, char* const* base) {
  const int nops = p.nops;
  char* ptr[CUPYLIKE_EW_MAX_OPERANDS];
  long long idx[CUPYLIKE_EW_MAX_NDIM];
  const int last = p.ndim - 1;
  auto seek = [&](long long i) {
    for (int d = last; d >= 0; --d) {
      idx[d] = i % p.shape[d];
      i /= p.shape[d];
    }
    for (int k = 0; k < nops; ++k) {
      ptr[k] = base[k];
      if (p.scalar_mask >> k & 1u) continue;
      for (int d = 0; d <= last; ++d) ptr[k] += idx[d] * p.strides[k][d];
    }
  };
  auto step = [&]() {  // the next element in C order
    for (int d = last; d >= 0; --d) {
      bool carry = ++idx[d] == p.shape[d];
      for (int k = 0; k < nops; ++k) {
        if (p.scalar_mask >> k & 1u) continue;
        ptr[k] += carry ? -p.strides[k][d] * (p.shape[d] - 1) : p.strides[k][d];
      }
      if (!carry) return;
      idx[d] = 0;
    }
  };
  auto body = [&]() {
    if (p.has_where && !*reinterpret_cast<const bool*>(ptr[nops - 1])) return;
    ew_apply<Op>(ptr);
  };
#if defined(__CUDACC__)
  CUPYLIKE_FOR(i, p.size) {
    seek(i);
    body();
  }
#else
  long long lo, hi;
  cpu_share(p.size, lo, hi);
  if (lo >= hi) return;
  seek(lo);
  for (long long i = lo; i < hi; ++i) {
    body();
    if (i + 1 < hi) step();
  }
#endif
}

template <class Op>
__global__ void ew_kernel(CUPYLIKE_GRID_PARAMS(cupylike_ew_params) p) {
  // Scalars are copied out of the parameters once, so every operand is a pointer.
  unsigned long long local[CUPYLIKE_EW_MAX_OPERANDS][2];
  char* base[CUPYLIKE_EW_MAX_OPERANDS];
  for (int k = 0; k < p.nops; ++k) {
    if (p.scalar_mask >> k & 1u) {
      local[k][0] = p.scalar[k][0];
      local[k][1] = p.scalar[k][1];
      base[k] = reinterpret_cast<char*>(local[k]);
    } else {
      base[k] = p.ptr[k];
    }
  }
  if (p.contiguous && !p.has_where) {
    switch (p.scalar_mask) {
      case 0u: ew_contiguous<Op, 0u>(base, p.size); return;
      case 1u:
        if constexpr (Op::nin >= 2) {
          ew_contiguous<Op, 1u>(base, p.size);
          return;
        }
        break;
      case 2u:
        if constexpr (Op::nin >= 2) {
          ew_contiguous<Op, 2u>(base, p.size);
          return;
        }
        break;
      default: break;
    }
  }
  ew_strided<Op>(p, base);
}

}  // namespace cupylike
