#pragma once
/// Running a compiler: a child process with stdout and stderr captured, no shell in between.
#include <functional>
#include <string>
#include <vector>

namespace cupylike::jit {

/// Runs argv (argv[0] searched in PATH), captures everything it prints, returns its exit code
/// (-1 when it could not start; the reason is in `output`). `waiting`, if given, is called
/// about every 0.1 s while the program runs (the compile notice's clock).
int run_process(const std::vector<std::string>& argv, std::string& output,
                const std::function<void()>& waiting = {});

/// The absolute path of `program` found in PATH (or `program` itself if it has a '/'); empty
/// when there is none.
std::string find_program(const std::string& program);

}  // namespace cupylike::jit
