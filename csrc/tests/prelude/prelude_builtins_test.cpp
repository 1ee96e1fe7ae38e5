// The prelude's built-in variables, barriers, traps, asserts and timers (kernels/cpu/builtins.h)
// over the block simulator.

// Release builds define NDEBUG; asserts must be live here (our <assert.h> re-reads it).
#undef NDEBUG
#include <gtest/gtest.h>

#include <cassert>
#include <string>
#include <type_traits>

#include "block_simulator.hpp"

namespace cupylike::prelude_test {
namespace {

TEST(PreludeBuiltins, IndexVariablesReadTheThreadsContext) {
  run_block(
      dim3(4, 2, 3),
      [] {
        static_assert(std::is_same<decltype(threadIdx), const uint3&>::value, "");
        static_assert(std::is_same<decltype(blockDim), const uint3&>::value, "");
        EXPECT_EQ(&threadIdx, &threadIdx);  // a reference into the context, not a copy
        EXPECT_LT(threadIdx.x, 4u);
        EXPECT_EQ(blockDim.x * blockDim.y * blockDim.z, 24u);
        EXPECT_EQ(blockIdx.y, 5u);
        EXPECT_EQ(gridDim.y, 7u);
        const dim3 block = blockDim;  // converts like CUDA's dim3 built-ins
        EXPECT_EQ(block.z, 3u);
      },
      0xffffffffu, dim3(1, 7, 1), dim3(0, 5, 0));
  static_assert(warpSize == 32, "warpSize is a constant, not a macro");
}

TEST(PreludeBuiltins, SyncthreadsVariantsCombinePredicates) {
  run_block(dim3(40), [] {
    const int odd = threadIdx.x % 2;
    __syncthreads();
    EXPECT_EQ(__syncthreads_count(odd), 20);
    EXPECT_EQ(__syncthreads_count(odd * 7), 20);  // any nonzero predicate counts once
    EXPECT_EQ(__syncthreads_and(odd), 0);
    EXPECT_EQ(__syncthreads_and(1), 1);
    EXPECT_EQ(__syncthreads_or(odd), 1);
    EXPECT_EQ(__syncthreads_or(0), 0);
  });
}

TEST(PreludeBuiltins, TrapAndBreakpointReachTheRuntime) {
  EXPECT_THROW(run_block(dim3(1), [] { __trap(); }), KernelTrap);
  try {
    run_block(dim3(1), [] { __brkpt(); });
    FAIL() << "__brkpt returned";
  } catch (const KernelTrap& trap) {
    EXPECT_NE(std::string(trap.what()).find("__brkpt"), std::string::npos);
  }
}

void assert_positive(int value) { assert(value > 0); }

TEST(PreludeBuiltins, FailedAssertTrapsWithGlibcWording) {
  run_block(dim3(1), [] { assert_positive(1); });
  try {
    run_block(dim3(1), [] { assert_positive(-1); });
    FAIL() << "the assert did not fire";
  } catch (const KernelTrap& trap) {
    const std::string message = trap.what();
    EXPECT_EQ(message.rfind(__FILE__ ":", 0), 0u) << message;
    EXPECT_NE(message.find(": void cupylike::prelude_test::{anonymous}::assert_positive(int): "
                           "Assertion `value > 0' failed."),
              std::string::npos)
        << message;
  }
}

// Including the C header again, as kernels do, must keep our assert and honour NDEBUG.
#define NDEBUG 1
#include <assert.h>
void assert_disabled() { assert(false); }
#undef NDEBUG
#include <cassert>
void assert_enabled_again() { assert(1 + 1 == 3); }

TEST(PreludeBuiltins, AssertSurvivesReinclusionAndHonoursNdebug) {
  run_block(dim3(1), [] { assert_disabled(); });
  EXPECT_THROW(run_block(dim3(1), [] { assert_enabled_again(); }), KernelTrap);
}

TEST(PreludeBuiltins, TimersAdvance) {
  const long long c0 = clock64();
  const unsigned long long g0 = __globaltimer();
  __nanosleep(200000);
  EXPECT_GT(clock64(), c0);
  EXPECT_GE(__globaltimer() - g0, 150000u);
  EXPECT_GE(clock(), 0);
  __prof_trigger(0);
}

TEST(PreludeBuiltins, FencesCompile) {
  __threadfence_block();
  __threadfence();
  __threadfence_system();
}

}  // namespace
}  // namespace cupylike::prelude_test
