#pragma once
/// The implementation behind libs/rand.hpp's generate, called after its checks: cuRAND's host
/// generator for the cpu device, its device generator for a GPU.
#include <string>

#include "libs/rand.hpp"

namespace cupylike {

void curand_generate(Device device, const RandCall& call, void* out, const Stream& stream);

void curand_set_host_threads(int threads);
void curand_set_host_direct(bool on);

}  // namespace cupylike
