#pragma once
/// CUDA's codes, names and descriptions of the stream-capture errors: the cpu device raises them
/// in the driver's words (runtime/cpu/capture), and the emulated GPU's cuGetErrorName and
/// cuGetErrorString answer with them, so a capture fails alike on every device.
#include <string>

#include "core/error.hpp"

namespace cupylike {

struct DriverErrorText {
  int code;  // the CUresult
  const char* name;
  const char* text;
};

inline constexpr DriverErrorText kIllegalState{
    401, "CUDA_ERROR_ILLEGAL_STATE", "the operation cannot be performed in the present state"};
inline constexpr DriverErrorText kCaptureUnsupported{
    900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
    "operation not permitted when stream is capturing"};
inline constexpr DriverErrorText kCaptureInvalidated{
    901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
    "operation failed due to a previous error during capture"};
inline constexpr DriverErrorText kCaptureImplicit{
    906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
    "operation would make the legacy stream depend on a capturing blocking stream"};
inline constexpr DriverErrorText kCaptureWrongThread{
    908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
    "attempt to terminate a thread-local capture sequence from another thread"};

/// CUDADriverError "<call> failed: <NAME>: <text>", as a failing driver call reads
/// (runtime/cuda/driver.hpp's check).
[[noreturn]] inline void raise_driver_error(const char* call, const DriverErrorText& e) {
  raise(ErrorKind::cuda_driver, std::string(call) + " failed: " + e.name + ": " + e.text);
}

}  // namespace cupylike
