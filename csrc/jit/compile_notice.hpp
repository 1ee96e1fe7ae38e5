#pragma once
/// The first-run notice. A cold kernel cache makes a program's first operations wait for the
/// compiler (the demo: 13 s on 2 cores, 48 s before kernels were compiled one by one), which
/// looks like a hang; so once per process, when compiling has gone on for about a second, a
/// notice on stderr says what is compiling, for which device, where it is cached and how to
/// compile the common kernels ahead (python -m cupylike.warmup). CUPYLIKE_QUIET=1 silences it.
/// A warm cache compiles nothing, so it never shows; neither does one fast compile.
///
/// The notice is written to file descriptor 2 in one write(), from whichever thread compiles:
/// no Python warning (a filter could turn it into an error, and pytest collects warnings) and
/// no sys.stderr (that needs the GIL, which a compiling thread does not hold). Terminals, logs
/// and Jupyter (ipykernel forwards descriptor 2) show it all the same.
#include <chrono>
#include <cstddef>
#include <string>

namespace cupylike::jit {

/// One compile in progress (RAII), for the notice's clock: compiling "has gone on" for the
/// finished compiles' time plus this one's so far.
class CompileWatch {
 public:
  /// `what`: the module's file name (ufunc_add.cu); `target`: the device in words ("the cpu
  /// device"); `compiler`: what compiles (a path, or "NVRTC"); `device_option`: the warmup's
  /// --device for it ("cpu", "cuda").
  CompileWatch(std::string what, std::string target, std::string compiler,
               std::string device_option);
  ~CompileWatch();
  CompileWatch(const CompileWatch&) = delete;
  CompileWatch& operator=(const CompileWatch&) = delete;

  /// Called while the compiler runs (every ~0.1 s): shows the notice once the time compiling
  /// reaches about a second. Cheap; thread-safe.
  void tick();

 private:
  std::string what_, target_, compiler_, device_option_;
  std::chrono::steady_clock::time_point start_;
};

/// Several kernels compiled together (compile_in_parallel): the notice counts them, and on a
/// terminal a progress line follows it until the batch ends.
class CompileBatch {
 public:
  explicit CompileBatch(size_t kernels);
  ~CompileBatch();
  CompileBatch(const CompileBatch&) = delete;
  CompileBatch& operator=(const CompileBatch&) = delete;
  /// One more kernel of the batch is ready.
  void done_one();

 private:
  size_t total_;
};

/// Turns the notice off (or on again) for this process: `python -m cupylike.warmup` prints
/// its own progress. CUPYLIKE_QUIET=1 (read once) keeps it off regardless.
void set_compile_notice(bool enabled);

/// Whether the notice has been shown in this process (for tests).
bool compile_notice_shown();

}  // namespace cupylike::jit
