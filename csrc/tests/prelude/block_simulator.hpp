// A stand-in for the cpu runtime, for testing the cpu prelude (kernels/cpu_prelude.h) without
// the fiber runtime: each CUDA thread of a block runs on its own OS thread (so __cpuk_ctx, a
// thread_local, is naturally per CUDA thread), and the collectives of the __cpuk_rt table meet
// under one mutex, as the Numba simulator does. Slow, but exact for the semantics the prelude
// relies on. __shared__ variables are per OS thread here, so tests must not share them.
#pragma once

#include <stdexcept>
#include <string>

#include "cpu_runtime_abi.h"

namespace cupylike::prelude_test {

// What __trap(), __brkpt() and failed asserts throw through the table's trap entry.
struct KernelTrap : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs `body` once per thread of a block of `block` threads (at most 1024), each with its
// context set as the runtime would; returns when all have finished, rethrowing the first
// exception one of them raised. Lanes outside `active_lanes` do not run (and are not live for
// __activemask, coalesced groups or collectives), which stands in for divergence.
template <class Body>
void run_block(dim3 block, Body body, unsigned active_lanes = 0xffffffffu,
               dim3 grid = dim3(1, 1, 1), dim3 block_index = dim3(0, 0, 0));

// The untemplated part: `body` is called through a function pointer with `context`.
void run_block_impl(dim3 block, void (*body)(void*), void* context, unsigned active_lanes,
                    dim3 grid, dim3 block_index);

template <class Body>
void run_block(dim3 block, Body body, unsigned active_lanes, dim3 grid, dim3 block_index) {
  run_block_impl(
      block, [](void* context) { (*static_cast<Body*>(context))(); }, &body, active_lanes, grid,
      block_index);
}

// Calls through __cpuk_rt->shfl since the last reset, for checking what the wrappers pass.
struct ShflCall {
  int mode;
  unsigned mask;
  unsigned long long value;
  int lane;
  int width;
};
ShflCall last_shfl_call();

}  // namespace cupylike::prelude_test
