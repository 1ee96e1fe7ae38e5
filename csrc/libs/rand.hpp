#pragma once
/// Random numbers behind one description of the call. The Python front-end
/// (cupylike/random/) keeps a generator's state as (seed, offset) and describes each draw as a
/// RandCall; the cpu device runs it on cuRAND's host generator, a GPU on cuRAND's device
/// generator (both opened with dlopen). For one generator type, seed, offset and ordering the
/// two produce the same numbers, so a seed gives the same stream on every device. A debug log
/// records each call's description, and a dry-run mode records without running (tests compare
/// the two devices' calls on the emulated GPU).
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.hpp"
#include "runtime/device.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

/// The generator types cupylike uses; each has its stream of a seed, and a state (seed, offset).
/// Philox4_32_10 is counter-based: seeking to any offset is cheap. XORWOW and MRG32k3a seek
/// by skip-ahead (on the host generator ~50 ms and ~3 s a seek, measured), so continuing draws
/// reuse a cached generator that stands where the last one stopped.
enum class RandGenerator { philox4_32_10, xorwow, mrg32k3a };

/// The generator's name as describe() and the Python binding spell it ("philox4_32_10",
/// "xorwow", "mrg32k3a").
const char* rand_generator_name(RandGenerator g);

/// What to draw, as cuRAND's generate functions name it.
enum class RandDistribution {
  raw32,      // 32-bit words (uint32): curandGenerate
  uniform,    // (0, 1] (float32/float64)
  normal,     // mean, stddev = param1, param2 (float32/float64); count must be even
  lognormal,  // exp(normal(param1, param2)); count must be even
  poisson,    // lambda = param1 (uint32)
};

/// `count` numbers of `distribution` as `dtype` from the stream of `generator` seeded with
/// `seed`, starting after the first `offset` outputs of that kind (cuRAND's offset counts
/// outputs: a double uses two 32-bit words, a float or raw word one). Measured on the host
/// generator: offsets of word-sized draws are exact at any size; those of double draws are
/// exact below about 2**18 and land at half the index above, so cupylike.random draws only
/// words and floats from cuRAND and makes its doubles from words.
struct RandCall {
  RandGenerator generator = RandGenerator::philox4_32_10;
  uint64_t seed = 0;
  uint64_t offset = 0;
  RandDistribution distribution = RandDistribution::raw32;
  int64_t count = 0;
  double param1 = 0, param2 = 0;
  DType dtype = DType::uint32;
};

/// The call in one line, e.g. "rand philox4_32_10 seed=5 offset=8 normal float64 count=4
/// params=0,1".
std::string describe(const RandCall& call);

/// Draws `call` into `out` on `device`, after checking that the numbers fit in `out_bytes`
/// and the dtype suits the distribution (ValueError / TypeError otherwise).
void generate(Device device, const RandCall& call, void* out, int64_t out_bytes,
              const Stream& stream);

/// Threads the cpu device splits a large draw over (each a host generator at its own offset,
/// so the numbers do not depend on it); 0 restores the default (2 where the machine has them).
void set_rand_host_threads(int threads);

/// Whether the cpu device computes raw32 draws itself (libs/philox.hpp: the same words as
/// cuRAND's host generator, without its per-call costs; on by default) or asks cuRAND.
void set_rand_host_direct(bool on);

/// Debug log of described calls (off by default), and dry runs that only record.
void set_rand_log(bool on, bool dry_run);
std::vector<std::string> take_rand_log();

}  // namespace cupylike
