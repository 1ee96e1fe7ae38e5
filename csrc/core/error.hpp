#pragma once
/// Errors raised by the C++ core. Each carries the kind of Python exception it becomes; the
/// mapping to Python types lives in one place (python/errors.cpp).
#include <stdexcept>
#include <string>

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
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

[[noreturn]] inline void raise(ErrorKind kind, const std::string& message) {
  throw Error(kind, message);
}

}  // namespace cupylike
