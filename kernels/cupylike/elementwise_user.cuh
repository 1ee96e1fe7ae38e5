// The kernel of cupylike.ElementwiseKernel: one template over an operation struct that
// csrc/ops/elementwise_kernel_source.cpp generates from the user's parameters and code, e.g.
// for ElementwiseKernel('T x, raw T y', 'T z', 'z = x + y[_ind.size() - i - 1]'):
//
//   typedef float T;
//   namespace cupylike_user {
//   struct kernel {
//     static const int nargs = 3;
//     static const unsigned long long moving = 0x5ull;  // the non-raw arrays: x and z
//     template <class K> __device__ static void run(const K& _k) {
//       cupylike::RawArray<const T, K::raw_nd> y = _k.template raw<const T>(1);
//       <loop_prep>;
//       _k.loop([&](long long i, const cupylike::EwElement& _e) {
//         const cupylike::EwIndex<K::nd> _ind = _k.index(i);
//         const T& x = _e.template at<const T>(0);
//         T& z = _e.template at<T>(2);
//         do { z = x + y[_ind.size() - i - 1]; } while (0);
//       });
//       <after_loop>;
//     }
//   };
//   }
//
// launched as cupylike::ew_user_kernel<cupylike_user::kernel, ND, RND, CONTIG>. Unlike the ufunc
// kernel (elementwise.cuh), outputs are references into memory that the code may read, the code
// sees the loop index `i`, raw arrays and `_ind`, and loop_prep / after_loop share the scope of
// the loop, so the loop is a lambda inside the generated function rather than the reverse. The
// element code runs inside do { } while (0), so `continue`, `break` and `return` all end the
// current element, as `continue` does in CuPy's loop.
//
// Layout classes are template arguments: CONTIG (every non-raw array is C-contiguous over the
// index range: pointers advance by their itemsize, a loop the host compiler vectorises), ND (a
// power of two >= the index range's axes) and RND (likewise for the raw arrays' axes).
#pragma once
#include <cupylike/params.h>

#include <cupylike/loop.cuh>
#include <cupylike/types.cuh>

namespace cupylike {

// The parameter block: 64-bit words only, so the host packs it as an array of words
// (CUPYLIKE_EWK_WORDS in params.h gives the count).
template <int NA, int ND, int RND>
struct EwkParams {
  long long size;  // elements of the index range: _ind.size()
  long long ndim;  // its axes (at most ND)
  long long shape[ND];
  char* ptr[NA];                     // array data; null for a scalar
  unsigned long long scalar[NA][2];  // scalar values, already of the parameter's type
  long long strides[NA][ND];         // non-raw arrays: bytes per step of each index axis
  long long raw_info[NA];            // raw arrays: their axes, plus 256 when C-contiguous
  long long raw_shape[NA][RND];
  long long raw_strides[NA][RND];
};

// A `raw` array: indexed by a flat C-order index over its own shape (any strides), or by an
// index per axis (`y[_ind.get()]` with reduce_dims=False).
template <class T, int RND>
class RawArray {
 public:
  __device__ RawArray(char* data, long long info, const long long* shape, const long long* strides)
      : data_(data), ndim_(int(info & 255)), contiguous_((info & 256) != 0), size_(1) {
    for (int d = 0; d < ndim_; ++d) {
      shape_[d] = shape[d];
      strides_[d] = strides[d];
      size_ *= shape[d];
    }
  }
  // Any integer type: a template beats the pointer overload for `y[0]` (0 is also a null
  // pointer constant).
  template <class I>
  __device__ T& operator[](I i) const {
    if (contiguous_) return reinterpret_cast<T*>(data_)[i];
    long long rest = (long long)i, offset = 0;
    for (int d = ndim_ - 1; d >= 0; --d) {
      offset += rest % shape_[d] * strides_[d];
      rest /= shape_[d];
    }
    return *reinterpret_cast<T*>(data_ + offset);
  }
  __device__ T& operator[](const long long* index) const {
    long long offset = 0;
    for (int d = 0; d < ndim_; ++d) offset += index[d] * strides_[d];
    return *reinterpret_cast<T*>(data_ + offset);
  }
  __device__ T* data() const { return reinterpret_cast<T*>(data_); }
  __device__ long long size() const { return size_; }
  __device__ int ndim() const { return ndim_; }
  __device__ const long long* shape() const { return shape_; }
  __device__ const long long* strides() const { return strides_; }

