#pragma once
/// Errors raised by the C++ core. Each carries the kind of Python exception it becomes; the
/// mapping to Python types lives in one place (python/errors.cpp).
#include <stdexcept>
#include <string>
#include <vector>

namespace cupylike {

enum class ErrorKind {
  value,             // ValueError
  type,              // TypeError
  index,             // IndexError
  key_error,         // KeyError
  axis,              // numpy.exceptions.AxisError
  memory,            // MemoryError (sizes that cannot exist)
  out_of_memory,     // cupylike.cuda.memory.OutOfMemoryError
  not_implemented,   // NotImplementedError
  runtime,           // RuntimeError
  cuda_unavailable,  // cupylike.cuda.CUDAUnavailableError: no driver / no device
  cuda_driver,       // cupylike.cuda.CUDADriverError: a driver call failed
  cuda_runtime,      // cupylike.cuda.runtime.CUDARuntimeError: CuPy's type for runtime API errors
  compile,           // cupylike.CompileError (thrown as CompileFailure, with the log)
  kernel,            // cupylike.cuda.KernelError: a kernel trapped, asserted or deadlocked
  launch,            // cupylike.cuda.LaunchError: a launch over a GPU's limits (also a ValueError)
  overflow,          // OverflowError (a Python int that does not fit the dtype)
  buffer,            // BufferError (DLPack: a tensor that cannot be exchanged as asked)
  attribute,         // AttributeError (a protocol attribute this array does not have)
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

/// A kernel source that did not compile: the compiler's log, the source and what was asked.
class CompileFailure : public Error {
 public:
  CompileFailure(const std::string& message, std::string log, std::string source, std::string name,
                 std::vector<std::string> options)
      : Error(ErrorKind::compile, message),
        log(std::move(log)),
        source(std::move(source)),
        name(std::move(name)),
        options(std::move(options)) {}
  std::string log, source, name;
  std::vector<std::string> options;
};

[[noreturn]] inline void raise(ErrorKind kind, const std::string& message) {
  throw Error(kind, message);
}

}  // namespace cupylike
