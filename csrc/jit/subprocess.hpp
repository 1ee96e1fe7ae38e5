#pragma once
/// Running a compiler: a child process with stdout and stderr captured, no shell in between.
#include <string>
#include <vector>

namespace cupylike::jit {

/// Runs argv (argv[0] searched in PATH), captures everything it prints, returns its exit code
/// (-1 when it could not start; the reason is in `output`).
int run_process(const std::vector<std::string>& argv, std::string& output);

/// The absolute path of `program` found in PATH (or `program` itself if it has a '/'); empty
/// when there is none.
std::string find_program(const std::string& program);

}  // namespace cupylike::jit
