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
// it); on the cpu device so does each row of operands contiguous or broadcast along their
// innermost axis; anything else walks the N-d strides.
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

// Operand sizes, inputs then outputs.
template <class Op>
__device__ inline long long ew_itemsize(int k) {
  constexpr int nops = Op::nin + Op::nout;
  if constexpr (nops > 3)
    if (k == 3) return sizeof(typename Op::S3);
  if constexpr (nops > 2)
    if (k == 2) return sizeof(typename Op::S2);
  return k == 1 ? sizeof(typename Op::S1) : sizeof(typename Op::S0);
}

// Contiguous operands from `base`; bit k of SCALARS marks input k as a scalar (stride 0), known
// at compile time so the loop keeps unit strides. Operands advance by their own itemsize.
// `loop(f)` calls f(i) for the indices to do (EwAll, EwRow).
template <class Op, unsigned SCALARS, class Loop>
__device__ inline void ew_contiguous(char* const* base, Loop loop) {
  constexpr int nops = Op::nin + Op::nout;
  long long size[nops > 0 ? nops : 1];
  for (int k = 0; k < nops; ++k) size[k] = ew_itemsize<Op>(k);
  char* __restrict__ b0 = base[0];
  char* __restrict__ b1 = base[1];
  char* __restrict__ b2 = nops > 2 ? base[2] : nullptr;
  char* __restrict__ b3 = nops > 3 ? base[3] : nullptr;
  loop([&](long long i) {
    char* p[4] = {b0 + ((SCALARS & 1u) ? 0 : i * size[0]),
                  b1 + ((SCALARS & 2u) ? 0 : i * size[nops > 1 ? 1 : 0]),
                  nops > 2 ? b2 + ((SCALARS & 4u) ? 0 : i * size[nops > 2 ? 2 : 0]) : nullptr,
                  nops > 3 ? b3 + i * size[nops > 3 ? 3 : 0] : nullptr};
    ew_apply<Op>(p);
  });
}

// ew_contiguous's loops: this thread's share of all n elements, or one row of n (cpu device).
struct EwAll {
  long long n;
  template <class F>
  __device__ void operator()(F f) const {
    for_each_index(n, f);
  }
};
#if !defined(__CUDACC__)
struct EwRow {
  long long n;
  template <class F>
  __device__ void operator()(F f) const {
    for_each_in(0, n, f);
  }
};
#endif

// ew_contiguous for scalar inputs `mask` as a run-time value: 0, 1 or 2, the loops
// instantiated; false for other masks, which the caller walks by strides.
template <class Op, class Loop>
__device__ inline bool ew_contiguous_for(unsigned mask, char* const* base, Loop loop) {
  switch (mask) {
    case 0u: ew_contiguous<Op, 0u>(base, loop); return true;
    case 1u:
      if constexpr (Op::nin >= 2) {
        ew_contiguous<Op, 1u>(base, loop);
        return true;
      }
      return false;
    case 2u:
      if constexpr (Op::nin >= 2) {
        ew_contiguous<Op, 2u>(base, loop);
        return true;
      }
      return false;
    default: return false;
  }
}

#if !defined(__CUDACC__)
// The cpu device's walk of arrays whose innermost axis every operand reads contiguously or
// not at all (stride 0 for an input): a row of x (m, n) - u (1, n), or x - v (m, 1). Each row
// takes the contiguous loop, vectorised, as NumPy's inner loops do; the outer axes step like
// an odometer. False when the operands do not qualify.
template <class Op>
__device__ inline bool ew_rows(const cupylike_ew_params& p, char* const* base) {
  const int nops = p.nops, last = p.ndim - 1;
  if (p.has_where || last < 1) return false;
  unsigned mask = p.scalar_mask;
  for (int k = 0; k < nops; ++k) {
    if (p.scalar_mask >> k & 1u) continue;
    long long stride = p.strides[k][last];
    if (stride == 0 && k < Op::nin)
      mask |= 1u << k;
    else if (stride != ew_itemsize<Op>(k))
      return false;
  }
  if (mask > 2u || (mask && Op::nin < 2)) return false;
  const long long inner = p.shape[last];
  long long lo, hi;
  cpu_share(inner ? p.size / inner : 0, lo, hi);
  char* row[CUPYLIKE_EW_MAX_OPERANDS];
  long long idx[CUPYLIKE_EW_MAX_NDIM];
  long long r = lo;
  for (int d = last - 1; d >= 0; --d) {
    idx[d] = r % p.shape[d];
    r /= p.shape[d];
  }
  for (int k = 0; k < nops; ++k) {
    row[k] = base[k];
    if (p.scalar_mask >> k & 1u) continue;
    for (int d = 0; d < last; ++d) row[k] += idx[d] * p.strides[k][d];
  }
  for (r = lo; r < hi; ++r) {
    ew_contiguous_for<Op>(mask, row, EwRow{inner});
    for (int d = last - 1; d >= 0; --d) {  // the next row
      bool carry = ++idx[d] == p.shape[d];
      for (int k = 0; k < nops; ++k) {
        if (p.scalar_mask >> k & 1u) continue;
        row[k] += carry ? -p.strides[k][d] * (p.shape[d] - 1) : p.strides[k][d];
      }
      if (!carry) break;
      idx[d] = 0;
    }
  }
  return true;
}
#endif

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
  if (p.contiguous && !p.has_where && ew_contiguous_for<Op>(p.scalar_mask, base, EwAll{p.size}))
    return;
#if !defined(__CUDACC__)
  if (ew_rows<Op>(p, base)) return;
#endif
  ew_strided<Op>(p, base);
}

}  // namespace cupylike
