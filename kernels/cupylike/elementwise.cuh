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
// innermost axis, and other rows take a loop by the inner strides; a GPU's threads seek
// their elements by the N-d strides.
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

// ew_contiguous's loops: this thread's share of all n elements, or a run of n within a row
// (the cpu device's row walk).
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

// Pointers to one element of every operand (scalars stay put), walking the first `naxes` axes
// of the shape in C order: seek jumps to index i (division per axis), step moves to the next
// index (carrying like an odometer).
struct EwWalk {
  const cupylike_ew_params& p;
  int naxes;
  char* ptr[CUPYLIKE_EW_MAX_OPERANDS];
  long long idx[CUPYLIKE_EW_MAX_NDIM];

  __device__ void seek(char* const* base, long long i) {
    for (int d = naxes - 1; d >= 0; --d) {
      idx[d] = i % p.shape[d];
      i /= p.shape[d];
    }
    for (int k = 0; k < p.nops; ++k) {
      ptr[k] = base[k];
      if (p.scalar_mask >> k & 1u) continue;
      for (int d = 0; d < naxes; ++d) ptr[k] += idx[d] * p.strides[k][d];
    }
  }
  __device__ void step() {
    for (int d = naxes - 1; d >= 0; --d) {
      bool carry = ++idx[d] == p.shape[d];
      for (int k = 0; k < p.nops; ++k) {
        if (p.scalar_mask >> k & 1u) continue;
        ptr[k] += carry ? -p.strides[k][d] * (p.shape[d] - 1) : p.strides[k][d];
      }
      if (!carry) return;
      idx[d] = 0;
    }
  }
};

#if !defined(__CUDACC__)
// The scalar-input mask (as ew_contiguous takes it) under which every operand reads the
// innermost axis contiguously or not at all (stride 0, inputs only): a row of
// x (m, n) - u (1, n), or of x - v (m, 1). ~0u when they do not, or with a where mask.
template <class Op>
__device__ inline unsigned ew_row_mask(const cupylike_ew_params& p) {
  const int last = p.ndim - 1;
  if (p.has_where || last < 0) return ~0u;
  unsigned mask = p.scalar_mask;
  for (int k = 0; k < p.nops; ++k) {
    if (p.scalar_mask >> k & 1u) continue;
    long long stride = p.strides[k][last];
    if (stride == 0 && k < Op::nin)
      mask |= 1u << k;
    else if (stride != ew_itemsize<Op>(k))
      return ~0u;
  }
  return mask;
}

// n elements along the innermost axis from pointers `at`, each operand by its `stride` there
// (0 for scalars); the where mask (the last operand) skips elements.
template <class Op>
__device__ inline void ew_strided_run(const cupylike_ew_params& p, char* const* at,
                                      const long long* stride, long long n) {
  constexpr int nops = Op::nin + Op::nout;  // without the where mask: a fixed count
  char* ptr[nops + 1];
  long long step[nops + 1];
  for (int k = 0; k < p.nops; ++k) {
    ptr[k] = at[k];
    step[k] = stride[k];
  }
  if (p.has_where) {
    for (long long i = 0; i < n; ++i) {
      if (*reinterpret_cast<const bool*>(ptr[nops])) ew_apply<Op>(ptr);
      for (int k = 0; k <= nops; ++k) ptr[k] += step[k];
    }
    return;
  }
  for (long long i = 0; i < n; ++i) {
    ew_apply<Op>(ptr);
    for (int k = 0; k < nops; ++k) ptr[k] += step[k];
  }
}

// The cpu device's N-d walk: this thread's share of the elements, a run of a row at a time.
// Rows whose operands qualify (ew_row_mask) take the contiguous loop, vectorised, as NumPy's
// inner loops do; others a loop with each operand's inner stride. The outer axes step like an
// odometer, once per row.
template <class Op>
__device__ inline void ew_rows(const cupylike_ew_params& p, char* const* base) {
  long long lo, hi;
  cpu_share(p.size, lo, hi);
  if (lo >= hi) return;
  const int last = p.ndim - 1;
  const long long inner = last < 0 ? 1 : p.shape[last];
  const unsigned mask = ew_row_mask<Op>(p);
  EwWalk rows{p, last < 0 ? 0 : last};  // the outer axes: one index per row
  rows.seek(base, lo / inner);
  long long offset = lo % inner, stride[CUPYLIKE_EW_MAX_OPERANDS];
  for (int k = 0; k < p.nops; ++k)
    stride[k] = (p.scalar_mask >> k & 1u) || last < 0 ? 0 : p.strides[k][last];
  char* at[CUPYLIKE_EW_MAX_OPERANDS];
  for (long long i = lo; i < hi;) {
    long long n = inner - offset < hi - i ? inner - offset : hi - i;
    for (int k = 0; k < p.nops; ++k) at[k] = rows.ptr[k] + offset * stride[k];
    if (mask == ~0u || !ew_contiguous_for<Op>(mask, at, EwRow{n}))
      ew_strided_run<Op>(p, at, stride, n);
    i += n;
    offset = 0;
    if (i < hi) rows.step();
  }
}
#endif

#if defined(__CUDACC__)
// A GPU's N-d walk: each thread seeks its elements of the grid-stride loop, with the where mask
// if present. Kept out of line: the contiguous loops above stay small enough to vectorise.
template <class Op>
__device__ __noinline__ void ew_strided(const cupylike_ew_params& p, char* const* base) {
  EwWalk walk{p, p.ndim};
  CUPYLIKE_FOR(i, p.size) {
    walk.seek(base, i);
    if (p.has_where && !*reinterpret_cast<const bool*>(walk.ptr[p.nops - 1])) continue;
    ew_apply<Op>(walk.ptr);
  }
}
#endif

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
#if defined(__CUDACC__)
  ew_strided<Op>(p, base);
#else
  ew_rows<Op>(p, base);
#endif
}

}  // namespace cupylike
