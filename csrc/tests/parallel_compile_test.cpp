// Kernels compiled side by side (jit/parallel_compile) and which sources take the precompiled
// prelude (jit/precompiled_header): every job runs once, never more at once than the slots,
// and the first error comes back after the others finished.
#include "jit/parallel_compile.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include "jit/precompiled_header.hpp"

namespace cupylike::jit {
namespace {

TEST(ParallelCompile, RunsEveryJobOnceWithinTheSlots) {
  std::atomic<int> running{0}, most{0}, done{0};
  std::vector<std::function<void()>> jobs(12, [&] {
    int now = ++running;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    --running;
    ++done;
  });
  compile_in_parallel(jobs);
  EXPECT_EQ(done.load(), 12);
  EXPECT_LE(size_t(most.load()), compile_slots());
  if (compile_slots() > 1) {
    EXPECT_GE(most.load(), 2);  // side by side
  }
}

TEST(ParallelCompile, RethrowsTheFirstErrorAfterTheRunningJobsEnd) {
  std::atomic<int> finished{0};
  std::vector<std::function<void()>> jobs = {
      [] { throw std::runtime_error("no compiler"); },
      [&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ++finished;
      }};
  EXPECT_THROW(compile_in_parallel(jobs), std::runtime_error);
  // The second job had started (two slots) or never started (one slot); it never runs on
  // after the call returned.
  int after = finished.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(80));
  EXPECT_EQ(finished.load(), after);
}

TEST(ParallelCompile, OneJobRunsOnTheCallersThread) {
  std::thread::id ran;
  compile_in_parallel({[&] { ran = std::this_thread::get_id(); }});
  EXPECT_EQ(ran, std::this_thread::get_id());
}

TEST(CompileSlot, HoldsOneOfTheSlots) {
  std::vector<std::unique_ptr<CompileSlot>> held;
  for (size_t i = 0; i < compile_slots(); ++i) held.push_back(std::make_unique<CompileSlot>());
  std::atomic<bool> got{false};
  std::thread waiter([&] {
    CompileSlot one_more;
    got = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(got.load());  // every slot is taken
  held.pop_back();
  waiter.join();
  EXPECT_TRUE(got.load());
}

TEST(PrecompiledHeader, OnlyLibrarySourcesWithDefaultOptionsUseIt) {
  const std::vector<std::string> plain = {"-std=c++17"};
  EXPECT_TRUE(precompiled_header_applies("#include <cupylike/copy.cuh>\n", plain, false));
  EXPECT_TRUE(precompiled_header_applies(
      "// ReductionKernel k\n// more\n#include <cupylike/reduction.cuh>\n", plain, false));
  // A user's kernel, another standard, a macro, an include path, clang: parsed as text.
  EXPECT_FALSE(precompiled_header_applies("extern \"C\" __global__ void k() {}\n", plain, false));
  EXPECT_FALSE(precompiled_header_applies("#include <cupylike/copy.cuh>\n", {"-std=c++20"}, false));
  EXPECT_FALSE(
      precompiled_header_applies("#include <cupylike/copy.cuh>\n", {"-DX=1", "-std=c++17"}, false));
  EXPECT_FALSE(
      precompiled_header_applies("#include <cupylike/copy.cuh>\n", {"-I/x", "-std=c++17"}, false));
  EXPECT_FALSE(precompiled_header_applies("#include <cupylike/copy.cuh>\n", plain, true));
  EXPECT_FALSE(precompiled_header_applies("// only a comment", plain, false));
}

}  // namespace
}  // namespace cupylike::jit