 private:
  char* data_;
  int ndim_;
  bool contiguous_;
  long long size_;
  long long shape_[RND], strides_[RND];
};

// `_ind`: the index range (size(), ndim(), shape()) and, in the loop, the current element's
// index per axis (get(), computed when asked).
template <int ND>
class EwIndex {
 public:
  __device__ EwIndex(const long long* shape, long long ndim, long long size, long long i)
      : shape_(shape), ndim_(ndim), size_(size), i_(i) {}
  __device__ long long size() const { return size_; }
  __device__ int ndim() const { return int(ndim_); }
  __device__ const long long* shape() const { return shape_; }
  __device__ const long long* get() const {
    long long rest = i_;
    for (int d = int(ndim_) - 1; d >= 0; --d) {
      index_[d] = rest % shape_[d];
      rest /= shape_[d];
    }
    return index_;
  }

 private:
  const long long* shape_;
  long long ndim_, size_, i_;
  mutable long long index_[ND];
};

// The current element of every moving array: item i from `base` (contiguous: the arrays'
// starts and the index; strided: the walk's pointers and 0). One type for both paths keeps the
// generated lambda non-generic, which NVRTC requires of device lambdas.
struct EwElement {
  char* const* base;
  long long i;
  template <class T>
  __device__ T& at(int k) const {
    return reinterpret_cast<T*>(base[k])[i];
  }
};

template <class Op, int ND, int RND, bool CONTIG>
class EwContext {
 public:
  static const int na = Op::nargs > 0 ? Op::nargs : 1;
  static const int nd = ND;
  static const int raw_nd = RND;
  typedef EwkParams<na, ND, RND> Params;

  __device__ explicit EwContext(const Params& p) : p_(p) {}

  template <class T>
  __device__ T scalar(int k) const {
    return *reinterpret_cast<const T*>(p_.scalar[k]);
  }
  template <class T>
  __device__ RawArray<T, RND> raw(int k) const {
    return RawArray<T, RND>(p_.ptr[k], p_.raw_info[k], p_.raw_shape[k], p_.raw_strides[k]);
  }
  __device__ EwIndex<ND> index(long long i) const {
    return EwIndex<ND>(p_.shape, p_.ndim, p_.size, i);
  }

  // Calls f(i, element) for this thread's indices.
  template <class F>
  __device__ void loop(F f) const {
    if constexpr (CONTIG) {
      char* base[na];
      for (int k = 0; k < na; ++k) base[k] = p_.ptr[k];
      for_each_index(p_.size, [&](long long i) { f(i, EwElement{base, i}); });
    } else {
      strided(f);
    }
  }

 private:
  static __device__ bool moves(int k) { return (Op::moving >> k & 1u) != 0; }

  // The N-d walk: on a GPU a seek (division per axis) per element; on the cpu device one seek
  // per thread, then an odometer step per element.
  template <class F>
  __device__ void strided(F& f) const {
    char* ptr[na];
    long long idx[ND];
    const int last = int(p_.ndim) - 1;
    auto seek = [&](long long i) {
      for (int d = last; d >= 0; --d) {
        idx[d] = i % p_.shape[d];
        i /= p_.shape[d];
      }
      for (int k = 0; k < na; ++k) {
        ptr[k] = p_.ptr[k];
        if (!moves(k)) continue;
        for (int d = 0; d <= last; ++d) ptr[k] += idx[d] * p_.strides[k][d];
      }
    };
#if defined(__CUDACC__)
    CUPYLIKE_FOR(i, p_.size) {
      seek(i);
      f(i, EwElement{ptr, 0});
    }
#else
    long long lo, hi;
    cpu_share(p_.size, lo, hi);
    if (lo >= hi) return;
    seek(lo);
    for (long long i = lo;; ++i) {
      f(i, EwElement{ptr, 0});
      if (i + 1 >= hi) break;
      for (int d = last; d >= 0; --d) {  // the next element in C order
        bool carry = ++idx[d] == p_.shape[d];
        for (int k = 0; k < na; ++k)
          if (moves(k)) ptr[k] += carry ? -p_.strides[k][d] * (p_.shape[d] - 1) : p_.strides[k][d];
        if (!carry) break;
        idx[d] = 0;
      }
    }
#endif
  }

