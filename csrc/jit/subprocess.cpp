#include "jit/subprocess.hpp"

#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "runtime/blocking.hpp"

extern char** environ;

namespace cupylike::jit {

std::string find_program(const std::string& program) {
  auto runnable = [](const std::string& p) { return access(p.c_str(), X_OK) == 0; };
  if (program.find('/') != std::string::npos) return runnable(program) ? program : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = dirs.substr(start, end - start) + "/" + program;
    if (end > start && runnable(candidate)) return candidate;
    start = end + 1;
  }
  return "";
}

int run_process(const std::vector<std::string>& argv, std::string& output,
                const std::function<void()>& waiting) {
  BlockingRegion blocking;  // a compiler runs for a while: let the interpreter go on
  int fds[2];
  if (pipe(fds) != 0) {
    output = std::string("cannot create a pipe: ") + std::strerror(errno);
    return -1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    output = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return -1;
  }
  output.clear();
  char buf[4096];
  for (;;) {
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, waiting ? 100 : -1);
    if (ready == 0) {  // nothing printed for 0.1 s: the program is still at work
      waiting();
      continue;
    }
    if (ready < 0 && errno == EINTR) continue;
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0)
      output.append(buf, size_t(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace cupylike::jit
