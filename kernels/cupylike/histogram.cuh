// Counting kernels for bincount and histogram: each element adds 1 (or its weight) to its bin
// with an atomic add. Counts accumulate as unsigned long long (two's complement, so integer
// weights wrap as int64 would) and floating weights as double, whatever the final dtype.
// For few bins each block first counts into a private copy in dynamic shared memory (the
// launch sizes it) and adds that to the output once, so blocks do not contend for the same
// few addresses.
#pragma once
#include <cupylike/cast.cuh>
#include <cupylike/loop.cuh>

namespace cupylike {

// Where a block adds: its private counts in shared memory, or the output itself.
template <class Acc>
struct BinCounts {
  Acc* out;
  Acc* local;
  long long len;

  // Every thread of the block must construct it (the private copy is zeroed behind a
  // barrier).
  __device__ BinCounts(Acc* out_, long long len_, int privatize) : out(out_), local(0), len(len_) {
    if (!privatize) return;
    extern __shared__ unsigned long long cupylike_hist_shared[];
    local = reinterpret_cast<Acc*>(cupylike_hist_shared);
    for (long long i = threadIdx.x; i < len; i += blockDim.x) local[i] = Acc(0);
    __syncthreads();
  }

  __device__ void add(long long bin, Acc value) {
    if (local && blockDim.x == 1) {
      local[bin] += value;  // a one-thread block (the cpu device) owns its copy
    } else {
      atomicAdd(local ? local + bin : out + bin, value);
    }
  }

  // Every thread of the block must call it.
  __device__ void flush() {
    if (!local) return;
    __syncthreads();
    for (long long i = threadIdx.x; i < len; i += blockDim.x)
      if (local[i] != Acc(0)) atomicAdd(out + i, local[i]);
  }
};

// bincount: out[x[i]] += w[i] (or 1 when not weighted); x holds no negative value and out has
// room for the largest.
template <class Acc>
__global__ void bincount_kernel(const long long* x, long long n, const Acc* w, int weighted,
                                Acc* out, long long length, int privatize) {
  BinCounts<Acc> counts(out, length, privatize);
  CUPYLIKE_FOR(i, n) counts.add(x[i], weighted ? w[i] : Acc(1));
  counts.flush();
}

// The bin of v in [edges[0], edges[nbins]] for equal-width bins: the formula's guess, then
// corrected against the edges themselves (rounding can put the guess one bin off near an
// edge), so bins are [edges[b], edges[b + 1]) exactly as NumPy's, the last one closed.
__device__ inline long long uniform_bin(double v, const double* edges, long long nbins,
                                        double norm) {
  long long b = (long long)((v - edges[0]) * norm);
  if (b < 0) b = 0;
  if (b > nbins - 1) b = nbins - 1;
  while (b > 0 && v < edges[b]) --b;
  while (b < nbins - 1 && v >= edges[b + 1]) ++b;
  return b;
}

// The bin of v in [edges[0], edges[nbins]] for increasing edges: the last b < nbins with
// edges[b] <= v (binary search), so v == edges[nbins] falls in the last bin.
__device__ inline long long search_bin(double v, const double* edges, long long nbins) {
  long long lo = 0, hi = nbins;  // edges[lo] <= v; the answer is in [lo, hi)
  while (hi - lo > 1) {
    long long mid = lo + (hi - lo) / 2;
    if (edges[mid] <= v) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// histogram: counts (or sums of weights) of x in the nbins bins between edges[0] and
// edges[nbins]; values outside, and NaN, count nowhere. Values compare as double, which holds
// every edge and every value of the floating types exactly.
template <class T, class Acc, bool Uniform>
__global__ void histogram_kernel(const T* x, long long n, const Acc* w, int weighted,
                                 const double* edges, long long nbins, double norm, Acc* out,
                                 int privatize) {
  BinCounts<Acc> counts(out, nbins, privatize);
  const double first = edges[0], last = edges[nbins];
  CUPYLIKE_FOR(i, n) {
    const double v = (double)as_real(x[i]);
    if (!(v >= first && v <= last)) continue;
    const long long b = Uniform ? uniform_bin(v, edges, nbins, norm) : search_bin(v, edges, nbins);
    counts.add(b, weighted ? w[i] : Acc(1));
  }
  counts.flush();
}

}  // namespace cupylike
