#include "ops/generated_sources.hpp"

namespace cupylike {

void GeneratedSources::add(std::string source, std::string name) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.emplace_back(std::move(source), std::move(name));
}

std::vector<GeneratedSources::Entry> GeneratedSources::list() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_;
}

}  // namespace cupylike
