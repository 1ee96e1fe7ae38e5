#pragma once
/// A small vector of int64 for shapes and strides: up to kInline dimensions live inside the
/// object, so creating an ndarray of ordinary rank costs no heap allocation for its layout.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <type_traits>

namespace cupylike {

class DimVector {
 public:
  static constexpr int kInline = 6;

  DimVector() = default;
  explicit DimVector(int n, int64_t value = 0) { resize(n, value); }
  DimVector(std::initializer_list<int64_t> values) {
    resize(int(values.size()));
    std::copy(values.begin(), values.end(), data());
  }
  template <class It>
  requires(!std::is_integral_v<It>) DimVector(It first, It last) {
    resize(int(std::distance(first, last)));
    std::copy(first, last, data());
  }
  DimVector(const DimVector& other) { *this = other; }
  DimVector& operator=(const DimVector& other) {
    if (this != &other) {
      resize(other.size_);
      std::copy(other.begin(), other.end(), data());
    }
    return *this;
  }
  DimVector(DimVector&& other) noexcept { *this = std::move(other); }
  DimVector& operator=(DimVector&& other) noexcept {
    if (this != &other) {
      if (other.heap_) {
        heap_ = std::move(other.heap_);
        capacity_ = other.capacity_;
      } else {
        heap_.reset();
        capacity_ = kInline;
        std::copy(other.inline_, other.inline_ + other.size_, inline_);
      }
      size_ = other.size_;
      other.size_ = 0;
      other.capacity_ = kInline;
    }
    return *this;
  }

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int64_t* data() { return heap_ ? heap_.get() : inline_; }
  const int64_t* data() const { return heap_ ? heap_.get() : inline_; }
  int64_t* begin() { return data(); }
  int64_t* end() { return data() + size_; }
  const int64_t* begin() const { return data(); }
  const int64_t* end() const { return data() + size_; }
  int64_t& operator[](int i) { return data()[i]; }
  int64_t operator[](int i) const { return data()[i]; }
  int64_t back() const { return data()[size_ - 1]; }

  void resize(int n, int64_t value = 0) {
    reserve(n);
    for (int i = size_; i < n; ++i) data()[i] = value;
    size_ = n;
  }
  void push_back(int64_t v) {
    reserve(size_ + 1);
    data()[size_++] = v;
  }
  void insert(int pos, int64_t v) {
    reserve(size_ + 1);
    int64_t* d = data();
    std::copy_backward(d + pos, d + size_, d + size_ + 1);
    d[pos] = v;
    ++size_;
  }
  void erase(int pos) {
    int64_t* d = data();
    std::copy(d + pos + 1, d + size_, d + pos);
    --size_;
  }

  friend bool operator==(const DimVector& a, const DimVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  void reserve(int n) {
    if (n <= capacity_) return;
    int cap = std::max(n, 2 * capacity_);
    std::unique_ptr<int64_t[]> grown(new int64_t[cap]);
    std::copy(begin(), end(), grown.get());
    heap_ = std::move(grown);
    capacity_ = cap;
  }

  int size_ = 0;
  int capacity_ = kInline;
  int64_t inline_[kInline] = {};
  std::unique_ptr<int64_t[]> heap_;
};

}  // namespace cupylike
