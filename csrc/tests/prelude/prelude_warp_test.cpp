// Warp votes, shuffles, match and reduce (kernels/cpu/warp.h) over the block simulator: what
// the wrappers hand the runtime, and the results CUDA specifies for a full warp.
#include <gtest/gtest.h>

#include <cstring>
#include <type_traits>

#include "block_simulator.hpp"

namespace cupylike::prelude_test {
namespace {

TEST(PreludeWarp, VotesOverAWarp) {
  run_block(dim3(64), [] {
    const unsigned lane = threadIdx.x % 32;
    EXPECT_EQ(__ballot_sync(0xffffffffu, lane % 3 == 0), 0x49249249u);
    if (lane < 16)
      EXPECT_EQ(__ballot_sync(0x0000ffffu, lane != 3), 0x0000fff7u);
    else
      EXPECT_EQ(__ballot_sync(0xffff0000u, lane != 20), 0xffef0000u);
    EXPECT_EQ(__all_sync(0xffffffffu, lane < 32), 1);
    EXPECT_EQ(__all_sync(0xffffffffu, lane != 5), 0);
    EXPECT_EQ(__any_sync(0xffffffffu, lane == 5), 1);
    EXPECT_EQ(__any_sync(0xffffffffu, 0), 0);
    EXPECT_EQ(__uni_sync(0xffffffffu, 7), 1);  // nonzero predicates are all "true"
    EXPECT_EQ(__uni_sync(0xffffffffu, lane & 1), 0);
    EXPECT_EQ(__activemask(), 0xffffffffu);
    __syncwarp();
    __syncwarp(0xffffffffu);
  });
}

// Every overload CUDA has: the value must come back bit for bit from the source lane.
template <class T>
void expect_shuffles_move(T base) {
  run_block(dim3(32), [base] {
    const int lane = static_cast<int>(threadIdx.x);
    const T mine = static_cast<T>(base + static_cast<T>(lane));
    static_assert(std::is_same<decltype(__shfl_sync(0u, mine, 0)), T>::value, "");
    EXPECT_EQ(__shfl_sync(0xffffffffu, mine, 7), static_cast<T>(base + 7));
    EXPECT_EQ(__shfl_sync(0xffffffffu, mine, 3, 8), static_cast<T>(base + lane / 8 * 8 + 3));
    const T up = __shfl_up_sync(0xffffffffu, mine, 2);
    EXPECT_EQ(up, static_cast<T>(base + (lane >= 2 ? lane - 2 : lane)));
    const T down = __shfl_down_sync(0xffffffffu, mine, 4, 16);
    EXPECT_EQ(down, static_cast<T>(base + (lane % 16 + 4 < 16 ? lane + 4 : lane)));
    EXPECT_EQ(__shfl_xor_sync(0xffffffffu, mine, 1), static_cast<T>(base + (lane ^ 1)));
  });
}

TEST(PreludeWarp, ShufflesMoveEveryOverloadedType) {
  expect_shuffles_move<int>(-100);
  expect_shuffles_move<unsigned>(4000000000u);
  expect_shuffles_move<long>(-5000000000L);
  expect_shuffles_move<unsigned long>(1ul << 40);
  expect_shuffles_move<long long>(-(1ll << 50));
  expect_shuffles_move<unsigned long long>(~0ull - 100);
  expect_shuffles_move<float>(0.125f);
  expect_shuffles_move<double>(1e300);
}

TEST(PreludeWarp, SmallIntegersPromoteToIntAsInCuda) {
  run_block(dim3(1), [] {
    const short s = -3;
    static_assert(std::is_same<decltype(__shfl_sync(0u, s, 0)), int>::value, "");
    static_assert(std::is_same<decltype(__shfl_xor_sync(0u, true, 1)), int>::value, "");
    EXPECT_EQ(__shfl_sync(1u, s, 0), -3);
  });
}

TEST(PreludeWarp, ShuffleWrappersPassModeLaneAndWidth) {
  run_block(dim3(1), [] {
    EXPECT_EQ(__shfl_down_sync(0x1u, 2.5, 3u, 16), 2.5);  // lane 0 of one thread reads itself
    const ShflCall call = last_shfl_call();
    EXPECT_EQ(call.mode, __CPUK_SHFL_DOWN);
    EXPECT_EQ(call.mask, 0x1u);
    EXPECT_EQ(call.lane, 3);
    EXPECT_EQ(call.width, 16);
    double sent;
    std::memcpy(&sent, &call.value, sizeof sent);
    EXPECT_EQ(sent, 2.5);
    __shfl_sync(0x1u, 1.0f, 0);
    EXPECT_EQ(last_shfl_call().width, warpSize);       // the default width
    EXPECT_EQ(last_shfl_call().value, 0x3f800000ull);  // 4-byte values are zero-extended
  });
}

TEST(PreludeWarp, MatchGroupsEqualValues) {
  run_block(dim3(32), [] {
    const unsigned lane = threadIdx.x;
    const unsigned same_parity = lane % 2 ? 0xaaaaaaaau : 0x55555555u;
    EXPECT_EQ(__match_any_sync(0xffffffffu, static_cast<int>(lane % 2)), same_parity);
    EXPECT_EQ(__match_any_sync(0xffffffffu, static_cast<double>(lane % 2)), same_parity);
    EXPECT_EQ(__match_any_sync(0xffffffffu, static_cast<unsigned long long>(lane % 2)),
              same_parity);
    int pred = -1;
    EXPECT_EQ(__match_all_sync(0xffffffffu, 42.0f, &pred), 0xffffffffu);
    EXPECT_EQ(pred, 1);
    EXPECT_EQ(__match_all_sync(0xffffffffu, static_cast<long>(lane), &pred), 0u);
    EXPECT_EQ(pred, 0);
  });
}

TEST(PreludeWarp, ReduceSignedAndUnsigned) {
  run_block(dim3(32), [] {
    const int lane = static_cast<int>(threadIdx.x);
    EXPECT_EQ(__reduce_add_sync(0xffffffffu, lane), 496);
    EXPECT_EQ(__reduce_add_sync(0xffffffffu, 1u), 32u);
    EXPECT_EQ(__reduce_min_sync(0xffffffffu, lane - 16), -16);  // signed compare
    EXPECT_EQ(__reduce_max_sync(0xffffffffu, lane - 16), 15);
    EXPECT_EQ(__reduce_min_sync(0xffffffffu, static_cast<unsigned>(lane - 16)), 0u);
    EXPECT_EQ(__reduce_max_sync(0xffffffffu, static_cast<unsigned>(lane - 16)), 0xffffffffu);
    EXPECT_EQ(__reduce_and_sync(0xffffffffu, 0xf0u | (1u << lane)), 0xf0u);
    EXPECT_EQ(__reduce_or_sync(0xffffffffu, 1u << lane), 0xffffffffu);
    EXPECT_EQ(__reduce_xor_sync(0xffffffffu, 3u), 0u);
  });
}

}  // namespace
}  // namespace cupylike::prelude_test
