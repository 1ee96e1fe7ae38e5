#pragma once
/// Sequences on a device: numpy.arange, linspace, logspace's power and eye, with NumPy's
/// arithmetic reproduced element by element (kernels/cupylike/sequence.cuh). The values that
/// NumPy computes once on Python objects (the first two arange values, linspace's step) come
/// from the caller, already in the array's dtype.
#include <vector>

#include "array/ndarray.hpp"
#include "runtime/stream.hpp"

namespace cupylike {

struct KernelFamily;
/// The kernel families of this file (for tests that compile every library kernel).
std::vector<const KernelFamily*> sequence_kernel_families();

/// Fills a contiguous 1-d array as numpy.arange does: `first_two` points at the first two
/// values in out's dtype; value i >= 2 is v0 + i * (v1 - v0) in that dtype.
void arange_fill(const NDArray& out, const void* first_two, const Stream& stream);

/// How numpy.linspace scales arange(num) before adding start: by the step (the usual case), by
/// 1/div and then delta (when the step underflows to zero), or by delta (when div <= 0).
enum class LinspaceScale { step = 0, divide = 1, delta = 2 };

struct LinspaceArgs {
  LinspaceScale scale_kind;
  bool stop_last;     // endpoint and num > 1: the last value is stop exactly
  bool floor_result;  // the requested dtype is an integer: NumPy floors before casting
  // Each in out's dtype: start, stop, the step or delta, and div (num - 1 or num).
  const void* start;
  const void* stop;
  const void* scale;
  const void* div;
};

/// Fills a contiguous 1-d array of a floating dtype as numpy.linspace does.
void linspace_fill(const NDArray& out, const LinspaceArgs& args, const Stream& stream);

/// out[i] = base ** y[i] (numpy.power) for contiguous 1-d arrays of one real floating dtype;
/// `base` points at a value of that dtype. out may be y.
void power_fill(const NDArray& out, const void* base, const NDArray& y, const Stream& stream);

/// Sets a new (dense) 2-d array to zeros with ones on diagonal k, as numpy.eye.
void eye_fill(const ArrayPtr& m, int64_t k, const Stream& stream);

/// Writes the bytes of the value 1 in `dtype` to `out` (16 bytes hold any dtype).
void one_bytes(DType dtype, void* out);

}  // namespace cupylike
