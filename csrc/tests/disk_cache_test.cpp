// The disk cache: round trips, corrupt entries deleted and read as misses, atomic replacement
// under concurrent writers (threads and processes), and failures ignored.
#include "jit/disk_cache.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "jit/paths.hpp"
#include "jit/warning.hpp"

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
      [](std::string f) {                                              // the digest changed
        f[20] = f[20] == '0' ? '1' : '0';
        return f;
      },
      [](std::string f) { return "garbage" + f; },  // no header
      [](std::string) { return std::string(); },    // empty file
  };
  for (size_t i = 0; i < corruptions.size(); ++i) {
    cache.write("k", ".cubin", payload);
    std::string good = slurp(path);
    spit(path, corruptions[i](good));
    EXPECT_FALSE(cache.read("k", ".cubin").has_value()) << i;
    EXPECT_FALSE(fs::exists(path)) << i;
  }
}

// Whatever stands in an entry's place that is not a regular file of bounded size is a miss,
// read without blocking and without following links, and removed so the entry is written again.
TEST_F(DiskCacheTest, NonFilesInAnEntrysPlaceAreMissesAndReplaced) {
  DiskCache cache(dir_);
  std::string path = cache.path("k", ".so");
  auto fill = [&](int what) {
    fs::remove_all(path);
    switch (what) {
      case 0:
        fs::create_directories(path + "/inner");  // a folder, not empty
        break;
      case 1:
        fs::create_symlink("/dev/zero", path);  // endless bytes
        break;
      case 2:
        ASSERT_EQ(mkfifo(path.c_str(), 0644), 0);  // opening it for reading would block
        break;
      case 3: {
        spit(dir_ + "/elsewhere", "x");
        fs::create_symlink(dir_ + "/elsewhere", path);  // even a link to a good file
        break;
      }
      case 4: {
        std::ofstream(path, std::ios::binary) << "";  // sparse: huge, no disk used
        fs::resize_file(path, DiskCache::kMaxEntryBytes + 1);
        break;
      }
    }
  };
  for (int what = 0; what < 5; ++what) {
    fill(what);
    EXPECT_FALSE(cache.read_file("k", ".so").has_value()) << what;
    EXPECT_FALSE(fs::exists(fs::symlink_status(path))) << what;
    fill(what);
    EXPECT_FALSE(cache.read("k", ".so").has_value()) << what;
    fill(what);
    cache.write_file("k", ".so", "module");  // a write replaces it
    EXPECT_EQ(cache.read_file("k", ".so"), "module") << what;
  }
  EXPECT_TRUE(fs::exists(dir_ + "/elsewhere"));  // a link's target is never touched
}

// The digest covers the entry's name: two entries swapped (or one copied over another) are
// misses, never another key's payload.
TEST_F(DiskCacheTest, SwappedEntriesAreMisses) {
  DiskCache cache(dir_);
  cache.write("a", ".sha256", "digest of a");
  cache.write("b", ".sha256", "digest of b");
  std::string a = cache.path("a", ".sha256"), b = cache.path("b", ".sha256");
  std::string bytes_a = slurp(a);
  spit(a, slurp(b));
  spit(b, bytes_a);
  EXPECT_FALSE(cache.read("a", ".sha256").has_value());
  EXPECT_FALSE(cache.read("b", ".sha256").has_value());
  cache.write("a", ".x", "payload");
  spit(cache.path("a", ".y"), slurp(cache.path("a", ".x")));  // the suffix counts too
  EXPECT_FALSE(cache.read("a", ".y").has_value());
}

TEST_F(DiskCacheTest, TheLockOnAKeyExcludesThreadsUntilReleased) {
  DiskCache cache(dir_);
  std::atomic<int> inside{0}, most{0}, done{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      DiskCache::Lock lock = cache.lock("key");
      int now = ++inside;
      most = std::max(most.load(), now);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      --inside;
      ++done;
    });
  {
    DiskCache::Lock other = cache.lock("another key");  // other keys do not wait
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(done.load(), 4);
  EXPECT_EQ(most.load(), 1);
}

TEST_F(DiskCacheTest, FilesForOtherToolsAreStoredAsTheyAre) {
  DiskCache cache(dir_);
  std::string bytes = binary_payload(70000, 3);
  cache.write_file("lib", ".so", bytes);
  EXPECT_EQ(slurp(cache.path("lib", ".so")), bytes);
  EXPECT_EQ(cache.read_file("lib", ".so"), bytes);
  EXPECT_EQ(count_files(".tmp-"), 0u);
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
  // A folder that cannot be: a private temporary folder instead, with one warning.
  static int warnings = 0;
  static std::string said;
  set_warning_hook([](const std::string& m) {
    ++warnings;
    said = m;
  });
  std::string file = dir_ + "/a_file";
  spit(file, "x");
  for (std::string bad : {file, file + "/sub", std::string("/proc/cupylike-cache")}) {
    warnings = 0;
    setenv("CUPYLIKE_CACHE_DIR", bad.c_str(), 1);
    std::string used = cache_dir();
    EXPECT_NE(used, bad);
    EXPECT_TRUE(fs::is_directory(used)) << bad;
    EXPECT_EQ(cache_dir(), used);
    EXPECT_EQ(warnings, 1) << bad;
    EXPECT_NE(said.find(bad), std::string::npos) << said;
    EXPECT_NE(said.find("CUPYLIKE_CACHE_DIR"), std::string::npos) << said;
    cache.write("k", ".bin", "v");
    EXPECT_EQ(cache.read("k", ".bin"), "v") << bad;
  }
  set_warning_hook(nullptr);
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
