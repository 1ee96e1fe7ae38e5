// The cooperative groups shim (kernels/cpu/cooperative_groups.h, cooperative_groups/reduce.h
// and scan.h) over the block simulator.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "block_simulator.hpp"

namespace cg = cooperative_groups;

namespace cupylike::prelude_test {
namespace {

TEST(PreludeCooperativeGroups, ThreadBlockRanksAndIndices) {
  run_block(
      dim3(8, 4, 2),
      [] {
        cg::thread_block block = cg::this_thread_block();
        EXPECT_EQ(block.size(), 64u);
        EXPECT_EQ(block.num_threads(), 64u);
        EXPECT_EQ(block.thread_rank(), threadIdx.x + 8 * (threadIdx.y + 4 * threadIdx.z));
        EXPECT_EQ(block.thread_index().y, threadIdx.y);
        EXPECT_EQ(block.group_dim().z, 2u);
        EXPECT_EQ(block.group_index().x, 3u);
        block.sync();
        cg::sync(block);
        EXPECT_EQ(cg::thread_rank(block), block.thread_rank());
        EXPECT_EQ(cg::group_size(block), 64u);
        const cg::thread_group generic = block;  // the run-time-typed view
        EXPECT_EQ(generic.size(), 64u);
        EXPECT_EQ(generic.thread_rank(), block.thread_rank());
        generic.sync();
      },
      0xffffffffu, dim3(4), dim3(3, 0, 0));
}

struct Triple {  // 12 bytes: shuffled in two 8-byte pieces
  int a, b, c;
};

TEST(PreludeCooperativeGroups, StaticTilesPartitionWarps) {
  run_block(dim3(64), [] {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    const unsigned rank = block.thread_rank();
    EXPECT_EQ(tile.size(), 8u);
    EXPECT_EQ(tile.thread_rank(), rank % 8);
    EXPECT_EQ(tile.meta_group_rank(), rank / 8);
    EXPECT_EQ(tile.meta_group_size(), 8u);
    tile.sync();
    EXPECT_EQ(tile.shfl(static_cast<int>(rank), 5), static_cast<int>(rank / 8 * 8 + 5));
    EXPECT_EQ(tile.shfl_down(rank, 2), rank % 8 < 6 ? rank + 2 : rank);
    EXPECT_EQ(tile.shfl_up(rank, 1), rank % 8 > 0 ? rank - 1 : rank);
    EXPECT_EQ(tile.shfl_xor(rank, 4), rank ^ 4);
    const Triple mine{static_cast<int>(rank), -static_cast<int>(rank), 7};
    const Triple got = tile.shfl(mine, 0);
    EXPECT_EQ(got.a, static_cast<int>(rank / 8 * 8));
    EXPECT_EQ(got.b, -static_cast<int>(rank / 8 * 8));
    EXPECT_EQ(got.c, 7);
    EXPECT_EQ(tile.ballot(tile.thread_rank() % 2 == 1), 0xaau);  // relative to the tile
    EXPECT_EQ(tile.any(tile.thread_rank() == 3), 1);
    EXPECT_EQ(tile.all(tile.thread_rank() < 7), 0);
    EXPECT_EQ(tile.match_any(tile.thread_rank() / 4), tile.thread_rank() < 4 ? 0x0fu : 0xf0u);
    int pred = 0;
    EXPECT_EQ(tile.match_all(1.5, pred), 0xffu);
    EXPECT_EQ(pred, 1);

    // A tile of a tile is ranked within its parent.
    cg::thread_block_tile<4, cg::thread_block_tile<8>> quarter = cg::tiled_partition<4>(tile);
    EXPECT_EQ(quarter.meta_group_rank(), rank % 8 / 4);
    EXPECT_EQ(quarter.meta_group_size(), 2u);
    EXPECT_EQ(quarter.shfl(rank, 3), rank / 4 * 4 + 3);
    const cg::thread_block_tile<4> erased = quarter;  // parent-erased form
    EXPECT_EQ(erased.thread_rank(), rank % 4);

    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    EXPECT_EQ(warp.meta_group_rank(), rank / 32);
    EXPECT_EQ(warp.ballot(1), 0xffffffffu);
    EXPECT_EQ(cg::this_thread().size(), 1u);
  });
}

TEST(PreludeCooperativeGroups, DynamicTilesAndCoalescedGroups) {
  run_block(dim3(32), [] {
    const cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 16);
    EXPECT_EQ(tile.size(), 16u);
    EXPECT_EQ(tile.thread_rank(), threadIdx.x % 16);
    tile.sync();
  });
  EXPECT_THROW(run_block(dim3(1), [] { cg::tiled_partition(cg::this_thread_block(), 64); }),
               KernelTrap);

