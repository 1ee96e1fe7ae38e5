// The disk cache: round trips, corrupt entries deleted and read as misses, atomic replacement
// under concurrent writers (threads and processes), and failures ignored.
#include "jit/disk_cache.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "jit/paths.hpp"

namespace cupylike::jit {
namespace {

namespace fs = std::filesystem;

class DiskCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cupylike_disk_cache_test_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), {}};
  }
  static void spit(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  }
  // Files in the folder whose names contain `part`.
  size_t count_files(const std::string& part) const {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir_))
      n += e.path().filename().string().find(part) != std::string::npos;
    return n;
  }

  std::string dir_;
};

std::string binary_payload(size_t n, int seed) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = char((i * 131 + size_t(seed) * 7) % 256);
  return s;
}

TEST_F(DiskCacheTest, WrittenPayloadsReadBackExactly) {
  DiskCache cache(dir_);
  EXPECT_FALSE(cache.read("k1", ".cubin").has_value());
  std::string payload = binary_payload(100000, 1);  // NULs and high bytes included
  cache.write("k1", ".cubin", payload);
  EXPECT_EQ(cache.path("k1", ".cubin"), dir_ + "/k1.cubin");
  EXPECT_TRUE(fs::exists(dir_ + "/k1.cubin"));
  EXPECT_EQ(cache.read("k1", ".cubin"), payload);
  EXPECT_FALSE(cache.read("k1", ".ptx").has_value());  // the suffix is part of the name
  cache.write("empty", ".bin", "");
  EXPECT_EQ(cache.read("empty", ".bin"), std::string());
  cache.write("k1", ".cubin", "replaced");
  EXPECT_EQ(cache.read("k1", ".cubin"), "replaced");
  cache.remove("k1", ".cubin");
  EXPECT_FALSE(cache.read("k1", ".cubin").has_value());
  EXPECT_EQ(count_files(".tmp-"), 0u);
}

TEST_F(DiskCacheTest, KeysThatAreNotFileNamesAreHashed) {
  DiskCache cache(dir_);
  std::string odd = "../escape/me\n";
  EXPECT_EQ(cache.path(odd, ".x").find(dir_ + "/"), 0u);
  EXPECT_EQ(fs::path(cache.path(odd, ".x")).filename().string().size(), 64u + 2);
  cache.write(odd, ".x", "v");
  EXPECT_EQ(cache.read(odd, ".x"), "v");
}

TEST_F(DiskCacheTest, CorruptEntriesAreDeletedAndReadAsMisses) {
  DiskCache cache(dir_);
  std::string payload = binary_payload(5000, 2);
  std::string path = cache.path("k", ".cubin");
  auto corruptions = std::vector<std::string (*)(std::string)>{
      [](std::string f) { return f.substr(0, f.size() - 1); },         // truncated
      [](std::string f) { return f + "x"; },                           // extended
      [](std::string f) { return f.replace(f.size() - 10, 1, "!"); },  // a payload byte changed
      [](std::string f) { return f.replace(20, 1, "0"); },             // the digest changed
      [](std::string f) { return "garbage" + f; },                     // no header
      [](std::string) { return std::string(); },                       // empty file
  };
  for (size_t i = 0; i < corruptions.size(); ++i) {
    cache.write("k", ".cubin", payload);
    std::string good = slurp(path);
    spit(path, corruptions[i](good));
    EXPECT_FALSE(cache.read("k", ".cubin").has_value()) << i;
    EXPECT_FALSE(fs::exists(path)) << i;
  }
  fs::create_directory(path);  // not a regular file: a miss, left alone
  EXPECT_FALSE(cache.read("k", ".cubin").has_value());
}

TEST_F(DiskCacheTest, ToolOutputsAreCommittedFromTemporaryPaths) {
  DiskCache cache(dir_);
  std::string t1 = cache.temp_path("lib", ".so"), t2 = cache.temp_path("lib", ".so");
  EXPECT_NE(t1, t2);
  EXPECT_TRUE(t1.ends_with(".so"));
  EXPECT_EQ(fs::path(t1).parent_path(), fs::path(dir_));
  spit(t1, "shared object");
  cache.commit(t1, "lib", ".so");
  EXPECT_FALSE(fs::exists(t1));
  EXPECT_EQ(slurp(cache.path("lib", ".so")), "shared object");
  cache.commit(t2, "lib", ".so");  // never written (the tool failed): nothing changes
  EXPECT_EQ(slurp(cache.path("lib", ".so")), "shared object");
}

TEST_F(DiskCacheTest, FailuresToWriteAreIgnored) {
  std::string file = dir_ + "/a_file";
  spit(file, "x");
  DiskCache cache(file + "/sub");  // cannot be created
  cache.write("k", ".bin", "payload");
  EXPECT_FALSE(cache.read("k", ".bin").has_value());
  cache.remove("k", ".bin");
}

TEST_F(DiskCacheTest, TheDefaultFolderFollowsCupylikeCacheDir) {
  std::string sub = dir_ + "/nested/cache";
  const char* old = std::getenv("CUPYLIKE_CACHE_DIR");
  std::string saved = old ? old : "";
  setenv("CUPYLIKE_CACHE_DIR", sub.c_str(), 1);
  EXPECT_EQ(cache_dir(), sub);
  EXPECT_TRUE(fs::is_directory(sub));  // created on demand
  DiskCache cache;
  cache.write("k", ".bin", "v");
  EXPECT_TRUE(fs::exists(sub + "/k.bin"));
  if (old)
    setenv("CUPYLIKE_CACHE_DIR", saved.c_str(), 1);
  else
    unsetenv("CUPYLIKE_CACHE_DIR");
}

// Many writers replace one entry while readers read it: every read sees one writer's whole
// payload (or nothing yet), never a mixture, and no temporary files are left behind.
TEST_F(DiskCacheTest, ConcurrentWritersFromThreadsNeverExposePartialEntries) {
  DiskCache cache(dir_);
  constexpr int kWriters = 8, kRounds = 50;
  std::vector<std::string> payloads;
  for (int w = 0; w < kWriters; ++w) payloads.push_back(binary_payload(200000 + size_t(w), w));
  std::atomic<int> bad{0}, hits{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w)
    threads.emplace_back([&, w] {
      for (int r = 0; r < kRounds; ++r) cache.write("shared", ".cubin", payloads[size_t(w)]);
    });
  for (int r = 0; r < 4; ++r)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        auto got = cache.read("shared", ".cubin");
        if (!got) continue;
        ++hits;
        if (std::find(payloads.begin(), payloads.end(), *got) == payloads.end()) ++bad;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GT(hits.load(), 0);
  auto last = cache.read("shared", ".cubin");
  ASSERT_TRUE(last.has_value());
  EXPECT_NE(std::find(payloads.begin(), payloads.end(), *last), payloads.end());
  EXPECT_EQ(count_files(".tmp-"), 0u);
}

TEST_F(DiskCacheTest, ConcurrentWritersFromProcessesLeaveOneWholeEntry) {
  constexpr int kProcesses = 4;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {  // the child writes and reads, and reports through its exit status
      DiskCache cache(dir_);
      std::string mine = binary_payload(100000, 100 + p);
      int status = 0;
      for (int r = 0; r < 100; ++r) {
        cache.write("shared", ".ptx", mine);
        auto got = cache.read("shared", ".ptx");
        if (got && got->size() != 100000) status = 1;
      }
      _exit(status);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  auto last = DiskCache(dir_).read("shared", ".ptx");
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->size(), 100000u);
  EXPECT_EQ(count_files(".tmp-"), 0u);
}

}  // namespace
}  // namespace cupylike::jit