  const Params& p_;
};

template <class Op, int ND, int RND, bool CONTIG>
__global__ void ew_user_kernel(
    CUPYLIKE_GRID_PARAMS(EwkParams<(Op::nargs > 0 ? Op::nargs : 1), ND, RND>) p) {
  static_assert(sizeof(p) == 8 * CUPYLIKE_EWK_WORDS((Op::nargs > 0 ? Op::nargs : 1), ND, RND),
                "the host packs EwkParams as CUPYLIKE_EWK_WORDS 64-bit words");
  Op::run(EwContext<Op, ND, RND, CONTIG>(p));
}

// Complex arithmetic for user code (CuPy's kernels see thrust::complex): operators with complex
// and real operands, real(), imag(), conj(), abs(), arg(), norm().
template <class T>
struct ew_real_operand {
  typedef T type;  // a non-deduced context: `z * 2` and `z * 2.0` work for complex<float>
};

template <class T>
__device__ inline complex<T> operator+(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re + b.re, a.im + b.im);
}
template <class T>
__device__ inline complex<T> operator-(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re - b.re, a.im - b.im);
}
template <class T>
__device__ inline complex<T> operator*(const complex<T>& a, const complex<T>& b) {
  return complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
// Smith's division: no overflow in an intermediate |b|^2.
template <class T>
__device__ inline complex<T> operator/(const complex<T>& a, const complex<T>& b) {
  if ((b.re < 0 ? -b.re : b.re) >= (b.im < 0 ? -b.im : b.im)) {
    T r = b.im / b.re, d = b.re + b.im * r;
    return complex<T>((a.re + a.im * r) / d, (a.im - a.re * r) / d);
  }
  T r = b.re / b.im, d = b.re * r + b.im;
  return complex<T>((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}

// Mixed complex and real operands, and the compound assignments.
#define CUPYLIKE_EW_COMPLEX_MIXED(op)                                             \
  template <class T>                                                              \
  __device__ inline complex<T> operator op(const complex<T>& a,                   \
                                           typename ew_real_operand<T>::type r) { \
    return a op complex<T>(r);                                                    \
  }                                                                               \
  template <class T>                                                              \
  __device__ inline complex<T> operator op(typename ew_real_operand<T>::type r,   \
                                           const complex<T>& b) {                 \
    return complex<T>(r) op b;                                                    \
  }                                                                               \
  template <class T, class U>                                                     \
  __device__ inline complex<T>& operator op##=(complex<T>& a, const U& b) {       \
    return a = a op b;                                                            \
  }
CUPYLIKE_EW_COMPLEX_MIXED(+)
CUPYLIKE_EW_COMPLEX_MIXED(-)
CUPYLIKE_EW_COMPLEX_MIXED(*)
CUPYLIKE_EW_COMPLEX_MIXED(/)
#undef CUPYLIKE_EW_COMPLEX_MIXED

template <class T>
__device__ inline complex<T> operator-(const complex<T>& a) {
  return complex<T>(-a.re, -a.im);
}
template <class T>
__device__ inline complex<T> operator+(const complex<T>& a) {
  return a;
}
template <class T>
__device__ inline bool operator==(const complex<T>& a, const complex<T>& b) {
  return a.re == b.re && a.im == b.im;
}
template <class T>
__device__ inline bool operator!=(const complex<T>& a, const complex<T>& b) {
  return !(a == b);
}
template <class T>
__device__ inline T real(const complex<T>& a) {
  return a.re;
}
template <class T>
__device__ inline T imag(const complex<T>& a) {
  return a.im;
}
template <class T>
__device__ inline complex<T> conj(const complex<T>& a) {
  return complex<T>(a.re, -a.im);
}
template <class T>
__device__ inline T abs(const complex<T>& a) {
  return hypot(a.re, a.im);
}
template <class T>
__device__ inline T arg(const complex<T>& a) {
  return atan2(a.im, a.re);
}
template <class T>
__device__ inline T norm(const complex<T>& a) {
  return a.re * a.re + a.im * a.im;
}

}  // namespace cupylike
