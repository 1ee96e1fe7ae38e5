#include "ops/sort_host.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <cupylike/sort_keys.cuh>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "runtime/cpu/worker_pool.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike {

namespace {

constexpr int kBits = 8;
constexpr int kBuckets = 1 << kBits;
// Rows this short sort by insertion; radix passes cost a 256-bucket prefix each.
constexpr int64_t kInsertion = 32;
// A single row splits into chunks of at least this many elements, counted and scattered in
// parallel.
constexpr int64_t kChunk = 1 << 16;
// Elements a loop handles between two looks at the interrupt count: a few milliseconds, so
// Ctrl-C stops a sort of 1e8 elements within a second at a cost too small to measure.
constexpr int64_t kCheckEvery = 1 << 20;

using Histogram = std::array<int64_t, kBuckets>;

template <class Key>
class RowSort {
 public:
  using E = typename Key::elem;

  // Stops early, leaving v and idx in any order, once `watch` fires; the caller checks it.
  RowSort(E* v, int64_t* idx, int64_t n, int chunks, const InterruptWatch& watch)
      : v_(v), idx_(idx), n_(n), chunks_(chunks), watch_(watch) {
    if (idx_) std::iota(idx_, idx_ + n_, int64_t(0));
  }

  void run() {
    if (n_ <= kInsertion) return insertion();
    // Scratch left uninitialised: every pass writes all of it before reading.
    std::unique_ptr<E[]> tv(new E[static_cast<size_t>(n_)]);
    std::unique_ptr<int64_t[]> ti(idx_ ? new int64_t[static_cast<size_t>(n_)] : nullptr);
    E* src = v_;
    E* dst = tv.get();
    int64_t* isrc = idx_;
    int64_t* idst = ti.get();
    std::vector<Histogram> hist(static_cast<size_t>(chunks_));
    for (int shift = 0; shift < Key::key_bits; shift += kBits) {
      for (Histogram& h : hist) h.fill(0);
      each_chunk([&](int c, int64_t lo, int64_t hi) {
        Histogram& h = hist[size_t(c)];
        for (int64_t i = lo; i < hi; ++i) ++h[Key::digit(src[i], shift, kBits)];
      });
      if (watch_.fired()) return;
      if (one_bucket(hist)) continue;  // every key has this digit: the pass would copy
      prefix(hist);
      each_chunk([&](int c, int64_t lo, int64_t hi) {
        scatter(hist[size_t(c)], src, isrc, dst, idst, lo, hi, shift);
      });
      if (watch_.fired()) return;
      std::swap(src, dst);
      std::swap(isrc, idst);
    }
    if (src != v_) {
      std::memcpy(v_, src, size_t(n_) * sizeof(E));
      if (idx_) std::memcpy(idx_, isrc, size_t(n_) * sizeof(int64_t));
    }
  }

 private:
  void insertion() {
    for (int64_t i = 1; i < n_; ++i) {
      const E x = v_[i];
      const int64_t xi = idx_ ? idx_[i] : 0;
      int64_t j = i;
      for (; j > 0 && Key::less(x, v_[j - 1]); --j) {
        v_[j] = v_[j - 1];
        if (idx_) idx_[j] = idx_[j - 1];
      }
      v_[j] = x;
      if (idx_) idx_[j] = xi;
    }
  }

  // A local copy of the positions, so the compiler knows the stores cannot change them; they
  // go back to `start` for the chunk's next piece.
  static void scatter(Histogram& start, const E* __restrict__ src, const int64_t* __restrict__ isrc,
                      E* __restrict__ dst, int64_t* __restrict__ idst, int64_t lo, int64_t hi,
                      int shift) {
    int64_t next[kBuckets];
    std::copy(start.begin(), start.end(), next);
    if (idst) {
      for (int64_t i = lo; i < hi; ++i) {
        const int64_t to = next[Key::digit(src[i], shift, kBits)]++;
        dst[to] = src[i];
        idst[to] = isrc[i];
      }
    } else {
      for (int64_t i = lo; i < hi; ++i) dst[next[Key::digit(src[i], shift, kBits)]++] = src[i];
    }
    std::copy(next, next + kBuckets, start.begin());
  }

  // f(c, lo, hi) over chunk c's range in pieces of kCheckEvery, in order, skipping the rest
  // of the range once the watch fires (scatter's positions carry from piece to piece through
  // the chunk's histogram).
  template <class F>
  void each_chunk(const F& f) {
    auto one = [&](uint64_t c) {
      const int64_t lo = n_ * int64_t(c) / chunks_, hi = n_ * int64_t(c + 1) / chunks_;
      for (int64_t at = lo; at < hi && !watch_.fired(); at += kCheckEvery)
        f(int(c), at, std::min(hi, at + kCheckEvery));
    };
    if (chunks_ == 1)
      one(0);
    else
      cpu::WorkerPool::instance().run(uint64_t(chunks_), one, true);
  }

  static bool one_bucket(const std::vector<Histogram>& hist) {
    int only = -1;
    for (const Histogram& h : hist)
      for (int d = 0; d < kBuckets; ++d)
        if (h[size_t(d)]) {
          if (only >= 0 && only != d) return false;
          only = d;
        }
    return true;
  }

  // Each chunk's counts become where its first element of each digit goes: digit-major, then
  // chunk order, which keeps the pass stable.
  static void prefix(std::vector<Histogram>& hist) {
    int64_t running = 0;
    for (int d = 0; d < kBuckets; ++d)
      for (Histogram& h : hist) {
        const int64_t count = h[size_t(d)];
        h[size_t(d)] = running;
        running += count;
      }
  }

