#pragma once
// Modules and kernels of the emulated GPU, shared by modules.cpp (loading, lookups, attributes)
// and launches.cpp (launching and running).
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "emulator/images.hpp"
#include "emulator/program.hpp"
#include "emulator/state.hpp"

struct CUmod_st;

struct CUfunc_st {
  CUmod_st* module = nullptr;
  std::string name;
  cupylike::emulator::FunctionInfo image;  // as read from the image
  int kernel = -1;                         // in the module's program; -1: cannot run
  int max_dynamic_shared = 48 << 10;       // raised by cuFuncSetAttribute
  int carveout = -1;
};

struct CUmod_st {
  int device = 0;
  cupylike::emulator::ImageInfo image;
  std::shared_ptr<cupylike::emulator::Program> program;         // null: loaded from an image alone
  std::map<std::string, std::unique_ptr<CUfunc_st>> functions;  // handed out so far
  std::map<std::string, uint64_t> globals;  // image-only modules: allocated on first request
};

namespace cupylike::emulator {

/// A launch as issued: what it runs and with what, kept until its stream gets to it.
struct Launch {
  std::shared_ptr<Program> program;  // kept alive even if the module is unloaded first
  int kernel = -1;
  std::string function;
  int device = 0;
  unsigned grid[3] = {}, block[3] = {}, shared_bytes = 0;
  uintptr_t stream = 0;
  std::vector<std::string> args;  // each argument's bytes
  bool sizes_known = false;
};

// Module state, under State::mutex like the rest of the emulator.
struct Modules {
  std::set<CUmodule> live;
  std::set<CUfunction> functions;
  std::map<std::string, std::vector<size_t>> registered_params;  // by function name, from tests
  std::map<std::pair<std::string, int>, int> attributes;         // (name, attribute) -> value
};

Modules& modules();

/// The parameter sizes of `f`: its program's, a test's, else the image's.
std::optional<std::vector<size_t>> params_of(const CUfunc_st& f);
/// cuFuncGetAttribute's answer.
int attribute_of(const CUfunc_st& f, CUfunction_attribute a);
CUresult need_function(const State& s, CUfunction f);

}  // namespace cupylike::emulator
