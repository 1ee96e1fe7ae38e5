#include "runtime/cuda_search.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <utility>

namespace cupylike::cuda_search {
namespace {

std::atomic<Locator> g_locator{nullptr};
std::mutex g_mutex;
using Key = std::pair<std::string, std::string>;           // kind, name
std::map<Key, Found>* g_found = new std::map<Key, Found>;  // leaked: asked at exit too

Found ask(const std::string& kind, const std::string& name) {
  Locator locator = g_locator.load();
  if (!locator) return {"", "no locator is installed (cupylike's Python package installs it)"};
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    auto it = g_found->find({kind, name});
    if (it != g_found->end()) return it->second;
  }
  // Outside the lock: the locator takes the GIL, which a thread waiting for the lock may hold.
  // Two threads may both ask; they get the same answer, and the first one stored is kept.
  Found found = locator(kind, name);
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_found->emplace(Key(kind, name), std::move(found)).first->second;
}

}  // namespace

void set_locator(Locator locator) { g_locator.store(locator); }

bool has_locator() { return g_locator.load() != nullptr; }

Found library(const std::string& name) { return ask("library", name); }

Found headers(const std::string& name) { return ask("headers", name); }

}  // namespace cupylike::cuda_search
