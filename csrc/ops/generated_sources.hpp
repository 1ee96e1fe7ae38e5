#pragma once
/// What the user-kernel classes (ElementwiseKernel, ReductionKernel) generated in this process,
/// kept so that the tests can compile every one of them with NVRTC.
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace cupylike {

class GeneratedSources {
 public:
  using Entry = std::pair<std::string, std::string>;  // (source, kernel name)

  void add(std::string source, std::string name);
  std::vector<Entry> list() const;

 private:
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
};

}  // namespace cupylike
