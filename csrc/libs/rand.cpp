#include "libs/rand.hpp"

#include <atomic>
#include <mutex>

#include "core/error.hpp"
#include "libs/rand_backends.hpp"

namespace cupylike {

namespace {

std::atomic<bool> g_log{false}, g_dry_run{false};
std::mutex g_log_mutex;
std::vector<std::string> g_entries;

const char* distribution_name(RandDistribution d) {
  switch (d) {
    case RandDistribution::raw32:
      return "raw32";
    case RandDistribution::uniform:
      return "uniform";
    case RandDistribution::normal:
      return "normal";
    case RandDistribution::lognormal:
      return "lognormal";
    case RandDistribution::poisson:
      return "poisson";
  }
  return "?";
}

void check(const RandCall& c, int64_t out_bytes) {
  const bool integral =
      c.distribution == RandDistribution::raw32 || c.distribution == RandDistribution::poisson;
  if (integral ? c.dtype != DType::uint32 : c.dtype != DType::float32 && c.dtype != DType::float64)
    raise(ErrorKind::type,
          std::string("rand: cuRAND draws no ") + dtype_name(c.dtype) + " for " + describe(c));
  if (c.count < 0) raise(ErrorKind::value, "rand: negative count in " + describe(c));
  if (c.count > out_bytes / itemsize(c.dtype))
    raise(ErrorKind::value, "rand: the numbers reach beyond the output in " + describe(c));
  // cuRAND's device generator makes normals in Box-Muller pairs and refuses odd counts; the
  // host one would take them, so both devices get the same rule.
  const bool paired =
      c.distribution == RandDistribution::normal || c.distribution == RandDistribution::lognormal;
  if (paired && c.count % 2)
    raise(ErrorKind::value, "rand: normals come in pairs, odd count in " + describe(c));
  if (paired && !(c.param2 > 0))
    raise(ErrorKind::value, "rand: stddev must be positive in " + describe(c));
  if (c.distribution == RandDistribution::poisson && !(c.param1 > 0))
    raise(ErrorKind::value, "rand: lambda must be positive in " + describe(c));
}

}  // namespace

const char* rand_generator_name(RandGenerator g) {
  switch (g) {
    case RandGenerator::philox4_32_10:
      return "philox4_32_10";
    case RandGenerator::xorwow:
      return "xorwow";
    case RandGenerator::mrg32k3a:
      return "mrg32k3a";
  }
  return "?";
}

std::string describe(const RandCall& c) {
  std::string s = std::string("rand ") + rand_generator_name(c.generator) +
                  " seed=" + std::to_string(c.seed) + " offset=" + std::to_string(c.offset) + " " +
                  distribution_name(c.distribution) + " " + dtype_name(c.dtype) +
                  " count=" + std::to_string(c.count);
  if (c.distribution == RandDistribution::normal || c.distribution == RandDistribution::lognormal)
    s += " params=" + std::to_string(c.param1) + "," + std::to_string(c.param2);
  else if (c.distribution == RandDistribution::poisson)
    s += " lambda=" + std::to_string(c.param1);
  return s;
}

void generate(Device device, const RandCall& call, void* out, int64_t out_bytes,
              const Stream& stream) {
  check(call, out_bytes);
  if (g_log.load()) {
    std::lock_guard<std::mutex> lock(g_log_mutex);
    g_entries.push_back(describe(call));
    if (g_dry_run.load()) return;
  }
  if (call.count == 0) return;
  curand_generate(device, call, out, stream);
}

void set_rand_host_threads(int threads) {
  if (threads < 0) raise(ErrorKind::value, "rand: negative thread count");
  curand_set_host_threads(threads);
}

void set_rand_host_direct(bool on) { curand_set_host_direct(on); }

void set_rand_log(bool on, bool dry_run) {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  g_log = on;
  g_dry_run = on && dry_run;
  g_entries.clear();
}

std::vector<std::string> take_rand_log() {
  std::lock_guard<std::mutex> lock(g_log_mutex);
  std::vector<std::string> out;
  out.swap(g_entries);
  return out;
}

}  // namespace cupylike
