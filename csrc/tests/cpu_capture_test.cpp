// Stream capture on the cpu device (runtime/cpu/capture): the rules CUDA keeps, and replay in
// the order of issue.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "runtime/cpu/capture.hpp"

namespace cupylike::cpu {
namespace {

// Distinct handles: the registry only compares them.
StreamHandle handle(int& tag) { return &tag; }

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::cuda_driver);
    return e.what();
  }
  return "";
}

TEST(CpuCapture, RecordsInOrderAndReplaysEachLaunch) {
  int tag = 0, other_tag = 0;
  StreamHandle s = handle(tag), other = handle(other_tag);
  EXPECT_FALSE(record(s, "cuLaunchKernel", [] {}));  // not capturing: the caller runs it
  begin_capture(s, 2);
  EXPECT_TRUE(capture_open());
  EXPECT_TRUE(is_capturing(s));
  EXPECT_FALSE(is_capturing(other));
  std::vector<int> order;
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(record(s, "cuLaunchKernel", [&order, i] { order.push_back(i); }));
  EXPECT_FALSE(record(other, "cuLaunchKernel", [] {}));
  EXPECT_TRUE(order.empty());  // recorded, not run
  std::unique_ptr<CpuGraph> graph = end_capture(s);
  EXPECT_FALSE(is_capturing(s));
  EXPECT_FALSE(capture_open());
  graph->run();
  graph->run();
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 0, 1, 2}));
}

TEST(CpuCapture, IllegalStatesAndModes) {
  int tag = 0;
  StreamHandle s = handle(tag);
  EXPECT_NE(error_of([&] { end_capture(s); }).find("CUDA_ERROR_ILLEGAL_STATE"), std::string::npos);
  EXPECT_NE(error_of([&] { begin_capture(s, 3); }).find("CUDA_ERROR_INVALID_VALUE"),
            std::string::npos);
  begin_capture(s, 0);
  EXPECT_NE(error_of([&] { begin_capture(s, 0); }).find("CUDA_ERROR_ILLEGAL_STATE"),
            std::string::npos);
  // A global-mode capture ends on the thread that began it.
  std::string from_other_thread;
  std::thread([&] { from_other_thread = error_of([&] { end_capture(s); }); }).join();
  EXPECT_NE(from_other_thread.find("CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD"), std::string::npos);
  EXPECT_TRUE(is_capturing(s));
  end_capture(s);
}

TEST(CpuCapture, WaitingInvalidatesTheCapture) {
  int tag = 0, other_tag = 0;
  StreamHandle s = handle(tag), other = handle(other_tag);
  refuse_while_capturing(s, "cuStreamSynchronize");  // not capturing: allowed
  begin_capture(s, 2);
  refuse_while_capturing(other, "cuStreamSynchronize");  // another stream: allowed
  std::string why = error_of([&] { refuse_while_capturing(s, "cuStreamSynchronize"); });
  EXPECT_EQ(why,
            "cuStreamSynchronize failed: CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED: operation not "
            "permitted when stream is capturing");
  EXPECT_NE(error_of([&] {
              record(s, "cuLaunchKernel", [] {});
            }).find("CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"),
            std::string::npos);
  EXPECT_NE(error_of([&] { end_capture(s); }).find("CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"),
            std::string::npos);
  EXPECT_FALSE(is_capturing(s));  // the failed end ended it
  begin_capture(s, 2);
  begin_capture(other, 2);
  EXPECT_NE(error_of([] {
              refuse_while_any_capturing("cuCtxSynchronize");
            }).find("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
            std::string::npos);
  EXPECT_NE(error_of([&] { end_capture(s); }).find("INVALIDATED"), std::string::npos);
  EXPECT_NE(error_of([&] { end_capture(other); }).find("INVALIDATED"), std::string::npos);
}

TEST(CpuCapture, ArgumentsAreCopiedWhenRecorded) {
  double d = 1.5;
  char c = 'x';
  long long q = 42;
  void* args[] = {&d, &c, &q};
  ArgumentCopy copy({sizeof d, sizeof c, sizeof q}, args);
  d = 0, c = 0, q = 0;  // the caller's values may change after the launch
  std::vector<void*> p = copy.pointers();
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(*static_cast<double*>(p[0]), 1.5);
  EXPECT_EQ(*static_cast<char*>(p[1]), 'x');
  EXPECT_EQ(*static_cast<long long*>(p[2]), 42);
  for (void* v : p) EXPECT_EQ(reinterpret_cast<uintptr_t>(v) % alignof(std::max_align_t), 0u);
}

}  // namespace
}  // namespace cupylike::cpu