  // Only lanes 1, 4, 5 and 30 run: they form the coalesced group, ranked in lane order.
  const unsigned lanes = (1u << 1) | (1u << 4) | (1u << 5) | (1u << 30);
  run_block(
      dim3(32),
      [] {
        cg::coalesced_group active = cg::coalesced_threads();
        const unsigned lane = threadIdx.x;
        const unsigned rank = lane == 1 ? 0 : lane == 4 ? 1 : lane == 5 ? 2 : 3;
        EXPECT_EQ(active.size(), 4u);
        EXPECT_EQ(active.thread_rank(), rank);
        EXPECT_EQ(active.shfl(lane, 3), 30u);
        EXPECT_EQ(active.shfl_down(lane, 1), rank < 3 ? (rank == 0   ? 4u
                                                         : rank == 1 ? 5u
                                                                     : 30u)
                                                      : lane);
        EXPECT_EQ(active.shfl_up(lane, 2), rank >= 2 ? (rank == 2 ? 1u : 4u) : lane);
        EXPECT_EQ(active.ballot(lane >= 5), 0xcu);  // ranks 2 and 3, compressed
        EXPECT_EQ(active.match_any(lane > 3), rank == 0 ? 0x1u : 0xeu);
        EXPECT_EQ(cg::reduce(active, lane, cg::plus<unsigned>()), 40u);
        EXPECT_EQ(cg::inclusive_scan(active, 1u), rank + 1);
        active.sync();
      },
      lanes);
}

TEST(PreludeCooperativeGroups, ReduceAndScanOverTiles) {
  run_block(dim3(64), [] {
    const cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    const int rank = static_cast<int>(tile.thread_rank());
    const int first = static_cast<int>(threadIdx.x) / 16 * 16;
    EXPECT_EQ(cg::reduce(tile, static_cast<int>(threadIdx.x), cg::plus<int>()), 16 * first + 120);
    EXPECT_EQ(cg::reduce(tile, 3.0 * rank - 7.0, cg::less<double>()), -7.0);
    EXPECT_EQ(cg::reduce(tile, 3.0 * rank - 7.0, cg::greater<double>()), 38.0);
    EXPECT_EQ(cg::reduce(tile, 1u << rank, cg::bit_or<unsigned>()), 0xffffu);
    EXPECT_EQ(cg::reduce(tile, 1u << rank, cg::bit_xor<unsigned>()), 0xffffu);
    EXPECT_EQ(cg::reduce(tile, ~0u, cg::bit_and<unsigned>()), ~0u);
    EXPECT_EQ(cg::reduce(tile, 2, [](int a, int b) { return a * b; }), 65536);
    EXPECT_EQ(cg::inclusive_scan(tile, rank), rank * (rank + 1) / 2);
    EXPECT_EQ(cg::exclusive_scan(tile, rank), rank * (rank - 1) / 2);
    EXPECT_EQ(cg::exclusive_scan(tile, rank + 1, cg::greater<int>()), rank == 0 ? 0 : rank);
  });
}

TEST(PreludeCooperativeGroups, GridGroupRanksButCannotSync) {
  run_block(
      dim3(4, 2),
      [] {
        cg::grid_group grid = cg::this_grid();
        EXPECT_FALSE(grid.is_valid());
        EXPECT_EQ(grid.num_blocks(), 6u);
        EXPECT_EQ(grid.block_rank(), 1u + 3u * 1u);
        EXPECT_EQ(grid.size(), 48u);
        EXPECT_EQ(grid.thread_rank(), 4u * 8u + threadIdx.x + 4u * threadIdx.y);
        EXPECT_EQ(grid.dim_blocks().x, 3u);
      },
      0xffffffffu, dim3(3, 2), dim3(1, 1, 0));
  try {
    run_block(dim3(1), [] { cg::this_grid().sync(); });
    FAIL() << "grid sync returned";
  } catch (const KernelTrap& trap) {
    EXPECT_NE(std::string(trap.what()).find("cooperative launch"), std::string::npos);
  }
}

}  // namespace
}  // namespace cupylike::prelude_test