  E* v_;
  int64_t* idx_;
  int64_t n_;
  int chunks_;
  const InterruptWatch& watch_;
};

template <class Key>
void sort_rows(void* values, int64_t* indices, int64_t rows, int64_t n,
               const InterruptWatch& watch) {
  using E = typename Key::elem;
  E* v = static_cast<E*>(values);
  cpu::WorkerPool& pool = cpu::WorkerPool::instance();
  if (rows == 1) {
    const int chunks = int(std::clamp<int64_t>(n / kChunk, 1, pool.threads()));
    RowSort<Key>(v, indices, n, chunks, watch).run();
    return;
  }
  pool.run(
      uint64_t(rows),
      [&](uint64_t r) {
        if (watch.fired()) return;
        const int64_t at = int64_t(r) * n;
        RowSort<Key>(v + at, indices ? indices + at : nullptr, n, 1, watch).run();
      },
      rows * n >= 2 * kChunk);
}

// Where the output position k splits between the runs a[0, m) and b[0, l): how many of the
// first k merged elements come from a (ties take a first, as the merge does).
template <class Key>
int64_t merge_split(const typename Key::elem* a, int64_t m, const typename Key::elem* b, int64_t l,
                    int64_t k) {
  int64_t lo = std::max<int64_t>(0, k - l), hi = std::min(k, m);
  while (lo < hi) {
    const int64_t i = lo + (hi - lo) / 2;
    if (!Key::less(b[k - i - 1], a[i]))
      lo = i + 1;  // a[i] belongs before b[k - i - 1]: more of a is in the first k
    else
      hi = i;
  }
  return lo;
}

template <class Key>
void merge(const void* source, void* dest, int64_t n, int64_t mid, const InterruptWatch& watch) {
  using E = typename Key::elem;
  const E* a = static_cast<const E*>(source);
  const E* b = a + mid;
  E* out = static_cast<E*>(dest);
  const int64_t m = mid, l = n - mid;
  cpu::WorkerPool& pool = cpu::WorkerPool::instance();
  // Pieces of about kCheckEvery, so that pieces not started are skipped after an interrupt.
  const int64_t parts =
      std::max(std::clamp<int64_t>(n / kChunk, 1, pool.threads()), n / kCheckEvery);
  auto piece = [&](uint64_t p) {
    if (watch.fired()) return;
    const int64_t k0 = n * int64_t(p) / parts, k1 = n * int64_t(p + 1) / parts;
    int64_t i = merge_split<Key>(a, m, b, l, k0), j = k0 - i;
    const int64_t i1 = merge_split<Key>(a, m, b, l, k1), j1 = k1 - i1;
    int64_t k = k0;
    while (i < i1 && j < j1) {
      const bool from_b = Key::less(b[j], a[i]);
      out[k++] = from_b ? b[j] : a[i];
      j += from_b;
      i += !from_b;
    }
    for (; i < i1; ++i) out[k++] = a[i];
    for (; j < j1; ++j) out[k++] = b[j];
  };
  pool.run(uint64_t(parts), piece, parts > 1);
}

// Calls F<Key>::run(args...) with the key policy of `dtype`.
template <template <class> class F, class... Args>
void with_key(DType dtype, Args&&... args) {
  switch (dtype) {
    case DType::bool_:
    case DType::uint8:
      return F<key_unsigned<uint8_t>>::run(args...);
    case DType::uint16:
      return F<key_unsigned<uint16_t>>::run(args...);
    case DType::uint32:
      return F<key_unsigned<uint32_t>>::run(args...);
    case DType::uint64:
      return F<key_unsigned<uint64_t>>::run(args...);
    case DType::int8:
      return F<key_signed<uint8_t>>::run(args...);
    case DType::int16:
      return F<key_signed<uint16_t>>::run(args...);
    case DType::int32:
      return F<key_signed<uint32_t>>::run(args...);
    case DType::int64:
      return F<key_signed<uint64_t>>::run(args...);
    case DType::float16:
      return F<key_float<uint16_t, 5>>::run(args...);
    case DType::float32:
      return F<key_float<uint32_t, 8>>::run(args...);
    case DType::float64:
      return F<key_float<uint64_t, 11>>::run(args...);
    case DType::complex64:
      return F<key_complex<uint32_t, 8>>::run(args...);
    case DType::complex128:
      return F<key_complex<uint64_t, 11>>::run(args...);
  }
}

template <class Key>
struct SortRows {
  static void run(void* values, int64_t* indices, int64_t rows, int64_t n,
                  const InterruptWatch& watch) {
    sort_rows<Key>(values, indices, rows, n, watch);
  }
};

template <class Key>
struct Merge {
  static void run(const void* src, void* dst, int64_t n, int64_t mid, const InterruptWatch& watch) {
    merge<Key>(src, dst, n, mid, watch);
  }
};

}  // namespace

void host_merge(DType dtype, const void* src, void* dst, int64_t n, int64_t mid) {
  if (n <= 0) return;
  install_interrupt_handler();
  const InterruptWatch watch;
  with_key<Merge>(dtype, src, dst, n, mid, watch);
  watch.check();
}

void host_sort_rows(DType dtype, void* values, int64_t* indices, int64_t rows, int64_t n) {
  if (rows <= 0 || n <= 0) return;
  install_interrupt_handler();
  const InterruptWatch watch;
  with_key<SortRows>(dtype, values, indices, rows, n, watch);
  watch.check();
}

}  // namespace cupylike
